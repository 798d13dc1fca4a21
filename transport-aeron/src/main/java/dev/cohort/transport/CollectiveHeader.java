package dev.cohort.transport;

import java.util.Arrays;

/**
 * The five bytes in front of every collective message: the kind's code and the root (big-endian,
 * {@code -1} for rootless collectives). It lets the receiver check that the sender runs the same collective.
 */
final class CollectiveHeader {
    static final int LENGTH = 5;

    private CollectiveHeader() {
    }

    /** A new message: the header of {@code signature}, then {@code body} (copied; the caller keeps it). */
    static byte[] encode(CollectiveSignature signature, byte[] body) {
        byte[] message = new byte[LENGTH + body.length];
        writeHeader(signature, message);
        System.arraycopy(body, 0, message, LENGTH, body.length);
        return message;
    }

    /** A new message of {@code bodyLength} bytes after the header, for callers that write the body in place. */
    static byte[] allocate(CollectiveSignature signature, int bodyLength) {
        byte[] message = new byte[LENGTH + bodyLength];
        writeHeader(signature, message);
        return message;
    }

    /** The signature in {@code message}'s header, or {@code null} if it has none (too short or unknown kind). */
    static CollectiveSignature signatureOf(byte[] message) {
        if (message == null || message.length < LENGTH) {
            return null;
        }
        CollectiveKind kind = CollectiveKind.fromCode(message[0]);
        if (kind == null) {
            return null;
        }
        int root = ((message[1] & 0xFF) << 24) | ((message[2] & 0xFF) << 16) | ((message[3] & 0xFF) << 8)
                | (message[4] & 0xFF);
        return new CollectiveSignature(kind, root);
    }

    /** The body of {@code message} as a new array. */
    static byte[] body(byte[] message) {
        return Arrays.copyOfRange(message, LENGTH, message.length);
    }

    private static void writeHeader(CollectiveSignature signature, byte[] message) {
        int root = signature.root();
        message[0] = signature.kind().code();
        message[1] = (byte) (root >>> 24);
        message[2] = (byte) (root >>> 16);
        message[3] = (byte) (root >>> 8);
        message[4] = (byte) root;
    }
}
