package dev.cohort.runtime.determinism;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A reusable, growable little-endian byte buffer into which a runtime call is encoded for the
 * determinism hash: a compact, deterministic binary form of the call and its arguments (ids,
 * geometry, privileges, scalars) instead of a description string, so the hot path allocates
 * nothing. The first {@link #PREFIX} bytes are reserved for the running hash.
 */
public final class CallEncoder {
    /** Bytes reserved in front of each encoding for the running hash the call is chained onto. */
    public static final int PREFIX = 16;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf = new byte[256];
    private int pos = PREFIX;

    /** Empties the buffer (keeping the prefix). */
    CallEncoder reset() {
        pos = PREFIX;
        return this;
    }

    private void ensure(int more) {
        if (pos + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
        }
    }

    public CallEncoder putLong(long v) {
        ensure(8);
        LONGS.set(buf, pos, v);
        pos += 8;
        return this;
    }

    public CallEncoder putInt(int v) {
        ensure(4);
        INTS.set(buf, pos, v);
        pos += 4;
        return this;
    }

    public CallEncoder putByte(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    /** The length, then the bytes. */
    public CallEncoder putBytes(byte[] bytes) {
        putInt(bytes.length);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
        return this;
    }

    /**
     * Bytes from which {@link #putDigest} hashes an argument apart instead of copying it in: a LOAD launch carries
     * the host data of up to 8 MiB of an array in its scalars, which were copied into this buffer (kept at that size
     * afterwards) and hashed with the call.
     */
    public static final int DIGEST_FROM = 4096;

    private final long[] digest = new long[2];

    /**
     * The length, then the bytes ({@link #putBytes}) or, from {@link #DIGEST_FROM} bytes, their MurmurHash3 x64-128
     * ({@link HashVerifier#digest}): the call's hash still covers every byte, without a copy of them.
     */
    public CallEncoder putDigest(byte[] bytes) {
        if (bytes.length < DIGEST_FROM) {
            return putBytes(bytes);
        }
        HashVerifier.digest(bytes, digest);
        return putInt(bytes.length).putLong(digest[0]).putLong(digest[1]);
    }

    void putPrefix(long a, long b) {
        LONGS.set(buf, 0, a);
        LONGS.set(buf, 8, b);
    }

    byte[] array() {
        return buf;
    }

    int length() {
        return pos;
    }
}
