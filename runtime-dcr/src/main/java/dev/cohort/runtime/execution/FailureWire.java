package dev.cohort.runtime.execution;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How a failed piece travels where its bytes would (a push, a block of an all-gather): instead of
 * the {@code expected} data bytes, an 8-byte marker, the failure's operation and point, and its
 * message in UTF-8, one zero byte longer when that would happen to be exactly {@code expected}
 * bytes. The receiver, which knows how many data bytes it expects, tells the two apart by the
 * length alone, so a transfer of valid data carries no header and costs nothing extra.
 */
public final class FailureWire {
    private static final byte[] MARKER = "COHORT!F".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = MARKER.length + 16;

    private FailureWire() {
    }

    /** The bytes that stand for {@code failure} where {@code expected} data bytes were due. */
    public static byte[] encode(TaskFailedException failure, long expected) {
        byte[] msg = String.valueOf(failure.getMessage()).getBytes(StandardCharsets.UTF_8);
        int length = HEADER + msg.length;
        if (length == expected) {
            length++;
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MARKER).putLong(failure.operation()).putLong(failure.point()).put(msg);
        return b.array();
    }

    /**
     * The failure {@code bytes} stand for, or null when they are the {@code expected} data bytes; a
     * block of any other length that is not an encoded failure is a protocol error.
     */
    public static TaskFailedException decode(byte[] bytes, long expected) {
        if (bytes.length == expected) {
            return null;
        }
        if (bytes.length < HEADER || !Arrays.equals(bytes, 0, MARKER.length, MARKER, 0, MARKER.length)) {
            throw new IllegalStateException("a transfer brought " + bytes.length + " bytes where " + expected
                    + " were expected");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.position(MARKER.length);
        long operation = b.getLong();
        long point = b.getLong();
        int end = bytes.length;
        if (end == expected + 1 && bytes[end - 1] == 0) {
            end--; // the padding byte of a failure that would have had the data's length
        }
        return new TaskFailedException(new String(bytes, HEADER, end - HEADER, StandardCharsets.UTF_8), operation, point);
    }
}
