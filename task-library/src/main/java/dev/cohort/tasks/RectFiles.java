package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.zip.Checksum;

/**
 * Positioned reads and writes of a rectangle of an array kept in a file: the file holds the
 * elements of {@link Layout#bounds()} in C (row-major) or Fortran (column-major) order, starting at
 * byte {@link Layout#offset()}, each {@link FieldType#size()} bytes in {@link Layout#order()}. A
 * point task reads or writes only its own piece, so an array never passes through one process
 * (the layout of NumPy's {@code .npy} data and of a checkpoint's tile files).
 *
 * <p>Runs of the piece that are contiguous in the file and in the instance are coalesced (a C-order
 * row tile is one run) and moved through a buffer of at most {@link #BUFFER_BYTES}; a
 * {@link Checksum}, when given, sees the bytes in file order.
 */
public final class RectFiles {
    /** Bytes moved per positioned read or write. */
    static final int BUFFER_BYTES = 4 << 20;

    /**
     * One direct buffer per thread (a worker), reused by every piece it moves: a heap buffer would be
     * copied once more into a temporary direct buffer by the channel, and allocated per piece.
     */
    private static final ThreadLocal<ByteBuffer> BUFFERS = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER_BYTES));

    private RectFiles() {
    }

    /**
     * Where an array lies in a file.
     *
     * @param type    element type (its size is the element's size in the file)
     * @param order   byte order of the elements
     * @param fortran true for column-major (NumPy {@code fortran_order}), false for row-major
     * @param offset  byte offset of the first element
     * @param bounds  the coordinates the file holds, in the store's coordinate frame
     */
    public record Layout(FieldType type, ByteOrder order, boolean fortran, long offset, Rect bounds) {
        /** Bytes of data: {@code volume(bounds) * size(type)}. */
        public long dataBytes() {
            return bounds.volume() * type.size();
        }
    }

    /**
     * Reads {@code piece} (inside {@code file.bounds()} and {@code dst.rect()}) from the file into {@code dst}.
     *
     * @throws EOFException if the file ends before the piece's last byte
     */
    public static void read(FileChannel ch, Layout file, Rect piece, Instance dst, Checksum crc) throws IOException {
        check(file, piece, dst);
        ByteBuffer buf = buffer(file, piece);
        forEachRun(file, piece, dst, (fileElem, instElem, instStride, len) -> {
            long done = 0;
            while (done < len) {
                int n = (int) Math.min(len - done, buf.capacity() / file.type().size());
                buf.clear().limit(n * file.type().size());
                long pos = file.offset() + (fileElem + done) * file.type().size();
                readFully(ch, buf, pos);
                buf.flip();
                if (crc != null) {
                    crc.update(buf.duplicate());
                }
                unpack(buf, dst, instElem + done * instStride, instStride, n);
                done += n;
            }
        });
    }

    /** Writes {@code piece} (inside {@code file.bounds()} and {@code src.rect()}) of {@code src} to the file. */
    public static void write(FileChannel ch, Layout file, Rect piece, Instance src, Checksum crc) throws IOException {
        check(file, piece, src);
        ByteBuffer buf = buffer(file, piece);
        forEachRun(file, piece, src, (fileElem, instElem, instStride, len) -> {
            long done = 0;
            while (done < len) {
                int n = (int) Math.min(len - done, buf.capacity() / file.type().size());
                buf.clear();
                pack(src, instElem + done * instStride, instStride, n, buf);
                buf.flip();
                if (crc != null) {
                    crc.update(buf.duplicate());
                }
                long pos = file.offset() + (fileElem + done) * file.type().size();
                while (buf.hasRemaining()) {
                    pos += ch.write(buf, pos);
                }
                done += n;
            }
        });
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
        long at = pos;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, at);
            if (n < 0) {
                throw new EOFException("the file ends at byte " + at + ", before byte " + (pos + buf.limit())
                        + " that the array's data needs (truncated?)");
            }
            at += n;
        }
    }

    /** This thread's buffer, in the file's byte order, limited to what the piece needs. */
    private static ByteBuffer buffer(Layout file, Rect piece) {
        int bytes = (int) Math.max(file.type().size(), Math.min(BUFFER_BYTES, piece.volume() * file.type().size()));
        ByteBuffer b = BUFFERS.get();
        b.clear();
        return b.slice(0, bytes).order(file.order());
    }

    private static void check(Layout file, Rect piece, Instance inst) {
        if (inst.type() != file.type()) {
            throw new IllegalArgumentException("instance holds " + inst.type() + ", the file " + file.type());
        }
        if (!file.bounds().contains(piece) || !inst.rect().contains(piece)) {
            throw new IllegalArgumentException("piece " + piece + " is not inside the file's " + file.bounds()
                    + " and the instance's " + inst.rect());
        }
    }

    @FunctionalInterface
    private interface Run {
        /** {@code len} elements from file element {@code fileElem} and instance element {@code instElem}, {@code instStride} apart there. */
        void move(long fileElem, long instElem, long instStride, long len) throws IOException;
    }

    /**
     * Visits {@code piece} in file order as runs contiguous in the file. In C order a run also
     * spans every inner dimension the piece, the file and the instance all cover whole.
     */
    private static void forEachRun(Layout file, Rect piece, Instance inst, Run run) throws IOException {
        if (piece.isEmpty()) {
            return;
        }
        Rect fb = file.bounds();
        Rect ib = inst.rect();
        int dims = piece.dim();
        // order[0] is the file's fastest dimension.
        int[] order = new int[dims];
        for (int k = 0; k < dims; k++) {
            order[k] = file.fortran() ? k : dims - 1 - k;
        }
        int fast = order[0];
        long len = piece.extent(fast);
        int merged = 1;
        if (!file.fortran()) {
            while (merged < dims && piece.extent(order[merged - 1]) == fb.extent(order[merged - 1])
                    && piece.extent(order[merged - 1]) == ib.extent(order[merged - 1])) {
                len *= piece.extent(order[merged]);
                merged++;
            }
        }
        long[] fileStride = new long[dims];
        long s = 1;
        for (int k = 0; k < dims; k++) {
            fileStride[order[k]] = s;
            s *= fb.extent(order[k]);
        }
        long instStride = inst.stride(fast);
        long[] cur = new long[dims];
        for (int d = 0; d < dims; d++) {
            cur[d] = piece.lo(d);
        }
        while (true) {
            long f = 0;
            long i = 0;
            for (int d = 0; d < dims; d++) {
                f += (cur[d] - fb.lo(d)) * fileStride[d];
                i += (cur[d] - ib.lo(d)) * inst.stride(d);
            }
            run.move(f, i, instStride, len);
            int k = merged;
            while (k < dims) {
                int d = order[k];
                if (++cur[d] <= piece.hi(d)) {
                    break;
                }
                cur[d] = piece.lo(d);
                k++;
            }
            if (k >= dims) {
                return;
            }
        }
    }

    private static void unpack(ByteBuffer buf, Instance dst, long at, long stride, int n) {
        int a = (int) at;
        Object data = dst.array();
        if (stride == 1) {
            switch (dst.type()) {
                case FLOAT64 -> buf.asDoubleBuffer().get((double[]) data, a, n);
                case FLOAT32 -> buf.asFloatBuffer().get((float[]) data, a, n);
                case INT64 -> buf.asLongBuffer().get((long[]) data, a, n);
                case INT32 -> buf.asIntBuffer().get((int[]) data, a, n);
                case BOOL -> buf.get((byte[]) data, a, n);
            }
            return;
        }
        for (int j = 0; j < n; j++) {
            int idx = (int) (at + j * stride);
            switch (dst.type()) {
                case FLOAT64 -> ((double[]) data)[idx] = buf.getDouble();
                case FLOAT32 -> ((float[]) data)[idx] = buf.getFloat();
                case INT64 -> ((long[]) data)[idx] = buf.getLong();
                case INT32 -> ((int[]) data)[idx] = buf.getInt();
                case BOOL -> ((byte[]) data)[idx] = buf.get();
            }
        }
    }

    private static void pack(Instance src, long at, long stride, int n, ByteBuffer buf) {
        int a = (int) at;
        Object data = src.array();
        int bytes = n * src.type().size();
        if (stride == 1) {
            switch (src.type()) {
                case FLOAT64 -> buf.asDoubleBuffer().put((double[]) data, a, n);
                case FLOAT32 -> buf.asFloatBuffer().put((float[]) data, a, n);
                case INT64 -> buf.asLongBuffer().put((long[]) data, a, n);
                case INT32 -> buf.asIntBuffer().put((int[]) data, a, n);
                case BOOL -> buf.put((byte[]) data, a, n);
            }
            if (src.type() != FieldType.BOOL) {
                buf.position(buf.position() + bytes);
            }
            return;
        }
        for (int j = 0; j < n; j++) {
            int idx = (int) (at + j * stride);
            switch (src.type()) {
                case FLOAT64 -> buf.putDouble(((double[]) data)[idx]);
                case FLOAT32 -> buf.putFloat(((float[]) data)[idx]);
                case INT64 -> buf.putLong(((long[]) data)[idx]);
                case INT32 -> buf.putInt(((int[]) data)[idx]);
                case BOOL -> buf.put(((byte[]) data)[idx]);
            }
        }
    }
}
