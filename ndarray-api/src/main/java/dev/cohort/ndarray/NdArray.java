package dev.cohort.ndarray;

import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.ArgReduceOp;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An n-dimensional array (NumPy {@code ndarray}) whose data is a store of the runtime, partitioned
 * and moved by Cohort, never by the caller. An array is a <em>view</em>: a shape plus an affine map
 * ({@link Access}) from its coordinates to its store's, so slices with steps, transposes, integer
 * indexing and new axes share data with the array they come from, as in NumPy.
 *
 * <p>Operations never loop over data here: each checks NumPy's rules (broadcasting, dtype
 * promotion, axes, indices), builds a task with constraints and submits it (DESIGN.md §2). Only
 * {@link #item()}, {@link #toArray()}, {@link #toDoubleArray()} and {@link #toString()} wait for
 * results. Arrays belong to the {@link Cohort} context of the program that made them.
 */
public final class NdArray implements AutoCloseable {
    final Cohort ctx;
    final ArrayStorage base;
    final long[] shape;
    /** View coordinates to store coordinates (iterDim = view dimension). */
    final Access view;

    NdArray(Cohort ctx, ArrayStorage base, long[] shape, Access view) {
        this.ctx = ctx;
        this.base = base;
        this.shape = shape;
        this.view = view;
    }

    // ------------------------------------------------------------------ attributes

    /** The extents of each dimension (NumPy {@code shape}); a copy. */
    public long[] shape() {
        return shape.clone();
    }

    /** Extent of dimension {@code axis} (negative counts from the end). */
    public long shape(int axis) {
        return shape[Shapes.axis(axis, shape.length)];
    }

    /** Number of dimensions (NumPy {@code ndim}). */
    public int ndim() {
        return shape.length;
    }

    /** Number of elements (NumPy {@code size}). */
    public long size() {
        long s = size;
        if (s < 0) {
            s = Shapes.volume(shape);
            size = s; // a benign race: every thread computes the same value
        }
        return s;
    }

    /** {@link #size()} once computed, else -1 (the shape never changes). */
    private long size = -1;

    /** Element type (NumPy {@code dtype}). */
    public DType dtype() {
        return base.dtype;
    }

    /** True when this array is its whole store in row-major order (not a strided or partial view). */
    boolean coversBase() {
        if (Shapes.volume(shape) != base.volume()) {
            return false;
        }
        int v = 0;
        for (int k = 0; k < view.storeDim(); k++) {
            if (base.extents[k] == 1 && shape.length == 0) {
                continue;
            }
            if (view.iterDim()[k] < 0) {
                if (base.extents[k] != 1 || view.start()[k] != 0) {
                    return false;
                }
                continue;
            }
            if (view.iterDim()[k] != v || view.step()[k] != 1 || view.start()[k] != 0 || shape[v] != base.extents[k]) {
                return false;
            }
            v++;
        }
        return v == shape.length;
    }

    // ------------------------------------------------------------------ views

    /** The transposed view (NumPy {@code a.T}): axes reversed. */
    public NdArray T() {
        if (shape.length == 0) {
            return new NdArray(ctx, base, shape, view); // a 0-d array is its own transpose
        }
        int[] perm = new int[shape.length];
        for (int i = 0; i < perm.length; i++) {
            perm[i] = shape.length - 1 - i;
        }
        return transpose(perm);
    }

    /**
     * A view with axes permuted (NumPy {@code transpose}); no axes given reverses them.
     *
     * @throws AxisException if {@code axes} is not a permutation of the dimensions
     */
    public NdArray transpose(int... axes) {
        if (axes.length == 0) {
            return T();
        }
        if (axes.length != shape.length) {
            throw new AxisException("axes don't match array");
        }
        int[] inv = new int[shape.length];
        Arrays.fill(inv, -1);
        long[] s = new long[shape.length];
        for (int j = 0; j < axes.length; j++) {
            int a = Shapes.axis(axes[j], shape.length);
            if (inv[a] >= 0) {
                throw new AxisException("repeated axis in transpose");
            }
            inv[a] = j;
            s[j] = shape[a];
        }
        int[] it = view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            if (it[k] >= 0) {
                it[k] = inv[it[k]];
            }
        }
        return new NdArray(ctx, base, s, new Access(it, view.step(), view.start()));
    }

    /**
     * Indexing (NumPy basic indexing {@code a[...]}): each index is an {@code Integer}/{@code Long}
     * (removes the axis; negative counts from the end), a {@link Slice} (a strided view, negative
     * steps allowed), {@link Slice#NEWAXIS} or {@link Slice#ELLIPSIS}. Returns a view that shares
     * data with this array; a 0-d view for a full integer index.
     *
     * @throws NdIndexException for an index outside its axis or too many indices
     */
    public NdArray get(Object... index) {
        int consumed = 0;
        int ellipses = 0;
        for (Object o : index) {
            if (o == Slice.ELLIPSIS) {
                ellipses++;
            } else if (o != Slice.NEWAXIS) {
                consumed++;
            }
        }
        if (ellipses > 1) {
            throw new NdIndexException("an index can only have a single ellipsis ('...')");
        }
        if (consumed > shape.length) {
            throw new NdIndexException("too many indices for array: array is " + shape.length + "-dimensional, but "
                    + consumed + " were indexed");
        }
        List<Object> full = new ArrayList<>();
        for (Object o : index) {
            if (o == Slice.ELLIPSIS) {
                for (int i = 0; i < shape.length - consumed; i++) {
                    full.add(Slice.all());
                }
            } else {
                full.add(o);
            }
        }
        int given = consumed;
        for (int i = given; i < shape.length && ellipses == 0; i++) {
            full.add(Slice.all());
        }
        // walk old axes; build new shape and per-old-axis (newAxis, step multiplier, start offset)
        int[] newOf = new int[shape.length];
        long[] mult = new long[shape.length];
        long[] off = new long[shape.length];
        List<Long> newShape = new ArrayList<>();
        int old = 0;
        for (Object o : full) {
            if (o == Slice.NEWAXIS) {
                newShape.add(1L);
                continue;
            }
            if (o instanceof Slice sl) {
                long[] r = sl.resolve(shape[old]);
                newOf[old] = newShape.size();
                mult[old] = r[2];
                off[old] = r[1] == 0 ? 0 : r[0];
                newShape.add(r[1]);
            } else if (o instanceof Number num) {
                if (!(o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte)) {
                    // NumPy 2: a float (or other non-integer number) is not an index
                    throw new NdIndexException(Scalars.INVALID_INDEX);
                }
                long i = num.longValue();
                long n = shape[old];
                if (i < -n || i >= n) {
                    throw new NdIndexException("index " + i + " is out of bounds for axis " + old + " with size " + n);
                }
                newOf[old] = -1;
                off[old] = i < 0 ? i + n : i;
            } else {
                throw new NdIndexException("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) are valid indices; got "
                        + (o == null ? "null" : o.getClass().getSimpleName()));
            }
            old++;
        }
        int[] it = view.iterDim().clone();
        long[] step = view.step().clone();
        long[] start = view.start().clone();
        for (int k = 0; k < it.length; k++) {
            int v = it[k];
            if (v < 0) {
                continue;
            }
            start[k] += step[k] * off[v];
            if (newOf[v] < 0) {
                it[k] = -1;
            } else {
                it[k] = newOf[v];
                step[k] *= mult[v];
            }
        }
        long[] s = new long[newShape.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = newShape.get(i);
        }
        return new NdArray(ctx, base, s, new Access(it, step, start));
    }

    /** Indexing with NumPy's string syntax, e.g. {@code a.get("1:-1, ::2")}, {@code a.get("..., None")}. */
    public NdArray get(String index) {
        return get(Slice.parse(index));
    }

    /** Assigns {@code value} (an array, broadcast to the view) into {@code this[index]} (NumPy {@code a[index] = value}). */
    public NdArray set(Object[] index, NdArray value) {
        Indexing.assign(get(index), value);
        return this;
    }

    /** Assigns a scalar into {@code this[index]}. */
    public NdArray set(Object[] index, double value) {
        Indexing.fill(get(index), value);
        return this;
    }

    /** {@code a[spec] = value} with NumPy's string syntax, e.g. {@code a.set("1:-1, 1:-1", b)}. */
    public NdArray set(String index, NdArray value) {
        Indexing.assign(get(index), value);
        return this;
    }

    /** {@code a[spec] = value} for a scalar. */
    public NdArray set(String index, double value) {
        Indexing.fill(get(index), value);
        return this;
    }

    /** Assigns {@code value} into the whole array ({@code a[...] = value}). */
    public NdArray assign(NdArray value) {
        Indexing.assign(this, value);
        return this;
    }

    /** Fills the whole array with a scalar (NumPy {@code fill}). */
    public NdArray fill(double value) {
        Indexing.fill(this, value);
        return this;
    }

    /**
     * A new shape for the same elements in row-major order (NumPy {@code reshape}; one extent may be
     * -1). A view when only axes of length one are added or removed or the shape is unchanged; a copy
     * otherwise (so, unlike NumPy, writes into a reshaped copy do not reach this array).
     *
     * @throws ShapeMismatchException "cannot reshape array of size 10 into shape (3,4)"
     */
    public NdArray reshape(long... newShape) {
        long[] s = newShape.clone();
        int unknown = -1;
        long known = 1;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == -1) {
                if (unknown >= 0) {
                    throw new ShapeMismatchException("can only specify one unknown dimension");
                }
                unknown = i;
            } else if (s[i] < 0) {
                throw new ShapeMismatchException("negative dimensions not allowed");
            } else {
                known *= s[i];
            }
        }
        long[] knownExtents = s.clone();
        if (unknown >= 0) {
            knownExtents[unknown] = 1;
        }
        if (Shapes.volumeOrMinusOne(knownExtents, dtype().itemsize()) < 0) {
            // NumPy words it so too: no array of this size can have that shape
            throw new ShapeMismatchException("cannot reshape array of size " + size() + " into shape "
                    + Shapes.str(newShape).replace("-1", "newaxis"));
        }
        if (unknown >= 0) {
            if (known == 0 || size() % known != 0) {
                throw new ShapeMismatchException("cannot reshape array of size " + size() + " into shape " + Shapes.str(newShape).replace("-1", "newaxis"));
            }
            s[unknown] = size() / known;
        }
        if (Shapes.volume(s) != size()) {
            throw new ShapeMismatchException("cannot reshape array of size " + size() + " into shape " + Shapes.str(s));
        }
        NdArray v = squeezeView(s);
        return v != null ? v : Indexing.gather(this, s);
    }

    /** {@code reshape} with {@code int} extents. */
    public NdArray reshape(int... newShape) {
        return reshape(Shapes.of(newShape));
    }

    /** The view for {@code s} when it differs from this shape only by axes of length one, else null. */
    private NdArray squeezeView(long[] s) {
        List<Integer> mine = new ArrayList<>();
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] != 1) {
                mine.add(i);
            }
        }
        List<Integer> theirs = new ArrayList<>();
        for (int i = 0; i < s.length; i++) {
            if (s[i] != 1) {
                theirs.add(i);
            }
        }
        if (mine.size() != theirs.size()) {
            return null;
        }
        int[] newOf = new int[shape.length];
        Arrays.fill(newOf, -1);
        for (int j = 0; j < mine.size(); j++) {
            if (shape[mine.get(j)] != s[theirs.get(j)]) {
                return null;
            }
            newOf[mine.get(j)] = theirs.get(j);
        }
        int[] it = view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            if (it[k] >= 0) {
                it[k] = newOf[it[k]];
            }
        }
        return new NdArray(ctx, base, s.clone(), new Access(it, view.step(), view.start()));
    }

    /** A 1-d copy (NumPy {@code flatten}). */
    public NdArray flatten() {
        return Indexing.gather(this, new long[]{size()});
    }

    /** 1-d: a view when possible, else a copy (NumPy {@code ravel}). */
    public NdArray ravel() {
        return reshape(size());
    }

    /** A copy with its own store (NumPy {@code copy}). */
    public NdArray copy() {
        return Elementwise.astype(this, dtype(), true);
    }

    /** A copy converted to {@code dtype} (NumPy {@code astype}, unsafe casting: floats truncate toward zero). */
    public NdArray astype(DType dtype) {
        return Elementwise.astype(this, dtype, true);
    }

    // ------------------------------------------------------------------ elementwise (fluent tier)

    /**
     * {@code this + b}, element by element, as a new array: {@link Np#add(NdArray, NdArray) Np.add(this, b)}
     * (shapes broadcast; dtype the promoted dtype ({@code numpy.result_type}); bool + bool is the logical or,
     * bool). Mirrors {@code numpy.add}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray add(NdArray b) { return Elementwise.binary(BinaryOp.ADD, this, b, null); }
    /**
     * {@code np.add(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#add(NdArray, double)}. Mirrors {@code numpy.add}.
     */
    public NdArray add(double b) { return Elementwise.binary(BinaryOp.ADD, this, b, null); }
    /**
     * {@code np.add(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32 stays
     * int32), int64 for bool. As {@link Np#add(NdArray, long)}. Mirrors {@code numpy.add}.
     */
    public NdArray add(long b) { return Elementwise.binary(BinaryOp.ADD, this, b, null); }
    /**
     * {@code this - b}, element by element, as a new array:
     * {@link Np#subtract(NdArray, NdArray) Np.subtract(this, b)} (shapes broadcast; dtype the promoted dtype
     * ({@code numpy.result_type})). Mirrors {@code numpy.subtract}.
     *
     * @throws DTypeException for two bool operands (NumPy's TypeError: "numpy boolean subtract, the `-` operator,
     *         is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray subtract(NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, this, b, null); }
    /**
     * {@code np.subtract(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#subtract(NdArray, double)}. Mirrors {@code numpy.subtract}.
     */
    public NdArray subtract(double b) { return Elementwise.binary(BinaryOp.SUBTRACT, this, b, null); }
    /**
     * {@code np.subtract(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32
     * stays int32), int64 for bool. As {@link Np#subtract(NdArray, long)}. Mirrors {@code numpy.subtract}.
     */
    public NdArray subtract(long b) { return Elementwise.binary(BinaryOp.SUBTRACT, this, b, null); }
    /**
     * {@code this * b}, element by element, as a new array:
     * {@link Np#multiply(NdArray, NdArray) Np.multiply(this, b)} (shapes broadcast; dtype the promoted dtype
     * ({@code numpy.result_type}); bool * bool is the logical and, bool). Mirrors {@code numpy.multiply}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray multiply(NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, this, b, null); }
    /**
     * {@code np.multiply(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#multiply(NdArray, double)}. Mirrors {@code numpy.multiply}.
     */
    public NdArray multiply(double b) { return Elementwise.binary(BinaryOp.MULTIPLY, this, b, null); }
    /**
     * {@code np.multiply(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32
     * stays int32), int64 for bool. As {@link Np#multiply(NdArray, long)}. Mirrors {@code numpy.multiply}.
     */
    public NdArray multiply(long b) { return Elementwise.binary(BinaryOp.MULTIPLY, this, b, null); }
    /**
     * True division {@code this / b}, element by element (x / 0 is inf or nan, as in NumPy), as a new array:
     * {@link Np#divide(NdArray, NdArray) Np.divide(this, b)} (shapes broadcast; dtype floating: float32 when both
     * are float32, else float64 (int and bool divide as float64)). Mirrors {@code numpy.divide}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray divide(NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }
    /**
     * {@code np.divide(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#divide(NdArray, double)}. Mirrors {@code numpy.divide}.
     */
    public NdArray divide(double b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }
    /**
     * {@code np.divide(this, b)} with a Java integer (weak Python int, NEP 50): this shape; this dtype when
     * floating, else float64 (true division). As {@link Np#divide(NdArray, long)}. Mirrors {@code numpy.divide}.
     */
    public NdArray divide(long b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }
    /**
     * {@code this ** b}, element by element (integers wrap around on overflow, as in NumPy), as a new array:
     * {@link Np#power(NdArray, NdArray) Np.power(this, b)} (shapes broadcast; dtype the promoted dtype
     * ({@code numpy.result_type}); bool ** bool gives int64 (NumPy: int8; Cohort has no int8)). An integer base to
     * a negative integer exponent fails the operation: reading the result throws {@code TaskFailedException}
     * "Integers to negative integer powers are not allowed." (NumPy's ValueError). Mirrors {@code numpy.power}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray power(NdArray b) { return Elementwise.binary(BinaryOp.POWER, this, b, null); }
    /**
     * {@code np.power(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#power(NdArray, double)}. Mirrors {@code numpy.power}.
     */
    public NdArray power(double b) { return Elementwise.binary(BinaryOp.POWER, this, b, null); }
    /**
     * {@code np.power(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32 stays
     * int32), int64 for bool. As {@link Np#power(NdArray, long)}. Mirrors {@code numpy.power}.
     */
    public NdArray power(long b) { return Elementwise.binary(BinaryOp.POWER, this, b, null); }
    /**
     * The larger of {@code this} and {@code b}, element by element; NaN when either is NaN, as a new array:
     * {@link Np#maximum(NdArray, NdArray) Np.maximum(this, b)} (shapes broadcast; dtype the promoted dtype
     * ({@code numpy.result_type}); for bool the logical or). Mirrors {@code numpy.maximum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray maximum(NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, this, b, null); }
    /**
     * {@code np.maximum(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#maximum(NdArray, double)}. Mirrors {@code numpy.maximum}.
     */
    public NdArray maximum(double b) { return Elementwise.binary(BinaryOp.MAXIMUM, this, b, null); }
    /**
     * The smaller of {@code this} and {@code b}, element by element; NaN when either is NaN, as a new array:
     * {@link Np#minimum(NdArray, NdArray) Np.minimum(this, b)} (shapes broadcast; dtype the promoted dtype
     * ({@code numpy.result_type}); for bool the logical and). Mirrors {@code numpy.minimum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray minimum(NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, this, b, null); }
    /**
     * {@code np.minimum(this, b)} with a Java {@code double} (weak scalar, NEP 50): this shape; this dtype when
     * floating, else float64. As {@link Np#minimum(NdArray, double)}. Mirrors {@code numpy.minimum}.
     */
    public NdArray minimum(double b) { return Elementwise.binary(BinaryOp.MINIMUM, this, b, null); }
    /**
     * {@code np.maximum(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32 stays
     * int32), int64 for bool. As {@link Np#maximum(NdArray, long)}. Mirrors {@code numpy.maximum}.
     */
    public NdArray maximum(long b) { return Elementwise.binary(BinaryOp.MAXIMUM, this, b, null); }
    /**
     * {@code np.minimum(this, b)} with a Java integer (weak Python int, NEP 50): this shape and dtype (int32 stays
     * int32), int64 for bool. As {@link Np#minimum(NdArray, long)}. Mirrors {@code numpy.minimum}.
     */
    public NdArray minimum(long b) { return Elementwise.binary(BinaryOp.MINIMUM, this, b, null); }
    /**
     * {@code this == b}, element by element: {@link Np#equal(NdArray, NdArray)} (shapes broadcast; bool result).
     * Mirrors {@code numpy.equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray equal(NdArray b) { return Elementwise.binary(BinaryOp.EQUAL, this, b, null); }
    /**
     * {@code this == b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.equal}.
     */
    public NdArray equal(double b) { return Elementwise.binary(BinaryOp.EQUAL, this, b, null); }
    /**
     * {@code this != b}, element by element: {@link Np#not_equal(NdArray, NdArray)} (shapes broadcast; bool
     * result). Mirrors {@code numpy.not_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray not_equal(NdArray b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, this, b, null); }
    /**
     * {@code this != b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.not_equal}.
     */
    public NdArray not_equal(double b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, this, b, null); }
    /**
     * {@code this < b}, element by element: {@link Np#less(NdArray, NdArray)} (shapes broadcast; bool result).
     * Mirrors {@code numpy.less}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray less(NdArray b) { return Elementwise.binary(BinaryOp.LESS, this, b, null); }
    /**
     * {@code this < b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.less}.
     */
    public NdArray less(double b) { return Elementwise.binary(BinaryOp.LESS, this, b, null); }
    /**
     * {@code this <= b}, element by element: {@link Np#less_equal(NdArray, NdArray)} (shapes broadcast; bool
     * result). Mirrors {@code numpy.less_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray less_equal(NdArray b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, this, b, null); }
    /**
     * {@code this <= b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.less_equal}.
     */
    public NdArray less_equal(double b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, this, b, null); }
    /**
     * {@code this > b}, element by element: {@link Np#greater(NdArray, NdArray)} (shapes broadcast; bool result).
     * Mirrors {@code numpy.greater}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray greater(NdArray b) { return Elementwise.binary(BinaryOp.GREATER, this, b, null); }
    /**
     * {@code this > b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.greater}.
     */
    public NdArray greater(double b) { return Elementwise.binary(BinaryOp.GREATER, this, b, null); }
    /**
     * {@code this >= b}, element by element: {@link Np#greater_equal(NdArray, NdArray)} (shapes broadcast; bool
     * result). Mirrors {@code numpy.greater_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray greater_equal(NdArray b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, this, b, null); }
    /**
     * {@code this >= b} for a Java {@code double}: bool of this shape; int and bool arrays compare as float64.
     * Mirrors {@code numpy.greater_equal}.
     */
    public NdArray greater_equal(double b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, this, b, null); }
    /**
     * The truth of {@code this && b}, element by element (non-zero is true):
     * {@link Np#logical_and(NdArray, NdArray)}; bool result. Mirrors {@code numpy.logical_and}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray logical_and(NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_AND, this, b, null); }
    /**
     * The truth of {@code this || b}, element by element (non-zero is true):
     * {@link Np#logical_or(NdArray, NdArray)}; bool result. Mirrors {@code numpy.logical_or}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public NdArray logical_or(NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_OR, this, b, null); }
    /**
     * The truth of {@code !this}, element by element (zero is false, NaN is true), as a new array of this shape:
     * {@link Np#logical_not(NdArray)}; dtype: bool whatever the input dtype. Mirrors {@code numpy.logical_not}.
     */
    public NdArray logical_not() { return Elementwise.unary(UnaryOp.LOGICAL_NOT, this, null); }
    /**
     * {@code -this}, element by element (integers wrap: {@code -MIN_VALUE} is itself), as a new array of this
     * shape: {@link Np#negative(NdArray)}; dtype: dtype of {@code a}. Mirrors {@code numpy.negative}.
     *
     * @throws DTypeException for a bool array (NumPy's TypeError: "The numpy boolean negative, the `-` operator,
     *         is not supported, use the `~` operator or the logical_not function instead.")
     */
    public NdArray negative() { return Elementwise.unary(UnaryOp.NEGATIVE, this, null); }
    /**
     * <i>e</i><sup>this</sup>, element by element, as a new array of this shape: {@link Np#exp(NdArray)}; dtype:
     * float32 and float64 keep their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool;
     * Cohort has no float16). Mirrors {@code numpy.exp}.
     */
    public NdArray exp() { return Elementwise.unary(UnaryOp.EXP, this, null); }
    /**
     * The natural logarithm ln(this), element by element: -inf at 0, NaN below 0, as a new array of this shape:
     * {@link Np#log(NdArray)}; dtype: float32 and float64 keep their dtype; int32, int64 and bool give float64
     * (NumPy gives float16 for bool; Cohort has no float16). Mirrors {@code numpy.log}.
     */
    public NdArray log() { return Elementwise.unary(UnaryOp.LOG, this, null); }
    /**
     * The square root, element by element: NaN below 0 (and -0.0 for -0.0), as a new array of this shape:
     * {@link Np#sqrt(NdArray)}; dtype: float32 and float64 keep their dtype; int32, int64 and bool give float64
     * (NumPy gives float16 for bool; Cohort has no float16). Mirrors {@code numpy.sqrt}.
     */
    public NdArray sqrt() { return Elementwise.unary(UnaryOp.SQRT, this, null); }
    /**
     * |this|, element by element (integers: {@code abs(MIN_VALUE)} wraps to itself, as in NumPy), as a new array
     * of this shape: {@link Np#abs(NdArray)}; dtype: dtype of {@code a} (bool stays bool). Mirrors
     * {@code numpy.abs}.
     */
    public NdArray abs() { return Elementwise.unary(UnaryOp.ABS, this, null); }
    /**
     * The hyperbolic tangent, element by element, as a new array of this shape: {@link Np#tanh(NdArray)}; dtype:
     * float32 and float64 keep their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool;
     * Cohort has no float16). Mirrors {@code numpy.tanh}.
     */
    public NdArray tanh() { return Elementwise.unary(UnaryOp.TANH, this, null); }
    /**
     * {@code this * this}, element by element (integers wrap around on overflow), as a new array of this shape:
     * {@link Np#square(NdArray)}; dtype: dtype of {@code a}; bool gives int64 (NumPy: int8; Cohort has no int8).
     * Mirrors {@code numpy.square}.
     */
    public NdArray square() { return Elementwise.unary(UnaryOp.SQUARE, this, null); }
    /** NumPy {@code clip}: elements limited to [lo, hi]. */
    public NdArray clip(double lo, double hi) {
        NdArray atLeast = Elementwise.binary(BinaryOp.MAXIMUM, this, lo, null);
        return Elementwise.binary(BinaryOp.MINIMUM, atLeast, hi, clipInPlace(atLeast));
    }
    /** NumPy {@code clip} with integer bounds (weak Python ints: an int array stays int). */
    public NdArray clip(long lo, long hi) {
        NdArray atLeast = Elementwise.binary(BinaryOp.MAXIMUM, this, lo, null);
        return Elementwise.binary(BinaryOp.MINIMUM, atLeast, hi, clipInPlace(atLeast));
    }

    /**
     * Where clip's second step writes: in place into the first step's result when that one is a small (eager) array,
     * whose dtype the second step keeps (the same bound kind promotes it no further), so that a clip makes one array
     * and its second pass finds it in cache; null (a new or deferred result) otherwise, which keeps a deferred clip
     * one fused expression.
     */
    private static NdArray clipInPlace(NdArray atLeast) {
        return atLeast.base.isEager() && atLeast.size() > 0 ? atLeast : null;
    }

    // ------------------------------------------------------------------ reductions

    /** Sum of all elements, a 0-d array (NumPy {@code sum}); int and bool sum as int64. */
    public NdArray sum() { return Reductions.reduce(ReduceOp.SUM, this, null, false); }
    /** Sum along {@code axis}. @throws AxisException for an axis out of range */
    public NdArray sum(int axis) { return Reductions.reduce(ReduceOp.SUM, this, axis, false); }
    /**
     * The sum along {@code axis}; with {@code keepdims} the axis stays with length 1 ({@code (2, 3, 4)} with axis
     * 1 gives {@code (2, 1, 4)}), so the result broadcasts against this array. Dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool sum as int64 (wrapping on overflow). An empty array sums to 0. Mirrors
     * {@code numpy.ndarray.sum}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray sum(int axis, boolean keepdims) { return Reductions.reduce(ReduceOp.SUM, this, axis, keepdims); }
    /**
     * The product over all elements of this array, a 0-d array. Dtype: float32 and float64 keep their dtype; int32,
     * int64 and bool multiply as int64 (wrapping on overflow). An empty array gives 1. Mirrors
     * {@code numpy.ndarray.prod}.
     */
    public NdArray prod() { return Reductions.reduce(ReduceOp.PROD, this, null, false); }
    /**
     * The product along {@code axis} (negative counts from the end): this array's shape without that axis, e.g.
     * {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: float32 and float64 keep their dtype; int32,
     * int64 and bool multiply as int64 (wrapping on overflow). An empty array gives 1. Mirrors
     * {@code numpy.ndarray.prod}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray prod(int axis) { return Reductions.reduce(ReduceOp.PROD, this, axis, false); }
    /**
     * The product along {@code axis}; with {@code keepdims} the axis stays with length 1 ({@code (2, 3, 4)} with
     * axis 1 gives {@code (2, 1, 4)}), so the result broadcasts against this array. Dtype: float32 and float64
     * keep their dtype; int32, int64 and bool multiply as int64 (wrapping on overflow). An empty array gives 1.
     * Mirrors {@code numpy.ndarray.prod}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray prod(int axis, boolean keepdims) { return Reductions.reduce(ReduceOp.PROD, this, axis, keepdims); }
    /**
     * The largest element (NaN if any is NaN) over all elements of this array, a 0-d array. Dtype: the input dtype.
     * Mirrors {@code numpy.ndarray.max}.
     *
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation maximum which has no identity"
     */
    public NdArray max() { return Reductions.reduce(ReduceOp.MAX, this, null, false); }
    /**
     * The largest element (NaN if any is NaN) along {@code axis} (negative counts from the end): this array's
     * shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: the input dtype.
     * Mirrors {@code numpy.ndarray.max}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation maximum which has no identity"
     */
    public NdArray max(int axis) { return Reductions.reduce(ReduceOp.MAX, this, axis, false); }
    /**
     * The largest element (NaN if any is NaN) along {@code axis}; with {@code keepdims} the axis stays with length
     * 1 ({@code (2, 3, 4)} with axis 1 gives {@code (2, 1, 4)}), so the result broadcasts against this array.
     * Dtype: the input dtype. Mirrors {@code numpy.ndarray.max}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation maximum which has no identity"
     */
    public NdArray max(int axis, boolean keepdims) { return Reductions.reduce(ReduceOp.MAX, this, axis, keepdims); }
    /**
     * The smallest element (NaN if any is NaN) over all elements of this array, a 0-d array. Dtype: the input dtype.
     * Mirrors {@code numpy.ndarray.min}.
     *
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation minimum which has no identity"
     */
    public NdArray min() { return Reductions.reduce(ReduceOp.MIN, this, null, false); }
    /**
     * The smallest element (NaN if any is NaN) along {@code axis} (negative counts from the end): this array's
     * shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: the input dtype.
     * Mirrors {@code numpy.ndarray.min}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation minimum which has no identity"
     */
    public NdArray min(int axis) { return Reductions.reduce(ReduceOp.MIN, this, axis, false); }
    /**
     * The smallest element (NaN if any is NaN) along {@code axis}; with {@code keepdims} the axis stays with
     * length 1 ({@code (2, 3, 4)} with axis 1 gives {@code (2, 1, 4)}), so the result broadcasts against this
     * array. Dtype: the input dtype. Mirrors {@code numpy.ndarray.min}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation minimum which has no identity"
     */
    public NdArray min(int axis, boolean keepdims) { return Reductions.reduce(ReduceOp.MIN, this, axis, keepdims); }
    /**
     * Whether any element is non-zero (NaN counts as non-zero) over all elements of this array, a 0-d array. Dtype:
     * bool. An empty array gives false. Mirrors {@code numpy.ndarray.any}.
     */
    public NdArray any() { return Reductions.reduce(ReduceOp.ANY, this, null, false); }
    /**
     * Whether any element is non-zero (NaN counts as non-zero) along {@code axis} (negative counts from the end):
     * this array's shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: bool.
     * An empty array gives false. Mirrors {@code numpy.ndarray.any}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray any(int axis) { return Reductions.reduce(ReduceOp.ANY, this, axis, false); }
    /**
     * Whether every element is non-zero (NaN counts as non-zero) over all elements of this array, a 0-d array.
     * Dtype: bool. An empty array gives true. Mirrors {@code numpy.ndarray.all}.
     */
    public NdArray all() { return Reductions.reduce(ReduceOp.ALL, this, null, false); }
    /**
     * Whether every element is non-zero (NaN counts as non-zero) along {@code axis} (negative counts from the
     * end): this array's shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype:
     * bool. An empty array gives true. Mirrors {@code numpy.ndarray.all}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray all(int axis) { return Reductions.reduce(ReduceOp.ALL, this, axis, false); }
    /** Arithmetic mean (NumPy {@code mean}); float64 for integer input. */
    public NdArray mean() { return Reductions.mean(this, null, false); }
    /**
     * The arithmetic mean (sum / count) along {@code axis} (negative counts from the end): this array's shape
     * without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool give float64. An empty array gives NaN. Mirrors
     * {@code numpy.ndarray.mean}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray mean(int axis) { return Reductions.mean(this, axis, false); }
    /**
     * The arithmetic mean (sum / count) along {@code axis}; with {@code keepdims} the axis stays with length 1
     * ({@code (2, 3, 4)} with axis 1 gives {@code (2, 1, 4)}), so the result broadcasts against this array. Dtype:
     * float32 and float64 keep their dtype; int32, int64 and bool give float64. An empty array gives NaN. Mirrors
     * {@code numpy.ndarray.mean}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public NdArray mean(int axis, boolean keepdims) { return Reductions.mean(this, axis, keepdims); }
    /** Flat index of the first maximum (NumPy {@code argmax}), int64. */
    public NdArray argmax() { return Reductions.argReduce(ArgReduceOp.ARGMAX, this, null); }
    /**
     * The index of the first largest element along {@code axis} (negative counts from the end):
     * this array's shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: int64.
     * Mirrors {@code numpy.ndarray.argmax}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array: "attempt to get argmax of an empty sequence"
     */
    public NdArray argmax(int axis) { return Reductions.argReduce(ArgReduceOp.ARGMAX, this, axis); }
    /**
     * The flat index (row-major) of the first smallest element over all elements of this array, a 0-d array. Dtype:
     * int64. Mirrors {@code numpy.ndarray.argmin}.
     *
     * @throws ShapeMismatchException for an empty array: "attempt to get argmin of an empty sequence"
     */
    public NdArray argmin() { return Reductions.argReduce(ArgReduceOp.ARGMIN, this, null); }
    /**
     * The index of the first smallest element along {@code axis} (negative counts from the
     * end): this array's shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype:
     * int64. Mirrors {@code numpy.ndarray.argmin}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array: "attempt to get argmin of an empty sequence"
     */
    public NdArray argmin(int axis) { return Reductions.argReduce(ArgReduceOp.ARGMIN, this, axis); }

    // ------------------------------------------------------------------ linear algebra

    /**
     * NumPy {@code dot}: 1-d and 2-d operands (GEMM / matrix-vector); n-d operands sum over the last axis of this and
     * the second-to-last of b ({@code tensordot}). @throws ShapeMismatchException "shapes (2,3) and (4,) not aligned: ..."
     */
    public NdArray dot(NdArray b) { return LinearAlgebra.matmul(this, b, true); }
    /**
     * NumPy {@code matmul} ({@code @}): 2-d operands by GEMM; n-d operands are stacks of matrices in the last two
     * dimensions with broadcast batch dimensions; a 1-d operand is a vector whose dimension leaves the result.
     *
     * @throws ShapeMismatchException "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc
     *         signature (n?,k),(k,m?)->(n?,m?) (size 5 is different from 3)"; batch dimensions that do not broadcast
     */
    public NdArray matmul(NdArray b) { return LinearAlgebra.matmul(this, b, false); }

    // ------------------------------------------------------------------ out

    /**
     * The value of a one-element array as a Java {@code Double}, {@code Long} or {@code Boolean}
     * (NumPy {@code item}). Blocks.
     *
     * @throws ShapeMismatchException "can only convert an array of size 1 to a Python scalar"
     */
    public Object item() {
        if (size() != 1) {
            throw new ShapeMismatchException("can only convert an array of size 1 to a Python scalar");
        }
        return JavaArrays.elements(this).get(0);
    }

    /** {@link #item()} as a double. */
    public double itemDouble() {
        Object o = item();
        return o instanceof Boolean b ? (b ? 1 : 0) : ((Number) o).doubleValue();
    }

    /** The elements, row-major, as doubles. Blocks. */
    public double[] toDoubleArray() {
        return JavaArrays.elements(this).doubles();
    }

    /** The elements, row-major, as longs (floats truncated). Blocks. */
    public long[] toLongArray() {
        return JavaArrays.elements(this).longs();
    }

    /**
     * The elements as nested Java arrays of the dtype's primitive type, bit for bit (NumPy
     * {@code tolist}): float64 gives {@code double}, float32 {@code float}, int64 {@code long},
     * int32 {@code int}, bool {@code boolean}, with one array level per dimension ({@code double[][]}
     * for a 2-d float64 array; shape {@code (2, 0)} gives two empty rows); a 0-d array gives a boxed
     * {@code Double}, {@code Long} or {@code Boolean} (as {@link #item()}). Blocks; see
     * {@link #toArray(Class)} for a typed result.
     *
     * @throws IllegalArgumentException if the array has more than {@code 2^31 - 9} elements
     */
    public Object toArray() {
        return JavaArrays.elements(this).nested(shape);
    }

    /**
     * The elements as nested Java arrays of the class asked for, e.g.
     * {@code double[][] m = a.toArray(double[][].class)} (NumPy {@code a.astype(t).tolist()}). The
     * class's array depth must equal {@link #ndim()}; for a 0-d array pass a scalar class
     * ({@code double.class} or {@code Double.class} gives a {@code Double}). A component type other
     * than the dtype's converts first, as {@link #astype} does (floats truncate toward zero, non-zero
     * is true). Blocks.
     *
     * @param type {@code double[]...[]}, {@code float[]...[]}, {@code long[]...[]}, {@code int[]...[]}
     *             or {@code boolean[]...[]} with {@code ndim} levels (a scalar class for 0-d)
     * @throws ShapeMismatchException "cannot convert an array of shape (2,3) (2-d) to double[] (1-d)"
     * @throws DTypeException for any other class, e.g. {@code short[].class} or {@code Object[].class}
     * @throws IllegalArgumentException if the array has more than {@code 2^31 - 9} elements
     */
    public <T> T toArray(Class<T> type) {
        return JavaArrays.toArray(this, type);
    }

    /** The elements, row-major, as float32 values ({@code astype(float32)} first for other dtypes). Blocks. */
    public float[] toFloatArray() {
        return (float[]) flatAs(DType.FLOAT32);
    }

    /** The elements, row-major, as int32 values ({@code astype(int32)} first for other dtypes). Blocks. */
    public int[] toIntArray() {
        return (int[]) flatAs(DType.INT32);
    }

    /** The elements, row-major, as booleans ({@code astype(bool)} first: non-zero is true). Blocks. */
    public boolean[] toBooleanArray() {
        return (boolean[]) flatAs(DType.BOOL);
    }

    private Object flatAs(DType t) {
        NdArray src = dtype() == t ? this : astype(t);
        return JavaArrays.elements(src).flat();
    }

    /**
     * NumPy's {@code repr}: {@code array([[0, 1], [2, 3]])}, summarised for large arrays. Blocks. An array whose
     * operation failed inside a task (and every array computed from it) prints as
     * {@code <failed array of shape (1000,), dtype int64: the failure>} instead of throwing, so that jshell (which
     * prints nothing when {@code toString} throws), a debugger or a log line shows why; reading its values
     * ({@link #item()}, {@link #toDoubleArray()}, ...) throws the {@code TaskFailedException}.
     */
    @Override
    public String toString() {
        try {
            return Printer.repr(this, JavaArrays.elements(this));
        } catch (dev.cohort.runtime.execution.TaskFailedException e) {
            return "<failed array of shape " + Shapes.str(shape) + ", dtype " + dtype() + ": " + e.getMessage() + ">";
        }
    }

    /**
     * NumPy's {@code memmap.flush}: writes the data of an array attached to a file ({@link Np#memmap},
     * {@link Np#load(java.nio.file.Path, String)} with an mmap mode) in mode {@code r+} or {@code w+}
     * back to that file, each shard its own tiles, and forces them to the device; every shard returns
     * once all have. Nothing for other arrays and modes {@code r} and {@code c}.
     *
     * @throws java.io.UncheckedIOException naming the file when a write fails
     */
    public void flush() {
        NpyIo.flush(this);
    }

    /**
     * Frees this array's store (and so every view of it) now, instead of when the GC notices; an array
     * attached to a file in mode {@code r+} or {@code w+} is {@link #flush() flushed} first (detach).
     */
    @Override
    public void close() {
        NpyIo.flush(this);
        base.attachment = null;
        Fusion.beforeClose(this);
        base.close();
    }

    // ================================================================== statistics, sorting, masks (issue 15)

    /** {@code a.var()}: {@link Np#var(NdArray)}. */
    public NdArray var() { return Statistics.var(this, null, 0, false); }

    /** {@code a.var(axis, ddof, keepdims)}: {@link Np#var(NdArray, int, int, boolean)}. */
    public NdArray var(int axis, int ddof, boolean keepdims) { return Statistics.var(this, axis, ddof, keepdims); }

    /** {@code a.std()}: {@link Np#std(NdArray)}. */
    public NdArray std() { return Statistics.std(this, null, 0, false); }

    /** {@code a.std(axis, ddof, keepdims)}: {@link Np#std(NdArray, int, int, boolean)}. */
    public NdArray std(int axis, int ddof, boolean keepdims) { return Statistics.std(this, axis, ddof, keepdims); }

    /** {@code a.cumsum()}: {@link Np#cumsum(NdArray)}. */
    public NdArray cumsum() { return Sorting.scan(this, null, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /** {@code a.cumsum(axis)}: {@link Np#cumsum(NdArray, int)}. */
    public NdArray cumsum(int axis) { return Sorting.scan(this, axis, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /** {@code a.cumprod()}: {@link Np#cumprod(NdArray)}. */
    public NdArray cumprod() { return Sorting.scan(this, null, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /** {@code a.cumprod(axis)}: {@link Np#cumprod(NdArray, int)}. */
    public NdArray cumprod(int axis) { return Sorting.scan(this, axis, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /** {@code a.argsort()}: {@link Np#argsort(NdArray)} (stable, last axis). */
    public NdArray argsort() { return Sorting.sort(this, -1, true); }

    /** {@code a.nonzero()}: {@link Np#nonzero(NdArray)}. */
    public NdArray[] nonzero() { return Sorting.nonzero(this); }

    /**
     * {@code a[mask]} for a bool array {@code mask} of {@code a}'s shape: the selected elements, 1-d, in C order
     * (distributed: a count per tile, a prefix sum of the counts, each tile compacting its part). NumPy's boolean
     * indexing. With an integer array (int64 or int32) instead, NumPy's integer-array indexing along the first
     * axis: {@link Np#take(NdArray, NdArray, int) take(a, indices, 0)}.
     *
     * @throws NdIndexException when the mask's shape differs ("boolean index did not match indexed array along
     *     axis 0; size of axis is 3 but size of corresponding boolean axis is 4") or it is not bool
     */
    public NdArray get(NdArray mask) {
        if (mask.dtype() == DType.INT64 || mask.dtype() == DType.INT32) {
            return FancyIndexing.take(this, mask, 0);
        }
        return Sorting.maskGet(this, mask);
    }

    /**
     * {@code a[mask] = value} for a bool {@code mask} of {@code a}'s shape: the elements where {@code mask} is true
     * become {@code value} (cast to {@code a}'s dtype); returns this.
     *
     * @throws NdIndexException as {@link #get(NdArray)}
     */
    public NdArray set(NdArray mask, double value) {
        if (mask.dtype() == DType.INT64 || mask.dtype() == DType.INT32) {
            FancyIndexing.setRows(this, mask, value);
            return this;
        }
        Sorting.checkMask(this, mask);
        Indexing.assign(this, Elementwise.where(mask, Elementwise.astype(Creation.full(ctx, DType.FLOAT64, new long[0], value), dtype(), true), this));
        return this;
    }

    // ------------------------------------------------------------------ integer-array indexing

    /**
     * {@code a[indices] = values} for an integer array {@code indices} (int64 or int32; negative ones count
     * from the end): the rows of {@code a} along its first axis at {@code indices} become {@code values},
     * broadcast to {@code indices.shape + a.shape[1:]} and converted to {@code a}'s dtype, in index order (a
     * repeated index keeps the last row, as in NumPy); returns this. (Integer arrays also select in
     * {@link #get(NdArray)} and, with a scalar, {@link #set(NdArray, double)}.)
     *
     * @throws NdIndexException for an index out of range ("index 5 is out of bounds for axis 0 with size 5")
     *     or a non-integer index array
     * @throws ShapeMismatchException when {@code values} does not broadcast to that shape
     */
    public NdArray set(NdArray indices, NdArray values) {
        FancyIndexing.setRows(this, indices, values);
        return this;
    }

    /** {@code a.take(indices)}: {@link Np#take(NdArray, NdArray)}. */
    public NdArray take(NdArray indices) {
        return FancyIndexing.take(this, indices, null);
    }

    /** {@code a.take(indices, axis)}: {@link Np#take(NdArray, NdArray, int)}. */
    public NdArray take(NdArray indices, int axis) {
        return FancyIndexing.take(this, indices, axis);
    }

    /** {@code a.put(ind, v)}: {@link Np#put(NdArray, NdArray, NdArray)}; returns this. */
    public NdArray put(NdArray ind, NdArray v) {
        FancyIndexing.put(this, ind, v);
        return this;
    }

    // ================================================================== array manipulation (issue 15, wave 2)

    /** NumPy {@code a.squeeze()}: the view without length-one axes; see {@link Np#squeeze(NdArray)}. */
    public NdArray squeeze() { return Manipulation.squeeze(this, null); }

    /**
     * NumPy {@code a.squeeze(axis)}: the view without the given length-one axes.
     *
     * @throws ShapeMismatchException "cannot select an axis to squeeze out which has size not equal to one"
     */
    public NdArray squeeze(int... axis) { return Manipulation.squeeze(this, axis); }

    /** NumPy {@code a.swapaxes(axis1, axis2)}: the view with two axes interchanged. @throws AxisException for an axis out of range */
    public NdArray swapaxes(int axis1, int axis2) { return Manipulation.swapaxes(this, axis1, axis2); }

    /**
     * NumPy {@code a.repeat(repeats, axis)}: each element repeated along {@code axis}; same dtype; see
     * {@link Np#repeat(NdArray, long, int)}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray repeat(long repeats, int axis) { return Manipulation.repeat(this, repeats, axis); }

    /** NumPy {@code a.repeat(repeats)}: the flattened elements repeated (1-d). */
    public NdArray repeat(long repeats) { return Manipulation.repeat(this, repeats, null); }

    /**
     * NumPy {@code a.diagonal(offset, axis1, axis2)}: the diagonal (a copy in Cohort); see
     * {@link Np#diagonal(NdArray, long, int, int)}.
     *
     * @throws IllegalArgumentException "diag requires an array of at least two dimensions"
     */
    public NdArray diagonal(long offset, int axis1, int axis2) { return Manipulation.diagonal(this, offset, axis1, axis2); }

    /** NumPy {@code a.diagonal()}: the main diagonal of axes 0 and 1 (a copy in Cohort). */
    public NdArray diagonal() { return Manipulation.diagonal(this, 0, 0, 1); }

    /**
     * NumPy {@code a.trace(offset, axis1, axis2)}: sum along the diagonal; int and bool sum as int64.
     *
     * @throws IllegalArgumentException "diag requires an array of at least two dimensions"
     */
    public NdArray trace(long offset, int axis1, int axis2) { return Manipulation.trace(this, offset, axis1, axis2); }

    /** NumPy {@code a.trace()}: sum of the main diagonal. */
    public NdArray trace() { return Manipulation.trace(this, 0, 0, 1); }

    // ------------------------------------------------------------------ linear algebra (issue 15, wave 2: linalg)

    /** NumPy {@code ndarray.trace(offset)}: {@link Np#trace(NdArray, long)}. */
    public NdArray trace(long offset) { return Manipulation.trace(this, offset, 0, 1); }

    // ------------------------------------------------------------------ element-wise math and logic (issue 15, ufuncs)

    /** {@link Np#floor(NdArray)} of this array: element-wise the largest integer {@code <= x}. */
    public NdArray floor() { return Elementwise.unary(UnaryOp.FLOOR, this, null); }

    /** {@link Np#ceil(NdArray)} of this array: element-wise the smallest integer {@code >= x}. */
    public NdArray ceil() { return Elementwise.unary(UnaryOp.CEIL, this, null); }

    /** {@link Np#trunc(NdArray)} of this array: element-wise {@code x} rounded toward zero. */
    public NdArray trunc() { return Elementwise.unary(UnaryOp.TRUNC, this, null); }

    /** {@link Np#rint(NdArray)} of this array: element-wise {@code x} rounded to the nearest integer, halves to even. */
    public NdArray rint() { return Elementwise.unary(UnaryOp.RINT, this, null); }

    /** {@link Np#sign(NdArray)} of this array: element-wise {@code -1}, {@code 0} or {@code 1} by the sign of {@code x} (NaN for NaN). */
    public NdArray sign() { return Elementwise.unary(UnaryOp.SIGN, this, null); }

    /** {@link Np#log10(NdArray)} of this array: element-wise the base-10 logarithm. */
    public NdArray log10() { return Elementwise.unary(UnaryOp.LOG10, this, null); }

    /** {@link Np#log2(NdArray)} of this array: element-wise the base-2 logarithm. */
    public NdArray log2() { return Elementwise.unary(UnaryOp.LOG2, this, null); }

    /** {@link Np#exp2(NdArray)} of this array: element-wise {@code 2**x}. */
    public NdArray exp2() { return Elementwise.unary(UnaryOp.EXP2, this, null); }

    /** {@link Np#expm1(NdArray)} of this array: element-wise {@code exp(x) - 1}, accurate near 0. */
    public NdArray expm1() { return Elementwise.unary(UnaryOp.EXPM1, this, null); }

    /** {@link Np#sinh(NdArray)} of this array: element-wise the hyperbolic sine. */
    public NdArray sinh() { return Elementwise.unary(UnaryOp.SINH, this, null); }

    /** {@link Np#cosh(NdArray)} of this array: element-wise the hyperbolic cosine. */
    public NdArray cosh() { return Elementwise.unary(UnaryOp.COSH, this, null); }

    /** {@link Np#tan(NdArray)} of this array: element-wise the tangent (radians). */
    public NdArray tan() { return Elementwise.unary(UnaryOp.TAN, this, null); }

    /** {@link Np#arcsin(NdArray)} of this array: element-wise the inverse sine in {@code [-pi/2, pi/2]} (NaN outside {@code [-1, 1]}). */
    public NdArray arcsin() { return Elementwise.unary(UnaryOp.ARCSIN, this, null); }

    /** {@link Np#arccos(NdArray)} of this array: element-wise the inverse cosine in {@code [0, pi]} (NaN outside {@code [-1, 1]}). */
    public NdArray arccos() { return Elementwise.unary(UnaryOp.ARCCOS, this, null); }

    /** {@link Np#arctan(NdArray)} of this array: element-wise the inverse tangent in {@code [-pi/2, pi/2]}. */
    public NdArray arctan() { return Elementwise.unary(UnaryOp.ARCTAN, this, null); }

    /** {@link Np#arcsinh(NdArray)} of this array: element-wise the inverse hyperbolic sine. */
    public NdArray arcsinh() { return Elementwise.unary(UnaryOp.ARCSINH, this, null); }

    /** {@link Np#arccosh(NdArray)} of this array: element-wise the inverse hyperbolic cosine (NaN below 1). */
    public NdArray arccosh() { return Elementwise.unary(UnaryOp.ARCCOSH, this, null); }

    /** {@link Np#arctanh(NdArray)} of this array: element-wise the inverse hyperbolic tangent (+-inf at +-1, NaN outside). */
    public NdArray arctanh() { return Elementwise.unary(UnaryOp.ARCTANH, this, null); }

    /** {@link Np#cbrt(NdArray)} of this array: element-wise the real cube root. */
    public NdArray cbrt() { return Elementwise.unary(UnaryOp.CBRT, this, null); }

    /** {@link Np#deg2rad(NdArray)} of this array: element-wise {@code x * pi / 180}. */
    public NdArray deg2rad() { return Elementwise.unary(UnaryOp.DEG2RAD, this, null); }

    /** {@link Np#radians(NdArray)} of this array: element-wise {@code x * pi / 180} (alias of {@code deg2rad}). */
    public NdArray radians() { return Elementwise.unary(UnaryOp.DEG2RAD, this, null, "radians"); }

    /** {@link Np#rad2deg(NdArray)} of this array: element-wise {@code x * 180 / pi}. */
    public NdArray rad2deg() { return Elementwise.unary(UnaryOp.RAD2DEG, this, null); }

    /** {@link Np#degrees(NdArray)} of this array: element-wise {@code x * 180 / pi} (alias of {@code rad2deg}). */
    public NdArray degrees() { return Elementwise.unary(UnaryOp.RAD2DEG, this, null, "degrees"); }

    /** {@link Np#isnan(NdArray)} of this array: element-wise true where {@code x} is NaN. */
    public NdArray isnan() { return Elementwise.unary(UnaryOp.ISNAN, this, null); }

    /** {@link Np#isinf(NdArray)} of this array: element-wise true where {@code x} is +inf or -inf. */
    public NdArray isinf() { return Elementwise.unary(UnaryOp.ISINF, this, null); }

    /** {@link Np#isfinite(NdArray)} of this array: element-wise true where {@code x} is neither infinite nor NaN. */
    public NdArray isfinite() { return Elementwise.unary(UnaryOp.ISFINITE, this, null); }

    /** {@link Np#signbit(NdArray)} of this array: element-wise true where the sign bit of {@code x} is set ({@code -0.0} and negative NaN included). */
    public NdArray signbit() { return Elementwise.unary(UnaryOp.SIGNBIT, this, null); }

    /** {@link Np#invert(NdArray)} of this array: element-wise the bitwise not {@code ~x} (logical not for bool). */
    public NdArray invert() { return Elementwise.unary(UnaryOp.INVERT, this, null); }

    /** {@link Np#bitwise_not(NdArray)} of this array: element-wise the bitwise not {@code ~x} (alias of {@code invert}; logical not for bool). */
    public NdArray bitwise_not() { return Elementwise.unary(UnaryOp.INVERT, this, null); }

    /** {@link Np#positive(NdArray)} of this array: element-wise {@code +x}, a copy. */
    public NdArray positive() { return Elementwise.unary(UnaryOp.POSITIVE, this, null); }

    /** {@link Np#reciprocal(NdArray)} of this array: element-wise {@code 1 / x}; integers {@code 1 / x} truncated as NumPy's integer loop (0 for |x| > 1). */
    public NdArray reciprocal() { return Elementwise.unary(UnaryOp.RECIPROCAL, this, null); }

    /** {@link Np#absolute(NdArray)} of this array: element-wise {@code |x|} (alias of {@code abs}). */
    public NdArray absolute() { return Elementwise.unary(UnaryOp.ABS, this, null); }

    /** {@link Np#erf(NdArray)} of this array: element-wise the error function {@code 2/sqrt(pi) * integral_0^x exp(-t*t) dt} (not a NumPy ufunc: {@code scipy.special.erf}, within 2 ulp of SciPy). */
    public NdArray erf() { return Elementwise.unary(UnaryOp.ERF, this, null); }

    /** {@link Np#floor_divide(NdArray, NdArray)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}. */
    public NdArray floor_divide(NdArray b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, this, b, null); }

    /** {@link Np#floor_divide(NdArray, double)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}. */
    public NdArray floor_divide(double b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, this, b, null); }

    /** {@link Np#floor_divide(NdArray, long)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}. */
    public NdArray floor_divide(long b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, this, b, null); }

    /** {@link Np#remainder(NdArray, NdArray)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}. */
    public NdArray remainder(NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#remainder(NdArray, double)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}. */
    public NdArray remainder(double b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#remainder(NdArray, long)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}. */
    public NdArray remainder(long b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#mod(NdArray, NdArray)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}). */
    public NdArray mod(NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#mod(NdArray, double)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}). */
    public NdArray mod(double b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#mod(NdArray, long)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}). */
    public NdArray mod(long b) { return Elementwise.binary(BinaryOp.REMAINDER, this, b, null); }

    /** {@link Np#fmod(NdArray, NdArray)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}. */
    public NdArray fmod(NdArray b) { return Elementwise.binary(BinaryOp.FMOD, this, b, null); }

    /** {@link Np#fmod(NdArray, double)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}. */
    public NdArray fmod(double b) { return Elementwise.binary(BinaryOp.FMOD, this, b, null); }

    /** {@link Np#fmod(NdArray, long)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}. */
    public NdArray fmod(long b) { return Elementwise.binary(BinaryOp.FMOD, this, b, null); }

    /** {@link Np#arctan2(NdArray, NdArray)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}. */
    public NdArray arctan2(NdArray b) { return Elementwise.binary(BinaryOp.ARCTAN2, this, b, null); }

    /** {@link Np#arctan2(NdArray, double)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}. */
    public NdArray arctan2(double b) { return Elementwise.binary(BinaryOp.ARCTAN2, this, b, null); }

    /** {@link Np#arctan2(NdArray, long)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}. */
    public NdArray arctan2(long b) { return Elementwise.binary(BinaryOp.ARCTAN2, this, b, null); }

    /** {@link Np#hypot(NdArray, NdArray)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow. */
    public NdArray hypot(NdArray b) { return Elementwise.binary(BinaryOp.HYPOT, this, b, null); }

    /** {@link Np#hypot(NdArray, double)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow. */
    public NdArray hypot(double b) { return Elementwise.binary(BinaryOp.HYPOT, this, b, null); }

    /** {@link Np#hypot(NdArray, long)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow. */
    public NdArray hypot(long b) { return Elementwise.binary(BinaryOp.HYPOT, this, b, null); }

    /** {@link Np#fmax(NdArray, NdArray)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmax(NdArray b) { return Elementwise.binary(BinaryOp.FMAX, this, b, null); }

    /** {@link Np#fmax(NdArray, double)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmax(double b) { return Elementwise.binary(BinaryOp.FMAX, this, b, null); }

    /** {@link Np#fmax(NdArray, long)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmax(long b) { return Elementwise.binary(BinaryOp.FMAX, this, b, null); }

    /** {@link Np#fmin(NdArray, NdArray)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmin(NdArray b) { return Elementwise.binary(BinaryOp.FMIN, this, b, null); }

    /** {@link Np#fmin(NdArray, double)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmin(double b) { return Elementwise.binary(BinaryOp.FMIN, this, b, null); }

    /** {@link Np#fmin(NdArray, long)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are). */
    public NdArray fmin(long b) { return Elementwise.binary(BinaryOp.FMIN, this, b, null); }

    /** {@link Np#copysign(NdArray, NdArray)}: element-wise the magnitude of {@code a} with the sign of {@code b}. */
    public NdArray copysign(NdArray b) { return Elementwise.binary(BinaryOp.COPYSIGN, this, b, null); }

    /** {@link Np#copysign(NdArray, double)}: element-wise the magnitude of {@code a} with the sign of {@code b}. */
    public NdArray copysign(double b) { return Elementwise.binary(BinaryOp.COPYSIGN, this, b, null); }

    /** {@link Np#copysign(NdArray, long)}: element-wise the magnitude of {@code a} with the sign of {@code b}. */
    public NdArray copysign(long b) { return Elementwise.binary(BinaryOp.COPYSIGN, this, b, null); }

    /** {@link Np#nextafter(NdArray, NdArray)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type). */
    public NdArray nextafter(NdArray b) { return Elementwise.binary(BinaryOp.NEXTAFTER, this, b, null); }

    /** {@link Np#nextafter(NdArray, double)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type). */
    public NdArray nextafter(double b) { return Elementwise.binary(BinaryOp.NEXTAFTER, this, b, null); }

    /** {@link Np#nextafter(NdArray, long)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type). */
    public NdArray nextafter(long b) { return Elementwise.binary(BinaryOp.NEXTAFTER, this, b, null); }

    /** {@link Np#logical_xor(NdArray, NdArray)}: element-wise {@code bool(a) != bool(b)}. */
    public NdArray logical_xor(NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, this, b, null); }

    /** {@link Np#logical_xor(NdArray, double)}: element-wise {@code bool(a) != bool(b)}. */
    public NdArray logical_xor(double b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, this, b, null); }

    /** {@link Np#logical_xor(NdArray, long)}: element-wise {@code bool(a) != bool(b)}. */
    public NdArray logical_xor(long b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, this, b, null); }

    /** {@link Np#bitwise_and(NdArray, NdArray)}: element-wise {@code a & b}. */
    public NdArray bitwise_and(NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_AND, this, b, null); }

    /** {@link Np#bitwise_and(NdArray, double)}: element-wise {@code a & b}. */
    public NdArray bitwise_and(double b) { return Elementwise.binary(BinaryOp.BITWISE_AND, this, b, null); }

    /** {@link Np#bitwise_and(NdArray, long)}: element-wise {@code a & b}. */
    public NdArray bitwise_and(long b) { return Elementwise.binary(BinaryOp.BITWISE_AND, this, b, null); }

    /** {@link Np#bitwise_or(NdArray, NdArray)}: element-wise {@code a | b}. */
    public NdArray bitwise_or(NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_OR, this, b, null); }

    /** {@link Np#bitwise_or(NdArray, double)}: element-wise {@code a | b}. */
    public NdArray bitwise_or(double b) { return Elementwise.binary(BinaryOp.BITWISE_OR, this, b, null); }

    /** {@link Np#bitwise_or(NdArray, long)}: element-wise {@code a | b}. */
    public NdArray bitwise_or(long b) { return Elementwise.binary(BinaryOp.BITWISE_OR, this, b, null); }

    /** {@link Np#bitwise_xor(NdArray, NdArray)}: element-wise {@code a ^ b}. */
    public NdArray bitwise_xor(NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, this, b, null); }

    /** {@link Np#bitwise_xor(NdArray, double)}: element-wise {@code a ^ b}. */
    public NdArray bitwise_xor(double b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, this, b, null); }

    /** {@link Np#bitwise_xor(NdArray, long)}: element-wise {@code a ^ b}. */
    public NdArray bitwise_xor(long b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, this, b, null); }

    /** {@link Np#left_shift(NdArray, NdArray)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0. */
    public NdArray left_shift(NdArray b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, this, b, null); }

    /** {@link Np#left_shift(NdArray, double)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0. */
    public NdArray left_shift(double b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, this, b, null); }

    /** {@link Np#left_shift(NdArray, long)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0. */
    public NdArray left_shift(long b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, this, b, null); }

    /** {@link Np#right_shift(NdArray, NdArray)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}). */
    public NdArray right_shift(NdArray b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, this, b, null); }

    /** {@link Np#right_shift(NdArray, double)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}). */
    public NdArray right_shift(double b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, this, b, null); }

    /** {@link Np#right_shift(NdArray, long)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}). */
    public NdArray right_shift(long b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, this, b, null); }

    /** {@link Np#true_divide(NdArray, NdArray)}: element-wise {@code a / b} (alias of {@code divide}). */
    public NdArray true_divide(NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }

    /** {@link Np#true_divide(NdArray, double)}: element-wise {@code a / b} (alias of {@code divide}). */
    public NdArray true_divide(double b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }

    /** {@link Np#true_divide(NdArray, long)}: element-wise {@code a / b} (alias of {@code divide}). */
    public NdArray true_divide(long b) { return Elementwise.binary(BinaryOp.DIVIDE, this, b, null); }

    /** {@link Np#equal(NdArray, long)}: element-wise {@code this == b}, exact for integer arrays. */
    public NdArray equal(long b) { return Elementwise.binary(BinaryOp.EQUAL, this, b, null); }

    /** {@link Np#not_equal(NdArray, long)}: element-wise {@code this != b}, exact for integer arrays. */
    public NdArray not_equal(long b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, this, b, null); }

    /** {@link Np#less(NdArray, long)}: element-wise {@code this < b}, exact for integer arrays. */
    public NdArray less(long b) { return Elementwise.binary(BinaryOp.LESS, this, b, null); }

    /** {@link Np#less_equal(NdArray, long)}: element-wise {@code this <= b}, exact for integer arrays. */
    public NdArray less_equal(long b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, this, b, null); }

    /** {@link Np#greater(NdArray, long)}: element-wise {@code this > b}, exact for integer arrays. */
    public NdArray greater(long b) { return Elementwise.binary(BinaryOp.GREATER, this, b, null); }

    /** {@link Np#greater_equal(NdArray, long)}: element-wise {@code this >= b}, exact for integer arrays. */
    public NdArray greater_equal(long b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, this, b, null); }

    /** {@link Np#log1p(NdArray)} of this array: element-wise {@code log(1 + x)}. */
    public NdArray log1p() { return Elementwise.unary(UnaryOp.LOG1P, this, null); }

    /** {@link Np#sin(NdArray)} of this array: element-wise sine (radians). */
    public NdArray sin() { return Elementwise.unary(UnaryOp.SIN, this, null); }

    /** {@link Np#cos(NdArray)} of this array: element-wise cosine (radians). */
    public NdArray cos() { return Elementwise.unary(UnaryOp.COS, this, null); }

    /** {@code ndarray.round(decimals)}: {@link Np#round(NdArray, int)} of this array. */
    public NdArray round(int decimals) { return Ufuncs.round(this, decimals, null); }

    /** {@code ndarray.round()}: {@link Np#round(NdArray)} of this array. */
    public NdArray round() { return Ufuncs.round(this, 0, null); }

    /** {@code ndarray.conjugate()}: {@link Np#conjugate(NdArray)} (a copy: Cohort's dtypes are real). */
    public NdArray conjugate() { return Ufuncs.conjugate(this); }

    /** {@code ndarray.conj()}: {@link Np#conj(NdArray)}. */
    public NdArray conj() { return Ufuncs.conjugate(this); }

    // ================================================================== sorting and searching (issue 15, wave 3)

    /**
     * {@code ndarray.sort()}: sorts this array in place along the last axis (NumPy's order, NaN last; a 1-d array
     * by the distributed sample sort). Mirrors {@code numpy.ndarray.sort}.
     *
     * @throws AxisException for a 0-d array
     */
    public void sort() { Searching.sortInPlace(this, -1); }

    /**
     * {@code ndarray.sort(axis)}: sorts this array in place along {@code axis}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public void sort(int axis) { Searching.sortInPlace(this, axis); }

    /** {@code ndarray.searchsorted(v)}: {@link Np#searchsorted(NdArray, NdArray)} with this sorted 1-d array. */
    public NdArray searchsorted(NdArray v) { return Searching.searchsorted(this, v, "left"); }

    /** {@code ndarray.searchsorted(v, side)}: {@link Np#searchsorted(NdArray, NdArray, String)}. */
    public NdArray searchsorted(NdArray v, String side) { return Searching.searchsorted(this, v, side); }

    /**
     * {@code ndarray.partition(kth)}: partitions this array in place along the last axis around {@code kth}
     * (here: sorts it; see {@link Np#partition(NdArray, long)}).
     *
     * @throws IllegalArgumentException "kth(=5) out of bounds (5)"
     */
    public void partition(long kth) { Indexing.assign(this, Searching.partition(this, kth, -1, false)); }

    /** {@code ndarray.argpartition(kth)}: {@link Np#argpartition(NdArray, long)}. */
    public NdArray argpartition(long kth) { return Searching.partition(this, kth, -1, true); }

    // ------------------------------------------------------------------ indexing routines (wave 3: IndexRoutines)

    /** {@code ndarray.choose(choices)}: {@link Np#choose(NdArray, NdArray)} with this array as the index array. */
    public NdArray choose(NdArray choices) { return IndexRoutines.choose(this, choices, "raise"); }

    /** {@code ndarray.choose(choices, mode=mode)}: {@link Np#choose(NdArray, NdArray, String)}. */
    public NdArray choose(NdArray choices, String mode) { return IndexRoutines.choose(this, choices, mode); }

    /** {@code ndarray.choose(choices)} with a list of choice arrays: {@link Np#choose(NdArray, java.util.List)}. */
    public NdArray choose(java.util.List<NdArray> choices) { return IndexRoutines.choose(this, choices, "raise"); }

    /** {@code ndarray.compress(condition, axis)}: {@link Np#compress(NdArray, NdArray, int)} of this array. */
    public NdArray compress(NdArray condition, int axis) { return IndexRoutines.compress(condition, this, axis); }

    /** {@code ndarray.compress(condition)}: {@link Np#compress(NdArray, NdArray)} of this array, flattened. */
    public NdArray compress(NdArray condition) { return IndexRoutines.compress(condition, this, null); }
}
