package dev.cohort.transport;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agrona.DirectBuffer;

/**
 * The wire format of {@link AeronCommunicator}: every Aeron message between shards is one frame, little-endian.
 *
 * <pre>
 *  0  int   magic 'CHT1'           every frame
 *  4  byte  type (HELLO, DATA, …)
 *  5  byte  flags
 *  6  short reserved (0)
 *  8  long  job id
 * 16  int   source rank
 * 20  int   destination rank
 * 24  …     by type:
 *     DATA       24 long tag, 32 int message length, 36 int offset of this chunk; chunk bytes from 40
 *     HELLO      24 int shard count, 28 int reserved, 32..63 HMAC-SHA256(secret; job id, source, destination, count)
 *     ABORT      24 int failed shard, 28 int kind (0 aborted, 1 peer failed), 32 int text length; UTF-8 text from 36
 *     HEARTBEAT, CLOSE, CLOSE_ACK: nothing more
 * </pre>
 *
 * A message longer than one Aeron message ({@code term length / 8}) travels as consecutive DATA chunks on the
 * sender's publication to that peer; Aeron keeps them in order, so the receiver appends them to one array.
 */
final class Frames {
    static final int MAGIC = 0x31544843; // "CHT1" little-endian
    static final int MAGIC_OFFSET = 0;
    static final int TYPE_OFFSET = 4;
    static final int FLAGS_OFFSET = 5;
    static final int JOB_OFFSET = 8;
    static final int SOURCE_OFFSET = 16;
    static final int DESTINATION_OFFSET = 20;
    static final int COMMON_LENGTH = 24;

    static final int TAG_OFFSET = 24;
    static final int TOTAL_OFFSET = 32;
    static final int CHUNK_OFFSET_OFFSET = 36;
    static final int DATA_HEADER_LENGTH = 40;

    static final int SIZE_OFFSET = 24;
    static final int MAC_OFFSET = 32;
    static final int MAC_LENGTH = 32;
    static final int HELLO_LENGTH = MAC_OFFSET + MAC_LENGTH;
    /** HELLO flag: the sender has verified a HELLO of the destination. */
    static final byte HEARD_YOU = 1;

    static final int FAILED_SHARD_OFFSET = 24;
    static final int FAILURE_KIND_OFFSET = 28;
    static final int TEXT_LENGTH_OFFSET = 32;
    static final int TEXT_OFFSET = 36;
    static final int MAX_TEXT_BYTES = 4096;
    static final int KIND_ABORTED = 0;
    static final int KIND_PEER_FAILED = 1;

    /** Frame types. */
    enum Type {
        HELLO(1), DATA(2), HEARTBEAT(3), CLOSE(4), CLOSE_ACK(5), ABORT(6);

        final byte code;

        Type(int code) {
            this.code = (byte) code;
        }

        private static final Type[] BY_CODE = new Type[8];

        static {
            for (Type t : values()) {
                BY_CODE[t.code] = t;
            }
        }

        /** The type of {@code code}, or null if it names none. */
        static Type of(byte code) {
            return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        }
    }

    private Frames() {
    }

    /** Why a frame was dropped, for the counters and the first few log lines. */
    static String describeDrop(DirectBuffer buffer, int offset, int length, long jobId) {
        if (length < COMMON_LENGTH) {
            return "a " + length + "-byte frame, shorter than the " + COMMON_LENGTH + "-byte header";
        }
        int magic = buffer.getInt(offset + MAGIC_OFFSET);
        if (magic != MAGIC) {
            return "expected magic=" + Integer.toHexString(MAGIC) + ", actual=" + Integer.toHexString(magic);
        }
        long job = buffer.getLong(offset + JOB_OFFSET);
        if (job != jobId) {
            return "expected job=" + String.format("%016x", jobId) + ", actual=" + String.format("%016x", job);
        }
        Type type = Type.of(buffer.getByte(offset + TYPE_OFFSET));
        int source = buffer.getInt(offset + SOURCE_OFFSET);
        String what = (type == null ? "frame of unknown type " + buffer.getByte(offset + TYPE_OFFSET) : type + " frame")
                + " (" + length + " bytes) claiming to come from shard " + source + " to shard "
                + buffer.getInt(offset + DESTINATION_OFFSET);
        if (type == Type.HELLO) {
            return what + ": its MAC or shard count does not prove this job's secret";
        }
        return what + ": not from a session that completed the handshake as that shard, or malformed";
    }

    /** HMAC-SHA256 of a HELLO with the job's secret; a fresh {@link Mac} per communicator (not thread-safe). */
    static final class HelloMac {
        private final Mac mac;
        private final ByteBuffer input = ByteBuffer.allocate(8 + 4 + 4 + 4);
        private final byte[] out = new byte[MAC_LENGTH];

        HelloMac(byte[] secret) {
            try {
                mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            } catch (NoSuchAlgorithmException | InvalidKeyException e) {
                throw new IllegalStateException("HmacSHA256 is unavailable in this JVM", e);
            }
        }

        /** The MAC of a HELLO from {@code source} to {@code destination}; the returned array is reused. */
        byte[] compute(long jobId, int source, int destination, int size) {
            input.clear();
            input.putLong(jobId).putInt(source).putInt(destination).putInt(size);
            mac.update(input.array(), 0, input.position());
            try {
                mac.doFinal(out, 0);
            } catch (javax.crypto.ShortBufferException e) {
                throw new IllegalStateException(e);
            }
            return out;
        }

        /** Whether the MAC in {@code buffer} at {@code offset} is the right one (constant time). */
        boolean verify(DirectBuffer buffer, int offset, long jobId, int source, int destination, int size) {
            byte[] expected = compute(jobId, source, destination, size);
            byte[] actual = new byte[MAC_LENGTH];
            buffer.getBytes(offset, actual);
            return MessageDigest.isEqual(expected, actual);
        }
    }
}
