package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.tasks.ViewTasks;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Java arrays in and out of Cohort: the shape of nested primitive arrays (NumPy's array discovery,
 * with its {@code ValueError} wording for ragged input), and host data loaded into a store in
 * chunks of at most {@link #CHUNK_BYTES_PROP_NAME} bytes each, so that no launch carries more than
 * that in its scalars (a launch's scalars are one {@code byte[]} with an {@code int} length, copied
 * a few times on the way to the point tasks).
 */
final class JavaArrays {
    /** System property: the most bytes of host data one LOAD launch carries (default {@value #CHUNK_BYTES_DEFAULT}). */
    static final String CHUNK_BYTES_PROP_NAME = "cohort.load.chunk.bytes";
    /** Default of {@link #CHUNK_BYTES_PROP_NAME}: 8 MiB. */
    static final int CHUNK_BYTES_DEFAULT = 8 << 20;
    /** The most elements a Java array (and one instance piece) can hold. */
    static final long MAX_JAVA_ARRAY = Integer.MAX_VALUE - 8;

    private static volatile int chunkBytes = chunkBytesFromProperty();

    private JavaArrays() {
    }

    private static int chunkBytesFromProperty() {
        int n = Integer.getInteger(CHUNK_BYTES_PROP_NAME, CHUNK_BYTES_DEFAULT);
        if (n < 8) {
            throw new IllegalArgumentException(CHUNK_BYTES_PROP_NAME + "=" + n + " must be at least 8 (one element)");
        }
        return n;
    }

    /** Sets the chunk size of loads (tests); every shard of a job must see the same value. Returns the previous one. */
    static int chunkBytes(int bytes) {
        if (bytes < 8) {
            throw new IllegalArgumentException("chunk bytes " + bytes + " must be at least 8 (one element)");
        }
        int old = chunkBytes;
        chunkBytes = bytes;
        return old;
    }

    // ------------------------------------------------------------------ sources of host data

    /** Row-major host elements of one dtype, written little-endian into launch scalars on demand. */
    interface Source {
        /** Writes elements {@code [flat, flat + count)} into {@code dst} (little-endian, at its position). */
        void put(long flat, int count, ByteBuffer dst);
    }

    /** A source over little-endian bytes already encoded ({@link Creation#load}'s form). */
    static Source ofBytes(byte[] data, int itemsize) {
        return (flat, count, dst) -> dst.put(data, Math.toIntExact(flat * itemsize), count * itemsize);
    }

    /** The leaf element type of a primitive array class, or null. */
    static DType leafDType(Class<?> leaf) {
        if (leaf == double.class) {
            return DType.FLOAT64;
        } else if (leaf == float.class) {
            return DType.FLOAT32;
        } else if (leaf == long.class) {
            return DType.INT64;
        } else if (leaf == int.class) {
            return DType.INT32;
        } else if (leaf == boolean.class) {
            return DType.BOOL;
        }
        return null;
    }

    /** The Java primitive type of a dtype. */
    static Class<?> javaType(DType d) {
        return switch (d) {
            case FLOAT64 -> double.class;
            case FLOAT32 -> float.class;
            case INT64 -> long.class;
            case INT32 -> int.class;
            case BOOL -> boolean.class;
        };
    }

    /** Nested primitive arrays: {@code double[][]}, {@code int[][][][]}, ... of a checked, rectangular shape. */
    static final class Nested implements Source {
        final Object root;
        final DType dtype;
        final long[] shape;
        private final int rank;
        private final long rowLength;

        private Nested(Object root, DType dtype, long[] shape) {
            this.root = root;
            this.dtype = dtype;
            this.shape = shape;
            this.rank = shape.length;
            this.rowLength = shape[rank - 1];
        }

        /**
         * Checks {@code root} (a primitive array of any rank) and finds its shape, as NumPy's
         * {@code np.array} does for nested lists; the Java type fixes the rank, so a rank-2 array
         * with no rows has shape {@code (0, 0)}.
         *
         * @throws ShapeMismatchException NumPy's "setting an array element with a sequence. The requested
         *         array has an inhomogeneous shape after N dimensions. ..." for ragged input
         * @throws IllegalArgumentException for a null sub-array, naming its index
         * @throws DTypeException for a leaf type Cohort has no dtype for
         */
        static Nested of(Object root) {
            Class<?> c = root.getClass();
            int rank = 0;
            while (c.isArray()) {
                c = c.getComponentType();
                rank++;
            }
            DType dt = leafDType(c);
            if (rank == 0 || dt == null) {
                throw new DTypeException("Cohort cannot make an array of a Java " + root.getClass().getSimpleName()
                        + ": expected a double, float, long, int or boolean array of any rank (float64, float32, int64, int32, bool),"
                        + " a Double, Float, Long, Integer or Boolean, or an NdArray");
            }
            long[] shape = new long[rank];
            Arrays.fill(shape, -1);
            int[] ragged = {rank};
            walk(root, 0, shape, ragged, new int[rank]);
            if (ragged[0] < rank) {
                StringBuilder b = new StringBuilder("(");
                for (int d = 0; d < ragged[0]; d++) {
                    b.append(d > 0 ? ", " : "").append(shape[d]);
                }
                b.append(ragged[0] == 1 ? ",)" : ")");
                throw new ShapeMismatchException("setting an array element with a sequence. The requested array has an "
                        + "inhomogeneous shape after " + ragged[0] + " dimensions. The detected shape was " + b
                        + " + inhomogeneous part.");
            }
            for (int d = 0; d < rank; d++) {
                if (shape[d] < 0) {
                    shape[d] = 0; // no sub-array reached this depth: an empty dimension
                }
            }
            return new Nested(root, dt, shape);
        }

        /** Depth-first, like NumPy: the first length seen at each depth is the shape; a mismatch cuts the depth. */
        private static void walk(Object a, int depth, long[] shape, int[] ragged, int[] path) {
            if (depth >= ragged[0]) {
                return;
            }
            if (a == null) {
                StringBuilder idx = new StringBuilder();
                for (int d = 0; d < depth; d++) {
                    idx.append('[').append(path[d]).append(']');
                }
                throw new IllegalArgumentException("Cohort cannot make an array of a Java array with a null sub-array at "
                        + (depth == 0 ? "the top" : "index " + idx));
            }
            int n = Array.getLength(a);
            if (shape[depth] < 0) {
                shape[depth] = n;
            } else if (shape[depth] != n) {
                ragged[0] = Math.min(ragged[0], depth);
                return;
            }
            if (depth + 1 < shape.length) {
                Object[] rows = (Object[]) a;
                for (int i = 0; i < n && depth < ragged[0]; i++) {
                    path[depth] = i;
                    walk(rows[i], depth + 1, shape, ragged, path);
                }
            }
        }

        /** The leaf row (a 1-d primitive array) holding flat row {@code row}. */
        private Object leaf(long row) {
            Object a = root;
            long stride = 1;
            for (int d = rank - 2; d >= 1; d--) {
                stride *= shape[d];
            }
            for (int d = 0; d < rank - 1; d++) {
                int i = (int) (row / stride);
                row -= i * stride;
                a = ((Object[]) a)[i];
                if (d + 1 < rank - 1) {
                    stride /= shape[d + 1];
                }
            }
            return a;
        }

        @Override
        public void put(long flat, int count, ByteBuffer dst) {
            while (count > 0) {
                long row = flat / rowLength;
                int off = (int) (flat % rowLength);
                int n = (int) Math.min(rowLength - off, count);
                putRow(leaf(row), off, n, dst);
                flat += n;
                count -= n;
            }
        }

        private void putRow(Object row, int off, int n, ByteBuffer dst) {
            int at = dst.position();
            switch (dtype) {
                case FLOAT64 -> dst.asDoubleBuffer().put((double[]) row, off, n);
                case FLOAT32 -> dst.asFloatBuffer().put((float[]) row, off, n);
                case INT64 -> dst.asLongBuffer().put((long[]) row, off, n);
                case INT32 -> dst.asIntBuffer().put((int[]) row, off, n);
                case BOOL -> {
                    boolean[] b = (boolean[]) row;
                    for (int i = 0; i < n; i++) {
                        dst.put(at + i, (byte) (b[off + i] ? 1 : 0));
                    }
                }
            }
            dst.position(at + n * dtype.itemsize());
        }
    }

    // ------------------------------------------------------------------ loading

    /**
     * A new array of {@code dtype} and {@code shape} holding {@code src}'s row-major elements of
     * {@code srcType}, converted like {@code astype}. The data goes in LOAD launches of at most
     * {@link #chunkBytes} bytes each: boxes {@code [i0, ..., i(k-1), lo:hi, :, ..., :]} of the
     * array, each a contiguous range of the row-major elements; every shard cuts the same boxes.
     */
    static NdArray load(Cohort ctx, DType srcType, DType dtype, long[] shape, Source src) {
        NdArray out = Creation.empty(ctx, dtype, shape);
        long volume = Shapes.volume(shape);
        if (volume == 0) {
            return out;
        }
        int item = srcType.itemsize();
        long perChunk = Math.max(1, chunkBytes / item);
        if (volume <= perChunk) {
            loadBox(out, srcType, src, 0, (int) volume);
            return out;
        }
        int n = shape.length;
        long[] inner = new long[n]; // inner[d] = volume(shape[d+1:])
        long v = 1;
        for (int d = n - 1; d >= 0; d--) {
            inner[d] = v;
            v *= shape[d];
        }
        int k = 0;
        while (inner[k] > perChunk) {
            k++;
        }
        long rows = perChunk / inner[k];
        long prefixes = 1;
        for (int d = 0; d < k; d++) {
            prefixes *= shape[d];
        }
        long[] prefix = new long[k];
        for (long p = 0; p < prefixes; p++) {
            long rem = p;
            for (int d = k - 1; d >= 0; d--) {
                prefix[d] = rem % shape[d];
                rem /= shape[d];
            }
            for (long lo = 0; lo < shape[k]; lo += rows) {
                long hi = Math.min(shape[k], lo + rows);
                Object[] index = new Object[n];
                for (int d = 0; d < n; d++) {
                    index[d] = d < k ? Slice.of(prefix[d], prefix[d] + 1) : d == k ? Slice.of(lo, hi) : Slice.all();
                }
                long flat = (p * shape[k] + lo) * inner[k];
                loadBox(out.get(index), srcType, src, flat, (int) ((hi - lo) * inner[k]));
            }
        }
        out.base.logical().forgetKeyPartition(); // the chunks' tilings say nothing about the whole array
        return out;
    }

    /**
     * One LOAD launch: the {@code count} elements of {@code src} from {@code flat} into the view {@code box}, written by
     * {@code src} straight into the launch's arguments (one copy of the host data).
     */
    private static void loadBox(NdArray box, DType srcType, Source src, long flat, int count) {
        long[] shape = box.shape;
        // WRITE (WRITE_DISCARD) even where the box is a part of the array: LOAD writes every element of its box, so
        // the array's earlier contents there (zeros) need not be filled into the pieces first; the boxes' pieces
        // become a patchwork of the store that its first read consolidates
        List<Launches.Slot> slots = List.of(new Launches.Slot(box, Launches.iterAccess(box, shape), Role.WRITE));
        Launches.launch(ViewTasks.LOAD, shape, slots, new int[0], null, false, space ->
                ViewTasks.Load.encode(space, srcType.fieldType(), Launches.operand(slots, 0), count * srcType.itemsize(),
                        b -> src.put(flat, count, b)));
    }

    /** An array from Java data: nested primitive arrays, a boxed scalar, or an NdArray (copied); null dtype keeps the data's. */
    static NdArray array(Cohort ctx, Object data, DType dtype) {
        if (data == null) {
            throw new IllegalArgumentException("Cohort cannot make an array of null (NumPy would make an object array)");
        }
        if (data instanceof NdArray a) {
            return a.astype(dtype == null ? a.dtype() : dtype);
        }
        DType scalarType = data instanceof Double ? DType.FLOAT64 : data instanceof Float ? DType.FLOAT32
                : data instanceof Long ? DType.INT64 : data instanceof Integer ? DType.INT32
                : data instanceof Boolean ? DType.BOOL : null;
        if (scalarType != null) {
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            switch (scalarType) {
                case FLOAT64 -> b.putDouble((Double) data);
                case FLOAT32 -> b.putFloat((Float) data);
                case INT64 -> b.putLong((Long) data);
                case INT32 -> b.putInt((Integer) data);
                case BOOL -> b.put((byte) ((Boolean) data ? 1 : 0));
            }
            return load(ctx, scalarType, dtype == null ? scalarType : dtype, new long[0], ofBytes(b.array(), scalarType.itemsize()));
        }
        Nested n = Nested.of(data);
        return load(ctx, n.dtype, dtype == null ? n.dtype : dtype, n.shape, n);
    }

    /** A flat primitive array {@code data} (its dtype from the array class) under {@code shape}, row-major. */
    static NdArray flat(Cohort ctx, Object data, long[] shape) {
        Shapes.checkNonNegative(shape);
        long n = Array.getLength(data);
        if (Shapes.volume(shape) != n) {
            throw new ShapeMismatchException("cannot reshape array of size " + n + " into shape " + Shapes.str(shape));
        }
        DType dt = leafDType(data.getClass().getComponentType());
        Nested src = Nested.of(data); // one row of n elements: flat indices are the data's own
        return load(ctx, dt, dt, shape.clone(), src);
    }

    // ------------------------------------------------------------------ out

    /** Checks that {@code a} fits in Java arrays before a read. */
    static void checkReadable(NdArray a) {
        if (a.size() > MAX_JAVA_ARRAY) {
            throw new IllegalArgumentException("array of shape " + Shapes.str(a.shape) + " has " + a.size()
                    + " elements; a Java array (and one instance) holds at most " + MAX_JAVA_ARRAY);
        }
    }

    /** {@link NdArray#toArray(Class)}. */
    static <T> T toArray(NdArray a, Class<T> type) {
        Class<?> c = type;
        int rank = 0;
        while (c.isArray()) {
            c = c.getComponentType();
            rank++;
        }
        DType target = rank == 0 ? boxedDType(c) : leafDType(c);
        if (target == null) {
            throw new DTypeException("cannot convert an array to " + type.getSimpleName()
                    + ": expected a double, float, long, int or boolean array class (or, for a 0-d array, a scalar class)");
        }
        if (rank != a.ndim()) {
            throw new ShapeMismatchException("cannot convert an array of shape " + Shapes.str(a.shape) + " (" + a.ndim()
                    + "-d) to " + type.getSimpleName() + " (" + rank + "-d)");
        }
        NdArray src = target == a.dtype() ? a : a.astype(target);
        Object r = src.toArray();
        if (rank == 0) {
            r = switch (target) {
                case FLOAT32 -> ((Number) r).floatValue();
                case INT32 -> ((Number) r).intValue();
                default -> r;
            };
            @SuppressWarnings("unchecked")
            T t = (T) r;
            return t;
        }
        return type.cast(r);
    }

    private static DType boxedDType(Class<?> c) {
        if (c == Double.class || c == double.class) {
            return DType.FLOAT64;
        } else if (c == Float.class || c == float.class) {
            return DType.FLOAT32;
        } else if (c == Long.class || c == long.class) {
            return DType.INT64;
        } else if (c == Integer.class || c == int.class) {
            return DType.INT32;
        } else if (c == Boolean.class || c == boolean.class) {
            return DType.BOOL;
        }
        return null;
    }

    // ------------------------------------------------------------------ reading back

    /** Brings the elements of {@code a} to the program, row-major. Blocks; a determinism checkpoint. */
    static Elements elements(NdArray a) {
        JavaArrays.checkReadable(a);
        Instance one = Fusion.evaluateOnThread(a);
        if (one != null) {
            return new Elements(a.dtype(), one, 1);
        }
        Fusion.materialize(a.base);
        if (a.base.isEager()) {
            // an eager array's elements are on this thread already (Eager): no launch, no wait
            Instance data = a.base.eagerInstance();
            if (a.coversBase()) {
                Instance copy = Instance.allocate(data.type(), data.rect());
                copy.copyFrom(data, data.rect());
                return new Elements(a.dtype(), copy, Math.toIntExact(a.size()));
            }
            return pick(a, data);
        }
        if (!a.coversBase()) {
            Rect box = boundingBox(a);
            if (box != null && box.volume() <= SMALL_VIEW_READ) {
                return viewElements(a, box);
            }
        }
        NdArray dense = a.coversBase() ? a : a.copy();
        Instance inst = a.ctx.runtime().read(dense.base.store());
        return new Elements(a.dtype(), inst, Math.toIntExact(a.size()));
    }

    /**
     * Views whose bounding box in their store holds up to this many elements are read through that box (no copy
     * launch); a larger view is copied into a dense store first.
     */
    static final long SMALL_VIEW_READ = 4_096;

    /**
     * The elements of a small view ({@code a[5]}, {@code a.T} of a small array, a slice): the view's bounding box
     * in its store read (only that part moves), then the view's elements picked through its access on the program
     * thread, instead of a copy launch into a new store and a read of that.
     */
    private static Elements viewElements(NdArray a, Rect box) {
        return pick(a, a.ctx.runtime().read(a.base.store(), box));
    }

    /** The elements of view {@code a}, row-major, from {@code part}: a rectangle of its store holding all of them. */
    private static Elements pick(NdArray a, Instance part) {
        int n = Math.toIntExact(a.size());
        if (n == 1 && part.size() == 1) {
            return new Elements(a.dtype(), part, 1);
        }
        Instance out = Instance.allocate(part.type(), Rect.ofExtents(Math.max(1, n)));
        long[] i = new long[a.ndim()];
        for (int k = 0; k < n; k++) {
            out.setBits(k, part.getBits(part.index(Point.of(a.view.apply(i)))));
            for (int d = i.length - 1; d >= 0; d--) {
                if (++i[d] < a.shape[d]) {
                    break;
                }
                i[d] = 0;
            }
        }
        return new Elements(a.dtype(), out, n);
    }

    /**
     * The smallest rectangle of {@code a}'s store holding every element the view reaches (the access is affine, so
     * its extreme coordinates are reached at the view's corners), or null for an empty view.
     */
    static Rect boundingBox(NdArray a) {
        if (a.size() == 0) {
            return null;
        }
        Access v = a.view;
        int dims = v.storeDim();
        long[] lo = new long[dims];
        long[] hi = new long[dims];
        for (int k = 0; k < dims; k++) {
            int d = v.iterDim()[k];
            long first = v.start()[k];
            long last = d < 0 ? first : first + v.step()[k] * (a.shape[d] - 1);
            lo[k] = Math.min(first, last);
            hi[k] = Math.max(first, last);
        }
        return Rect.of(lo, hi);
    }
}
