package dev.cohort.runtime.instance;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The physical storage of one piece of a store on one shard (Legion: physical instance): a
 * primitive array holding the elements of {@link #rect()} in row-major order. Instances never
 * cross shards; data moves between shards as bytes ({@link #pack}, {@link #unpack}).
 */
public final class Instance {
    private static final AtomicLong IDS = new AtomicLong();

    private final long uid = IDS.incrementAndGet();
    private final FieldType type;
    private final Rect rect;
    private final Object data;
    private final long[] strides;

    private Instance(FieldType type, Rect rect, Object data) {
        this.type = type;
        this.rect = rect;
        this.data = data;
        this.strides = new long[rect.dim()];
        long s = 1;
        for (int d = rect.dim() - 1; d >= 0; d--) {
            strides[d] = s;
            s *= rect.extent(d);
        }
    }

    /** A zeroed instance covering {@code rect}. */
    public static Instance allocate(FieldType type, Rect rect) {
        return new Instance(type, rect, type.newArray(checkedVolume(rect)));
    }

    /**
     * An instance over {@code rect} backed by {@code array} (a primitive array of {@code type} with
     * exactly {@code rect.volume()} elements), whatever it holds: how an instance manager hands out
     * reused storage.
     *
     * @throws IllegalArgumentException if the array's class or length does not match
     */
    public static Instance wrap(FieldType type, Rect rect, Object array) {
        int volume = checkedVolume(rect);
        if (array.getClass() != type.newArray(0).getClass() || java.lang.reflect.Array.getLength(array) != volume) {
            throw new IllegalArgumentException("cannot wrap a " + array.getClass().getSimpleName() + " of "
                    + java.lang.reflect.Array.getLength(array) + " elements as " + type + " " + rect);
        }
        return new Instance(type, rect, array);
    }

    /** The element count of {@code rect} as an int. @throws IllegalArgumentException past one piece's limit */
    public static int checkedVolume(Rect rect) {
        long volume = rect.volume();
        if (volume > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("instance of " + volume + " elements over " + rect
                    + " exceeds the 2^31 element limit of one piece; use a finer partition");
        }
        return (int) volume;
    }

    /** A process-unique id, for diagnostics and event recording (not used for anything shards agree on). */
    public long uid() {
        return uid;
    }

    public FieldType type() {
        return type;
    }

    public Rect rect() {
        return rect;
    }

    /** Number of elements. */
    public int size() {
        return (int) rect.volume();
    }

    /** Row-major stride of dimension {@code d}, in elements. */
    public long stride(int d) {
        return strides[d];
    }

    /** Offset of {@code p} into the backing array. */
    public int index(Point p) {
        long idx = 0;
        for (int d = 0; d < strides.length; d++) {
            long c = p.get(d) - rect.lo(d);
            if (c < 0 || p.get(d) > rect.hi(d)) {
                throw new IndexOutOfBoundsException("point " + p + " is outside instance " + rect);
            }
            idx += c * strides[d];
        }
        return (int) idx;
    }

    public double[] doubles() {
        return (double[]) typed(FieldType.FLOAT64);
    }

    public float[] floats() {
        return (float[]) typed(FieldType.FLOAT32);
    }

    public long[] longs() {
        return (long[]) typed(FieldType.INT64);
    }

    public int[] ints() {
        return (int[]) typed(FieldType.INT32);
    }

    public byte[] bools() {
        return (byte[]) typed(FieldType.BOOL);
    }

    /** The backing primitive array. */
    public Object array() {
        return data;
    }

    private Object typed(FieldType expected) {
        if (type != expected) {
            throw new IllegalStateException("instance holds " + type + ", not " + expected);
        }
        return data;
    }

    /** Raw bits of element {@code i} (see {@link FieldType}). */
    public long getBits(int i) {
        return switch (type) {
            case FLOAT64 -> Double.doubleToRawLongBits(((double[]) data)[i]);
            case FLOAT32 -> Float.floatToRawIntBits(((float[]) data)[i]);
            case INT64 -> ((long[]) data)[i];
            case INT32 -> ((int[]) data)[i];
            case BOOL -> ((byte[]) data)[i];
        };
    }

    public void setBits(int i, long bits) {
        switch (type) {
            case FLOAT64 -> ((double[]) data)[i] = Double.longBitsToDouble(bits);
            case FLOAT32 -> ((float[]) data)[i] = Float.intBitsToFloat((int) bits);
            case INT64 -> ((long[]) data)[i] = bits;
            case INT32 -> ((int[]) data)[i] = (int) bits;
            case BOOL -> ((byte[]) data)[i] = (byte) bits;
        }
    }

    public double getDouble(Point p) {
        return type.toDouble(getBits(index(p)));
    }

    /** Sets {@code r} (inside this instance) to the value with raw {@code bits}. */
    public void fill(Rect r, long bits) {
        checkInside(r);
        forEachRun(r, rect, strides, rect, strides, (a, b, len) -> {
            switch (type) {
                case FLOAT64 -> java.util.Arrays.fill((double[]) data, a, a + len, Double.longBitsToDouble(bits));
                case FLOAT32 -> java.util.Arrays.fill((float[]) data, a, a + len, Float.intBitsToFloat((int) bits));
                case INT64 -> java.util.Arrays.fill((long[]) data, a, a + len, bits);
                case INT32 -> java.util.Arrays.fill((int[]) data, a, a + len, (int) bits);
                case BOOL -> java.util.Arrays.fill((byte[]) data, a, a + len, (byte) bits);
            }
        });
    }

    /** Copies the elements of {@code r} (inside both instances) from {@code src}. */
    public void copyFrom(Instance src, Rect r) {
        if (src.type != type) {
            throw new IllegalArgumentException("cannot copy " + src.type + " into " + type);
        }
        checkInside(r);
        src.checkInside(r);
        forEachRun(r, src.rect, src.strides, rect, strides,
                (a, b, len) -> System.arraycopy(src.data, a, data, b, len));
    }

    /** The elements of {@code r} (inside this instance) as little-endian bytes, row-major. */
    public byte[] pack(Rect r) {
        checkInside(r);
        ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(r.volume() * type.size())).order(ByteOrder.LITTLE_ENDIAN);
        packInto(r, buf);
        return buf.array();
    }

    /** Appends the elements of {@code r} to {@code buf} (little-endian, row-major). */
    public void packInto(Rect r, ByteBuffer buf) {
        checkInside(r);
        forEachRun(r, rect, strides, rect, strides, (a, b, len) -> {
            switch (type) {
                case FLOAT64 -> {
                    buf.asDoubleBuffer().put((double[]) data, a, len);
                    buf.position(buf.position() + len * 8);
                }
                case FLOAT32 -> {
                    buf.asFloatBuffer().put((float[]) data, a, len);
                    buf.position(buf.position() + len * 4);
                }
                case INT64 -> {
                    buf.asLongBuffer().put((long[]) data, a, len);
                    buf.position(buf.position() + len * 8);
                }
                case INT32 -> {
                    buf.asIntBuffer().put((int[]) data, a, len);
                    buf.position(buf.position() + len * 4);
                }
                case BOOL -> buf.put((byte[]) data, a, len);
            }
        });
    }

    /** Reads the elements of {@code r} (inside this instance) from {@code buf}, as written by {@link #packInto}. */
    public void unpack(Rect r, ByteBuffer buf) {
        checkInside(r);
        long need = r.volume() * type.size();
        if (buf.remaining() < need) {
            throw new IllegalArgumentException("expected " + need + " bytes for " + r + " of " + type + ", got " + buf.remaining());
        }
        forEachRun(r, rect, strides, rect, strides, (a, b, len) -> {
            switch (type) {
                case FLOAT64 -> {
                    buf.asDoubleBuffer().get((double[]) data, a, len);
                    buf.position(buf.position() + len * 8);
                }
                case FLOAT32 -> {
                    buf.asFloatBuffer().get((float[]) data, a, len);
                    buf.position(buf.position() + len * 4);
                }
                case INT64 -> {
                    buf.asLongBuffer().get((long[]) data, a, len);
                    buf.position(buf.position() + len * 8);
                }
                case INT32 -> {
                    buf.asIntBuffer().get((int[]) data, a, len);
                    buf.position(buf.position() + len * 4);
                }
                case BOOL -> buf.get((byte[]) data, a, len);
            }
        });
    }

    private void checkInside(Rect r) {
        if (!rect.contains(r)) {
            throw new IndexOutOfBoundsException("rect " + r + " is not inside instance " + rect);
        }
    }

    @FunctionalInterface
    interface RunConsumer {
        void run(int aOffset, int bOffset, int length);
    }

    /** Visits {@code r} as contiguous runs along the last dimension in both layouts. */
    static void forEachRun(Rect r, Rect aRect, long[] aStrides, Rect bRect, long[] bStrides, RunConsumer action) {
        if (r.isEmpty()) {
            return;
        }
        int dims = r.dim();
        if (dims == 0) {
            action.run(0, 0, 1);
            return;
        }
        int last = dims - 1;
        int len = (int) r.extent(last);
        long[] cur = new long[dims];
        for (int d = 0; d < dims; d++) {
            cur[d] = r.lo(d);
        }
        while (true) {
            long a = 0;
            long b = 0;
            for (int d = 0; d < dims; d++) {
                a += (cur[d] - aRect.lo(d)) * aStrides[d];
                b += (cur[d] - bRect.lo(d)) * bStrides[d];
            }
            action.run((int) a, (int) b, len);
            int d = last - 1;
            while (d >= 0) {
                if (++cur[d] <= r.hi(d)) {
                    break;
                }
                cur[d] = r.lo(d);
                d--;
            }
            if (d < 0) {
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "Instance#" + uid + "(" + type + " " + rect + ")";
    }
}
