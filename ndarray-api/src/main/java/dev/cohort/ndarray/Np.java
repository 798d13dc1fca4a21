package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.RandDist;
import dev.cohort.tasks.RandomDist;
import dev.cohort.tasks.UnaryOp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * NumPy's functions with NumPy's names, over {@link NdArray}s of the calling program's
 * {@link Cohort} context. Use {@code import static dev.cohort.ndarray.Np.*}; then
 * {@code arange(10).reshape(2, 5).sum(1)} reads as in NumPy. Each elementwise function has the
 * fluent form ({@code add(a, b)}) and the explicit-output form ({@code add(a, b, out)}, NumPy's
 * {@code out=}); Java scalars may stand on either side.
 *
 * <h2>Dtype rules</h2>
 * Cohort's dtypes are bool, int32, int64, float32 and float64; an operation's result dtype is NumPy 2's:
 * <ul>
 *   <li>Two arrays promote as {@code numpy.result_type} ({@link DType#promote}): bool &lt; int32 &lt; int64 &lt;
 *       float32 &lt; float64, except that int32 or int64 with float32 gives float64.</li>
 *   <li>A Java scalar is a weak Python scalar (NEP 50): a {@code double} keeps a float array's dtype (float32 + 0.5
 *       is float32) and makes an int or bool array float64; a {@code long} or {@code int} keeps an int array's
 *       dtype (int32 + 3 is int32) and makes a bool array int64.</li>
 *   <li>Where NumPy's result would be int8 or float16 (e.g. {@code square} or {@code sqrt} of bool), Cohort, which
 *       has neither, gives int64 or float64.</li>
 *   <li>An {@code out} array must have exactly the result's shape, and the result dtype must cast to {@code out}'s
 *       under {@code same_kind} (float into int is refused, int into float allowed).</li>
 * </ul>
 * Shapes broadcast as in NumPy: aligned from the last axis, each pair of extents equal or one of them 1.
 */
public final class Np {
    private Np() {
    }

    /** {@code np.newaxis}. */
    public static final Object newaxis = Slice.NEWAXIS;
    /** {@code ...} in an index. */
    public static final Object ellipsis = Slice.ELLIPSIS;

    /** {@code np.float64}: IEEE 754 double, 8 bytes; Java {@code double}. */
    public static final DType float64 = DType.FLOAT64;
    /** {@code np.float32}: IEEE 754 single, 4 bytes; Java {@code float}. */
    public static final DType float32 = DType.FLOAT32;
    /**
     * {@code np.int64}: 8-byte signed integer, Java {@code long}; NumPy's default integer and Cohort's for integer
     * sums.
     */
    public static final DType int64 = DType.INT64;
    /** {@code np.int32}: 4-byte signed integer; Java {@code int}. */
    public static final DType int32 = DType.INT32;
    /** {@code np.bool}: true or false, 1 byte; Java {@code boolean}. */
    public static final DType bool = DType.BOOL;

    /** {@code np.random}: counter-based (Philox4x32-10), the same numbers for any tiling or shard count. */
    public static final Random random = new Random();
    /** {@code np.linalg}. */
    public static final Linalg linalg = new Linalg();

    /** {@code slice(start, stop, step)} for {@link NdArray#get(Object...)}; null parts are omitted. */
    public static Slice slice(Long start, Long stop, Long step) {
        return Slice.of(start, stop, step);
    }

    /** {@code start:stop}. */
    public static Slice slice(long start, long stop) {
        return Slice.of(start, stop);
    }

    /** {@code :}. */
    public static Slice all() {
        return Slice.all();
    }

    // ------------------------------------------------------------------ creation

    private static Cohort ctx() {
        return Cohort.current();
    }

    /**
     * {@code np.array} of a 1-d {@code double[]} (float64). A single Java scalar, {@code array(5.0)},
     * resolves to {@link #array(Object)} and gives a 0-d array, as {@code np.array(5.0)} does.
     */
    public static NdArray array(double... data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of a 2-d {@code double[][]} (float64). @throws ShapeMismatchException for ragged rows */
    public static NdArray array(double[][] data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of a {@code float[]} (float32). */
    public static NdArray array(float... data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of a {@code long[]} (int64). */
    public static NdArray array(long... data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of a 2-d {@code long[][]} (int64). */
    public static NdArray array(long[][] data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of an {@code int[]} (int32). */
    public static NdArray array(int... data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array} of a {@code boolean[]} (bool). */
    public static NdArray array(boolean... data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /** {@code np.array(data).reshape(shape)} for row-major float64 data. */
    public static NdArray array(double[] data, long... shape) {
        return JavaArrays.flat(ctx(), data, shape);
    }

    /** {@code np.asarray}: the array itself. */
    public static NdArray asarray(NdArray a) {
        return a;
    }

    /**
     * {@code np.asarray} of a {@code double[]}: a new float64 array of shape {@code (data.length,)} (Java data is
     * always copied). Mirrors {@code numpy.asarray}.
     */
    public static NdArray asarray(double... data) {
        return array(data);
    }

    /**
     * {@code np.asarray} of a {@code double[][]}: a new float64 array of shape {@code (rows, columns)}, a copy.
     * Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged rows
     */
    public static NdArray asarray(double[][] data) {
        return array(data);
    }

    /**
     * {@code np.asarray} of a {@code long[]}: a new int64 array of shape {@code (data.length,)}, a copy. Mirrors
     * {@code numpy.asarray}.
     */
    public static NdArray asarray(long... data) {
        return array(data);
    }

    /** A 0-d array holding {@code v} (float64). */
    public static NdArray scalar(double v) {
        return Creation.full(ctx(), DType.FLOAT64, new long[0], v);
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code np.zeros(shape)}, float64. */
    public static NdArray zeros(long... shape) {
        return Creation.full(ctx(), DType.FLOAT64, shape, 0);
    }

    /**
     * {@code np.zeros(shape)} with {@code int} extents: float64 zeros. Mirrors {@code numpy.zeros}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray zeros(int... shape) {
        return zeros(Shapes.of(shape));
    }

    /** {@code np.zeros(shape, dtype)}. */
    public static NdArray zeros(long[] shape, DType dtype) {
        return Creation.full(ctx(), dtype, shape, 0);
    }

    /**
     * {@code np.ones(shape)}: a new float64 array of that shape filled with 1.0. Mirrors {@code numpy.ones}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray ones(long... shape) {
        return Creation.full(ctx(), DType.FLOAT64, shape, 1);
    }

    /**
     * {@code np.ones(shape)} with {@code int} extents: float64 ones. Mirrors {@code numpy.ones}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray ones(int... shape) {
        return ones(Shapes.of(shape));
    }

    /**
     * {@code np.ones(shape, dtype)}: a new array of that shape and dtype filled with one (true for bool). Mirrors
     * {@code numpy.ones}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray ones(long[] shape, DType dtype) {
        return Creation.full(ctx(), dtype, shape, 1);
    }

    /** {@code np.full(shape, value)}, float64. */
    public static NdArray full(long[] shape, double value) {
        return Creation.full(ctx(), DType.FLOAT64, shape, value);
    }

    /**
     * {@code np.full(shape, value, dtype)}: a new array of that shape and dtype, every element {@code value}
     * converted as {@link NdArray#astype} converts (toward zero for integers, non-zero is true for bool). Mirrors
     * {@code numpy.full}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray full(long[] shape, double value, DType dtype) {
        return Creation.full(ctx(), dtype, shape, value);
    }

    /** {@code np.empty}: Cohort's stores start zero-filled, so this equals {@link #zeros}. */
    public static NdArray empty(long... shape) {
        return zeros(shape);
    }

    /**
     * {@code np.empty(shape, dtype)}: as {@link #zeros(long[], DType)}, since Cohort's stores start zero-filled.
     * Mirrors {@code numpy.empty}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray empty(long[] shape, DType dtype) {
        return zeros(shape, dtype);
    }

    /**
     * {@code np.zeros_like(a)}: a new array of {@code a}'s shape and dtype, all zero (false). Mirrors
     * {@code numpy.zeros_like}.
     */
    public static NdArray zeros_like(NdArray a) {
        return Creation.full(a.ctx, a.dtype(), a.shape, 0);
    }

    /**
     * {@code np.ones_like(a)}: a new array of {@code a}'s shape and dtype, all one (true). Mirrors
     * {@code numpy.ones_like}.
     */
    public static NdArray ones_like(NdArray a) {
        return Creation.full(a.ctx, a.dtype(), a.shape, 1);
    }

    /**
     * {@code np.full_like(a, value)}: a new array of {@code a}'s shape and dtype, every element {@code value}
     * converted to that dtype (toward zero for integers, non-zero is true for bool). Mirrors
     * {@code numpy.full_like}.
     */
    public static NdArray full_like(NdArray a, double value) {
        return Creation.full(a.ctx, a.dtype(), a.shape, value);
    }

    /**
     * {@code np.empty_like(a)}: as {@link #zeros_like}, since Cohort's stores start zero-filled. Mirrors
     * {@code numpy.empty_like}.
     */
    public static NdArray empty_like(NdArray a) {
        return zeros_like(a);
    }

    /** {@code np.arange(stop)}, int64. */
    public static NdArray arange(long stop) {
        return arange(0, stop, 1);
    }

    /** {@code np.arange(start, stop, step)} with integers, int64. @throws IllegalArgumentException for step 0 */
    public static NdArray arange(long start, long stop, long step) {
        if (step == 0) {
            throw new IllegalArgumentException("Maximum allowed size exceeded");
        }
        long n = Math.max(0, step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step);
        return Creation.arange(ctx(), DType.INT64, start, step, n);
    }

    /**
     * {@code np.arange(start, stop)}: the int64 values {@code start, start + 1, ..., stop - 1}, shape
     * {@code (max(0, stop - start),)}. Mirrors {@code numpy.arange}.
     */
    public static NdArray arange(long start, long stop) {
        return arange(start, stop, 1);
    }

    /** {@code np.arange(start, stop, step)} with floats, float64; length {@code ceil((stop - start) / step)}. */
    public static NdArray arange(double start, double stop, double step) {
        if (step == 0 || Double.isNaN(step)) {
            throw new IllegalArgumentException("Maximum allowed size exceeded");
        }
        long n = (long) Math.max(0, Math.ceil((stop - start) / step));
        return Creation.arange(ctx(), DType.FLOAT64, start, step, n);
    }

    /** {@code np.linspace(start, stop, num)} (endpoint included), float64. */
    public static NdArray linspace(double start, double stop, long num) {
        if (num < 0) {
            throw new IllegalArgumentException("Number of samples, " + num + ", must be non-negative.");
        }
        double step = num > 1 ? (stop - start) / (num - 1) : 0;
        NdArray a = Creation.arange(ctx(), DType.FLOAT64, start, step, num);
        if (num > 1) {
            a.set(new Object[]{num - 1}, stop);
        }
        return a;
    }

    /** {@code np.eye(n)}: the identity matrix, float64. */
    public static NdArray eye(long n) {
        return eye(n, n);
    }

    /**
     * {@code np.eye(n, m)}: the {@code (n, m)} float64 array with ones on the main diagonal.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed" when {@code n} or {@code m} is negative
     */
    public static NdArray eye(long n, long m) {
        if (n < 0 || m < 0) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        NdArray r = arange(n).get(Slice.all(), Slice.NEWAXIS);
        NdArray c = arange(m).get(Slice.NEWAXIS, Slice.all());
        return r.equal(c).astype(DType.FLOAT64);
    }

    // ------------------------------------------------------------------ elementwise: binary

    /**
     * {@code a + b}, element by element. Shapes broadcast: {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}.
     * Dtype: the promoted dtype ({@code numpy.result_type}); bool + bool is the logical or, bool; see the class's
     * dtype rules. Mirrors {@code numpy.add}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray add(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    /**
     * {@code np.add(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #add(NdArray, NdArray)}. Mirrors
     * {@code numpy.add}.
     */
    public static NdArray add(NdArray a, double b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    /**
     * {@code np.add(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #add(NdArray, NdArray)}. Mirrors
     * {@code numpy.add}.
     */
    public static NdArray add(double a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    /**
     * {@code np.add(a, b, out=out)}: as {@link #add(NdArray, NdArray)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.add}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray add(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.ADD, a, b, out); }
    /**
     * {@code np.add(a, b, out=out)}: as {@link #add(NdArray, double)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.add}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray add(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.ADD, a, b, out); }
    /**
     * {@code a - b}, element by element. Shapes broadcast: {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}.
     * Dtype: the promoted dtype ({@code numpy.result_type}); see the class's dtype rules. Mirrors
     * {@code numpy.subtract}.
     *
     * @throws DTypeException for two bool operands (NumPy's TypeError: "numpy boolean subtract, the `-` operator,
     *         is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray subtract(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    /**
     * {@code np.subtract(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #subtract(NdArray, NdArray)}. Mirrors
     * {@code numpy.subtract}.
     */
    public static NdArray subtract(NdArray a, double b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    /**
     * {@code np.subtract(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #subtract(NdArray, NdArray)}. Mirrors
     * {@code numpy.subtract}.
     */
    public static NdArray subtract(double a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    /**
     * {@code np.subtract(a, b, out=out)}: as {@link #subtract(NdArray, NdArray)}, written into {@code out}, which
     * is returned. Mirrors {@code numpy.subtract}.
     *
     * @throws DTypeException for two bool operands (NumPy's TypeError: "numpy boolean subtract, the `-` operator,
     *         is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'subtract' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray subtract(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, out); }
    /**
     * {@code np.subtract(a, b, out=out)}: as {@link #subtract(NdArray, double)}, written into {@code out}, which
     * is returned. Mirrors {@code numpy.subtract}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'subtract' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray subtract(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, out); }
    /**
     * {@code a * b}, element by element. Shapes broadcast: {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}.
     * Dtype: the promoted dtype ({@code numpy.result_type}); bool * bool is the logical and, bool; see the class's
     * dtype rules. Mirrors {@code numpy.multiply}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray multiply(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    /**
     * {@code np.multiply(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #multiply(NdArray, NdArray)}. Mirrors
     * {@code numpy.multiply}.
     */
    public static NdArray multiply(NdArray a, double b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    /**
     * {@code np.multiply(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #multiply(NdArray, NdArray)}. Mirrors
     * {@code numpy.multiply}.
     */
    public static NdArray multiply(double a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    /**
     * {@code np.multiply(a, b, out=out)}: as {@link #multiply(NdArray, NdArray)}, written into {@code out}, which
     * is returned. Mirrors {@code numpy.multiply}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'multiply' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray multiply(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    /**
     * {@code np.multiply(a, b, out=out)}: as {@link #multiply(NdArray, double)}, written into {@code out}, which
     * is returned. Mirrors {@code numpy.multiply}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'multiply' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray multiply(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    /**
     * {@code np.multiply(a, b, out=out)}: as {@link #multiply(double, NdArray)}, written into {@code out}, which
     * is returned. Mirrors {@code numpy.multiply}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'multiply' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray multiply(double a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    /**
     * True division {@code a / b}, element by element (x / 0 is inf or nan, as in NumPy). Shapes broadcast:
     * {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}. Dtype: floating: float32 when both are float32, else
     * float64 (int and bool divide as float64); see the class's dtype rules. Mirrors {@code numpy.divide}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray divide(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    /**
     * {@code np.divide(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #divide(NdArray, NdArray)}. Mirrors
     * {@code numpy.divide}.
     */
    public static NdArray divide(NdArray a, double b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    /**
     * {@code np.divide(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #divide(NdArray, NdArray)}. Mirrors
     * {@code numpy.divide}.
     */
    public static NdArray divide(double a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    /**
     * {@code np.divide(a, b, out=out)}: as {@link #divide(NdArray, NdArray)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.divide}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray divide(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, out); }
    /**
     * {@code np.divide(a, b, out=out)}: as {@link #divide(NdArray, double)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.divide}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray divide(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, out); }
    /**
     * {@code a ** b}, element by element (integers wrap around on overflow, as in NumPy). Shapes broadcast:
     * {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}. Dtype: the promoted dtype
     * ({@code numpy.result_type}); bool ** bool gives int64 (NumPy: int8; Cohort has no int8); see the class's
     * dtype rules. An integer base to a negative integer exponent fails the operation: reading the result throws
     * {@code TaskFailedException} "Integers to negative integer powers are not allowed." (NumPy's ValueError).
     * Mirrors {@code numpy.power}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray power(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    /**
     * {@code np.power(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #power(NdArray, NdArray)}. Mirrors
     * {@code numpy.power}.
     */
    public static NdArray power(NdArray a, double b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    /**
     * {@code np.power(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of
     * {@code a} (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #power(NdArray, NdArray)}.
     * Mirrors {@code numpy.power}.
     */
    public static NdArray power(NdArray a, long b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    /**
     * {@code np.power(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #power(NdArray, NdArray)}. Mirrors
     * {@code numpy.power}.
     */
    public static NdArray power(double a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    /**
     * {@code np.power(a, b, out=out)}: as {@link #power(NdArray, NdArray)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.power}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'power' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray power(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.POWER, a, b, out); }
    /**
     * The larger of {@code a} and {@code b}, element by element; NaN when either is NaN. Shapes broadcast:
     * {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}. Dtype: the promoted dtype
     * ({@code numpy.result_type}); for bool the logical or; see the class's dtype rules. Mirrors
     * {@code numpy.maximum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray maximum(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    /**
     * {@code np.maximum(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #maximum(NdArray, NdArray)}. Mirrors
     * {@code numpy.maximum}.
     */
    public static NdArray maximum(NdArray a, double b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    /**
     * {@code np.maximum(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #maximum(NdArray, NdArray)}. Mirrors
     * {@code numpy.maximum}.
     */
    public static NdArray maximum(double a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    /**
     * {@code np.maximum(a, b, out=out)}: as {@link #maximum(NdArray, NdArray)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.maximum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'maximum' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray maximum(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, out); }
    /**
     * The smaller of {@code a} and {@code b}, element by element; NaN when either is NaN. Shapes broadcast:
     * {@code a: (2, 1)}, {@code b: (3,)} give {@code (2, 3)}. Dtype: the promoted dtype
     * ({@code numpy.result_type}); for bool the logical and; see the class's dtype rules. Mirrors
     * {@code numpy.minimum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray minimum(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    /**
     * {@code np.minimum(a, b)} with a Java {@code double b} (a weak scalar, NEP 50): shape of {@code a}; dtype
     * {@code a}'s when floating, else float64. Otherwise as {@link #minimum(NdArray, NdArray)}. Mirrors
     * {@code numpy.minimum}.
     */
    public static NdArray minimum(NdArray a, double b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    /**
     * {@code np.minimum(a, b)} with a Java {@code double a} (a weak scalar, NEP 50): shape of {@code b}; dtype
     * {@code b}'s when floating, else float64. Otherwise as {@link #minimum(NdArray, NdArray)}. Mirrors
     * {@code numpy.minimum}.
     */
    public static NdArray minimum(double a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    /**
     * {@code np.minimum(a, b, out=out)}: as {@link #minimum(NdArray, NdArray)}, written into {@code out}, which is
     * returned. Mirrors {@code numpy.minimum}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)") or {@code out} does not have the broadcast shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'minimum' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray minimum(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, out); }

    // Java integer scalars are NumPy's weak Python ints (NEP 50): int64 op 3 stays int64, int32 op 3 int32.
    /**
     * {@code np.add(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of {@code a}
     * (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #add(NdArray, NdArray)}. Mirrors
     * {@code numpy.add}.
     */
    public static NdArray add(NdArray a, long b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    /**
     * {@code np.add(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of {@code b}
     * (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #add(NdArray, NdArray)}. Mirrors
     * {@code numpy.add}.
     */
    public static NdArray add(long a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    /**
     * {@code np.subtract(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of
     * {@code a} (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #subtract(NdArray, NdArray)}.
     * Mirrors {@code numpy.subtract}.
     */
    public static NdArray subtract(NdArray a, long b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    /**
     * {@code np.subtract(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of
     * {@code b} (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #subtract(NdArray, NdArray)}.
     * Mirrors {@code numpy.subtract}.
     */
    public static NdArray subtract(long a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    /**
     * {@code np.multiply(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of
     * {@code a} (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #multiply(NdArray, NdArray)}.
     * Mirrors {@code numpy.multiply}.
     */
    public static NdArray multiply(NdArray a, long b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    /**
     * {@code np.multiply(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of
     * {@code b} (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #multiply(NdArray, NdArray)}.
     * Mirrors {@code numpy.multiply}.
     */
    public static NdArray multiply(long a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    /**
     * {@code np.divide(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape of {@code a};
     * dtype {@code a}'s when floating, else float64 (true division). Otherwise as {@link #divide(NdArray, NdArray)}.
     * Mirrors {@code numpy.divide}.
     */
    public static NdArray divide(NdArray a, long b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    /**
     * {@code np.divide(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape of {@code b};
     * dtype {@code b}'s when floating, else float64 (true division). Otherwise as {@link #divide(NdArray, NdArray)}.
     * Mirrors {@code numpy.divide}.
     */
    public static NdArray divide(long a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    /**
     * {@code np.power(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of
     * {@code b} (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #power(NdArray, NdArray)}.
     * Mirrors {@code numpy.power}.
     */
    public static NdArray power(long a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    /**
     * {@code np.maximum(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of
     * {@code a} (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #maximum(NdArray, NdArray)}.
     * Mirrors {@code numpy.maximum}.
     */
    public static NdArray maximum(NdArray a, long b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    /**
     * {@code np.maximum(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of
     * {@code b} (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #maximum(NdArray, NdArray)}.
     * Mirrors {@code numpy.maximum}.
     */
    public static NdArray maximum(long a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    /**
     * {@code np.minimum(a, b)} with a Java integer {@code b} (a weak Python int, NEP 50): shape and dtype of
     * {@code a} (int32 stays int32), int64 for a bool {@code a}. Otherwise as {@link #minimum(NdArray, NdArray)}.
     * Mirrors {@code numpy.minimum}.
     */
    public static NdArray minimum(NdArray a, long b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    /**
     * {@code np.minimum(a, b)} with a Java integer {@code a} (a weak Python int, NEP 50): shape and dtype of
     * {@code b} (int32 stays int32), int64 for a bool {@code b}. Otherwise as {@link #minimum(NdArray, NdArray)}.
     * Mirrors {@code numpy.minimum}.
     */
    public static NdArray minimum(long a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    /**
     * {@code a == b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }
    /**
     * {@code a == b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.equal}.
     */
    public static NdArray equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }
    /**
     * {@code a != b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.not_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray not_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    /**
     * {@code a != b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.not_equal}.
     */
    public static NdArray not_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    /**
     * {@code a < b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.less}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray less(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }
    /**
     * {@code a < b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.less}.
     */
    public static NdArray less(NdArray a, double b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }
    /**
     * {@code a <= b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.less_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray less_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    /**
     * {@code a <= b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.less_equal}.
     */
    public static NdArray less_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    /**
     * {@code a > b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.greater}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray greater(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }
    /**
     * {@code a > b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.greater}.
     */
    public static NdArray greater(NdArray a, double b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }
    /**
     * {@code a >= b}, element by element, compared in the promoted dtype ({@code numpy.result_type}; NaN compares
     * unequal to everything). Shapes broadcast; the result is bool. Mirrors {@code numpy.greater_equal}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray greater_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    /**
     * {@code a >= b} for a Java {@code double b}: bool of {@code a}'s shape; int and bool arrays compare as
     * float64. Mirrors {@code numpy.greater_equal}.
     */
    public static NdArray greater_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    /**
     * The truth of {@code a && b}, element by element (non-zero is true, NaN is true). Shapes broadcast; the
     * result is bool whatever the input dtypes. Mirrors {@code numpy.logical_and}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray logical_and(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_AND, a, b, null); }
    /**
     * The truth of {@code a || b}, element by element (non-zero is true, NaN is true). Shapes broadcast; the
     * result is bool whatever the input dtypes. Mirrors {@code numpy.logical_or}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast ("operands could not be broadcast together
     *         with shapes (2,) (3,)")
     */
    public static NdArray logical_or(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_OR, a, b, null); }
    /**
     * The truth of {@code !a}, element by element (zero is false, NaN is true). Shape of {@code a}; dtype: bool
     * whatever the input dtype. Mirrors {@code numpy.logical_not}.
     */
    public static NdArray logical_not(NdArray a) { return Elementwise.unary(UnaryOp.LOGICAL_NOT, a, null); }

    // ------------------------------------------------------------------ elementwise: unary

    /**
     * {@code -a}, element by element (integers wrap: {@code -MIN_VALUE} is itself). Shape of {@code a}; dtype:
     * dtype of {@code a}. Mirrors {@code numpy.negative}.
     *
     * @throws DTypeException for a bool array (NumPy's TypeError: "The numpy boolean negative, the `-` operator,
     *         is not supported, use the `~` operator or the logical_not function instead.")
     */
    public static NdArray negative(NdArray a) { return Elementwise.unary(UnaryOp.NEGATIVE, a, null); }
    /**
     * {@code np.negative(a, out=out)}: as {@link #negative(NdArray)}, written into {@code out}, which is returned.
     * Mirrors {@code numpy.negative}.
     *
     * @throws DTypeException for a bool array (NumPy's TypeError: "The numpy boolean negative, the `-` operator,
     *         is not supported, use the `~` operator or the logical_not function instead.")
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'negative' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray negative(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.NEGATIVE, a, out); }
    /**
     * <i>e</i><sup>a</sup>, element by element. Shape of {@code a}; dtype: float32 and float64 keep their dtype;
     * int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has no float16). Mirrors
     * {@code numpy.exp}.
     */
    public static NdArray exp(NdArray a) { return Elementwise.unary(UnaryOp.EXP, a, null); }
    /**
     * {@code np.exp(a, out=out)}: as {@link #exp(NdArray)}, written into {@code out}, which is returned. Mirrors
     * {@code numpy.exp}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'exp' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray exp(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.EXP, a, out); }
    /**
     * The natural logarithm ln(a), element by element: -inf at 0, NaN below 0. Shape of {@code a}; dtype: float32
     * and float64 keep their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has
     * no float16). Mirrors {@code numpy.log}.
     */
    public static NdArray log(NdArray a) { return Elementwise.unary(UnaryOp.LOG, a, null); }
    /**
     * {@code np.log(a, out=out)}: as {@link #log(NdArray)}, written into {@code out}, which is returned. Mirrors
     * {@code numpy.log}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'log' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray log(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.LOG, a, out); }
    /**
     * Ln(1 + a), element by element, accurate for small {@code a}: -inf at -1, NaN below -1. Shape of {@code a};
     * dtype: float32 and float64 keep their dtype; int32, int64 and bool give float64 (NumPy gives float16 for
     * bool; Cohort has no float16). Mirrors {@code numpy.log1p}.
     */
    public static NdArray log1p(NdArray a) { return Elementwise.unary(UnaryOp.LOG1P, a, null); }
    /**
     * The square root, element by element: NaN below 0 (and -0.0 for -0.0). Shape of {@code a}; dtype: float32 and
     * float64 keep their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has no
     * float16). Mirrors {@code numpy.sqrt}.
     */
    public static NdArray sqrt(NdArray a) { return Elementwise.unary(UnaryOp.SQRT, a, null); }
    /**
     * {@code np.sqrt(a, out=out)}: as {@link #sqrt(NdArray)}, written into {@code out}, which is returned. Mirrors
     * {@code numpy.sqrt}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'sqrt' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray sqrt(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.SQRT, a, out); }
    /**
     * |a|, element by element (integers: {@code abs(MIN_VALUE)} wraps to itself, as in NumPy). Shape of {@code a};
     * dtype: dtype of {@code a} (bool stays bool). Mirrors {@code numpy.abs}.
     */
    public static NdArray abs(NdArray a) { return Elementwise.unary(UnaryOp.ABS, a, null); }
    /**
     * {@code np.abs(a, out=out)}: as {@link #abs(NdArray)}, written into {@code out}, which is returned. Mirrors
     * {@code numpy.abs}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'abs' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray abs(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.ABS, a, out); }
    /**
     * The hyperbolic tangent, element by element. Shape of {@code a}; dtype: float32 and float64 keep their dtype;
     * int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has no float16). Mirrors
     * {@code numpy.tanh}.
     */
    public static NdArray tanh(NdArray a) { return Elementwise.unary(UnaryOp.TANH, a, null); }
    /**
     * {@code np.tanh(a, out=out)}: as {@link #tanh(NdArray)}, written into {@code out}, which is returned. Mirrors
     * {@code numpy.tanh}.
     *
     * @throws ShapeMismatchException when {@code out} does not have the result's shape ("non-broadcastable output
     *         operand with shape (2,) doesn't match the broadcast shape (3,)")
     * @throws DTypeException when the result dtype does not cast to {@code out}'s under {@code same_kind} ("Cannot
     *         cast ufunc 'tanh' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'")
     */
    public static NdArray tanh(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.TANH, a, out); }
    /**
     * The sine of {@code a} in radians, element by element. Shape of {@code a}; dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has no float16).
     * Mirrors {@code numpy.sin}.
     */
    public static NdArray sin(NdArray a) { return Elementwise.unary(UnaryOp.SIN, a, null); }
    /**
     * The cosine of {@code a} in radians, element by element. Shape of {@code a}; dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool give float64 (NumPy gives float16 for bool; Cohort has no float16).
     * Mirrors {@code numpy.cos}.
     */
    public static NdArray cos(NdArray a) { return Elementwise.unary(UnaryOp.COS, a, null); }
    /**
     * {@code a * a}, element by element (integers wrap around on overflow). Shape of {@code a}; dtype: dtype of
     * {@code a}; bool gives int64 (NumPy: int8; Cohort has no int8). Mirrors {@code numpy.square}.
     */
    public static NdArray square(NdArray a) { return Elementwise.unary(UnaryOp.SQUARE, a, null); }

    /** {@code np.clip(a, lo, hi)}. */
    public static NdArray clip(NdArray a, double lo, double hi) {
        return a.clip(lo, hi);
    }

    /** {@code np.clip(a, lo, hi)} with integer bounds: an int array stays int. */
    public static NdArray clip(NdArray a, long lo, long hi) {
        return a.clip(lo, hi);
    }

    /** {@code np.clip(a, lo, hi)} with array bounds. */
    public static NdArray clip(NdArray a, NdArray lo, NdArray hi) {
        return minimum(maximum(a, lo), hi);
    }

    /** {@code np.where(cond, x, y)}; x and y may be arrays or Java scalars. */
    public static NdArray where(NdArray cond, Object x, Object y) {
        return Elementwise.where(cond, x, y);
    }

    // ------------------------------------------------------------------ reductions, shape, linear algebra

    /**
     * The sum over all elements of {@code a}, a 0-d array. Dtype: float32 and float64 keep their dtype; int32, int64
     * and bool sum as int64 (wrapping on overflow). An empty array sums to 0. Mirrors {@code numpy.sum}.
     */
    public static NdArray sum(NdArray a) { return a.sum(); }
    /**
     * The sum along {@code axis} (negative counts from the end): {@code a}'s shape without that axis, e.g.
     * {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: float32 and float64 keep their dtype; int32,
     * int64 and bool sum as int64 (wrapping on overflow). An empty array sums to 0. Mirrors {@code numpy.sum}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray sum(NdArray a, int axis) { return a.sum(axis); }
    /**
     * The sum along {@code axis}; with {@code keepdims} the axis stays with length 1 ({@code (2, 3, 4)} with axis
     * 1 gives {@code (2, 1, 4)}), so the result broadcasts against {@code a}. Dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool sum as int64 (wrapping on overflow). An empty array sums to 0. Mirrors
     * {@code numpy.sum}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray sum(NdArray a, int axis, boolean keepdims) { return a.sum(axis, keepdims); }
    /**
     * The arithmetic mean (sum / count) over all elements of {@code a}, a 0-d array. Dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool give float64. An empty array gives NaN. Mirrors {@code numpy.mean}.
     */
    public static NdArray mean(NdArray a) { return a.mean(); }
    /**
     * The arithmetic mean (sum / count) along {@code axis} (negative counts from the end): {@code a}'s shape
     * without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: float32 and float64 keep
     * their dtype; int32, int64 and bool give float64. An empty array gives NaN. Mirrors {@code numpy.mean}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray mean(NdArray a, int axis) { return a.mean(axis); }
    /**
     * The arithmetic mean (sum / count) along {@code axis}; with {@code keepdims} the axis stays with length 1
     * ({@code (2, 3, 4)} with axis 1 gives {@code (2, 1, 4)}), so the result broadcasts against {@code a}. Dtype:
     * float32 and float64 keep their dtype; int32, int64 and bool give float64. An empty array gives NaN. Mirrors
     * {@code numpy.mean}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray mean(NdArray a, int axis, boolean keepdims) { return a.mean(axis, keepdims); }
    /**
     * The largest element (NaN if any is NaN) over all elements of {@code a}, a 0-d array. Dtype: the input dtype.
     * Mirrors {@code numpy.max}.
     *
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation maximum which has no identity"
     */
    public static NdArray max(NdArray a) { return a.max(); }
    /**
     * The largest element (NaN if any is NaN) along {@code axis} (negative counts from the end): {@code a}'s shape
     * without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: the input dtype. Mirrors
     * {@code numpy.max}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation maximum which has no identity"
     */
    public static NdArray max(NdArray a, int axis) { return a.max(axis); }
    /**
     * The smallest element (NaN if any is NaN) over all elements of {@code a}, a 0-d array. Dtype: the input dtype.
     * Mirrors {@code numpy.min}.
     *
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation minimum which has no identity"
     */
    public static NdArray min(NdArray a) { return a.min(); }
    /**
     * The smallest element (NaN if any is NaN) along {@code axis} (negative counts from the end): {@code a}'s
     * shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: the input dtype.
     * Mirrors {@code numpy.min}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array (or axis of length 0): "zero-size array to reduction
     *         operation minimum which has no identity"
     */
    public static NdArray min(NdArray a, int axis) { return a.min(axis); }
    /**
     * The product over all elements of {@code a}, a 0-d array. Dtype: float32 and float64 keep their dtype; int32,
     * int64 and bool multiply as int64 (wrapping on overflow). An empty array gives 1. Mirrors {@code numpy.prod}.
     */
    public static NdArray prod(NdArray a) { return a.prod(); }
    /**
     * The product along {@code axis} (negative counts from the end): {@code a}'s shape without that axis, e.g.
     * {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: float32 and float64 keep their dtype; int32,
     * int64 and bool multiply as int64 (wrapping on overflow). An empty array gives 1. Mirrors {@code numpy.prod}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray prod(NdArray a, int axis) { return a.prod(axis); }
    /**
     * The flat index (row-major) of the first largest element over all elements of {@code a}, a 0-d array. Dtype:
     * int64. Mirrors {@code numpy.argmax}.
     *
     * @throws ShapeMismatchException for an empty array: "attempt to get argmax of an empty sequence"
     */
    public static NdArray argmax(NdArray a) { return a.argmax(); }
    /**
     * The index of the first largest element along {@code axis} (negative counts from the end):
     * {@code a}'s shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: int64.
     * Mirrors {@code numpy.argmax}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array: "attempt to get argmax of an empty sequence"
     */
    public static NdArray argmax(NdArray a, int axis) { return a.argmax(axis); }
    /**
     * The flat index (row-major) of the first smallest element over all elements of {@code a}, a 0-d array. Dtype:
     * int64. Mirrors {@code numpy.argmin}.
     *
     * @throws ShapeMismatchException for an empty array: "attempt to get argmin of an empty sequence"
     */
    public static NdArray argmin(NdArray a) { return a.argmin(); }
    /**
     * The index of the first smallest element along {@code axis} (negative counts from the
     * end): {@code a}'s shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype:
     * int64. Mirrors {@code numpy.argmin}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     * @throws ShapeMismatchException for an empty array: "attempt to get argmin of an empty sequence"
     */
    public static NdArray argmin(NdArray a, int axis) { return a.argmin(axis); }
    /**
     * Whether any element is non-zero (NaN counts as non-zero) over all elements of {@code a}, a 0-d array. Dtype:
     * bool. An empty array gives false. Mirrors {@code numpy.any}.
     */
    public static NdArray any(NdArray a) { return a.any(); }
    /**
     * Whether any element is non-zero (NaN counts as non-zero) along {@code axis} (negative counts from the end):
     * {@code a}'s shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype: bool.
     * An empty array gives false. Mirrors {@code numpy.any}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray any(NdArray a, int axis) { return a.any(axis); }
    /**
     * Whether every element is non-zero (NaN counts as non-zero) over all elements of {@code a}, a 0-d array. Dtype:
     * bool. An empty array gives true. Mirrors {@code numpy.all}.
     */
    public static NdArray all(NdArray a) { return a.all(); }
    /**
     * Whether every element is non-zero (NaN counts as non-zero) along {@code axis} (negative counts from the
     * end): {@code a}'s shape without that axis, e.g. {@code (2, 3, 4)} with axis 1 gives {@code (2, 4)}. Dtype:
     * bool. An empty array gives true. Mirrors {@code numpy.all}.
     *
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError) for an axis
     *         outside {@code [-ndim, ndim)}
     */
    public static NdArray all(NdArray a, int axis) { return a.all(axis); }

    /**
     * {@code np.dot(a, b)} for operands of at most 2 dimensions: the inner product of two 1-d vectors (a 0-d
     * array), matrix-vector {@code (n, k) . (k,) -> (n,)}, vector-matrix {@code (k,) . (k, m) -> (m,)}, matrix
     * product {@code (n, k) . (k, m) -> (n, m)}, {@code sum_k a[i, k] * b[k, j]}; a 0-d operand multiplies
     * elementwise. Dtype: the promoted dtype, int64 for two bool operands (NumPy: bool). Mirrors
     * {@code numpy.dot}.
     *
     * @throws ShapeMismatchException when the inner extents differ ("shapes (2,3) and (4,) not aligned: 3 (dim 1)
     *         != 4 (dim 0)") or an operand has more than 2 dimensions
     */
    public static NdArray dot(NdArray a, NdArray b) { return a.dot(b); }
    /**
     * {@code a @ b} for operands of 1 or 2 dimensions: {@code (n, k) @ (k, m) -> (n, m)},
     * {@code (n, k) @ (k,) -> (n,)}, {@code (k,) @ (k, m) -> (m,)}, {@code (k,) @ (k,) -> ()}; element
     * {@code sum_k a[i, k] * b[k, j]}. Dtype: the promoted dtype, int64 for two bool operands (NumPy: bool).
     * Mirrors {@code numpy.matmul}.
     *
     * @throws ShapeMismatchException for a 0-d operand ("matmul: Input operand 0 does not have enough dimensions
     *         ..."), inner extents that differ ("matmul: Input operand 1 has a mismatch in its core dimension 0,
     *         ...") or an operand of more than 2 dimensions
     */
    public static NdArray matmul(NdArray a, NdArray b) { return a.matmul(b); }
    /**
     * {@code np.transpose(a)}: the view {@link NdArray#T()} with the axes reversed,
     * {@code (2, 3, 4) -> (4, 3, 2)}; same dtype, shares data with {@code a}. Mirrors {@code numpy.transpose}.
     */
    public static NdArray transpose(NdArray a) { return a.T(); }
    /**
     * {@code np.transpose(a, axes)}: the view whose axis {@code i} is {@code a}'s axis {@code axes[i]}, e.g.
     * {@code (2, 3, 4)} with {@code (1, 0, 2)} gives {@code (3, 2, 4)}; no axes reverses them. Same dtype, shares
     * data. Mirrors {@code numpy.transpose}.
     *
     * @throws AxisException "axes don't match array" or "repeated axis in transpose" when {@code axes} is not a
     *         permutation of the dimensions
     */
    public static NdArray transpose(NdArray a, int... axes) { return a.transpose(axes); }
    /**
     * {@code np.reshape(a, shape)}: {@link NdArray#reshape(long...)} (one extent may be -1). Same dtype. Mirrors
     * {@code numpy.reshape}.
     *
     * @throws ShapeMismatchException "cannot reshape array of size 10 into shape (3,4)"
     */
    public static NdArray reshape(NdArray a, long... shape) { return a.reshape(shape); }
    /**
     * {@code np.ravel(a)}: the elements in row-major order, shape {@code (a.size,)}; a view when possible, else a
     * copy. Same dtype. Mirrors {@code numpy.ravel}.
     */
    public static NdArray ravel(NdArray a) { return a.ravel(); }
    /**
     * {@code np.copy(a)}: a new array with {@code a}'s shape, dtype and values and its own store. Mirrors
     * {@code numpy.copy}.
     */
    public static NdArray copy(NdArray a) { return a.copy(); }

    /** {@code np.copyto(dst, src)}: broadcast assignment. */
    public static void copyto(NdArray dst, NdArray src) {
        Indexing.assign(dst, src);
    }

    /** {@code np.random}: {@code seed}, {@code rand}, {@code randn}, {@code uniform}, {@code normal}, {@code integers}. */
    public static final class Random {
        private Random() {
        }

        /**
         * Seeds the generator of this program (the same on every shard). Unseeded programs use seed 0,
         * so every shard draws the same numbers. Each later draw takes the next stream of Philox4x32-10
         * under this key, so a seeded program draws the same arrays on any shard count and tiling (not
         * NumPy's Mersenne Twister numbers). Mirrors {@code numpy.random.seed}.
         */
        public void seed(long seed) {
            Cohort.current().seed(seed);
        }

        /**
         * A new float64 array of {@code shape} ({@code ()} when no extents are given: a 0-d array), uniform on
         * [0, 1). Mirrors {@code numpy.random.rand}.
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray rand(long... shape) {
            return Creation.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, 0, 1, shape);
        }

        /**
         * {@code np.random.rand(shape)} with {@code int} extents: float64 uniform on [0, 1). Mirrors
         * {@code numpy.random.rand}.
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray rand(int... shape) {
            return rand(Shapes.of(shape));
        }

        /**
         * A new float64 array of {@code shape} drawn from the standard normal distribution (mean 0, standard
         * deviation 1). Mirrors {@code numpy.random.randn}.
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray randn(long... shape) {
            return Creation.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, 0, 1, shape);
        }

        /**
         * {@code np.random.randn(shape)} with {@code int} extents: float64 standard normal. Mirrors
         * {@code numpy.random.randn}.
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray randn(int... shape) {
            return randn(Shapes.of(shape));
        }

        /**
         * A new float64 array of {@code shape}, uniform on [low, high): {@code low + (high - low) * u} for
         * {@code u} uniform on [0, 1). Mirrors {@code numpy.random.uniform}.
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray uniform(double low, double high, long... shape) {
            return Creation.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, low, high, shape);
        }

        /**
         * A new float64 array of {@code shape} drawn from the normal distribution with mean {@code loc} and
         * standard deviation {@code scale}. Mirrors {@code numpy.random.normal}.
         *
         * @throws IllegalArgumentException "scale &lt; 0" (NumPy's ValueError), or "negative dimensions are not allowed"
         */
        public NdArray normal(double loc, double scale, long... shape) {
            if (scale < 0) {
                throw new IllegalArgumentException("scale < 0");
            }
            return Creation.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, loc, scale, shape);
        }

        /**
         * A new int64 array of {@code shape}, integers uniform on [low, high). Mirrors
         * {@code numpy.random.Generator.integers} (with {@code endpoint=False}).
         *
         * @throws IllegalArgumentException "high &lt;= low" when the range is empty (NumPy's ValueError says
         *         "low >= high"), or "negative dimensions are not allowed"
         */
        public NdArray integers(long low, long high, long... shape) {
            if (high <= low) {
                throw new IllegalArgumentException("high <= low");
            }
            return Creation.random(Cohort.current(), RandDist.INTEGERS, DType.INT64, low, high, shape);
        }

        // -------------------------------------------------------------- Generator functions (issue 15, wave 2: random)
        // Streams: every call draws from its own Philox4x32-10 stream, keyed by (seed, the call's stream number,
        // element index); stream numbers count the program's random calls from 0 after seed(). So values are the
        // same for any tiling and any number of shards (1-8), and the same program gives the same numbers; they are
        // not NumPy's PCG64 numbers. See RandomFunctions.

        /**
         * {@code Generator.integers(low, high, size, dtype, endpoint)}: integers uniform on {@code [low, high)}
         * ({@code [low, high]} with endpoint), shape {@code size}, dtype int64, int32 or bool
         * ({@code low + floor(u * (high - low))} of a float64 uniform u: exact for ranges below 2^53).
         *
         * @throws IllegalArgumentException "low >= high" ("low > high" with endpoint), "high is out of bounds for int32",
         *         "negative dimensions are not allowed"
         * @throws DTypeException "Unsupported dtype dtype('float64') for integers"
         */
        public NdArray integers(long low, long high, long[] size, DType dtype, boolean endpoint) {
            return RandomFunctions.integers(Cohort.current(), low, high, size.clone(), dtype, endpoint);
        }

        /** {@code Generator.integers(low, high, size, dtype)} ({@code endpoint=False}). */
        public NdArray integers(long low, long high, long[] size, DType dtype) {
            return RandomFunctions.integers(Cohort.current(), low, high, size.clone(), dtype, false);
        }

        /** {@code Generator.integers(high)}: one int64 on {@code [0, high)}, a 0-d array. @throws IllegalArgumentException "low >= high" */
        public NdArray integers(long high) {
            return RandomFunctions.integers(Cohort.current(), 0, high, new long[0], DType.INT64, false);
        }

        /** {@code Generator.random(size)}: float64 uniform on {@code [0, 1)}. @throws IllegalArgumentException for a negative dimension */
        public NdArray random(long... size) {
            return RandomFunctions.random(Cohort.current(), size.clone());
        }

        /** {@code np.random.random_sample(size)}: {@link #random(long...)}. */
        public NdArray random_sample(long... size) {
            return RandomFunctions.random(Cohort.current(), size.clone());
        }

        /** {@code Generator.standard_normal(size)}: float64 normal with mean 0 and standard deviation 1. */
        public NdArray standard_normal(long... size) {
            return RandomFunctions.standardNormal(Cohort.current(), size.clone());
        }

        /**
         * {@code Generator.permutation(n)}: a random ordering of {@code 0 .. n-1}, int64 (the stable argsort of n
         * uniform keys drawn distributed; the argsort runs as one replicated point, the same on every shard).
         *
         * @throws IllegalArgumentException "negative dimensions are not allowed"
         */
        public NdArray permutation(long n) {
            return RandomFunctions.permutation(Cohort.current(), n);
        }

        /**
         * {@code Generator.permutation(x)}: a copy of {@code x} with its rows (first axis) in a random order, the
         * order {@link #permutation(long) permutation(len(x))} draws; shape and dtype of {@code x}.
         *
         * @throws NdIndexException for a 0-d {@code x} ("x must be an integer or at least 1-dimensional")
         */
        public NdArray permutation(NdArray x) {
            if (x.ndim() == 0) {
                throw new NdIndexException("x must be an integer or at least 1-dimensional");
            }
            return FancyIndexing.take(x, RandomFunctions.permutation(x.ctx, x.shape()[0]), 0);
        }

        /**
         * {@code Generator.shuffle(x)}: reorders the rows (first axis) of {@code x} in place, in the order
         * {@link #permutation(long) permutation(len(x))} draws.
         *
         * @throws NdIndexException for a 0-d {@code x}
         */
        public void shuffle(NdArray x) {
            Indexing.assign(x, permutation(x));
        }

        /** {@code Generator.choice(a, size)}: {@code size} int64 draws from {@code arange(a)} with replacement. */
        public NdArray choice(long a, long... size) {
            return RandomFunctions.choice(Cohort.current(), a, size.clone(), true, null);
        }

        /**
         * {@code Generator.choice(a, size, replace, p)} over {@code arange(a)}, int64 of shape {@code size}. With
         * replacement: uniform integers, or with weights p the inverse CDF of a uniform (index = the number of
         * cumulative weights {@code <= u}). Without replacement: the first {@code size} of a permutation, or with p
         * the {@code size} smallest keys {@code -log(u_i) / p_i} (a weighted sample without replacement). p is read
         * at the call (NumPy checks its values there): 1-d, {@code a} non-negative weights summing to 1 within
         * {@code sqrt(eps)}; it is normalised.
         *
         * @throws IllegalArgumentException NumPy's messages: "a must be a positive integer unless no samples are taken",
         *         "a and p must have same size", "Probabilities are not non-negative", "Probabilities do not sum to 1.
         *         See Notes section of docstring for more information.", "Cannot take a larger sample than population
         *         when replace is False", "Fewer non-zero entries in p than size"
         */
        public NdArray choice(long a, long[] size, boolean replace, NdArray p) {
            return RandomFunctions.choice(Cohort.current(), a, size.clone(), replace, p);
        }

        /** Legacy {@code np.random.randint(low, high, size)}: int64 on {@code [low, high)}, as {@link #integers(long, long, long[], DType)}. */
        public NdArray randint(long low, long high, long... size) {
            return RandomFunctions.integers(Cohort.current(), low, high, size.clone(), DType.INT64, false);
        }

        /** Legacy {@code np.random.ranf(size)}: {@link #random(long...)}. */
        public NdArray ranf(long... size) {
            return RandomFunctions.random(Cohort.current(), size.clone());
        }

        /** Legacy {@code np.random.sample(size)}: {@link #random(long...)}. */
        public NdArray sample(long... size) {
            return RandomFunctions.random(Cohort.current(), size.clone());
        }

        /** {@code Generator.standard_exponential(size)}: {@code -log(1 - u)}, u uniform on [0, 1); float64. */
        public NdArray standard_exponential(long... size) {
            return RandomFunctions.standardExponential(Cohort.current(), size.clone());
        }

        /** {@code Generator.exponential(scale, size)}: {@code scale * standard_exponential}. @throws IllegalArgumentException "scale < 0" */
        public NdArray exponential(double scale, long... size) {
            RandomFunctions.nonNegative(scale, "scale");
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).multiply(scale);
        }

        /** {@code Generator.lognormal(mean, sigma, size)}: {@code exp(normal(mean, sigma))}. @throws IllegalArgumentException "sigma < 0" */
        public NdArray lognormal(double mean, double sigma, long... size) {
            RandomFunctions.nonNegative(sigma, "sigma");
            return Creation.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, mean, sigma, checked(size)).exp();
        }

        /** {@code Generator.gumbel(loc, scale, size)}: {@code loc - scale * log(E)}, E standard exponential. @throws IllegalArgumentException "scale < 0" */
        public NdArray gumbel(double loc, double scale, long... size) {
            RandomFunctions.nonNegative(scale, "scale");
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).log().multiply(-scale).add(loc);
        }

        /**
         * {@code Generator.laplace(loc, scale, size)}: {@code loc + scale * log(2u)} for {@code u < 1/2}, else
         * {@code loc - scale * log(2(1 - u))}. @throws IllegalArgumentException "scale < 0"
         */
        public NdArray laplace(double loc, double scale, long... size) {
            RandomFunctions.nonNegative(scale, "scale");
            NdArray u = RandomFunctions.random(Cohort.current(), size.clone());
            NdArray lo = u.multiply(2.0).log();
            NdArray hi = u.negative().add(1.0).multiply(2.0).log().negative();
            return Np.where(u.less(0.5), lo, hi).multiply(scale).add(loc);
        }

        /** {@code Generator.logistic(loc, scale, size)}: {@code loc + scale * log(u / (1 - u))}. @throws IllegalArgumentException "scale < 0" */
        public NdArray logistic(double loc, double scale, long... size) {
            RandomFunctions.nonNegative(scale, "scale");
            NdArray u = RandomFunctions.random(Cohort.current(), size.clone());
            return u.divide(u.negative().add(1.0)).log().multiply(scale).add(loc);
        }

        /** {@code Generator.rayleigh(scale, size)}: {@code scale * sqrt(2 E)}. @throws IllegalArgumentException "scale < 0" */
        public NdArray rayleigh(double scale, long... size) {
            RandomFunctions.nonNegative(scale, "scale");
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).multiply(2.0).sqrt().multiply(scale);
        }

        /** {@code Generator.weibull(a, size)}: {@code E^(1/a)} (zeros for a = 0). @throws IllegalArgumentException "a < 0" */
        public NdArray weibull(double a, long... size) {
            RandomFunctions.nonNegative(a, "a");
            if (a == 0) {
                return Np.zeros(checked(size));
            }
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).power(1 / a);
        }

        /** {@code Generator.pareto(a, size)} (Lomax): {@code exp(E / a) - 1}. @throws IllegalArgumentException "a <= 0" */
        public NdArray pareto(double a, long... size) {
            RandomFunctions.positive(a, "a");
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).divide(a).exp().subtract(1.0);
        }

        /** {@code Generator.power(a, size)}: {@code (1 - exp(-E))^(1/a)}, on [0, 1]. @throws IllegalArgumentException "a <= 0" */
        public NdArray power(double a, long... size) {
            RandomFunctions.positive(a, "a");
            return RandomFunctions.standardExponential(Cohort.current(), size.clone()).negative().exp().negative().add(1.0)
                    .power(1 / a);
        }

        /** {@code Generator.standard_cauchy(size)}: the ratio of two standard normals (two streams). */
        public NdArray standard_cauchy(long... size) {
            NdArray n1 = RandomFunctions.standardNormal(Cohort.current(), size.clone());
            return n1.divide(RandomFunctions.standardNormal(Cohort.current(), size.clone()));
        }

        // -------------------------------------------------------------- Generator distributions (issue 15, wave 3: random)
        // Rejection and mixture distributions: one RAND_DIST launch each (RandomDistributions); element i draws its
        // own unbounded sequence of Philox uniforms, so values are identical on any tiling and shard count.

        /**
         * {@code np.random.default_rng(seed)}: a new {@link Generator} keyed by {@code seed} whose stream counter starts
         * at 0, independent of the program's {@code np.random} state. {@code default_rng(s)} draws the same arrays as
         * the {@code np.random} functions after {@code seed(s)} (not NumPy's PCG64 numbers). Mirrors
         * {@code numpy.random.default_rng}.
         */
        public Generator default_rng(long seed) {
            return new Generator(seed);
        }

        /**
         * {@code np.random.standard_gamma(shape, size)}: float64 with density {@code x^(k-1) e^(-x) / Gamma(k)}
         * (Marsaglia-Tsang rejection; {@code k < 1} as {@code G(k + 1) u^(1/k)}). Mean and variance {@code k}.
         *
         * @throws IllegalArgumentException "shape &lt; 0" (NaN too), or a negative dimension
         */
        public NdArray standard_gamma(double shape, long... size) {
            RandomFunctions.nonNegative(shape, "shape");
            return RandomDistributions.draw(RandomDist.GAMMA, shape, 1, 0, size);
        }

        /**
         * {@code np.random.gamma(shape, scale, size)}: {@code scale * standard_gamma(shape)}, float64; mean
         * {@code k theta}, variance {@code k theta^2}.
         *
         * @throws IllegalArgumentException "shape &lt; 0", "scale &lt; 0"
         */
        public NdArray gamma(double shape, double scale, long... size) {
            RandomFunctions.nonNegative(shape, "shape");
            RandomFunctions.nonNegative(scale, "scale");
            return RandomDistributions.draw(RandomDist.GAMMA, shape, scale, 0, size);
        }

        /**
         * {@code np.random.poisson(lam, size)}: int64 counts with {@code P(k) = lam^k e^-lam / k!} (multiplication
         * method below 10, Hörmann's PTRS rejection from 10). Mean and variance {@code lam}.
         *
         * @throws IllegalArgumentException "lam &lt; 0 or lam is NaN", "lam value too large"
         */
        public NdArray poisson(double lam, long... size) {
            RandomDistributions.check(lam >= 0, "lam < 0 or lam is NaN");
            RandomDistributions.check(lam <= RandomDistributions.POISSON_LAM_MAX, "lam value too large");
            return RandomDistributions.draw(RandomDist.POISSON, lam, 0, 0, size);
        }

        /**
         * {@code np.random.binomial(n, p, size)}: int64 successes in {@code n} trials of probability {@code p} (Knuth's
         * exact beta splitting, then Bernoulli trials). Mean {@code np}, variance {@code np(1-p)}.
         *
         * @throws IllegalArgumentException "n &lt; 0", "p &lt; 0, p &gt; 1 or p is NaN"
         */
        public NdArray binomial(long n, double p, long... size) {
            RandomDistributions.check(n >= 0, "n < 0");
            RandomDistributions.check(p >= 0 && p <= 1, "p < 0, p > 1 or p is NaN");
            return RandomDistributions.draw(RandomDist.BINOMIAL, n, p, 0, size);
        }

        /**
         * {@code np.random.geometric(p, size)}: int64 number of trials up to and including the first success,
         * {@code >= 1}: {@code ceil(log(1 - u) / log(1 - p))}. Mean {@code 1/p}, variance {@code (1-p)/p^2}.
         *
         * @throws IllegalArgumentException "p &lt;= 0, p &gt; 1 or p contains NaNs"
         */
        public NdArray geometric(double p, long... size) {
            RandomDistributions.check(p > 0 && p <= 1, "p <= 0, p > 1 or p contains NaNs");
            return RandomDistributions.draw(RandomDist.GEOMETRIC, p, 0, 0, size);
        }

        /**
         * {@code np.random.negative_binomial(n, p, size)}: int64 failures before {@code n} successes (real
         * {@code n > 0}): {@code poisson(gamma(n, (1-p)/p))}. Mean {@code n(1-p)/p}, variance {@code n(1-p)/p^2}.
         *
         * @throws IllegalArgumentException "n &lt;= 0", "p &lt;= 0, p &gt; 1 or p contains NaNs"
         */
        public NdArray negative_binomial(double n, double p, long... size) {
            RandomFunctions.positive(n, "n");
            RandomDistributions.check(p > 0 && p <= 1, "p <= 0, p > 1 or p contains NaNs");
            return RandomDistributions.draw(RandomDist.NEGATIVE_BINOMIAL, n, p, 0, size);
        }

        /**
         * {@code np.random.beta(a, b, size)}: float64 on [0, 1] with density {@code x^(a-1) (1-x)^(b-1) / B(a, b)}
         * (Jöhnk's rejection when both are {@code <= 1}, else {@code X / (X + Y)} of gammas). Mean {@code a/(a+b)}.
         *
         * @throws IllegalArgumentException "a &lt;= 0", "b &lt;= 0"
         */
        public NdArray beta(double a, double b, long... size) {
            RandomFunctions.positive(a, "a");
            RandomFunctions.positive(b, "b");
            return RandomDistributions.draw(RandomDist.BETA, a, b, 0, size);
        }

        /**
         * {@code np.random.chisquare(df, size)}: float64 {@code 2 standard_gamma(df / 2)}; mean {@code df}, variance
         * {@code 2 df}.
         *
         * @throws IllegalArgumentException "df &lt;= 0"
         */
        public NdArray chisquare(double df, long... size) {
            RandomFunctions.positive(df, "df");
            return RandomDistributions.draw(RandomDist.CHISQUARE, df, 0, 0, size);
        }

        /**
         * {@code np.random.noncentral_chisquare(df, nonc, size)}: float64; {@code df > 1}: {@code chisquare(df - 1) +
         * (N + sqrt(nonc))^2}, else {@code chisquare(df + 2 poisson(nonc / 2))}. Mean {@code df + nonc}, variance
         * {@code 2(df + 2 nonc)}.
         *
         * @throws IllegalArgumentException "df &lt;= 0", "nonc &lt; 0"
         */
        public NdArray noncentral_chisquare(double df, double nonc, long... size) {
            RandomFunctions.positive(df, "df");
            RandomFunctions.nonNegative(nonc, "nonc");
            return RandomDistributions.draw(RandomDist.NONCENTRAL_CHISQUARE, df, nonc, 0, size);
        }

        /**
         * {@code np.random.f(dfnum, dfden, size)}: float64 {@code (chisquare(dfnum)/dfnum) / (chisquare(dfden)/dfden)};
         * mean {@code dfden / (dfden - 2)} for {@code dfden > 2}.
         *
         * @throws IllegalArgumentException "dfnum &lt;= 0", "dfden &lt;= 0"
         */
        public NdArray f(double dfnum, double dfden, long... size) {
            RandomFunctions.positive(dfnum, "dfnum");
            RandomFunctions.positive(dfden, "dfden");
            return RandomDistributions.draw(RandomDist.F, dfnum, dfden, 0, size);
        }

        /**
         * {@code np.random.noncentral_f(dfnum, dfden, nonc, size)}: float64
         * {@code (noncentral_chisquare(dfnum, nonc)/dfnum) / (chisquare(dfden)/dfden)}; mean
         * {@code dfden (dfnum + nonc) / (dfnum (dfden - 2))} for {@code dfden > 2}.
         *
         * @throws IllegalArgumentException "dfnum &lt;= 0", "dfden &lt;= 0", "nonc &lt; 0"
         */
        public NdArray noncentral_f(double dfnum, double dfden, double nonc, long... size) {
            RandomFunctions.positive(dfnum, "dfnum");
            RandomFunctions.positive(dfden, "dfden");
            RandomFunctions.nonNegative(nonc, "nonc");
            return RandomDistributions.draw(RandomDist.NONCENTRAL_F, dfnum, dfden, nonc, size);
        }

        /**
         * {@code np.random.standard_t(df, size)}: float64 {@code N / sqrt(chisquare(df) / df)}; mean 0 ({@code df > 1}),
         * variance {@code df / (df - 2)} ({@code df > 2}).
         *
         * @throws IllegalArgumentException "df &lt;= 0"
         */
        public NdArray standard_t(double df, long... size) {
            RandomFunctions.positive(df, "df");
            return RandomDistributions.draw(RandomDist.STANDARD_T, df, 0, 0, size);
        }

        /**
         * {@code np.random.triangular(left, mode, right, size)}: float64 on [left, right] with its peak at {@code mode}
         * (inversion of one uniform); mean {@code (left + mode + right) / 3}.
         *
         * @throws IllegalArgumentException "left &gt; mode", "mode &gt; right", "left == right"
         */
        public NdArray triangular(double left, double mode, double right, long... size) {
            RandomDistributions.check(!(left > mode), "left > mode");
            RandomDistributions.check(!(mode > right), "mode > right");
            RandomDistributions.check(left != right, "left == right");
            return RandomDistributions.draw(RandomDist.TRIANGULAR, left, mode, right, size);
        }

        /**
         * {@code np.random.vonmises(mu, kappa, size)}: float64 angles on {@code [-pi, pi]} with density
         * {@code e^(kappa cos(x - mu)) / (2 pi I0(kappa))} (Best and Fisher's rejection; uniform for tiny kappa).
         *
         * @throws IllegalArgumentException "kappa &lt; 0"
         */
        public NdArray vonmises(double mu, double kappa, long... size) {
            RandomFunctions.nonNegative(kappa, "kappa");
            return RandomDistributions.draw(RandomDist.VONMISES, mu, kappa, 0, size);
        }

        /**
         * {@code np.random.wald(mean, scale, size)}: float64 inverse Gaussian (Michael-Schucany-Haas: one normal, one
         * uniform); mean {@code mean}, variance {@code mean^3 / scale}.
         *
         * @throws IllegalArgumentException "mean &lt;= 0", "scale &lt;= 0"
         */
        public NdArray wald(double mean, double scale, long... size) {
            RandomFunctions.positive(mean, "mean");
            RandomFunctions.positive(scale, "scale");
            return RandomDistributions.draw(RandomDist.WALD, mean, scale, 0, size);
        }

        /**
         * {@code np.random.zipf(a, size)}: int64 {@code k >= 1} with {@code P(k) = k^-a / zeta(a)} (Devroye's rejection).
         *
         * @throws IllegalArgumentException "a &lt;= 1 or a is NaN"
         */
        public NdArray zipf(double a, long... size) {
            RandomDistributions.check(a > 1, "a <= 1 or a is NaN");
            return RandomDistributions.draw(RandomDist.ZIPF, a, 0, 0, size);
        }

        /**
         * {@code np.random.logseries(p, size)}: int64 {@code k >= 1} with {@code P(k) = -p^k / (k log(1-p))} (Kemp's
         * algorithm); mean {@code -p / ((1-p) log(1-p))}.
         *
         * @throws IllegalArgumentException "p &lt; 0, p &gt;= 1 or p is NaN"
         */
        public NdArray logseries(double p, long... size) {
            RandomDistributions.check(p >= 0 && p < 1, "p < 0, p >= 1 or p is NaN");
            return RandomDistributions.draw(RandomDist.LOGSERIES, p, 0, 0, size);
        }

        /**
         * {@code np.random.hypergeometric(ngood, nbad, nsample, size)}: int64 good items among {@code nsample} drawn
         * without replacement from {@code ngood + nbad} (simulated: {@code min(nsample, total - nsample)} draws per
         * element); mean {@code nsample ngood / (ngood + nbad)}.
         *
         * @throws IllegalArgumentException "ngood + nbad &lt; nsample", "ngood &lt; 0", "nbad &lt; 0", "nsample &lt; 0"
         */
        public NdArray hypergeometric(long ngood, long nbad, long nsample, long... size) {
            RandomDistributions.check(nsample >= 0, "nsample < 0");
            RandomDistributions.check(ngood + nbad >= nsample, "ngood + nbad < nsample");
            RandomDistributions.check(ngood >= 0, "ngood < 0");
            RandomDistributions.check(nbad >= 0, "nbad < 0");
            return RandomDistributions.draw(RandomDist.HYPERGEOMETRIC, ngood, nbad, nsample, size);
        }

        /**
         * Legacy {@code np.random.random_integers(low, high, size)}: int64 uniform on the closed interval
         * {@code [low, high]} ({@link #integers(long, long, long[], DType, boolean)} with {@code endpoint=true}).
         *
         * @throws IllegalArgumentException "low &gt; high", or a negative dimension
         */
        public NdArray random_integers(long low, long high, long... size) {
            return RandomFunctions.integers(Cohort.current(), low, high, size.clone(), DType.INT64, true);
        }

        /**
         * {@code np.random.bytes(length)}: {@code length} random bytes (integers on [0, 256) of one stream, read to the
         * host). Mirrors {@code numpy.random.Generator.bytes}.
         *
         * @throws IllegalArgumentException for a negative length
         */
        public byte[] bytes(long length) {
            return RandomDistributions.bytes(Cohort.current(), length);
        }

        private static long[] checked(long[] size) {
            Shapes.checkNonNegative(size);
            return size.clone();
        }

        // -------------------------------------------------------------- legacy RandomState and bit generators (issue 15, wave 4: random)
        // RandomState gives NumPy's MT19937 numbers (one RANDOM_STATE point task per call, see RandomStates); the
        // module functions above keep Cohort's Philox streams.

        /**
         * {@code np.random.RandomState(seed)}: NumPy's legacy generator, the Mersenne Twister seeded as NumPy's
         * {@code RandomState(seed)} ({@code init_genrand(seed)}); its draws are NumPy's numbers bit for bit. Mirrors
         * {@code numpy.random.RandomState}.
         *
         * @throws IllegalArgumentException "Seed must be between 0 and 2**32 - 1" (NumPy's ValueError)
         */
        public RandomState RandomState(long seed) {
            return new RandomState(seed);
        }

        /**
         * {@code np.random.RandomState(bit_generator)}: the legacy samplers on an {@link MT19937}'s state. Mirrors
         * {@code numpy.random.RandomState}.
         *
         * @throws IllegalArgumentException when {@code bitGenerator} is not an MT19937
         */
        public RandomState RandomState(BitGenerator bitGenerator) {
            return new RandomState(bitGenerator);
        }

        /**
         * {@code np.random.MT19937(seed)}: the Mersenne Twister seeded as NumPy's {@code MT19937(seed)} (through
         * NumPy's {@code SeedSequence}; NumPy's state and {@code random_raw} values). Mirrors {@code numpy.random.MT19937}.
         *
         * @throws IllegalArgumentException "expected non-negative integer" for a negative seed
         */
        public MT19937 MT19937(long seed) {
            return new MT19937(seed);
        }

        /**
         * {@code np.random.Philox(seed)}: Cohort's Philox4x32-10 bit generator keyed by {@code seed} (the one
         * {@link #default_rng(long)} uses; Cohort's keying, not NumPy's {@code Philox(seed)} numbers). Mirrors
         * {@code numpy.random.Philox}.
         */
        public Philox Philox(long seed) {
            return new Philox(seed);
        }

        /**
         * {@code np.random.Generator(bit_generator)}: a {@link Generator} on a {@link Philox}'s streams;
         * {@code Generator(Philox(s))} draws what {@code default_rng(s)} draws. Mirrors {@code numpy.random.Generator}.
         *
         * @throws IllegalArgumentException when {@code bitGenerator} is not a Philox
         */
        public Generator Generator(BitGenerator bitGenerator) {
            return new Generator(bitGenerator);
        }
    }

    /** {@code np.linalg}. */
    public static final class Linalg {
        private Linalg() {
        }

        /**
         * {@code np.linalg.norm(a)}: {@code sqrt(sum(a * a))} over all elements, the 2-norm of the flattened
         * array (Frobenius for matrices), a 0-d array of any shape of {@code a}. Dtype: float32 and float64 keep
         * their dtype; int and bool arrays give float64. Mirrors {@code numpy.linalg.norm} with {@code ord=None}.
         */
        public NdArray norm(NdArray a) {
            NdArray f = a.dtype().isFloating() ? a : a.astype(DType.FLOAT64);
            return f.multiply(f).sum().sqrt();
        }

        // -------------------------------------------------------------- linear algebra (issue 15, wave 2: linalg)
        // Each function checks NumPy's shapes at the call (LinAlgException = NumPy's LinAlgError, a
        // ValueError) and runs ONE LINALG task as a single replicated point (every shard the same bits;
        // see LinalgFunctions). dtype rule (NumPy's _commonType): float32 input gives float32 (computed
        // in float64, rounded once), every other dtype float64. Stacks (..., M, N) are batched; their
        // leading dimensions broadcast between operands. A numerical failure (singular matrix, not
        // positive definite, no convergence) raises LinAlgException with NumPy's message at the call,
        // on every shard alike, and the session goes on.

        /** {@code np.linalg.slogdet}'s result: {@code sign * exp(logabsdet) = det}. */
        public record SlogdetResult(NdArray sign, NdArray logabsdet) {
        }

        /** {@code np.linalg.eigh}'s result: ascending eigenvalues {@code (..., M)}, eigenvectors as columns {@code (..., M, M)}. */
        public record EighResult(NdArray eigenvalues, NdArray eigenvectors) {
        }

        /** {@code np.linalg.qr}'s result {@code a = Q R}. */
        public record QRResult(NdArray Q, NdArray R) {
        }

        /** {@code np.linalg.svd}'s result {@code a = U diag(S) Vh}, S descending. */
        public record SVDResult(NdArray U, NdArray S, NdArray Vh) {
        }

        /** {@code np.linalg.lstsq}'s result. */
        public record LstsqResult(NdArray x, NdArray residuals, NdArray rank, NdArray s) {
        }

        /**
         * {@code np.linalg.solve(a, b)}: x with {@code a @ x = b}, by LU with partial pivoting. a {@code (..., M, M)};
         * b {@code (M,)} (a vector: x {@code (..., M)}) or {@code (..., M, K)} (x {@code (..., M, K)}, batch
         * dimensions broadcast). dtype: float32 when a and b are float32, else float64 (computed in float64). One 2-d
         * a with M above {@code cohort.linalg.blockedLu.min} (512) and b {@code (M,)} or {@code (M, K)} runs as a
         * blocked LU with partial pivoting distributed over the shards; smaller systems and stacks as one
         * replicated LU per matrix.
         *
         * @throws LinAlgException "Last 2 dimensions of the array must be square", "1-dimensional array given. Array must
         *         be at least two-dimensional"; "Singular matrix" (an exactly zero pivot), raised at the call
         * @throws ShapeMismatchException b's core does not match: "solve1: Input operand 1 has a mismatch in its core
         *         dimension 0, with gufunc signature (m,m),(m)->(m) (size 3 is different from 2)"; batch dimensions that
         *         do not broadcast
         */
        public NdArray solve(NdArray a, NdArray b) {
            return LinalgFunctions.solve(a, b);
        }

        /**
         * {@code np.linalg.inv(a)}: {@code ainv} with {@code a @ ainv = I}; a {@code (..., M, M)}, same shape out.
         * Singular: {@link dev.cohort.tasks.linalg.LinAlgException} "Singular matrix" at the call.
         *
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public NdArray inv(NdArray a) {
            return LinalgFunctions.inv(a);
        }

        /**
         * {@code np.linalg.det(a)}: the determinant {@code sign * exp(logabsdet)} of each matrix (LU), shape
         * {@code (...)}; 1.0 for a 0 x 0 matrix.
         *
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public NdArray det(NdArray a) {
            return LinalgFunctions.det(a);
        }

        /**
         * {@code np.linalg.slogdet(a)}: sign (1, -1, or 0 when singular) and {@code log|det|} ({@code -inf} when
         * singular), each shape {@code (...)}.
         *
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public SlogdetResult slogdet(NdArray a) {
            NdArray[] r = LinalgFunctions.slogdet(a);
            return new SlogdetResult(r[0], r[1]);
        }

        /** {@code np.linalg.cholesky(a)}: lower-triangular L with {@code a = L @ L.T}; see {@link #cholesky(NdArray, boolean)}. */
        public NdArray cholesky(NdArray a) {
            return LinalgFunctions.cholesky(a, false);
        }

        /**
         * {@code np.linalg.cholesky(a, upper=upper)}: L (lower, {@code a = L L^T}) or {@code U = L^T}; only the lower
         * triangle of a is read. Not positive definite: LinAlgException "Matrix is not positive definite" at the call (for n above the tiled threshold, when the result is read).
         * A 2-d a with n above 512 (system property {@code cohort.linalg.blockedCholesky.min}) is factored as a
         * distributed task graph over 64 x 64 tiles (POTRF, TRSM, SYRK, GEMM launches; same bits as the replicated
         * routine); smaller matrices and stacks run as one replicated point.
         *
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public NdArray cholesky(NdArray a, boolean upper) {
            return LinalgFunctions.cholesky(a, upper);
        }

        /** {@code np.linalg.qr(a)}: mode 'reduced'; see {@link #qr(NdArray, String)}. */
        public QRResult qr(NdArray a) {
            return qr(a, "reduced");
        }

        /**
         * {@code np.linalg.qr(a, mode)} by Householder reflections with LAPACK's sign choices: a {@code (..., M, N)},
         * {@code K = min(M, N)}; 'reduced': Q {@code (..., M, K)}, R {@code (..., K, N)}; 'complete': Q {@code (..., M, M)},
         * R {@code (..., M, N)}; 'r': R only (Q null).
         *
         * @throws IllegalArgumentException "Unrecognized mode 'x'"; mode 'raw' is not supported
         * @throws LinAlgException for a less than 2-d a
         */
        public QRResult qr(NdArray a, String mode) {
            NdArray[] r = LinalgFunctions.qr(a, mode);
            return r.length == 1 ? new QRResult(null, r[0]) : new QRResult(r[0], r[1]);
        }

        /** {@code np.linalg.eigh(a)}, UPLO 'L'; see {@link #eigh(NdArray, String)}. */
        public EighResult eigh(NdArray a) {
            return eigh(a, "L");
        }

        /**
         * {@code np.linalg.eigh(a, UPLO)}: eigenvalues (ascending, {@code (..., M)}) and unit eigenvectors (columns,
         * {@code (..., M, M)}) of the symmetric matrix whose lower ('L') or upper ('U') triangle a holds (Jacobi
         * rotations; each eigenvector's largest component is positive, a sign NumPy leaves to LAPACK).
         *
         * @throws IllegalArgumentException "UPLO argument must be 'L' or 'U'"
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public EighResult eigh(NdArray a, String uplo) {
            NdArray[] r = LinalgFunctions.eigh(a, uplo, true);
            return new EighResult(r[0], r[1]);
        }

        /** {@code np.linalg.eigvalsh(a)}: the eigenvalues of {@link #eigh(NdArray)}, ascending. */
        public NdArray eigvalsh(NdArray a) {
            return LinalgFunctions.eigh(a, "L", false)[0];
        }

        /** {@code np.linalg.eigvalsh(a, UPLO)}. @throws IllegalArgumentException "UPLO argument must be 'L' or 'U'" */
        public NdArray eigvalsh(NdArray a, String uplo) {
            return LinalgFunctions.eigh(a, uplo, false)[0];
        }

        /** {@code np.linalg.svd(a)} with {@code full_matrices=True}; see {@link #svd(NdArray, boolean)}. */
        public SVDResult svd(NdArray a) {
            return svd(a, true);
        }

        /**
         * {@code np.linalg.svd(a, full_matrices)}: {@code a = U diag(S) Vh} (one-sided Jacobi), S descending
         * {@code (..., K)}; full: U {@code (..., M, M)}, Vh {@code (..., N, N)}; reduced: U {@code (..., M, K)}, Vh
         * {@code (..., K, N)}.
         *
         * @throws LinAlgException for a less than 2-d a
         */
        public SVDResult svd(NdArray a, boolean fullMatrices) {
            NdArray[] r = LinalgFunctions.svd(a, fullMatrices, true);
            return new SVDResult(r[0], r[1], r[2]);
        }

        /** {@code np.linalg.svd(a, compute_uv=False)} / {@code np.linalg.svdvals(a)}: the singular values, descending. */
        public NdArray svdvals(NdArray a) {
            return LinalgFunctions.svd(a, false, false)[0];
        }

        /**
         * {@code np.linalg.lstsq(a, b)} with {@code rcond=None} ({@code eps * max(M, N)}); see
         * {@link #lstsq(NdArray, NdArray, double)}.
         */
        public LstsqResult lstsq(NdArray a, NdArray b) {
            return lstsq(a, b, Double.NaN);
        }

        /**
         * {@code np.linalg.lstsq(a, b, rcond)}: the minimum-norm x minimising {@code ||b - a x||_2} (SVD; singular values
         * {@code <= rcond * s.max()} dropped; NaN: NumPy's None). a {@code (M, N)}, b {@code (M,)} or {@code (M, K)}: x
         * {@code (N,)} or {@code (N, K)}; residuals: the squared norms of {@code b - a x}'s columns ({@code (K,)}, {@code (1,)}
         * for a vector b) when rank == N and M > N, else empty {@code (0,)} (to decide, this call waits for the rank when
         * M > N); rank (0-d int32, as NumPy's); s {@code (min(M, N),)}.
         *
         * @throws LinAlgException "2-dimensional array given. ..." for a not 2-d a, "Incompatible dimensions"
         */
        public LstsqResult lstsq(NdArray a, NdArray b, double rcond) {
            NdArray[] r = LinalgFunctions.lstsq(a, b, rcond);
            return new LstsqResult(r[0], r[1], r[2], r[3]);
        }

        /** {@code np.linalg.pinv(a)} with NumPy's default {@code rcond=1e-15}; see {@link #pinv(NdArray, double)}. */
        public NdArray pinv(NdArray a) {
            return LinalgFunctions.pinv(a, 1e-15);
        }

        /**
         * {@code np.linalg.pinv(a, rcond)}: the Moore-Penrose pseudo-inverse {@code V diag(1/s_i) U^T} over
         * {@code s_i > rcond * s.max()}, a {@code (..., M, N)} -> {@code (..., N, M)}. {@code rcond} NaN is NumPy's
         * {@code rtol=None}: {@code max(M, N) * eps}.
         *
         * @throws LinAlgException for a less than 2-d a
         */
        public NdArray pinv(NdArray a, double rcond) {
            return LinalgFunctions.pinv(a, rcond);
        }

        /**
         * {@code np.linalg.matrix_power(a, n)}: {@code a^n} by repeated squaring in NumPy's product order; {@code n = 0}
         * the identity, {@code n < 0} powers of {@code inv(a)}. Integer and bool a keep their dtype for {@code n >= 0}
         * (exact wrapping int64 arithmetic), as in NumPy.
         *
         * @throws LinAlgException for a non-square or less than 2-d a
         */
        public NdArray matrix_power(NdArray a, long n) {
            return LinalgFunctions.matrixPower(a, n);
        }

        /**
         * {@code np.linalg.matrix_rank(A)}: the number of singular values {@code > S.max() * max(M, N) * eps}, int64,
         * shape {@code (...)}; a 0-d or 1-d A gives 1 unless all zero.
         */
        public NdArray matrix_rank(NdArray a) {
            return LinalgFunctions.matrixRank(a, Double.NaN, Double.NaN);
        }

        /**
         * {@code np.linalg.matrix_rank(A, tol, rtol=rtol)}: singular values {@code > tol} count; tol NaN (None): the
         * threshold is {@code S.max() * rtol} (rtol NaN: {@code max(M, N) * eps}).
         *
         * @throws IllegalArgumentException "`tol` and `rtol` can't be both set."
         */
        public NdArray matrix_rank(NdArray a, double tol, double rtol) {
            return LinalgFunctions.matrixRank(a, tol, rtol);
        }

        /** {@code np.linalg.cond(x)}: the 2-norm condition number {@code s.max() / s.min()}, shape {@code (...)}. */
        public NdArray cond(NdArray x) {
            return LinalgFunctions.cond(x, null);
        }

        /**
         * {@code np.linalg.cond(x, p)}, p one of 1, -1, 2, -2, inf, -inf: 2 and -2 from the singular values, others
         * {@code norm(x, p) * norm(inv(x), p)} (square x); a singular x gives inf.
         *
         * @throws IllegalArgumentException "Invalid norm order for matrices."
         * @throws LinAlgException for a less than 2-d x, or a non-square x with p other than ±2
         */
        public NdArray cond(NdArray x, double p) {
            return LinalgFunctions.cond(x, p);
        }

        /** {@code np.linalg.cond(x, p)} with p 'fro' or 'nuc' (square x). */
        public NdArray cond(NdArray x, String p) {
            return LinalgFunctions.cond(x, p);
        }

        /**
         * {@code np.linalg.norm(x, ord)}: for a 1-d x the vector norm ({@code inf}: max|x|, {@code -inf}: min|x|, 0: the
         * count of non-zeros, otherwise {@code sum(|x|^ord)^(1/ord)}); for a 2-d x the matrix norm (1, -1: max/min column
         * sum of |x|; inf, -inf: max/min row sum; 2, -2: largest/smallest singular value). float32 stays float32,
         * other dtypes give float64.
         *
         * @throws IllegalArgumentException "Improper number of dimensions to norm." for other ranks; "Invalid norm order
         *         for matrices."
         */
        public NdArray norm(NdArray x, double ord) {
            return LinalgFunctions.norm(x, ord, null, false);
        }

        /** {@code np.linalg.norm(x, ord)} with ord 'fro' or 'nuc' (matrices). @throws IllegalArgumentException for a vector */
        public NdArray norm(NdArray x, String ord) {
            return LinalgFunctions.norm(x, ord, null, false);
        }

        /**
         * {@code np.linalg.norm(x, ord, axis)}: the vector norm ({@link #norm(NdArray, double)}) along {@code axis}
         * (reduced, distributed like {@code sum}).
         *
         * @throws AxisException "axis 3 is out of bounds for array of dimension 2"
         */
        public NdArray norm(NdArray x, double ord, int axis) {
            return LinalgFunctions.norm(x, ord, new int[]{axis}, false);
        }

        /**
         * {@code np.linalg.norm(x, ord, axis, keepdims)} in full: {@code ord} null (None), a {@code Number} or 'fro'/'nuc';
         * {@code axis} null, one axis (vector norms) or two (matrix norms of the matrices over those axes); keepdims
         * keeps the normed axes with length 1.
         *
         * @throws IllegalArgumentException "Duplicate axes given.", "Improper number of dimensions to norm.",
         *         "Invalid norm order for matrices.", "Invalid norm order 'fro' for vectors"
         * @throws AxisException for an axis out of bounds
         */
        public NdArray norm(NdArray x, Object ord, int[] axis, boolean keepdims) {
            return LinalgFunctions.norm(x, ord, axis == null ? null : axis.clone(), keepdims);
        }

        /** {@code np.linalg.matmul(x1, x2)}: {@link NdArray#matmul(NdArray)} (NumPy's array-API alias). */
        public NdArray matmul(NdArray x1, NdArray x2) {
            return x1.matmul(x2);
        }

        /** {@code np.linalg.outer(x1, x2)}: {@link Np#outer(NdArray, NdArray)}. */
        public NdArray outer(NdArray x1, NdArray x2) {
            return Products.outer(x1, x2);
        }

        /** {@code np.linalg.cross(x1, x2)}: {@link Np#cross(NdArray, NdArray)}. */
        public NdArray cross(NdArray x1, NdArray x2) {
            return Products.cross(x1, x2);
        }

        /** {@code np.linalg.matrix_transpose(x)}: {@link Np#matrix_transpose(NdArray)}. */
        public NdArray matrix_transpose(NdArray x) {
            return Products.matrixTranspose(x);
        }

        /**
         * {@code np.linalg.trace(x, offset)}: the trace of each matrix in the LAST two axes, shape {@code (...)}
         * (unlike {@code np.trace}, which uses the first two).
         */
        public NdArray trace(NdArray x, long offset) {
            if (x.ndim() < 2) {
                throw new IllegalArgumentException("diag requires an array of at least two dimensions");
            }
            return Manipulation.trace(x, offset, -2, -1);
        }

        /** {@code np.linalg.trace(x)} with offset 0. */
        public NdArray trace(NdArray x) {
            return trace(x, 0);
        }

        /**
         * {@code np.linalg.multi_dot(arrays)}: {@code arrays[0] @ arrays[1] @ ...} (left to right; NumPy may pick
         * another order, equal up to rounding); the first may be 1-d (a row), the last 1-d (a column).
         *
         * @throws IllegalArgumentException "Expecting at least two arrays."
         * @throws LinAlgException "3-dimensional array given. Array must be two-dimensional"
         */
        public NdArray multi_dot(NdArray... arrays) {
            return Products.multiDot(arrays.clone());
        }

        // -------------------------------------------------------------- eig and eigvals (issue 15, wave 4: eig)

        /** {@code np.linalg.eig}'s result {@code EigResult(eigenvalues, eigenvectors)}: {@code a @ v[:, k] = w[k] * v[:, k]}. */
        public record EigResult(NdArray eigenvalues, NdArray eigenvectors) {
        }

        /**
         * {@code np.linalg.eig(a)}: the eigenvalues {@code w} {@code (..., M)} and unit right eigenvectors {@code v}
         * {@code (..., M, M)} (columns, {@code a @ v[..., :, k] = w[..., k] * v[..., :, k]}, 2-norm 1) of each real
         * square matrix of {@code a} {@code (..., M, M)}, for matrices whose eigenvalues are all real: NumPy returns
         * real arrays exactly then, and Cohort has no complex dtype. Dtype: float32 for float32 input (computed in
         * float64, rounded once), float64 otherwise. One replicated LINALG launch per call (balancing, Hessenberg
         * reduction, Francis double-shift QR, back substitution). The eigenvalues come in the order of the Schur
         * form's diagonal, as LAPACK's do; it usually but not always matches NumPy's, and an eigenvector's sign is
         * as free as in LAPACK. Mirrors {@code numpy.linalg.eig}.
         *
         * @throws LinAlgException at the call: "N-dimensional array given. Array must be at least two-dimensional",
         *     "Last 2 dimensions of the array must be square", "Array must not contain infs or NaNs",
         *     "Eigenvalues did not converge", or "eig: the result would be complex (eigenvalue a+bj): ..." when an
         *     eigenvalue has a non-zero imaginary part (NumPy would return complex arrays)
         */
        public EigResult eig(NdArray a) {
            NdArray[] r = LinalgEig.eig(a, true);
            return new EigResult(r[0], r[1]);
        }

        /**
         * {@code np.linalg.eigvals(a)}: the eigenvalues {@code (..., M)} of {@link #eig(NdArray)} without the
         * eigenvectors (the same values, in the same order). Dtype and errors as {@link #eig(NdArray)}. Mirrors
         * {@code numpy.linalg.eigvals}.
         *
         * @throws LinAlgException as {@link #eig(NdArray)}
         */
        public NdArray eigvals(NdArray a) {
            return LinalgEig.eig(a, false)[0];
        }
    }

    // ------------------------------------------------------------------ NumPy files (.npy, .npz): issue 14

    /**
     * NumPy's {@code np.load} of a {@code .npy} file (format versions 1.0, 2.0 and 3.0): any Cohort dtype
     * ({@code <f8 <f4 <i8 <i4 |b1}, little- or big-endian), C or Fortran order, 0-d and empty arrays. On N
     * shards each shard reads only its own tiles, at their offsets in the file.
     *
     * @throws java.io.UncheckedIOException when the file is missing ({@code [Errno 2] No such file or directory: 'x'})
     *                                      or cannot be read
     * @throws NpyFormatException           naming the file and the problem: wrong magic string, unsupported
     *                                      version or dtype ({@code <c16}, {@code O}, structured), a header that
     *                                      cannot be parsed, data shorter than the header's shape needs
     */
    public static NdArray load(java.nio.file.Path file) {
        return NpyIo.load(ctx(), file);
    }

    /** {@link #load(java.nio.file.Path)} of a path given as a string. */
    public static NdArray load(String file) {
        return load(java.nio.file.Path.of(file));
    }

    /**
     * NumPy's {@code np.load} of a {@code .npz} archive ({@code np.savez}/{@code np.savez_compressed}): the
     * arrays by name; close it when done.
     *
     * @throws NpyFormatException when the file is not a zip archive
     */
    public static NpzFile load_npz(java.nio.file.Path file) {
        return new NpzFile(ctx(), file);
    }

    /** {@link #load_npz(java.nio.file.Path)} of a path given as a string. */
    public static NpzFile load_npz(String file) {
        return load_npz(java.nio.file.Path.of(file));
    }

    /**
     * NumPy's {@code np.save}: writes {@code a} as a {@code .npy} file (version 1.0, or 2.0 for a header
     * over 64 KiB; little-endian, C order; byte for byte what NumPy writes), {@code .npy} appended to
     * the name unless it ends with it. Each shard writes only its own tiles into a hidden temporary
     * beside the target; one task then writes the header and renames it into place, so a reader
     * never sees a partial file and a failure leaves none.
     *
     * @return the path written
     * @throws java.io.UncheckedIOException naming the file when the directory is missing or a write fails
     *                                      (e.g. no space left on device)
     */
    public static java.nio.file.Path save(java.nio.file.Path file, NdArray a) {
        return NpyIo.save(a.ctx, file, a);
    }

    /** {@link #save(java.nio.file.Path, NdArray)} to a path given as a string. */
    public static java.nio.file.Path save(String file, NdArray a) {
        return save(java.nio.file.Path.of(file), a);
    }

    /**
     * NumPy's {@code np.savez(file, **arrays)}: an uncompressed zip of one {@code .npy} per array
     * ({@code .npz} appended to the name unless it ends with it), written by one task and renamed into place.
     *
     * @throws IllegalArgumentException for no arrays or a name with a path separator
     */
    public static java.nio.file.Path savez(java.nio.file.Path file, java.util.Map<String, NdArray> arrays) {
        return NpzFile.save(ctx(), file, arrays, false);
    }

    /** NumPy's {@code np.savez(file, *arrays)}: the arrays are named {@code arr_0}, {@code arr_1}, .... */
    public static java.nio.file.Path savez(java.nio.file.Path file, NdArray... arrays) {
        return savez(file, positional(arrays));
    }

    /** {@link #savez(java.nio.file.Path, java.util.Map)} to a path given as a string. */
    public static java.nio.file.Path savez(String file, java.util.Map<String, NdArray> arrays) {
        return savez(java.nio.file.Path.of(file), arrays);
    }

    /** {@link #savez(java.nio.file.Path, NdArray...)} to a path given as a string. */
    public static java.nio.file.Path savez(String file, NdArray... arrays) {
        return savez(java.nio.file.Path.of(file), arrays);
    }

    /** {@link #savez_compressed(java.nio.file.Path, java.util.Map)} to a path given as a string. */
    public static java.nio.file.Path savez_compressed(String file, java.util.Map<String, NdArray> arrays) {
        return savez_compressed(java.nio.file.Path.of(file), arrays);
    }

    /** {@link #savez_compressed(java.nio.file.Path, NdArray...)} to a path given as a string. */
    public static java.nio.file.Path savez_compressed(String file, NdArray... arrays) {
        return savez_compressed(java.nio.file.Path.of(file), arrays);
    }

    /** NumPy's {@code np.savez_compressed}: as {@link #savez(java.nio.file.Path, java.util.Map)}, each entry deflated. */
    public static java.nio.file.Path savez_compressed(java.nio.file.Path file, java.util.Map<String, NdArray> arrays) {
        return NpzFile.save(ctx(), file, arrays, true);
    }

    /** {@link #savez_compressed(java.nio.file.Path, java.util.Map)} with arrays named {@code arr_0}, {@code arr_1}, .... */
    public static java.nio.file.Path savez_compressed(java.nio.file.Path file, NdArray... arrays) {
        return savez_compressed(file, positional(arrays));
    }

    private static java.util.Map<String, NdArray> positional(NdArray[] arrays) {
        java.util.Map<String, NdArray> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < arrays.length; i++) {
            m.put("arr_" + i, arrays[i]);
        }
        return m;
    }

    /**
     * NumPy's {@code np.memmap(file, dtype, mode, offset, shape, order)} (Legate's {@code attach}): an array
     * whose data is the raw file's, read by each shard for its own tiles only. Modes: {@code r} (read-only:
     * writing to it raises {@code assignment destination is read-only}), {@code r+} (writes reach the file at
     * {@link NdArray#flush()} and {@link NdArray#close()}), {@code w+} (creates or overwrites the file, zeros),
     * {@code c} (copy-on-write: writes stay in memory). {@code shape == null} means 1-d over the rest of the file.
     * Instances are Java arrays, so each tile is read once into its owner's memory rather than mapped.
     *
     * @throws IllegalArgumentException for a bad mode, a negative offset, {@code w+} without a shape, a file too
     *                                  short for the shape ({@code mmap length is greater than file size})
     */
    public static NdArray memmap(java.nio.file.Path file, DType dtype, String mode, long offset, long[] shape, boolean fortranOrder) {
        return NpyIo.memmap(ctx(), file, dtype, mode, offset, shape == null ? null : shape.clone(), fortranOrder);
    }

    /** {@link #memmap(java.nio.file.Path, DType, String, long, long[], boolean)} at offset 0, C order. */
    public static NdArray memmap(java.nio.file.Path file, DType dtype, String mode, long... shape) {
        return memmap(file, dtype, mode, 0, shape.length == 0 ? null : shape, false);
    }

    /**
     * NumPy's {@code np.load(file, mmap_mode=mode)}: the {@code .npy} file's data attached as by
     * {@link #memmap}; mode {@code r}, {@code r+} or {@code c}.
     */
    public static NdArray load(java.nio.file.Path file, String mmapMode) {
        if (mmapMode == null) {
            return load(file);
        }
        return NpyIo.loadAttached(ctx(), file, mmapMode);
    }

    // ------------------------------------------------------------------ Java arrays in (issue 14: data in and out; JavaArrays)

    /**
     * {@code np.array(data)}: a new array holding a copy of Java data, its dtype from the data:
     * <ul>
     *   <li>a primitive array of any rank, {@code double[]}...{@code double[][][][]} (float64),
     *       {@code float[]...} (float32), {@code long[]...} (int64), {@code int[]...} (int32),
     *       {@code boolean[]...} (bool): shape {@code (data.length, data[0].length, ...)}, one
     *       dimension per array level (so {@code new double[0][]} has shape {@code (0, 0)} and
     *       {@code new int[2][0]} shape {@code (2, 0)}), values bit for bit (NaN payloads, -0.0);</li>
     *   <li>a {@code Double}, {@code Float}, {@code Long}, {@code Integer} or {@code Boolean}: a 0-d array;</li>
     *   <li>an {@link NdArray}: a copy ({@code np.array(a)} copies).</li>
     * </ul>
     * The data goes to the runtime in launches of at most 8 MiB each (system property
     * {@code cohort.load.chunk.bytes}), so its size is limited by memory only, not by one launch.
     *
     * @throws ShapeMismatchException for ragged input, with NumPy's {@code ValueError} text: "setting an array
     *         element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The
     *         detected shape was (2,) + inhomogeneous part."
     * @throws IllegalArgumentException for null data or a null sub-array (naming its index, e.g. {@code [1][0]})
     * @throws DTypeException for any other type (e.g. {@code short[]}, {@code Double[]}, {@code String})
     */
    public static NdArray array(Object data) {
        return JavaArrays.array(ctx(), data, null);
    }

    /**
     * {@code np.array(data, dtype=dtype)}: as {@link #array(Object)}, the elements converted to
     * {@code dtype} as {@link NdArray#astype} converts them (floats truncate toward zero, non-zero is
     * true, int64 to int32 wraps).
     */
    public static NdArray array(Object data, DType dtype) {
        return JavaArrays.array(ctx(), data, java.util.Objects.requireNonNull(dtype, "dtype"));
    }

    /** {@code np.asarray(data)}: an {@link NdArray} itself, else {@link #array(Object)} (Java data is always copied). */
    public static NdArray asarray(Object data) {
        return data instanceof NdArray a ? a : array(data);
    }

    /** {@code np.asarray(data, dtype=dtype)}: an {@link NdArray} of that dtype itself, else a converted copy. */
    public static NdArray asarray(Object data, DType dtype) {
        return data instanceof NdArray a && a.dtype() == dtype ? a : array(data, dtype);
    }

    /** {@code np.array} of a 3-d {@code double[][][]} (float64). @throws ShapeMismatchException for ragged input */
    public static NdArray array(double[][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 4-d {@code double[][][][]} (float64). @throws ShapeMismatchException for ragged input */
    public static NdArray array(double[][][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 2-d {@code float[][]} (float32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(float[][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 3-d {@code float[][][]} (float32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(float[][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 4-d {@code float[][][][]} (float32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(float[][][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 3-d {@code long[][][]} (int64). @throws ShapeMismatchException for ragged input */
    public static NdArray array(long[][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 4-d {@code long[][][][]} (int64). @throws ShapeMismatchException for ragged input */
    public static NdArray array(long[][][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 2-d {@code int[][]} (int32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(int[][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 3-d {@code int[][][]} (int32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(int[][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 4-d {@code int[][][][]} (int32). @throws ShapeMismatchException for ragged input */
    public static NdArray array(int[][][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 2-d {@code boolean[][]} (bool). @throws ShapeMismatchException for ragged input */
    public static NdArray array(boolean[][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 3-d {@code boolean[][][]} (bool). @throws ShapeMismatchException for ragged input */
    public static NdArray array(boolean[][][] data) { return JavaArrays.array(ctx(), data, null); }
    /** {@code np.array} of a 4-d {@code boolean[][][][]} (bool). @throws ShapeMismatchException for ragged input */
    public static NdArray array(boolean[][][][] data) { return JavaArrays.array(ctx(), data, null); }

    /** {@code np.array(data).reshape(shape)} for row-major float32 data. @throws ShapeMismatchException if the sizes differ */
    public static NdArray array(float[] data, long... shape) { return JavaArrays.flat(ctx(), data, shape); }
    /** {@code np.array(data).reshape(shape)} for row-major int64 data. @throws ShapeMismatchException if the sizes differ */
    public static NdArray array(long[] data, long... shape) { return JavaArrays.flat(ctx(), data, shape); }
    /** {@code np.array(data).reshape(shape)} for row-major int32 data. @throws ShapeMismatchException if the sizes differ */
    public static NdArray array(int[] data, long... shape) { return JavaArrays.flat(ctx(), data, shape); }
    /** {@code np.array(data).reshape(shape)} for row-major bool data. @throws ShapeMismatchException if the sizes differ */
    public static NdArray array(boolean[] data, long... shape) { return JavaArrays.flat(ctx(), data, shape); }

    // np.asarray of Java data: always a copy (there is no Java array an NdArray could share).
    /**
     * {@code np.asarray} of a {@code double[][][]}: a float64 copy of shape {@code (d0, d1, d2)}; as
     * {@link #array(double[][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(double[][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code double[][][][]}: a float64 copy of shape {@code (d0, d1, d2, d3)}; as
     * {@link #array(double[][][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(double[][][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code float[]}: a float32 copy of shape {@code (data.length,)}; as
     * {@link #array(float...)}. Mirrors {@code numpy.asarray}.
     */
    public static NdArray asarray(float... data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code float[][]}: a float32 copy of shape {@code (d0, d1)}; as
     * {@link #array(float[][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(float[][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code float[][][]}: a float32 copy of shape {@code (d0, d1, d2)}; as
     * {@link #array(float[][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(float[][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code float[][][][]}: a float32 copy of shape {@code (d0, d1, d2, d3)}; as
     * {@link #array(float[][][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(float[][][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code long[][]}: a int64 copy of shape {@code (d0, d1)}; as
     * {@link #array(long[][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(long[][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code long[][][]}: a int64 copy of shape {@code (d0, d1, d2)}; as
     * {@link #array(long[][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(long[][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code long[][][][]}: a int64 copy of shape {@code (d0, d1, d2, d3)}; as
     * {@link #array(long[][][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(long[][][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code int[]}: a int32 copy of shape {@code (data.length,)}; as
     * {@link #array(int...)}. Mirrors {@code numpy.asarray}.
     */
    public static NdArray asarray(int... data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code int[][]}: a int32 copy of shape {@code (d0, d1)}; as {@link #array(int[][])}.
     * Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(int[][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code int[][][]}: a int32 copy of shape {@code (d0, d1, d2)}; as
     * {@link #array(int[][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(int[][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code int[][][][]}: a int32 copy of shape {@code (d0, d1, d2, d3)}; as
     * {@link #array(int[][][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(int[][][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code boolean[]}: a bool copy of shape {@code (data.length,)}; as
     * {@link #array(boolean...)}. Mirrors {@code numpy.asarray}.
     */
    public static NdArray asarray(boolean... data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code boolean[][]}: a bool copy of shape {@code (d0, d1)}; as
     * {@link #array(boolean[][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(boolean[][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code boolean[][][]}: a bool copy of shape {@code (d0, d1, d2)}; as
     * {@link #array(boolean[][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(boolean[][][] data) { return array(data); }
    /**
     * {@code np.asarray} of a {@code boolean[][][][]}: a bool copy of shape {@code (d0, d1, d2, d3)}; as
     * {@link #array(boolean[][][][])}. Mirrors {@code numpy.asarray}.
     *
     * @throws ShapeMismatchException for ragged input
     */
    public static NdArray asarray(boolean[][][][] data) { return array(data); }

    // ================================================================== text files (loadtxt, genfromtxt, savetxt)

    /**
     * Reads a whitespace-separated text file of numbers into a float64 array (NumPy
     * {@code np.loadtxt(path)}). See {@link #loadtxt(java.nio.file.Path, LoadTxt)}.
     */
    public static NdArray loadtxt(java.nio.file.Path path) {
        return TextIo.loadtxt(path, LoadTxt.options());
    }

    /** {@code np.loadtxt(path)} for a path given as a string. */
    public static NdArray loadtxt(String path) {
        return loadtxt(java.nio.file.Path.of(path));
    }

    /** {@code np.loadtxt(path, delimiter=delimiter)}. */
    public static NdArray loadtxt(java.nio.file.Path path, char delimiter) {
        return TextIo.loadtxt(path, LoadTxt.options().delimiter(delimiter));
    }

    /**
     * NumPy {@code np.loadtxt}: one row per data line, one column per field. Lines are read in
     * parallel by byte ranges of the file (one point task per range counts its data lines, then each
     * row tile of the result parses its own rows with positioned reads), so the file must be readable
     * at the same path by every shard.
     *
     * <ul>
     *   <li>The first {@code skiprows} lines are skipped; text from a {@code comments} marker to the
     *       line's end is ignored; blank lines are skipped.</li>
     *   <li>Fields are split at {@code delimiter} (Apache Commons CSV, no quoting, fields stripped), or at
     *       runs of whitespace when it is null; {@code usecols} picks and orders columns.</li>
     *   <li>Shape: (rows, columns) read, with dimensions of length 1 squeezed out, then padded to
     *       {@code ndmin} dimensions (ndmin 2 keeps (rows, columns)); a file without data gives shape (0,).</li>
     *   <li>dtype: {@code dtype} (float64 by default); floats accept {@code nan}, {@code inf}, exponents.</li>
     * </ul>
     *
     * @throws TextFileException with NumPy's words and the file and line: a field that is not a number
     *         ({@code could not convert string 'x' to float64 at row 1, column 3.}), a row with another
     *         number of fields ({@code the number of columns changed from 3 to 2 at row 2; ...}), a
     *         {@code usecols} index out of range ({@code invalid column index 5 at row 1 with 2 columns}).
     *         Every shard throws the same exception and the program can go on.
     * @throws java.io.UncheckedIOException when the file cannot be read (NoSuchFileException when it does not exist)
     */
    public static NdArray loadtxt(java.nio.file.Path path, LoadTxt options) {
        return TextIo.loadtxt(path, options);
    }

    /** {@code np.loadtxt} for a path given as a string. */
    public static NdArray loadtxt(String path, LoadTxt options) {
        return loadtxt(java.nio.file.Path.of(path), options);
    }

    /**
     * NumPy {@code np.genfromtxt}: as {@link #loadtxt(java.nio.file.Path, LoadTxt)}, but missing
     * (empty) and unparsable fields become {@code filling_values} (NaN for float dtypes, -1 for int
     * dtypes by default), and the result is always squeezed (ndmin 0). A row with another number of
     * fields than the first is an error ({@code Some errors were detected ! Line #3 (got 2 columns
     * instead of 3)}; only the first such line is reported).
     */
    public static NdArray genfromtxt(java.nio.file.Path path, GenFromTxt options) {
        return TextIo.genfromtxt(path, options);
    }

    /** {@code np.genfromtxt(path, delimiter=delimiter)}. */
    public static NdArray genfromtxt(java.nio.file.Path path, char delimiter) {
        return TextIo.genfromtxt(path, GenFromTxt.options().delimiter(delimiter));
    }

    /** {@code np.genfromtxt} for a path given as a string. */
    public static NdArray genfromtxt(String path, GenFromTxt options) {
        return TextIo.genfromtxt(java.nio.file.Path.of(path), options);
    }

    /** {@code np.loadtxt(path, delimiter=delimiter)} for a path given as a string. */
    public static NdArray loadtxt(String path, char delimiter) {
        return TextIo.loadtxt(java.nio.file.Path.of(path), LoadTxt.options().delimiter(delimiter));
    }

    /** {@code np.genfromtxt(path)}: whitespace-separated. */
    public static NdArray genfromtxt(java.nio.file.Path path) {
        return TextIo.genfromtxt(path, GenFromTxt.options());
    }

    /**
     * NumPy {@code np.savetxt}: writes a 1-d array (one value per line) or a 2-d array (one row per
     * line) as text: {@code header} (each line prefixed with {@code comments}), the rows formatted
     * with {@code fmt} (Python {@code %}-formats; default {@code %.18e}) joined by {@code delimiter}
     * and ended by {@code newline}, then {@code footer}. Each row tile of the array formats its own
     * rows (a first launch measures their byte lengths, a second writes them at their offsets with
     * positioned writes), so the file is written once, in row order, by all shards together.
     *
     * @throws ShapeMismatchException for 0-d or more than 2-d arrays ({@code Expected 1D or 2D array, got 3D array instead})
     * @throws IllegalArgumentException for a bad {@code fmt} ({@code fmt has wrong number of % formats:  %d %d})
     * @throws java.io.UncheckedIOException when the file cannot be written
     */
    public static void savetxt(java.nio.file.Path path, NdArray a, SaveTxt options) {
        TextIo.savetxt(path, a, options);
    }

    /** {@code np.savetxt(path, a)} with NumPy's defaults ({@code fmt='%.18e'}, {@code delimiter=' '}). */
    public static void savetxt(java.nio.file.Path path, NdArray a) {
        TextIo.savetxt(path, a, SaveTxt.options());
    }

    /** {@code np.savetxt(path, a)} for a path given as a string. */
    public static void savetxt(String path, NdArray a) {
        TextIo.savetxt(java.nio.file.Path.of(path), a, SaveTxt.options());
    }

    /** {@code np.savetxt} for a path given as a string. */
    public static void savetxt(String path, NdArray a, SaveTxt options) {
        TextIo.savetxt(java.nio.file.Path.of(path), a, options);
    }

    /** {@code np.savetxt(path, a, fmt=fmt, delimiter=delimiter)}. */
    public static void savetxt(java.nio.file.Path path, NdArray a, String fmt, String delimiter) {
        TextIo.savetxt(path, a, SaveTxt.options().fmt(fmt).delimiter(delimiter));
    }

    // ================================================================== statistics, scans, sorting and searching, masks (issue 15)

    /**
     * {@code np.var(a)}: variance of all elements, NumPy's two-pass formula {@code sum((a - mean(a))**2) / (n - ddof)}
     * with {@code ddof = 0}. Shape {@code ()}; float32 stays float32, other dtypes give float64. Mirrors {@code numpy.var}.
     */
    public static NdArray var(NdArray a) { return Statistics.var(a, null, 0, false); }

    /**
     * {@code np.var(a, axis=axis, ddof=ddof, keepdims=keepdims)}: two-pass variance along {@code axis}
     * ({@code mean} with keepdims first, then the sum of squared deviations divided by {@code n - ddof}; a
     * non-positive divisor gives inf/nan as NumPy). Dtype as {@link #var(NdArray)}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray var(NdArray a, int axis, int ddof, boolean keepdims) { return Statistics.var(a, axis, ddof, keepdims); }

    /** {@code np.var(a, ddof=ddof)} over all elements (two-pass formula). Mirrors {@code numpy.var}. */
    public static NdArray var(NdArray a, int ddof) { return Statistics.var(a, null, ddof, false); }

    /** {@code np.std(a)}: {@code sqrt(var(a))} (two-pass formula). Shape {@code ()}; dtype as {@link #var(NdArray)}. Mirrors {@code numpy.std}. */
    public static NdArray std(NdArray a) { return Statistics.std(a, null, 0, false); }

    /** {@code np.std(a, ddof=ddof)}: {@code sqrt(var(a, ddof))} over all elements. Mirrors {@code numpy.std}. */
    public static NdArray std(NdArray a, int ddof) { return Statistics.std(a, null, ddof, false); }

    /**
     * {@code np.std(a, axis, ddof=ddof, keepdims=keepdims)}: {@code sqrt(var(...))} along {@code axis}. Mirrors
     * {@code numpy.std}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray std(NdArray a, int axis, int ddof, boolean keepdims) { return Statistics.std(a, axis, ddof, keepdims); }

    /**
     * {@code np.ptp(a)}: {@code max(a) - min(a)}, shape {@code ()}, dtype of {@code a}.
     *
     * @throws ShapeMismatchException for an empty array; {@link DTypeException} for bool (NumPy's subtract)
     */
    public static NdArray ptp(NdArray a) { return Statistics.ptp(a, null, false); }

    /** {@code np.ptp(a, axis)}: {@code max(a, axis) - min(a, axis)}. Mirrors {@code numpy.ptp}. */
    public static NdArray ptp(NdArray a, int axis) { return Statistics.ptp(a, axis, false); }

    /** {@code np.average(a)}: the mean of all elements. Mirrors {@code numpy.average}. */
    public static NdArray average(NdArray a) { return Statistics.average(a, null, null); }

    /**
     * {@code np.average(a, weights=w)}: {@code sum(a * w) / sum(w)} over all elements; {@code w} of {@code a}'s
     * shape. Float result (float64 for integer inputs). Mirrors {@code numpy.average}.
     *
     * @throws DTypeException "Axis must be specified when shapes of a and weights differ."
     * @throws ArithmeticException "Weights sum to zero, can't be normalized" (NumPy's ZeroDivisionError)
     */
    public static NdArray average(NdArray a, NdArray weights) { return Statistics.average(a, weights, null); }

    /** {@code np.average(a, axis, weights=w)}: {@code sum(a * w, axis) / sum(w, axis)}, {@code w} of {@code a}'s shape. */
    public static NdArray average(NdArray a, int axis, NdArray weights) { return Statistics.average(a, weights, axis); }

    /** {@code np.count_nonzero(a)}: the number of elements {@code != 0} (NaN counts), by a distributed count. */
    public static long count_nonzero(NdArray a) { return Sorting.countNonzero(a); }

    /** {@code np.nansum(a)}: the sum with NaNs taken as 0; dtype as {@code sum}. Mirrors {@code numpy.nansum}. */
    public static NdArray nansum(NdArray a) { return Statistics.nan(dev.cohort.tasks.ReduceOp.SUM, false, a, null, false); }

    /** {@code np.nansum(a, axis)}. */
    public static NdArray nansum(NdArray a, int axis) { return Statistics.nan(dev.cohort.tasks.ReduceOp.SUM, false, a, axis, false); }

    /** {@code np.nanmax(a)}: the maximum ignoring NaNs (NaN when all are NaN). Mirrors {@code numpy.nanmax}. */
    public static NdArray nanmax(NdArray a) { return Statistics.nan(dev.cohort.tasks.ReduceOp.MAX, false, a, null, false); }

    /** {@code np.nanmax(a, axis)}. */
    public static NdArray nanmax(NdArray a, int axis) { return Statistics.nan(dev.cohort.tasks.ReduceOp.MAX, false, a, axis, false); }

    /** {@code np.nanmin(a)}: the minimum ignoring NaNs (NaN when all are NaN). Mirrors {@code numpy.nanmin}. */
    public static NdArray nanmin(NdArray a) { return Statistics.nan(dev.cohort.tasks.ReduceOp.MIN, false, a, null, false); }

    /** {@code np.nanmin(a, axis)}. */
    public static NdArray nanmin(NdArray a, int axis) { return Statistics.nan(dev.cohort.tasks.ReduceOp.MIN, false, a, axis, false); }

    /** {@code np.nanmean(a)}: {@code nansum(a) / count(not nan)}. Mirrors {@code numpy.nanmean}. */
    public static NdArray nanmean(NdArray a) { return Statistics.nan(dev.cohort.tasks.ReduceOp.SUM, true, a, null, false); }

    /** {@code np.nanmean(a, axis)}. */
    public static NdArray nanmean(NdArray a, int axis) { return Statistics.nan(dev.cohort.tasks.ReduceOp.SUM, true, a, axis, false); }

    /**
     * {@code np.cumsum(a)}: the running sum of the flattened array; bool/int32/int64 give int64, floats keep their
     * dtype. Distributed: a scan per tile, an exclusive scan of the tiles' totals, the offsets added (integer
     * results exact; floating ones may differ from NumPy's sequential loop in the last bits). Mirrors {@code numpy.cumsum}.
     */
    public static NdArray cumsum(NdArray a) { return Sorting.scan(a, null, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /**
     * {@code np.cumsum(a, axis)}: running sums along {@code axis}, shape of {@code a}; dtype as {@link #cumsum(NdArray)}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray cumsum(NdArray a, int axis) { return Sorting.scan(a, axis, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /** {@code np.cumprod(a)}: the running product of the flattened array; dtype rule of {@link #cumsum(NdArray)}. */
    public static NdArray cumprod(NdArray a) { return Sorting.scan(a, null, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /** {@code np.cumprod(a, axis)}: running products along {@code axis}. Mirrors {@code numpy.cumprod}. */
    public static NdArray cumprod(NdArray a, int axis) { return Sorting.scan(a, axis, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /**
     * {@code np.diff(a)}: {@code a[..., 1:] - a[..., :-1]} along the last axis ({@code !=} for bool).
     *
     * @throws IllegalArgumentException for a 0-d array
     */
    public static NdArray diff(NdArray a) { return Statistics.diff(a, 1, -1); }

    /** {@code np.diff(a, n, axis)}: the {@code n}-th difference along {@code axis}. Mirrors {@code numpy.diff}. */
    public static NdArray diff(NdArray a, int n, int axis) { return Statistics.diff(a, n, axis); }

    /**
     * {@code np.sort(a)}: a sorted copy along the last axis (NumPy's order: NaNs last, stable). A 1-d array is
     * sorted by a distributed sample sort; an n-d one lane by lane. Shape and dtype of {@code a}. Mirrors {@code numpy.sort}.
     */
    public static NdArray sort(NdArray a) { return Sorting.sort(a, -1, false); }

    /**
     * {@code np.sort(a, axis)}; {@code axis == null} sorts the flattened array (NumPy's {@code axis=None}).
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray sort(NdArray a, Integer axis) { return Sorting.sort(a, axis, false); }

    /** {@code np.argsort(a, kind='stable')}: int64 indices that sort {@code a} along the last axis. Mirrors {@code numpy.argsort}. */
    public static NdArray argsort(NdArray a) { return Sorting.sort(a, -1, true); }

    /** {@code np.argsort(a, axis, kind='stable')}; {@code axis == null}: indices into the flattened array. */
    public static NdArray argsort(NdArray a, Integer axis) { return Sorting.sort(a, axis, true); }

    /**
     * {@code np.unique(a)}: the sorted distinct elements of the flattened array (sort, adjacent difference,
     * compaction), 1-d, dtype of {@code a}. Mirrors {@code numpy.unique}.
     */
    public static NdArray unique(NdArray a) { return Sorting.unique(a, false)[0]; }

    /** {@code np.unique(a, return_counts=True)}: {unique values, int64 counts}. */
    public static NdArray[] unique_counts(NdArray a) { return Sorting.unique(a, true); }

    /**
     * {@code np.nonzero(a)}: per dimension the int64 coordinates of the elements {@code != 0}, in C order.
     *
     * @throws IllegalArgumentException for a 0-d array (NumPy's ValueError)
     */
    public static NdArray[] nonzero(NdArray a) { return Sorting.nonzero(a); }

    /** {@code np.where(cond)} with one argument: {@link #nonzero(NdArray)}. */
    public static NdArray[] where(NdArray cond) { return Sorting.nonzero(cond); }

    /** {@code np.flatnonzero(a)}: int64 indices of the nonzero elements of the flattened array. */
    public static NdArray flatnonzero(NdArray a) { return Sorting.nonzero(a.ndim() == 1 ? a : a.reshape(a.size()))[0]; }

    /** {@code np.argwhere(a)}: int64 array of shape {@code (count, ndim)}, row {@code k} the coordinates of the k-th nonzero. */
    public static NdArray argwhere(NdArray a) {
        NdArray[] nz = Sorting.nonzero(a.ndim() == 0 ? a.reshape(1) : a);
        long n = nz[0].shape[0];
        int nd = a.ndim();
        NdArray out = Creation.empty(a.ctx, DType.INT64, new long[]{n, nd});
        for (int d = 0; d < nd && n > 0; d++) {
            Indexing.assign(out.get(Slice.all(), (long) d), nz[d]);
        }
        return out;
    }

    /**
     * {@code np.median(a)}: the median of the flattened array (mean of the two middle values of the sorted array;
     * NaN when {@code a} holds NaN); 0-d float64 (float32 for float32). Mirrors {@code numpy.median}.
     */
    public static NdArray median(NdArray a) { return Statistics.median(a); }

    /**
     * {@code np.quantile(a, q)} with {@code method='linear'} over the flattened array; 0-d float.
     *
     * @throws IllegalArgumentException "Quantiles must be in the range [0, 1]"
     */
    public static NdArray quantile(NdArray a, double q) { return Statistics.quantile(a, q, "quantile"); }

    /**
     * {@code np.percentile(a, q)}: {@code quantile(a, q / 100)}.
     *
     * @throws IllegalArgumentException "Percentiles must be in the range [0, 100]"
     */
    public static NdArray percentile(NdArray a, double q) { return Statistics.quantile(a, q / 100, "percentile"); }

    // ------------------------------------------------------------------ integer-array indexing and bincount

    /**
     * {@code numpy.take(a, indices)}: the elements of the flattened {@code a} at {@code indices} (int64 or
     * int32; negative ones count from the end), in the shape of {@code indices}, dtype of {@code a}.
     * Distributed over the result's tiles (each reads the whole of {@code a}: which elements a tile needs
     * depends on the data).
     *
     * @throws NdIndexException for a non-integer index array ("arrays used as indices must be of integer (or
     *     boolean) type") or an index out of range ("index 7 is out of bounds for axis 0 with size 5"), at the call
     */
    public static NdArray take(NdArray a, NdArray indices) {
        return FancyIndexing.take(a, indices, null);
    }

    /**
     * {@code numpy.take(a, indices, axis)}: the slices of {@code a} at {@code indices} along {@code axis}; the
     * result's shape is {@code a.shape[:axis] + indices.shape + a.shape[axis+1:]}, dtype of {@code a}.
     *
     * @throws AxisException when {@code axis} is out of range
     * @throws NdIndexException as {@link #take(NdArray, NdArray)}
     */
    public static NdArray take(NdArray a, NdArray indices, int axis) {
        return FancyIndexing.take(a, indices, axis);
    }

    /**
     * {@code numpy.put(a, ind, v)}: {@code a.flat[ind[i]] = v[i % v.size]} in index order (a repeated index
     * keeps the last value), {@code v} converted to {@code a}'s dtype; {@code a} changes in place.
     *
     * @throws NdIndexException as {@link #take(NdArray, NdArray)}
     * @throws IllegalArgumentException when {@code v} is empty and {@code ind} is not
     */
    public static void put(NdArray a, NdArray ind, NdArray v) {
        FancyIndexing.put(a, ind, v);
    }

    /**
     * {@code numpy.bincount(x)}: {@code out[k]} = the number of elements of the 1-d non-negative integer (or
     * bool) array {@code x} equal to {@code k}, for {@code k < max(x) + 1}; int64. Per-tile counts are added
     * across tiles.
     *
     * @throws IllegalArgumentException for a negative element ("'list' argument must have no negative
     *     elements") or an {@code x} that is not 1-d ("object too deep for desired array")
     * @throws DTypeException for a floating-point {@code x}
     */
    public static NdArray bincount(NdArray x) {
        return FancyIndexing.bincount(x, null, 0);
    }

    /**
     * {@code numpy.bincount(x, weights)}: {@code out[k]} = the sum of {@code weights[i]} over {@code x[i] == k};
     * float64. The per-tile partial sums are added in tile order: the same bits on every number of shards
     * (NumPy adds sequentially; the last bits can differ).
     *
     * @throws IllegalArgumentException when {@code weights} has another shape ("The weights and list don't
     *     have the same length."), and as {@link #bincount(NdArray)}
     */
    public static NdArray bincount(NdArray x, NdArray weights) {
        return FancyIndexing.bincount(x, weights, 0);
    }

    /**
     * {@code numpy.bincount(x, weights, minlength)}: as {@link #bincount(NdArray, NdArray)} ({@code weights} may
     * be null: counts), with at least {@code minlength} bins.
     *
     * @throws IllegalArgumentException for a negative {@code minlength} ("'minlength' must not be negative"),
     *     and as {@link #bincount(NdArray, NdArray)}
     */
    public static NdArray bincount(NdArray x, NdArray weights, long minlength) {
        return FancyIndexing.bincount(x, weights, minlength);
    }

    // ================================================================== array manipulation (issue 15, wave 2)
    // Joining, splitting, reshaping, tiling, flipping, rolling, padding, triangles and diagonals, grids.
    // Views where NumPy returns views; tiled copies into the result's tiles otherwise (Manipulation).

    /**
     * {@code np.concatenate(arrays, axis=axis)}: joins arrays along an existing axis. Shapes must agree
     * except along {@code axis}; the result's extent there is the sum; dtype is the promotion of all
     * inputs ({@code numpy.result_type}). Each input is copied by one tiled launch into its slab of the
     * result (nothing is gathered onto one point).
     *
     * @throws IllegalArgumentException "need at least one array to concatenate"
     * @throws ShapeMismatchException "zero-dimensional arrays cannot be concatenated", "all the input arrays must
     *         have same number of dimensions, ...", "all the input array dimensions except for the concatenation
     *         axis must match exactly, but along dimension 1, the array at index 0 has size 3 and ..."
     * @throws AxisException "axis 2 is out of bounds for array of dimension 2"
     */
    public static NdArray concatenate(NdArray[] arrays, int axis) { return Manipulation.concatenate(arrays, axis); }

    /** {@code np.concatenate(arrays)} along axis 0; see {@link #concatenate(NdArray[], int)}. */
    public static NdArray concatenate(NdArray... arrays) { return Manipulation.concatenate(arrays, 0); }

    /** {@code np.concatenate(arrays, axis)} for a list; see {@link #concatenate(NdArray[], int)}. */
    public static NdArray concatenate(java.util.List<NdArray> arrays, int axis) { return Manipulation.concatenate(arrays.toArray(new NdArray[0]), axis); }

    /**
     * {@code np.concatenate(arrays, axis=None)}: every input flattened (row-major, {@code ravel}) and the
     * results joined into one 1-d array of the promoted dtype; 0-d inputs are allowed.
     *
     * @throws IllegalArgumentException "need at least one array to concatenate"
     */
    public static NdArray concatenate_flat(NdArray... arrays) { return Manipulation.concatenate(arrays, null); }

    /**
     * {@code np.stack(arrays, axis)}: joins arrays of one shape {@code s} along a new axis: the result has
     * shape {@code s} with {@code len(arrays)} inserted at {@code axis} (in {@code [-ndim-1, ndim]}), the
     * promoted dtype.
     *
     * @throws IllegalArgumentException "need at least one array to stack"
     * @throws ShapeMismatchException "all input arrays must have the same shape"
     * @throws AxisException for an axis outside {@code [-ndim-1, ndim]}
     */
    public static NdArray stack(NdArray[] arrays, int axis) { return Manipulation.stack(arrays, axis); }

    /** {@code np.stack(arrays)}: a new first axis; see {@link #stack(NdArray[], int)}. */
    public static NdArray stack(NdArray... arrays) { return Manipulation.stack(arrays, 0); }

    /**
     * {@code np.hstack(arrays)}: concatenation along axis 1, or axis 0 when the inputs are 1-d (0-d inputs
     * become 1-d first, {@code atleast_1d}). Errors as {@link #concatenate(NdArray[], int)}.
     */
    public static NdArray hstack(NdArray... arrays) { return Manipulation.hstack(arrays); }

    /**
     * {@code np.vstack(arrays)} ({@code row_stack}): inputs made at least 2-d ({@code (n,)} becomes
     * {@code (1, n)}) then concatenated along axis 0. Errors as {@link #concatenate(NdArray[], int)}.
     */
    public static NdArray vstack(NdArray... arrays) { return Manipulation.vstack(arrays); }

    /**
     * {@code np.dstack(arrays)}: inputs made at least 3-d ({@code (n,)} becomes {@code (1, n, 1)},
     * {@code (m, n)} becomes {@code (m, n, 1)}) then concatenated along axis 2.
     */
    public static NdArray dstack(NdArray... arrays) { return Manipulation.dstack(arrays); }

    /**
     * {@code np.column_stack(arrays)}: 1-d inputs of length {@code n} become columns {@code (n, 1)},
     * 2-d inputs stay; concatenated along axis 1.
     */
    public static NdArray column_stack(NdArray... arrays) { return Manipulation.columnStack(arrays); }

    /**
     * {@code np.split(a, sections, axis)}: {@code sections} views of equal extent along {@code axis}.
     *
     * @throws ShapeMismatchException "array split does not result in an equal division"
     * @throws IllegalArgumentException "number sections must be larger than 0."
     */
    public static java.util.List<NdArray> split(NdArray a, long sections, int axis) { return Manipulation.arraySplit(a, sections, axis, true); }

    /** {@code np.split(a, sections)} along axis 0; see {@link #split(NdArray, long, int)}. */
    public static java.util.List<NdArray> split(NdArray a, long sections) { return Manipulation.arraySplit(a, sections, 0, true); }

    /**
     * {@code np.split(a, indices, axis)}: views {@code a[:i0], a[i0:i1], ..., a[ik:]} along {@code axis}
     * (Python slice semantics: indices are clipped, out-of-order ones give empty pieces).
     */
    public static java.util.List<NdArray> split(NdArray a, long[] indices, int axis) { return Manipulation.splitAt(a, indices, axis); }

    /**
     * {@code np.array_split(a, sections, axis)}: like {@code split} but the extent {@code n} need not divide:
     * the first {@code n % sections} pieces have {@code n / sections + 1} elements, the rest {@code n / sections}.
     *
     * @throws IllegalArgumentException "number sections must be larger than 0."
     */
    public static java.util.List<NdArray> array_split(NdArray a, long sections, int axis) { return Manipulation.arraySplit(a, sections, axis, false); }

    /** {@code np.array_split(a, sections)} along axis 0. */
    public static java.util.List<NdArray> array_split(NdArray a, long sections) { return Manipulation.arraySplit(a, sections, 0, false); }

    /**
     * {@code np.hsplit(a, sections)}: {@code split} along axis 1 (axis 0 for 1-d arrays).
     *
     * @throws ShapeMismatchException "hsplit only works on arrays of 1 or more dimensions"
     */
    public static java.util.List<NdArray> hsplit(NdArray a, long sections) { return Manipulation.arraySplit(a, sections, Manipulation.splitAxis(a, "hsplit"), true); }

    /** {@code np.hsplit(a, indices)}. */
    public static java.util.List<NdArray> hsplit(NdArray a, long[] indices) { return Manipulation.splitAt(a, indices, Manipulation.splitAxis(a, "hsplit")); }

    /**
     * {@code np.vsplit(a, sections)}: {@code split} along axis 0 of an array of at least 2 dimensions.
     *
     * @throws ShapeMismatchException "vsplit only works on arrays of 2 or more dimensions"
     */
    public static java.util.List<NdArray> vsplit(NdArray a, long sections) { return Manipulation.arraySplit(a, sections, Manipulation.splitAxis(a, "vsplit"), true); }

    /** {@code np.vsplit(a, indices)}. */
    public static java.util.List<NdArray> vsplit(NdArray a, long[] indices) { return Manipulation.splitAt(a, indices, Manipulation.splitAxis(a, "vsplit")); }

    /**
     * {@code np.dsplit(a, sections)}: {@code split} along axis 2 of an array of at least 3 dimensions.
     *
     * @throws ShapeMismatchException "dsplit only works on arrays of 3 or more dimensions"
     */
    public static java.util.List<NdArray> dsplit(NdArray a, long sections) { return Manipulation.arraySplit(a, sections, Manipulation.splitAxis(a, "dsplit"), true); }

    /** {@code np.squeeze(a)}: a view without the axes of length one. */
    public static NdArray squeeze(NdArray a) { return Manipulation.squeeze(a, null); }

    /**
     * {@code np.squeeze(a, axis)}: a view without the given axes, each of which must have length one.
     *
     * @throws ShapeMismatchException "cannot select an axis to squeeze out which has size not equal to one"
     * @throws IllegalArgumentException "duplicate value in 'axis'"
     * @throws AxisException for an axis out of range
     */
    public static NdArray squeeze(NdArray a, int... axis) { return Manipulation.squeeze(a, axis); }

    /**
     * {@code np.expand_dims(a, axis)}: a view with a length-one axis inserted at each position of
     * {@code axis} (positions in the result, {@code [-ndim-k, ndim+k)} for k new axes).
     *
     * @throws IllegalArgumentException "repeated axis"
     * @throws AxisException for a position out of range
     */
    public static NdArray expand_dims(NdArray a, int... axis) { return Manipulation.expandDims(a, axis); }

    /** {@code np.swapaxes(a, axis1, axis2)}: the view with the two axes interchanged. @throws AxisException for an axis out of range */
    public static NdArray swapaxes(NdArray a, int axis1, int axis2) { return Manipulation.swapaxes(a, axis1, axis2); }

    /**
     * {@code np.moveaxis(a, source, destination)}: the view with axes {@code source[i]} moved to
     * positions {@code destination[i]}, the other axes keeping their order.
     *
     * @throws IllegalArgumentException "`source` and `destination` arguments must have the same number of elements",
     *         "repeated axis in `source` argument"
     */
    public static NdArray moveaxis(NdArray a, int[] source, int[] destination) { return Manipulation.moveaxis(a, source, destination); }

    /** {@code np.moveaxis(a, source, destination)} for one axis. */
    public static NdArray moveaxis(NdArray a, int source, int destination) { return Manipulation.moveaxis(a, new int[]{source}, new int[]{destination}); }

    /** {@code np.atleast_1d(a)}: a 0-d array as shape {@code (1,)} (a view); others unchanged. */
    public static NdArray atleast_1d(NdArray a) { return Manipulation.atleast(a, 1); }

    /** {@code np.atleast_2d(a)}: {@code ()} to {@code (1, 1)}, {@code (n,)} to {@code (1, n)} (views); others unchanged. */
    public static NdArray atleast_2d(NdArray a) { return Manipulation.atleast(a, 2); }

    /** {@code np.atleast_3d(a)}: {@code ()} to {@code (1,1,1)}, {@code (n,)} to {@code (1,n,1)}, {@code (m,n)} to {@code (m,n,1)} (views). */
    public static NdArray atleast_3d(NdArray a) { return Manipulation.atleast(a, 3); }

    /**
     * {@code np.broadcast_to(a, shape)}: a view of {@code a} with NumPy's broadcasting to {@code shape} (no
     * copy). NumPy makes it read-only; in Cohort do not write through it (elements repeat).
     *
     * @throws ShapeMismatchException "operands could not be broadcast together with remapped shapes
     *         [original->remapped]: (3,)  and requested shape (4,)", "input operand has more dimensions than
     *         allowed by the axis remapping"
     */
    public static NdArray broadcast_to(NdArray a, long... shape) { return Manipulation.broadcastTo(a, shape); }

    /**
     * {@code np.broadcast_arrays(*arrays)}: views of every array broadcast to their common shape.
     *
     * @throws ShapeMismatchException "operands could not be broadcast together with shapes (3,) (4,)"
     */
    public static java.util.List<NdArray> broadcast_arrays(NdArray... arrays) { return Manipulation.broadcastArrays(arrays); }

    /**
     * {@code np.flip(a)}: the view with every axis reversed ({@code a[::-1, ::-1, ...]}). Views with negative
     * steps are not tiled: operations on them run as one point on every shard's replicated copy.
     */
    public static NdArray flip(NdArray a) { return Manipulation.flip(a, null); }

    /** {@code np.flip(a, axis)}: the view reversed along the given axes. @throws AxisException for an axis out of range */
    public static NdArray flip(NdArray a, int... axis) { return Manipulation.flip(a, axis); }

    /** {@code np.fliplr(a)}: {@code a[:, ::-1]}. @throws IllegalArgumentException "Input must be >= 2-d." */
    public static NdArray fliplr(NdArray a) {
        if (a.ndim() < 2) {
            throw new IllegalArgumentException("Input must be >= 2-d.");
        }
        return Manipulation.flip(a, new int[]{1});
    }

    /** {@code np.flipud(a)}: {@code a[::-1, ...]}. @throws IllegalArgumentException "Input must be >= 1-d." */
    public static NdArray flipud(NdArray a) {
        if (a.ndim() < 1) {
            throw new IllegalArgumentException("Input must be >= 1-d.");
        }
        return Manipulation.flip(a, new int[]{0});
    }

    /**
     * {@code np.roll(a, shift, axis)}: a copy with elements shifted along {@code axis} cyclically:
     * {@code out[(i + shift) mod n] = a[i]}. Two tiled copies per axis.
     *
     * @throws AxisException for an axis out of range
     */
    public static NdArray roll(NdArray a, long shift, int axis) { return Manipulation.roll(a, new long[]{shift}, new int[]{axis}); }

    /** {@code np.roll(a, shift)}: the flattened array rolled, reshaped back to {@code a}'s shape. */
    public static NdArray roll(NdArray a, long shift) { return Manipulation.roll(a, new long[]{shift}, null); }

    /**
     * {@code np.roll(a, shifts, axes)}: shift {@code shifts[i]} along {@code axes[i]} (either may have length
     * one and broadcast; shifts of a repeated axis add up).
     *
     * @throws ShapeMismatchException when the lengths differ and neither is one
     */
    public static NdArray roll(NdArray a, long[] shifts, int[] axes) { return Manipulation.roll(a, shifts, axes); }

    /**
     * {@code np.rot90(m, k, axes)}: the view rotated by 90 degrees {@code k} times in the plane of
     * {@code axes} (from the first towards the second axis).
     *
     * @throws IllegalArgumentException "len(axes) must be 2.", "Axes must be different.",
     *         "Axes=(0, 5) out of range for array of ndim=2."
     */
    public static NdArray rot90(NdArray m, int k, int... axes) { return Manipulation.rot90(m, k, axes.length == 0 ? new int[]{0, 1} : axes); }

    /** {@code np.rot90(m)}: one rotation in the plane of axes 0 and 1. */
    public static NdArray rot90(NdArray m) { return Manipulation.rot90(m, 1, new int[]{0, 1}); }

    /**
     * {@code np.tile(a, reps)}: {@code a} repeated {@code reps[i]} times along each axis; with
     * {@code d = max(len(reps), ndim)} both are padded with leading ones, the result has shape
     * {@code shape[i] * reps[i]} and {@code a}'s dtype. Written by doubling copies inside the result
     * (about {@code 2 log2(reps[i])} tiled launches per axis).
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray tile(NdArray a, long... reps) { return Manipulation.tile(a, reps); }

    /**
     * {@code np.repeat(a, repeats, axis)}: every element repeated {@code repeats} times along {@code axis}
     * ({@code out[i*r + j] = a[i]}); same dtype. {@code min(repeats, n)} tiled launches.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     * @throws AxisException for an axis out of range
     */
    public static NdArray repeat(NdArray a, long repeats, int axis) { return Manipulation.repeat(a, repeats, axis); }

    /** {@code np.repeat(a, repeats)}: the flattened array's elements repeated (1-d result). */
    public static NdArray repeat(NdArray a, long repeats) { return Manipulation.repeat(a, repeats, null); }

    /**
     * {@code np.repeat(a, repeats, axis)} with one count per element along {@code axis} (length one
     * broadcasts). Runs of equal counts are written together.
     *
     * @throws IllegalArgumentException "repeats may not contain negative values."
     * @throws ShapeMismatchException "operands could not be broadcast together with shape (2,) (3,)"
     */
    public static NdArray repeat(NdArray a, long[] repeats, int axis) { return Manipulation.repeat(a, repeats, axis); }

    /** {@code np.repeat(a, repeats)} with per-element counts over the flattened array. */
    public static NdArray repeat(NdArray a, long[] repeats) { return Manipulation.repeat(a, repeats, null); }

    /**
     * {@code np.pad(a, pad_width, mode, constant_values=value)}: a copy of {@code a} with
     * {@code pad_width[i] = {before, after}} elements added on each side of axis {@code i}
     * ({@code {{w}}}, {@code {{b, a}}} broadcast to every axis). Modes: {@code constant} (the value cast to
     * {@code a}'s dtype), {@code edge}, {@code wrap}, {@code reflect}, {@code symmetric}, any widths (wider
     * than the axis: repeated periods / reflections, as NumPy). Axes are padded in order, so corners take the
     * padded values of earlier axes, as in NumPy. Tiled copies: the interior, then per axis and side one copy
     * per chunk of up to the axis length from the part already padded.
     *
     * @throws IllegalArgumentException "mode 'foo' is not supported", "index can't contain negative values",
     *         "can't extend empty axis 0 using modes other than 'constant' or 'empty'"
     * @throws ShapeMismatchException for a {@code pad_width} that does not broadcast to {@code (ndim, 2)}
     */
    public static NdArray pad(NdArray a, long[][] padWidth, String mode, double constantValue) { return Manipulation.pad(a, padWidth, mode, constantValue); }

    /** {@code np.pad(a, pad_width, mode)} (constant mode pads with 0). */
    public static NdArray pad(NdArray a, long[][] padWidth, String mode) { return Manipulation.pad(a, padWidth, mode, 0); }

    /** {@code np.pad(a, pad_width)}: zeros around. */
    public static NdArray pad(NdArray a, long[][] padWidth) { return Manipulation.pad(a, padWidth, "constant", 0); }

    /** {@code np.pad(a, w, mode)}: {@code w} elements on both sides of every axis. */
    public static NdArray pad(NdArray a, long padWidth, String mode) { return Manipulation.pad(a, new long[][]{{padWidth}}, mode, 0); }

    /** {@code np.pad(a, w)}: {@code w} zeros on both sides of every axis. */
    public static NdArray pad(NdArray a, long padWidth) { return Manipulation.pad(a, new long[][]{{padWidth}}, "constant", 0); }

    /**
     * {@code np.tri(N, M, k, dtype)}: the {@code (N, M)} array with ones where {@code j <= i + k}, zeros
     * elsewhere ({@code greater_equal.outer(arange(N), arange(-k, M-k))}: a negative extent gives an empty
     * axis, as in NumPy).
     */
    public static NdArray tri(long n, long m, long k, DType dtype) { return Manipulation.tri(ctx(), n, m, k, dtype); }

    /** {@code np.tri(N)}: float64 {@code (N, N)} lower triangle of ones. */
    public static NdArray tri(long n) { return Manipulation.tri(ctx(), n, n, 0, DType.FLOAT64); }

    /** {@code np.tri(N, M)}: float64, k = 0. */
    public static NdArray tri(long n, long m) { return Manipulation.tri(ctx(), n, m, 0, DType.FLOAT64); }

    /** {@code np.tri(N, M, k)}: float64. */
    public static NdArray tri(long n, long m, long k) { return Manipulation.tri(ctx(), n, m, k, DType.FLOAT64); }

    /**
     * {@code np.tril(m, k)}: a copy with the elements above the {@code k}-th diagonal ({@code j > i + k})
     * of the last two axes zeroed; same shape and dtype (a 1-d input of length n gives the {@code (n, n)}
     * result of NumPy's broadcasting).
     *
     * @throws IllegalArgumentException for a 0-d array
     */
    public static NdArray tril(NdArray m, long k) { return Manipulation.triangle(m, k, true); }

    /** {@code np.tril(m)}: k = 0. */
    public static NdArray tril(NdArray m) { return Manipulation.triangle(m, 0, true); }

    /** {@code np.triu(m, k)}: a copy with the elements below the {@code k}-th diagonal ({@code j < i + k}) zeroed. */
    public static NdArray triu(NdArray m, long k) { return Manipulation.triangle(m, k, false); }

    /** {@code np.triu(m)}: k = 0. */
    public static NdArray triu(NdArray m) { return Manipulation.triangle(m, 0, false); }

    /**
     * {@code np.diag(v, k)}: for 1-d {@code v} of length n the {@code (n+|k|, n+|k|)} array with {@code v} on
     * the {@code k}-th diagonal (zeros elsewhere, {@code v}'s dtype; one tiled {@code where} launch); for
     * 2-d {@code v} a copy of its {@code k}-th diagonal.
     *
     * @throws IllegalArgumentException "Input must be 1- or 2-d."
     */
    public static NdArray diag(NdArray v, long k) { return Manipulation.diag(v, k); }

    /** {@code np.diag(v)}: k = 0. */
    public static NdArray diag(NdArray v) { return Manipulation.diag(v, 0); }

    /**
     * {@code np.diagonal(a, offset, axis1, axis2)}: the elements {@code a[..., i, ..., i+offset, ...]}
     * (axes {@code axis1}, {@code axis2} removed, the diagonal appended last; length
     * {@code max(0, min(n1, n2 - offset))} for offset &ge; 0, {@code max(0, min(n1 + offset, n2))} else);
     * {@code a}'s dtype. NumPy returns a read-only view; Cohort returns a copy (computed tiled as
     * {@code where(j == i + offset, a, 0)} summed along the second axis, so it costs a pass over the two
     * axes, not just the diagonal), so writes into it do not reach {@code a}.
     *
     * @throws IllegalArgumentException "diag requires an array of at least two dimensions",
     *         "axis1 and axis2 cannot be the same"
     * @throws AxisException "axis2: axis 2 is out of bounds for array of dimension 2"
     */
    public static NdArray diagonal(NdArray a, long offset, int axis1, int axis2) { return Manipulation.diagonal(a, offset, axis1, axis2); }

    /** {@code np.diagonal(a, offset)} of axes 0 and 1. */
    public static NdArray diagonal(NdArray a, long offset) { return Manipulation.diagonal(a, offset, 0, 1); }

    /** {@code np.diagonal(a)}: the main diagonal of axes 0 and 1. */
    public static NdArray diagonal(NdArray a) { return Manipulation.diagonal(a, 0, 0, 1); }

    /**
     * {@code np.trace(a, offset, axis1, axis2)}: the sum along the diagonal, {@code sum(diagonal(a, ...), -1)}:
     * 0-d for 2-d input, else the remaining axes; dtype as {@code sum} (int and bool sum as int64).
     *
     * @throws IllegalArgumentException as {@link #diagonal(NdArray, long, int, int)}
     */
    public static NdArray trace(NdArray a, long offset, int axis1, int axis2) { return Manipulation.trace(a, offset, axis1, axis2); }

    /** {@code np.trace(a)}: sum of the main diagonal of axes 0 and 1. */
    public static NdArray trace(NdArray a) { return Manipulation.trace(a, 0, 0, 1); }

    /** {@code np.identity(n, dtype)}: the {@code (n, n)} identity matrix. @throws IllegalArgumentException "negative dimensions are not allowed" */
    public static NdArray identity(long n, DType dtype) { return Manipulation.identity(ctx(), n, dtype); }

    /** {@code np.identity(n)}: float64. */
    public static NdArray identity(long n) { return identity(n, DType.FLOAT64); }

    /**
     * {@code np.meshgrid(*xs, indexing=indexing, sparse=sparse, copy=copy)}: for inputs of lengths
     * {@code n0, n1, ...} (flattened) the coordinate arrays of shape {@code (n1, n0, n2, ...)} ('xy') or
     * {@code (n0, n1, ...)} ('ij'); {@code sparse}: each keeps length one except along its own axis;
     * {@code copy=false} returns broadcast views.
     *
     * @throws IllegalArgumentException "Valid values for `indexing` are 'xy' and 'ij'."
     */
    public static java.util.List<NdArray> meshgrid(String indexing, boolean sparse, boolean copy, NdArray... xs) { return Manipulation.meshgrid(xs, indexing, sparse, copy); }

    /** {@code np.meshgrid(*xs)}: 'xy' indexing, dense copies. */
    public static java.util.List<NdArray> meshgrid(NdArray... xs) { return Manipulation.meshgrid(xs, "xy", false, true); }

    /**
     * {@code np.indices(dimensions, dtype)}: the {@code (len(dims), *dims)} grid with
     * {@code out[i][..., j_i, ...] = j_i}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public static NdArray indices(long[] dimensions, DType dtype) { return Manipulation.indices(ctx(), dimensions, dtype); }

    /** {@code np.indices(dimensions)}: int64. */
    public static NdArray indices(long... dimensions) { return Manipulation.indices(ctx(), dimensions, DType.INT64); }

    /**
     * {@code np.ascontiguousarray(a)}: {@code a} itself when it is its whole store in row-major order, else a
     * row-major copy; a 0-d array becomes shape {@code (1,)}, as in NumPy.
     */
    public static NdArray ascontiguousarray(NdArray a) { return Manipulation.ascontiguousarray(a); }

    /**
     * {@code np.append(arr, values)}: both flattened and joined (1-d, promoted dtype).
     */
    public static NdArray append(NdArray arr, NdArray values) { return Manipulation.append(arr, values, null); }

    /**
     * {@code np.append(arr, values, axis)}: {@code concatenate((arr, values), axis)}.
     *
     * @throws ShapeMismatchException as {@link #concatenate(NdArray[], int)}
     */
    public static NdArray append(NdArray arr, NdArray values, int axis) { return Manipulation.append(arr, values, axis); }

    /**
     * {@code np.broadcast_shapes(*shapes)}: the shape NumPy's broadcasting gives the shapes.
     *
     * @throws ShapeMismatchException "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is
     *         between arg 0 with shape (5,) and arg 1 with shape (3, 4)."
     */
    public static long[] broadcast_shapes(long[]... shapes) { return Manipulation.broadcastShapes(shapes); }

    /**
     * {@code np.rollaxis(a, axis, start)}: the view with {@code axis} moved to stand before position {@code start}.
     *
     * @throws AxisException "'start' arg requires -2 <= start < 3, but 5 was passed in", or for an axis out of range
     */
    public static NdArray rollaxis(NdArray a, int axis, int start) { return Manipulation.rollaxis(a, axis, start); }

    /** {@code np.rollaxis(a, axis)}: {@code axis} moved first. */
    public static NdArray rollaxis(NdArray a, int axis) { return Manipulation.rollaxis(a, axis, 0); }

    /**
     * {@code np.unstack(x, axis)}: the views {@code x[..., i, ...]} along {@code axis}, in order.
     *
     * @throws IllegalArgumentException "Input array must be at least 1-d."
     */
    public static java.util.List<NdArray> unstack(NdArray x, int axis) { return Manipulation.unstack(x, axis); }

    /** {@code np.unstack(x)}: along axis 0. */
    public static java.util.List<NdArray> unstack(NdArray x) { return Manipulation.unstack(x, 0); }

    /** {@code np.diagflat(v, k)}: {@code diag(v.ravel(), k)}. */
    public static NdArray diagflat(NdArray v, long k) { return Manipulation.diag(v.ravel(), k); }

    /** {@code np.diagflat(v)}: k = 0. */
    public static NdArray diagflat(NdArray v) { return Manipulation.diag(v.ravel(), 0); }

    /**
     * {@code np.resize(a, new_shape)}: {@code a}'s flattened elements repeated cyclically to fill
     * {@code new_shape} (zeros when either is empty); {@code a}'s dtype.
     *
     * @throws IllegalArgumentException "all elements of `new_shape` must be non-negative"
     */
    public static NdArray resize(NdArray a, long... newShape) { return Manipulation.resize(a, newShape); }

    /**
     * {@code np.delete(arr, obj, axis)}: a copy without the entries {@code obj} (negative from the end,
     * repeats allowed) along {@code axis}; the kept runs are joined by tiled copies.
     *
     * @throws NdIndexException "index 5 is out of bounds for axis 0 with size 5"
     */
    public static NdArray delete(NdArray arr, long[] obj, int axis) { return Manipulation.delete(arr, obj, axis); }

    /** {@code np.delete(arr, index, axis)} for one index. */
    public static NdArray delete(NdArray arr, long index, int axis) { return Manipulation.delete(arr, new long[]{index}, axis); }

    /** {@code np.delete(arr, obj)}: on the flattened array. */
    public static NdArray delete(NdArray arr, long[] obj) { return Manipulation.delete(arr, obj, null); }

    /** {@code np.delete(arr, index)}: one entry of the flattened array. */
    public static NdArray delete(NdArray arr, long index) { return Manipulation.delete(arr, new long[]{index}, null); }

    /**
     * {@code np.insert(arr, index, values, axis)} for one index: {@code values} (cast to {@code arr}'s dtype,
     * given leading axes up to {@code arr.ndim}, its first axis moved to {@code axis}) broadcast into a
     * slab inserted before position {@code index} (in {@code [-n, n]}).
     *
     * @throws NdIndexException "index 7 is out of bounds for axis 0 with size 5"
     * @throws ShapeMismatchException when {@code values} does not broadcast into the slab
     */
    public static NdArray insert(NdArray arr, long index, NdArray values, int axis) { return Manipulation.insert(arr, index, values, axis); }

    /** {@code np.insert(arr, index, values)}: into the flattened array. */
    public static NdArray insert(NdArray arr, long index, NdArray values) { return Manipulation.insert(arr, index, values, null); }

    /** {@code np.insert(arr, index, value)}: a scalar into the flattened array. */
    public static NdArray insert(NdArray arr, long index, double value) { return Manipulation.insert(arr, index, Creation.full(arr.ctx, arr.dtype(), new long[0], value), null); }

    /** {@code np.insert(arr, index, value, axis)} of a scalar (cast to {@code arr}'s dtype). */
    public static NdArray insert(NdArray arr, long index, double value, int axis) { return Manipulation.insert(arr, index, Creation.full(arr.ctx, arr.dtype(), new long[0], value), axis); }

    /**
     * {@code np.astype(x, dtype)} (NumPy 2): a copy converted to {@code dtype} ({@link NdArray#astype}).
     */
    public static NdArray astype(NdArray x, DType dtype) { return x.astype(dtype); }

    // ================================================================== linear algebra products (issue 15, wave 2: linalg)
    // (np.linalg.* is the nested class Linalg above; np.random.* the nested class Random.)

    /**
     * {@code np.outer(a, b)}: {@code out[i, j] = a.ravel()[i] * b.ravel()[j]}, shape {@code (a.size, b.size)}, dtype
     * the promoted dtype (NumPy's multiply rule). Distributed as an element-wise multiply of broadcast views.
     */
    public static NdArray outer(NdArray a, NdArray b) {
        return Products.outer(a, b);
    }

    /**
     * {@code np.inner(a, b)}: {@code sum(a[..., k] * b[..., k])} over the last axes, shape
     * {@code a.shape[:-1] + b.shape[:-1]}; a 0-d operand multiplies. dtype: the promoted dtype.
     *
     * @throws ShapeMismatchException "shapes (2,3) and (2,) not aligned: 3 (dim 1) != 2 (dim 0)"
     */
    public static NdArray inner(NdArray a, NdArray b) {
        return Products.inner(a, b);
    }

    /**
     * {@code np.vdot(a, b)}: {@code sum(a.ravel() * b.ravel())} (real dtypes: no conjugation), a 0-d array of the
     * promoted dtype.
     *
     * @throws ShapeMismatchException when the sizes differ: "cannot reshape array of size 4 into shape (3,)" (NumPy's words)
     */
    public static NdArray vdot(NdArray a, NdArray b) {
        return Products.vdot(a, b);
    }

    /**
     * {@code np.tensordot(a, b, axes=n)}: the sum over the last {@code n} axes of a and the first {@code n} of b;
     * shape {@code a.shape[:-n] + b.shape[n:]}. Transposes, reshapes to 2-d and one distributed GEMM.
     *
     * @throws ShapeMismatchException "shape-mismatch for sum"
     */
    public static NdArray tensordot(NdArray a, NdArray b, int axes) {
        return Products.tensordot(a, b, axes);
    }

    /**
     * {@code np.tensordot(a, b, axes=(axesA, axesB))}: the sum over a's axes {@code axesA[i]} paired with b's
     * {@code axesB[i]}; shape: a's remaining axes, then b's.
     *
     * @throws ShapeMismatchException "shape-mismatch for sum" (lengths or sizes differ)
     * @throws AxisException for an axis out of bounds
     */
    public static NdArray tensordot(NdArray a, NdArray b, int[] axesA, int[] axesB) {
        return Products.tensordot(a, b, axesA.clone(), axesB.clone());
    }

    /**
     * {@code np.einsum(subscripts, *operands)}: Einstein summation, e.g. {@code "ij,jk->ik"} (matmul),
     * {@code "bij,bjk->bik"} (batched), {@code "i,i"} (inner), {@code "ij->ji"} (transpose), {@code "ij->"} (sum),
     * {@code "i,j->ij"} (outer); without "->" the output is the labels seen once, in alphabetical order. Computed by
     * broadcasting the operands in one label order, multiplying (a temporary over all labels) and summing the
     * contracted labels. dtype: the promoted dtype.
     *
     * @throws IllegalArgumentException NumPy's messages ("more operands provided to einstein sum function than
     *         specified in the subscripts string", "einstein sum subscripts string included output subscript 'k' which
     *         never appeared in an input", ...); '...' and a label repeated within one operand (diagonal, trace) are not
     *         supported and say so
     * @throws ShapeMismatchException "einsum: size of label 'j' for operand 1 (4) does not match previous terms (3)."
     */
    public static NdArray einsum(String subscripts, NdArray... operands) {
        return Products.einsum(subscripts, operands);
    }

    /**
     * {@code np.kron(a, b)}: the Kronecker product; shape {@code a.shape * b.shape} per dimension (the shorter shape
     * padded with leading 1s), {@code out[i*B + j] = a[i] * b[j]}.
     */
    public static NdArray kron(NdArray a, NdArray b) {
        return Products.kron(a, b);
    }

    /**
     * {@code np.trace(a, offset)}: {@code sum_i a[i, i + offset]} over the first two axes, shape {@code a.shape[2:]};
     * {@link #trace(NdArray, long, int, int)} with axes 0 and 1.
     *
     * @throws IllegalArgumentException "diag requires an array of at least two dimensions"
     */
    public static NdArray trace(NdArray a, long offset) {
        return Manipulation.trace(a, offset, 0, 1);
    }

    /**
     * {@code np.matrix_transpose(x)}: the view of x with its last two axes swapped, shape {@code (..., N, M)}.
     *
     * @throws IllegalArgumentException "Input array must be at least 2-dimensional, but it is 1"
     */
    public static NdArray matrix_transpose(NdArray x) {
        return Products.matrixTranspose(x);
    }

    /**
     * {@code np.cross(a, b)}: the cross product of 3-vectors along the last axes ({@code (a1 b2 - a2 b1,
     * a2 b0 - a0 b2, a0 b1 - a1 b0)}; a 2-vector's third component is 0; two 2-vectors give the z component
     * only), leading dimensions broadcast; dtype the promoted dtype.
     *
     * @throws IllegalArgumentException "incompatible dimensions for cross product\n(dimension must be 2 or 3)"
     */
    public static NdArray cross(NdArray a, NdArray b) {
        return Products.cross(a, b);
    }

    // ------------------------------------------------------------------ element-wise math and logic, NumPy 2 scalars (issue 15, ufuncs)
    // Every UnaryOp/BinaryOp sub-code of task-library with NumPy's name; dtypes by task-library's UfuncTypes (NumPy 2's
    // type resolution, NEP 50 weak Java scalars), errors at the call in NumPy's words.

    /**
     * {@code numpy.floor(x)}: element-wise the largest integer {@code <= x}.
     * Shape: that of {@code x}. Dtype: the dtype of {@code x} (integers and bool unchanged, NumPy 2).
     */
    public static NdArray floor(NdArray x) { return Elementwise.unary(UnaryOp.FLOOR, x, null); }

    /**
     * {@code numpy.floor(x, out=out)}: element-wise the largest integer {@code <= x}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (integers and bool unchanged, NumPy 2) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray floor(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.FLOOR, x, out); }

    /**
     * {@code numpy.ceil(x)}: element-wise the smallest integer {@code >= x}.
     * Shape: that of {@code x}. Dtype: the dtype of {@code x} (integers and bool unchanged, NumPy 2).
     */
    public static NdArray ceil(NdArray x) { return Elementwise.unary(UnaryOp.CEIL, x, null); }

    /**
     * {@code numpy.ceil(x, out=out)}: element-wise the smallest integer {@code >= x}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (integers and bool unchanged, NumPy 2) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray ceil(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.CEIL, x, out); }

    /**
     * {@code numpy.trunc(x)}: element-wise {@code x} rounded toward zero.
     * Shape: that of {@code x}. Dtype: the dtype of {@code x} (integers and bool unchanged).
     */
    public static NdArray trunc(NdArray x) { return Elementwise.unary(UnaryOp.TRUNC, x, null); }

    /**
     * {@code numpy.trunc(x, out=out)}: element-wise {@code x} rounded toward zero.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (integers and bool unchanged) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray trunc(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.TRUNC, x, out); }

    /**
     * {@code numpy.rint(x)}: element-wise {@code x} rounded to the nearest integer, halves to even.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray rint(NdArray x) { return Elementwise.unary(UnaryOp.RINT, x, null); }

    /**
     * {@code numpy.rint(x, out=out)}: element-wise {@code x} rounded to the nearest integer, halves to even.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray rint(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.RINT, x, out); }

    /**
     * {@code numpy.sign(x)}: element-wise {@code -1}, {@code 0} or {@code 1} by the sign of {@code x} (NaN for NaN).
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}.
     *
     * @throws DTypeException for bool (NumPy has no loop)
     */
    public static NdArray sign(NdArray x) { return Elementwise.unary(UnaryOp.SIGN, x, null); }

    /**
     * {@code numpy.sign(x, out=out)}: element-wise {@code -1}, {@code 0} or {@code 1} by the sign of {@code x} (NaN for NaN).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (NumPy's same_kind cast into {@code out}).
     *
     * @throws DTypeException for bool (NumPy has no loop)
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray sign(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.SIGN, x, out); }

    /**
     * {@code numpy.log10(x)}: element-wise the base-10 logarithm.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray log10(NdArray x) { return Elementwise.unary(UnaryOp.LOG10, x, null); }

    /**
     * {@code numpy.log10(x, out=out)}: element-wise the base-10 logarithm.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray log10(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.LOG10, x, out); }

    /**
     * {@code numpy.log2(x)}: element-wise the base-2 logarithm.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray log2(NdArray x) { return Elementwise.unary(UnaryOp.LOG2, x, null); }

    /**
     * {@code numpy.log2(x, out=out)}: element-wise the base-2 logarithm.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray log2(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.LOG2, x, out); }

    /**
     * {@code numpy.exp2(x)}: element-wise {@code 2**x}.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray exp2(NdArray x) { return Elementwise.unary(UnaryOp.EXP2, x, null); }

    /**
     * {@code numpy.exp2(x, out=out)}: element-wise {@code 2**x}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray exp2(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.EXP2, x, out); }

    /**
     * {@code numpy.expm1(x)}: element-wise {@code exp(x) - 1}, accurate near 0.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray expm1(NdArray x) { return Elementwise.unary(UnaryOp.EXPM1, x, null); }

    /**
     * {@code numpy.expm1(x, out=out)}: element-wise {@code exp(x) - 1}, accurate near 0.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray expm1(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.EXPM1, x, out); }

    /**
     * {@code numpy.sinh(x)}: element-wise the hyperbolic sine.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray sinh(NdArray x) { return Elementwise.unary(UnaryOp.SINH, x, null); }

    /**
     * {@code numpy.sinh(x, out=out)}: element-wise the hyperbolic sine.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray sinh(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.SINH, x, out); }

    /**
     * {@code numpy.cosh(x)}: element-wise the hyperbolic cosine.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray cosh(NdArray x) { return Elementwise.unary(UnaryOp.COSH, x, null); }

    /**
     * {@code numpy.cosh(x, out=out)}: element-wise the hyperbolic cosine.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray cosh(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.COSH, x, out); }

    /**
     * {@code numpy.tan(x)}: element-wise the tangent (radians).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray tan(NdArray x) { return Elementwise.unary(UnaryOp.TAN, x, null); }

    /**
     * {@code numpy.tan(x, out=out)}: element-wise the tangent (radians).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray tan(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.TAN, x, out); }

    /**
     * {@code numpy.arcsin(x)}: element-wise the inverse sine in {@code [-pi/2, pi/2]} (NaN outside {@code [-1, 1]}).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arcsin(NdArray x) { return Elementwise.unary(UnaryOp.ARCSIN, x, null); }

    /**
     * {@code numpy.arcsin(x, out=out)}: element-wise the inverse sine in {@code [-pi/2, pi/2]} (NaN outside {@code [-1, 1]}).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arcsin(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCSIN, x, out); }

    /**
     * {@code numpy.arccos(x)}: element-wise the inverse cosine in {@code [0, pi]} (NaN outside {@code [-1, 1]}).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arccos(NdArray x) { return Elementwise.unary(UnaryOp.ARCCOS, x, null); }

    /**
     * {@code numpy.arccos(x, out=out)}: element-wise the inverse cosine in {@code [0, pi]} (NaN outside {@code [-1, 1]}).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arccos(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCCOS, x, out); }

    /**
     * {@code numpy.arctan(x)}: element-wise the inverse tangent in {@code [-pi/2, pi/2]}.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arctan(NdArray x) { return Elementwise.unary(UnaryOp.ARCTAN, x, null); }

    /**
     * {@code numpy.arctan(x, out=out)}: element-wise the inverse tangent in {@code [-pi/2, pi/2]}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arctan(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCTAN, x, out); }

    /**
     * {@code numpy.arcsinh(x)}: element-wise the inverse hyperbolic sine.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arcsinh(NdArray x) { return Elementwise.unary(UnaryOp.ARCSINH, x, null); }

    /**
     * {@code numpy.arcsinh(x, out=out)}: element-wise the inverse hyperbolic sine.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arcsinh(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCSINH, x, out); }

    /**
     * {@code numpy.arccosh(x)}: element-wise the inverse hyperbolic cosine (NaN below 1).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arccosh(NdArray x) { return Elementwise.unary(UnaryOp.ARCCOSH, x, null); }

    /**
     * {@code numpy.arccosh(x, out=out)}: element-wise the inverse hyperbolic cosine (NaN below 1).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arccosh(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCCOSH, x, out); }

    /**
     * {@code numpy.arctanh(x)}: element-wise the inverse hyperbolic tangent (+-inf at +-1, NaN outside).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray arctanh(NdArray x) { return Elementwise.unary(UnaryOp.ARCTANH, x, null); }

    /**
     * {@code numpy.arctanh(x, out=out)}: element-wise the inverse hyperbolic tangent (+-inf at +-1, NaN outside).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray arctanh(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ARCTANH, x, out); }

    /**
     * {@code numpy.cbrt(x)}: element-wise the real cube root.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray cbrt(NdArray x) { return Elementwise.unary(UnaryOp.CBRT, x, null); }

    /**
     * {@code numpy.cbrt(x, out=out)}: element-wise the real cube root.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray cbrt(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.CBRT, x, out); }

    /**
     * {@code numpy.deg2rad(x)}: element-wise {@code x * pi / 180}.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray deg2rad(NdArray x) { return Elementwise.unary(UnaryOp.DEG2RAD, x, null); }

    /**
     * {@code numpy.deg2rad(x, out=out)}: element-wise {@code x * pi / 180}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray deg2rad(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.DEG2RAD, x, out); }

    /**
     * {@code numpy.radians(x)}: element-wise {@code x * pi / 180} (alias of {@code deg2rad}).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray radians(NdArray x) { return Elementwise.unary(UnaryOp.DEG2RAD, x, null, "radians"); }

    /**
     * {@code numpy.radians(x, out=out)}: element-wise {@code x * pi / 180} (alias of {@code deg2rad}).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray radians(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.DEG2RAD, x, out, "radians"); }

    /**
     * {@code numpy.rad2deg(x)}: element-wise {@code x * 180 / pi}.
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray rad2deg(NdArray x) { return Elementwise.unary(UnaryOp.RAD2DEG, x, null); }

    /**
     * {@code numpy.rad2deg(x, out=out)}: element-wise {@code x * 180 / pi}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray rad2deg(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.RAD2DEG, x, out); }

    /**
     * {@code numpy.degrees(x)}: element-wise {@code x * 180 / pi} (alias of {@code rad2deg}).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray degrees(NdArray x) { return Elementwise.unary(UnaryOp.RAD2DEG, x, null, "degrees"); }

    /**
     * {@code numpy.degrees(x, out=out)}: element-wise {@code x * 180 / pi} (alias of {@code rad2deg}).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray degrees(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.RAD2DEG, x, out, "degrees"); }

    /**
     * {@code numpy.isnan(x)}: element-wise true where {@code x} is NaN.
     * Shape: that of {@code x}. Dtype: bool (false for integers and bool).
     */
    public static NdArray isnan(NdArray x) { return Elementwise.unary(UnaryOp.ISNAN, x, null); }

    /**
     * {@code numpy.isnan(x, out=out)}: element-wise true where {@code x} is NaN.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: bool (false for integers and bool) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray isnan(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ISNAN, x, out); }

    /**
     * {@code numpy.isinf(x)}: element-wise true where {@code x} is +inf or -inf.
     * Shape: that of {@code x}. Dtype: bool (false for integers and bool).
     */
    public static NdArray isinf(NdArray x) { return Elementwise.unary(UnaryOp.ISINF, x, null); }

    /**
     * {@code numpy.isinf(x, out=out)}: element-wise true where {@code x} is +inf or -inf.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: bool (false for integers and bool) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray isinf(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ISINF, x, out); }

    /**
     * {@code numpy.isfinite(x)}: element-wise true where {@code x} is neither infinite nor NaN.
     * Shape: that of {@code x}. Dtype: bool (true for integers and bool).
     */
    public static NdArray isfinite(NdArray x) { return Elementwise.unary(UnaryOp.ISFINITE, x, null); }

    /**
     * {@code numpy.isfinite(x, out=out)}: element-wise true where {@code x} is neither infinite nor NaN.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: bool (true for integers and bool) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray isfinite(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ISFINITE, x, out); }

    /**
     * {@code numpy.signbit(x)}: element-wise true where the sign bit of {@code x} is set ({@code -0.0} and negative NaN included).
     * Shape: that of {@code x}. Dtype: bool.
     */
    public static NdArray signbit(NdArray x) { return Elementwise.unary(UnaryOp.SIGNBIT, x, null); }

    /**
     * {@code numpy.signbit(x, out=out)}: element-wise true where the sign bit of {@code x} is set ({@code -0.0} and negative NaN included).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: bool (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray signbit(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.SIGNBIT, x, out); }

    /**
     * {@code numpy.invert(x)}: element-wise the bitwise not {@code ~x} (logical not for bool).
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}.
     *
     * @throws DTypeException for float32 or float64 (NumPy's "not supported for the input types")
     */
    public static NdArray invert(NdArray x) { return Elementwise.unary(UnaryOp.INVERT, x, null); }

    /**
     * {@code numpy.invert(x, out=out)}: element-wise the bitwise not {@code ~x} (logical not for bool).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (NumPy's same_kind cast into {@code out}).
     *
     * @throws DTypeException for float32 or float64 (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray invert(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.INVERT, x, out); }

    /**
     * {@code numpy.bitwise_not(x)}: element-wise the bitwise not {@code ~x} (alias of {@code invert}; logical not for bool).
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}.
     *
     * @throws DTypeException for float32 or float64
     */
    public static NdArray bitwise_not(NdArray x) { return Elementwise.unary(UnaryOp.INVERT, x, null); }

    /**
     * {@code numpy.bitwise_not(x, out=out)}: element-wise the bitwise not {@code ~x} (alias of {@code invert}; logical not for bool).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (NumPy's same_kind cast into {@code out}).
     *
     * @throws DTypeException for float32 or float64
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray bitwise_not(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.INVERT, x, out); }

    /**
     * {@code numpy.positive(x)}: element-wise {@code +x}, a copy.
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}.
     *
     * @throws DTypeException for bool (NumPy has no loop)
     */
    public static NdArray positive(NdArray x) { return Elementwise.unary(UnaryOp.POSITIVE, x, null); }

    /**
     * {@code numpy.positive(x, out=out)}: element-wise {@code +x}, a copy.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (NumPy's same_kind cast into {@code out}).
     *
     * @throws DTypeException for bool (NumPy has no loop)
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray positive(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.POSITIVE, x, out); }

    /**
     * {@code numpy.reciprocal(x)}: element-wise {@code 1 / x}; integers {@code 1 / x} truncated as NumPy's integer loop (0 for |x| > 1).
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}, bool int32 (NumPy's int8).
     */
    public static NdArray reciprocal(NdArray x) { return Elementwise.unary(UnaryOp.RECIPROCAL, x, null); }

    /**
     * {@code numpy.reciprocal(x, out=out)}: element-wise {@code 1 / x}; integers {@code 1 / x} truncated as NumPy's integer loop (0 for |x| > 1).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x}, bool int32 (NumPy's int8) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray reciprocal(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.RECIPROCAL, x, out); }

    /**
     * {@code numpy.absolute(x)}: element-wise {@code |x|} (alias of {@code abs}).
     * Shape: that of {@code x}. Dtype: the dtype of {@code x}.
     */
    public static NdArray absolute(NdArray x) { return Elementwise.unary(UnaryOp.ABS, x, null); }

    /**
     * {@code numpy.absolute(x, out=out)}: element-wise {@code |x|} (alias of {@code abs}).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x} (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray absolute(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ABS, x, out); }

    /**
     * {@code numpy.log1p(x, out=out)}: element-wise {@code log(1 + x)}, accurate near 0.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray log1p(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.LOG1P, x, out); }

    /**
     * {@code numpy.sin(x, out=out)}: element-wise the sine (radians).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray sin(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.SIN, x, out); }

    /**
     * {@code numpy.cos(x, out=out)}: element-wise the cosine (radians).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32 and int64 give float64, bool float32 (NumPy's float16) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray cos(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.COS, x, out); }

    /**
     * {@code numpy.square(x, out=out)}: element-wise {@code x * x}.
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: the dtype of {@code x}, bool int32 (NumPy's int8) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray square(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.SQUARE, x, out); }

    /**
     * {@code scipy.special.erf(x)}: element-wise the error function {@code 2/sqrt(pi) * integral_0^x exp(-t*t) dt} (not a NumPy ufunc: {@code scipy.special.erf}, within 2 ulp of SciPy).
     * Shape: that of {@code x}. Dtype: float64 and float32 keep their dtype, int32, int64 and bool give float64 (SciPy's loops).
     */
    public static NdArray erf(NdArray x) { return Elementwise.unary(UnaryOp.ERF, x, null); }

    /**
     * {@code scipy.special.erf(x, out=out)}: element-wise the error function {@code 2/sqrt(pi) * integral_0^x exp(-t*t) dt} (not a NumPy ufunc: {@code scipy.special.erf}, within 2 ulp of SciPy).
     * Shape: that of {@code x} (and {@code out}, written in place and returned). Dtype: float64 and float32 keep their dtype, int32, int64 and bool give float64 (SciPy's loops) (NumPy's same_kind cast into {@code out}).
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray erf(NdArray x, NdArray out) { return Elementwise.unary(UnaryOp.ERF, x, out); }

    /**
     * {@code numpy.floor_divide(a, b)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, null); }

    /**
     * {@code numpy.floor_divide(a, b)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(NdArray a, double b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, null); }

    /**
     * {@code numpy.floor_divide(a, b)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(double a, NdArray b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, null); }

    /**
     * {@code numpy.floor_divide(a, b)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(NdArray a, long b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, null); }

    /**
     * {@code numpy.floor_divide(a, b)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(long a, NdArray b) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, null); }

    /**
     * {@code numpy.floor_divide(a, b, out=out)}: element-wise {@code floor(a / b)} ({@code a // b}); floats as Python's {@code divmod}, integers {@code a // 0 == 0}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion of {@code a} and {@code b}; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray floor_divide(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.FLOOR_DIVIDE, a, b, out); }

    /**
     * {@code numpy.remainder(a, b)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.remainder(a, b)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(NdArray a, double b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.remainder(a, b)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(double a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.remainder(a, b)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(NdArray a, long b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.remainder(a, b)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(long a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.remainder(a, b, out=out)}: element-wise {@code a - floor(a / b) * b} ({@code a % b}, the sign of {@code b}); integers {@code a % 0 == 0}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray remainder(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, out); }

    /**
     * {@code numpy.mod(a, b)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.mod(a, b)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(NdArray a, double b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.mod(a, b)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(double a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.mod(a, b)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(NdArray a, long b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.mod(a, b)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(long a, NdArray b) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, null); }

    /**
     * {@code numpy.mod(a, b, out=out)}: element-wise {@code a % b} (alias of {@code remainder}: the sign of {@code b}).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray mod(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.REMAINDER, a, b, out); }

    /**
     * {@code numpy.fmod(a, b)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.FMOD, a, b, null); }

    /**
     * {@code numpy.fmod(a, b)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(NdArray a, double b) { return Elementwise.binary(BinaryOp.FMOD, a, b, null); }

    /**
     * {@code numpy.fmod(a, b)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(double a, NdArray b) { return Elementwise.binary(BinaryOp.FMOD, a, b, null); }

    /**
     * {@code numpy.fmod(a, b)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(NdArray a, long b) { return Elementwise.binary(BinaryOp.FMOD, a, b, null); }

    /**
     * {@code numpy.fmod(a, b)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(long a, NdArray b) { return Elementwise.binary(BinaryOp.FMOD, a, b, null); }

    /**
     * {@code numpy.fmod(a, b, out=out)}: element-wise C's {@code fmod}: the remainder of {@code a / b} truncated toward zero, the sign of {@code a}; integers {@code fmod(a, 0) == 0}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmod(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.FMOD, a, b, out); }

    /**
     * {@code numpy.arctan2(a, b)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, null); }

    /**
     * {@code numpy.arctan2(a, b)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(NdArray a, double b) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, null); }

    /**
     * {@code numpy.arctan2(a, b)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(double a, NdArray b) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, null); }

    /**
     * {@code numpy.arctan2(a, b)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(NdArray a, long b) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, null); }

    /**
     * {@code numpy.arctan2(a, b)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(long a, NdArray b) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, null); }

    /**
     * {@code numpy.arctan2(a, b, out=out)}: element-wise the angle of the point {@code (b, a)}: {@code atan2(a, b)} in {@code [-pi, pi]}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: float promotion: floats keep theirs, integers float64, two bools float32 (NumPy's float16); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray arctan2(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.ARCTAN2, a, b, out); }

    /**
     * {@code numpy.hypot(a, b)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.HYPOT, a, b, null); }

    /**
     * {@code numpy.hypot(a, b)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(NdArray a, double b) { return Elementwise.binary(BinaryOp.HYPOT, a, b, null); }

    /**
     * {@code numpy.hypot(a, b)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(double a, NdArray b) { return Elementwise.binary(BinaryOp.HYPOT, a, b, null); }

    /**
     * {@code numpy.hypot(a, b)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(NdArray a, long b) { return Elementwise.binary(BinaryOp.HYPOT, a, b, null); }

    /**
     * {@code numpy.hypot(a, b)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(long a, NdArray b) { return Elementwise.binary(BinaryOp.HYPOT, a, b, null); }

    /**
     * {@code numpy.hypot(a, b, out=out)}: element-wise {@code sqrt(a*a + b*b)} without intermediate overflow.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray hypot(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.HYPOT, a, b, out); }

    /**
     * {@code numpy.fmax(a, b)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.FMAX, a, b, null); }

    /**
     * {@code numpy.fmax(a, b)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(NdArray a, double b) { return Elementwise.binary(BinaryOp.FMAX, a, b, null); }

    /**
     * {@code numpy.fmax(a, b)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(double a, NdArray b) { return Elementwise.binary(BinaryOp.FMAX, a, b, null); }

    /**
     * {@code numpy.fmax(a, b)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(NdArray a, long b) { return Elementwise.binary(BinaryOp.FMAX, a, b, null); }

    /**
     * {@code numpy.fmax(a, b)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(long a, NdArray b) { return Elementwise.binary(BinaryOp.FMAX, a, b, null); }

    /**
     * {@code numpy.fmax(a, b, out=out)}: element-wise the larger of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion (bool: logical or); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmax(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.FMAX, a, b, out); }

    /**
     * {@code numpy.fmin(a, b)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.FMIN, a, b, null); }

    /**
     * {@code numpy.fmin(a, b)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(NdArray a, double b) { return Elementwise.binary(BinaryOp.FMIN, a, b, null); }

    /**
     * {@code numpy.fmin(a, b)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(double a, NdArray b) { return Elementwise.binary(BinaryOp.FMIN, a, b, null); }

    /**
     * {@code numpy.fmin(a, b)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(NdArray a, long b) { return Elementwise.binary(BinaryOp.FMIN, a, b, null); }

    /**
     * {@code numpy.fmin(a, b)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(long a, NdArray b) { return Elementwise.binary(BinaryOp.FMIN, a, b, null); }

    /**
     * {@code numpy.fmin(a, b, out=out)}: element-wise the smaller of {@code a} and {@code b}, ignoring a NaN (NaN only when both are).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion (bool: logical and); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray fmin(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.FMIN, a, b, out); }

    /**
     * {@code numpy.copysign(a, b)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, null); }

    /**
     * {@code numpy.copysign(a, b)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(NdArray a, double b) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, null); }

    /**
     * {@code numpy.copysign(a, b)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(double a, NdArray b) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, null); }

    /**
     * {@code numpy.copysign(a, b)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(NdArray a, long b) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, null); }

    /**
     * {@code numpy.copysign(a, b)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(long a, NdArray b) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, null); }

    /**
     * {@code numpy.copysign(a, b, out=out)}: element-wise the magnitude of {@code a} with the sign of {@code b}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray copysign(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.COPYSIGN, a, b, out); }

    /**
     * {@code numpy.nextafter(a, b)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, null); }

    /**
     * {@code numpy.nextafter(a, b)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(NdArray a, double b) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, null); }

    /**
     * {@code numpy.nextafter(a, b)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(double a, NdArray b) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, null); }

    /**
     * {@code numpy.nextafter(a, b)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(NdArray a, long b) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, null); }

    /**
     * {@code numpy.nextafter(a, b)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands'. Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(long a, NdArray b) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, null); }

    /**
     * {@code numpy.nextafter(a, b, out=out)}: element-wise the next representable value after {@code a} toward {@code b} (in the result's float type).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: float promotion: floats keep theirs, integers float64, two bools float32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray nextafter(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.NEXTAFTER, a, b, out); }

    /**
     * {@code numpy.logical_xor(a, b)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands'. Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, null); }

    /**
     * {@code numpy.logical_xor(a, b)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands'. Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(NdArray a, double b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, null); }

    /**
     * {@code numpy.logical_xor(a, b)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands'. Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(double a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, null); }

    /**
     * {@code numpy.logical_xor(a, b)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands'. Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(NdArray a, long b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, null); }

    /**
     * {@code numpy.logical_xor(a, b)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands'. Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(long a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, null); }

    /**
     * {@code numpy.logical_xor(a, b, out=out)}: element-wise {@code bool(a) != bool(b)}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray logical_xor(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.LOGICAL_XOR, a, b, out); }

    /**
     * {@code numpy.bitwise_and(a, b)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, null); }

    /**
     * {@code numpy.bitwise_and(a, b)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(NdArray a, double b) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, null); }

    /**
     * {@code numpy.bitwise_and(a, b)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(double a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, null); }

    /**
     * {@code numpy.bitwise_and(a, b)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(NdArray a, long b) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, null); }

    /**
     * {@code numpy.bitwise_and(a, b)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(long a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, null); }

    /**
     * {@code numpy.bitwise_and(a, b, out=out)}: element-wise {@code a & b}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_and(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.BITWISE_AND, a, b, out); }

    /**
     * {@code numpy.bitwise_or(a, b)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, null); }

    /**
     * {@code numpy.bitwise_or(a, b)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(NdArray a, double b) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, null); }

    /**
     * {@code numpy.bitwise_or(a, b)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(double a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, null); }

    /**
     * {@code numpy.bitwise_or(a, b)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(NdArray a, long b) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, null); }

    /**
     * {@code numpy.bitwise_or(a, b)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(long a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, null); }

    /**
     * {@code numpy.bitwise_or(a, b, out=out)}: element-wise {@code a | b}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_or(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.BITWISE_OR, a, b, out); }

    /**
     * {@code numpy.bitwise_xor(a, b)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, null); }

    /**
     * {@code numpy.bitwise_xor(a, b)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(NdArray a, double b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, null); }

    /**
     * {@code numpy.bitwise_xor(a, b)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(double a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, null); }

    /**
     * {@code numpy.bitwise_xor(a, b)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(NdArray a, long b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, null); }

    /**
     * {@code numpy.bitwise_xor(a, b)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands'. Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(long a, NdArray b) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, null); }

    /**
     * {@code numpy.bitwise_xor(a, b, out=out)}: element-wise {@code a ^ b}.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's promotion of integers and bool; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray bitwise_xor(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.BITWISE_XOR, a, b, out); }

    /**
     * {@code numpy.left_shift(a, b)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, null); }

    /**
     * {@code numpy.left_shift(a, b)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(NdArray a, double b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, null); }

    /**
     * {@code numpy.left_shift(a, b)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(double a, NdArray b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, null); }

    /**
     * {@code numpy.left_shift(a, b)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(NdArray a, long b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, null); }

    /**
     * {@code numpy.left_shift(a, b)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(long a, NdArray b) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, null); }

    /**
     * {@code numpy.left_shift(a, b, out=out)}: element-wise {@code a << b}; a count outside {@code [0, width)} gives 0.
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's integer promotion; two bools int32 (NumPy's int8); a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray left_shift(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.LEFT_SHIFT, a, b, out); }

    /**
     * {@code numpy.right_shift(a, b)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, null); }

    /**
     * {@code numpy.right_shift(a, b)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(NdArray a, double b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, null); }

    /**
     * {@code numpy.right_shift(a, b)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(double a, NdArray b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, null); }

    /**
     * {@code numpy.right_shift(a, b)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(NdArray a, long b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, null); }

    /**
     * {@code numpy.right_shift(a, b)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands'. Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(long a, NdArray b) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, null); }

    /**
     * {@code numpy.right_shift(a, b, out=out)}: element-wise {@code a >> b} (arithmetic); a count outside {@code [0, width)} gives 0 (-1 for negative {@code a}).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: NumPy's integer promotion; two bools int32; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws DTypeException for a float operand
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray right_shift(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.RIGHT_SHIFT, a, b, out); }

    /**
     * {@code numpy.true_divide(a, b)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands'. Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }

    /**
     * {@code numpy.true_divide(a, b)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands'. Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(NdArray a, double b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }

    /**
     * {@code numpy.true_divide(a, b)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands'. Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(double a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }

    /**
     * {@code numpy.true_divide(a, b)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands'. Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(NdArray a, long b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }

    /**
     * {@code numpy.true_divide(a, b)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands'. Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(long a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }

    /**
     * {@code numpy.true_divide(a, b, out=out)}: element-wise {@code a / b} (alias of {@code divide}).
     * Shape: the broadcast of the operands' (equal to {@code out}'s). Dtype: floats keep NumPy's promotion, integers and bool give float64; a Java scalar is NumPy 2's weak
     * Python scalar (an int takes an integer array's dtype, a float a float array's).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast or differ from {@code out}'s
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray true_divide(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, out); }

    /**
     * {@code numpy.equal(a, b)}: element-wise {@code a == b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray equal(NdArray a, long b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }

    /**
     * {@code numpy.equal(a, b)}: element-wise {@code a == b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray equal(long a, NdArray b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }

    /**
     * {@code numpy.equal(a, b)}: element-wise {@code a == b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray equal(double a, NdArray b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }

    /**
     * {@code numpy.not_equal(a, b)}: element-wise {@code a != b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray not_equal(NdArray a, long b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }

    /**
     * {@code numpy.not_equal(a, b)}: element-wise {@code a != b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray not_equal(long a, NdArray b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }

    /**
     * {@code numpy.not_equal(a, b)}: element-wise {@code a != b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray not_equal(double a, NdArray b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }

    /**
     * {@code numpy.less(a, b)}: element-wise {@code a < b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less(NdArray a, long b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }

    /**
     * {@code numpy.less(a, b)}: element-wise {@code a < b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less(long a, NdArray b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }

    /**
     * {@code numpy.less(a, b)}: element-wise {@code a < b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less(double a, NdArray b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }

    /**
     * {@code numpy.less_equal(a, b)}: element-wise {@code a <= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less_equal(NdArray a, long b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }

    /**
     * {@code numpy.less_equal(a, b)}: element-wise {@code a <= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less_equal(long a, NdArray b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }

    /**
     * {@code numpy.less_equal(a, b)}: element-wise {@code a <= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray less_equal(double a, NdArray b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }

    /**
     * {@code numpy.greater(a, b)}: element-wise {@code a > b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater(NdArray a, long b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }

    /**
     * {@code numpy.greater(a, b)}: element-wise {@code a > b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater(long a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }

    /**
     * {@code numpy.greater(a, b)}: element-wise {@code a > b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater(double a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }

    /**
     * {@code numpy.greater_equal(a, b)}: element-wise {@code a >= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater_equal(NdArray a, long b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }

    /**
     * {@code numpy.greater_equal(a, b)}: element-wise {@code a >= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater_equal(long a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }

    /**
     * {@code numpy.greater_equal(a, b)}: element-wise {@code a >= b}, bool, broadcast shape. An integer Java scalar is compared exactly
     * with an integer array (in int64, NumPy 2: {@code [2**53 + 1] == 2**53} is false), also outside an int32 array's range.
     */
    public static NdArray greater_equal(double a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }

    /**
     * {@code numpy.round(a, decimals)} ({@code around}): floats rounded to {@code decimals} places, halves to even, as
     * NumPy computes it ({@code rint(a * 10**d) / 10**d}, or {@code rint(a / 10**-d) * 10**-d} for {@code d < 0}, in the
     * array's float type, so float32 stays float32); integers unchanged for {@code d >= 0}, else rounded (halves to even)
     * to a multiple of {@code 10**-d}. Shape and dtype: those of {@code a} (bool with {@code d == 0}: float32, NumPy's float16).
     *
     * @throws DTypeException for bool with {@code decimals != 0} (NumPy's cast error)
     */
    public static NdArray round(NdArray a, int decimals) { return Ufuncs.round(a, decimals, null); }

    /** {@code numpy.round(a)}: {@link #round(NdArray, int)} with {@code decimals = 0} (floats: {@code rint}). */
    public static NdArray round(NdArray a) { return Ufuncs.round(a, 0, null); }

    /**
     * {@code numpy.round(a, decimals, out=out)}: {@link #round(NdArray, int)} written into {@code out}.
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs from {@code a}'s
     * @throws DTypeException when the result cannot be cast to {@code out}'s dtype (same_kind), or bool with decimals != 0
     */
    public static NdArray round(NdArray a, int decimals, NdArray out) { return Ufuncs.round(a, decimals, out); }

    /** {@code numpy.around(a, decimals)}: alias of {@link #round(NdArray, int)}. */
    public static NdArray around(NdArray a, int decimals) { return Ufuncs.round(a, decimals, null); }

    /** {@code numpy.around(a)}: alias of {@link #round(NdArray)}. */
    public static NdArray around(NdArray a) { return Ufuncs.round(a, 0, null); }

    /**
     * {@code numpy.isclose(a, b, rtol, atol, equal_nan)}: element-wise
     * {@code (|a - b| <= atol + rtol * |b|) & isfinite(b) | (a == b)}, or'ed with {@code isnan(a) & isnan(b)} when
     * {@code equalNan}; {@code b} is made inexact first (integers and bool float64, NumPy's {@code result_type(b, 1.0)}),
     * so a float32 pair compares in float32. Asymmetric in {@code a} and {@code b}, as NumPy. Shape: the broadcast of
     * {@code a}'s and {@code b}'s; dtype bool.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws IllegalArgumentException when {@code rtol} or {@code atol} is not finite
     */
    public static NdArray isclose(NdArray a, NdArray b, double rtol, double atol, boolean equalNan) {
        return Ufuncs.isclose(a, b, rtol, atol, equalNan);
    }

    /** {@code numpy.isclose(a, b)} with NumPy's defaults {@code rtol=1e-05, atol=1e-08, equal_nan=False}. */
    public static NdArray isclose(NdArray a, NdArray b) { return Ufuncs.isclose(a, b, 1e-05, 1e-08, false); }

    /** {@code numpy.isclose(a, b)} with a Java scalar {@code b} and NumPy's defaults. */
    public static NdArray isclose(NdArray a, double b) { return Ufuncs.isclose(a, b, 1e-05, 1e-08, false); }

    /** {@code numpy.isclose(a, b, rtol, atol, equal_nan)} with a Java scalar {@code b}. */
    public static NdArray isclose(NdArray a, double b, double rtol, double atol, boolean equalNan) {
        return Ufuncs.isclose(a, b, rtol, atol, equalNan);
    }

    /**
     * {@code numpy.allclose(a, b, rtol, atol, equal_nan)}: true when {@link #isclose(NdArray, NdArray, double, double, boolean)}
     * holds everywhere (one reduction; every shard returns the same answer). Blocks.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws IllegalArgumentException when {@code rtol} or {@code atol} is not finite
     */
    public static boolean allclose(NdArray a, NdArray b, double rtol, double atol, boolean equalNan) {
        return Ufuncs.allclose(a, b, rtol, atol, equalNan);
    }

    /** {@code numpy.allclose(a, b)} with NumPy's defaults {@code rtol=1e-05, atol=1e-08, equal_nan=False}. Blocks. */
    public static boolean allclose(NdArray a, NdArray b) { return Ufuncs.allclose(a, b, 1e-05, 1e-08, false); }

    /** {@code numpy.allclose(a, b)} with a Java scalar {@code b} and NumPy's defaults. Blocks. */
    public static boolean allclose(NdArray a, double b) { return Ufuncs.allclose(a, b, 1e-05, 1e-08, false); }

    /**
     * {@code numpy.array_equal(a, b, equal_nan)}: true when the shapes are equal and so is every element (NumPy's
     * {@code ==} across dtypes; NaN equal to NaN only with {@code equalNan}). Blocks; every shard gets the same answer.
     */
    public static boolean array_equal(NdArray a, NdArray b, boolean equalNan) { return Ufuncs.arrayEqual(a, b, equalNan); }

    /** {@code numpy.array_equal(a, b)}: {@link #array_equal(NdArray, NdArray, boolean)} with {@code equal_nan=False}. Blocks. */
    public static boolean array_equal(NdArray a, NdArray b) { return Ufuncs.arrayEqual(a, b, false); }

    /**
     * {@code numpy.array_equiv(a, b)}: true when the shapes broadcast together and the broadcast elements are all equal
     * (false, not an error, when they do not broadcast). Blocks; every shard gets the same answer.
     */
    public static boolean array_equiv(NdArray a, NdArray b) { return Ufuncs.arrayEquiv(a, b); }

    /**
     * {@code numpy.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)}: a copy of {@code x} with NaN replaced by
     * {@code nan}, +inf by {@code posinf} and -inf by {@code neginf} (null: the largest, resp. most negative, finite value
     * of {@code x}'s dtype). Integers and bool are copied. Shape and dtype those of {@code x}.
     */
    public static NdArray nan_to_num(NdArray x, double nan, Double posinf, Double neginf) {
        return Ufuncs.nanToNum(x, nan, posinf, neginf);
    }

    /** {@code numpy.nan_to_num(x)}: NaN to 0, +-inf to the dtype's largest finite values. */
    public static NdArray nan_to_num(NdArray x) { return Ufuncs.nanToNum(x, 0.0, null, null); }

    /**
     * {@code numpy.full(shape, value)} with a Java integer: int64 (NumPy 2: a Python int fills an int64 array), exact.
     */
    public static NdArray full(long[] shape, long value) { return Ufuncs.full(ctx(), shape, value, DType.INT64); }

    /**
     * {@code numpy.full(shape, value, dtype)} with a Java integer, exact for int64 (floats: the nearest value).
     *
     * @throws OverflowException when {@code value} is outside int32 for an int32 array ("Python integer 5000000000 out of bounds for int32")
     */
    public static NdArray full(long[] shape, long value, DType dtype) { return Ufuncs.full(ctx(), shape, value, dtype); }

    /** {@code numpy.full(shape, value)} with a Java boolean: a bool array. */
    public static NdArray full(long[] shape, boolean value) { return Ufuncs.full(ctx(), shape, value ? 1 : 0, DType.BOOL); }

    /**
     * {@code numpy.fabs(x)}: element-wise {@code |x|} computed in the float type. Shape: that of {@code x}. Dtype:
     * float64 and float32 keep theirs, int32 and int64 give float64, bool float32 (NumPy's float16).
     */
    public static NdArray fabs(NdArray x) { return Ufuncs.fabs(x, null); }

    /**
     * {@code numpy.fabs(x, out=out)}: {@link #fabs(NdArray)} written into {@code out}.
     *
     * @throws ShapeMismatchException when {@code out}'s shape differs; DTypeException when the result cannot be cast to {@code out}'s dtype
     */
    public static NdArray fabs(NdArray x, NdArray out) { return Ufuncs.fabs(x, out); }

    /**
     * {@code numpy.float_power(a, b)}: element-wise {@code a ** b} with both operands converted to float64 first (so
     * negative integer exponents are fine). Shape: the broadcast of the operands'; dtype float64.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray float_power(NdArray a, NdArray b) { return Ufuncs.floatPower(a, b); }

    /** {@code numpy.float_power(a, b)} with a Java scalar exponent: float64. */
    public static NdArray float_power(NdArray a, double b) { return Ufuncs.floatPower(a, b); }

    /** {@code numpy.float_power(a, b)} with a Java scalar base: float64. */
    public static NdArray float_power(double a, NdArray b) { return Ufuncs.floatPower(a, b); }

    /**
     * {@code numpy.logaddexp(a, b)}: element-wise {@code log(exp(a) + exp(b))} without overflow, as NumPy computes it
     * ({@code a + log 2} where {@code a == b}, else {@code max + log1p(exp(-|a - b|))}). Shape: the broadcast; dtype: the
     * float type of the operands (floats keep NumPy's promotion, integers float64, two bools float32 for NumPy's float16).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray logaddexp(NdArray a, NdArray b) { return Ufuncs.logaddexp(a, b, false); }

    /**
     * {@code numpy.logaddexp2(a, b)}: element-wise {@code log2(2**a + 2**b)} without overflow ({@code a + 1} where
     * {@code a == b}, else {@code max + log2(1 + 2**-|a - b|)}). Shape and dtype as {@link #logaddexp}.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray logaddexp2(NdArray a, NdArray b) { return Ufuncs.logaddexp(a, b, true); }

    /** {@code numpy.isposinf(x)}: element-wise true where {@code x} is +inf ({@code isinf(x) & ~signbit(x)}); bool, shape of {@code x}. */
    public static NdArray isposinf(NdArray x) { return Ufuncs.isSignedInf(x, false); }

    /** {@code numpy.isneginf(x)}: element-wise true where {@code x} is -inf ({@code isinf(x) & signbit(x)}); bool, shape of {@code x}. */
    public static NdArray isneginf(NdArray x) { return Ufuncs.isSignedInf(x, true); }

    /**
     * {@code numpy.conjugate(x)}: the complex conjugate; Cohort's dtypes are real, so a copy of {@code x} (bool: int32,
     * NumPy's int8 loop). Shape: that of {@code x}.
     */
    public static NdArray conjugate(NdArray x) { return Ufuncs.conjugate(x); }

    /** {@code numpy.conj(x)}: alias of {@link #conjugate(NdArray)}. */
    public static NdArray conj(NdArray x) { return Ufuncs.conjugate(x); }

    /** {@code numpy.real(x)}: the real part; of a real array, the array itself (as NumPy returns it, no copy). */
    public static NdArray real(NdArray x) { return x; }

    /** {@code numpy.imag(x)}: the imaginary part; of a real array, zeros of its dtype and shape. */
    public static NdArray imag(NdArray x) { return Creation.full(x.ctx, x.dtype(), x.shape(), 0); }

    /**
     * {@code numpy.angle(x)}: the argument of each element; for real arrays {@code arctan2(0, x)}: pi where {@code x} is
     * negative or -0.0, 0 where positive or +0.0, NaN for NaN. Shape: that of {@code x}; dtype: float32 stays float32,
     * everything else float64.
     */
    public static NdArray angle(NdArray x) { return Ufuncs.angle(x); }

    /** {@code numpy.real_if_close(x)}: of a real array, the array itself. */
    public static NdArray real_if_close(NdArray x) { return x; }

    /** {@code numpy.iscomplex(x)}: element-wise false (Cohort's dtypes are real); bool, shape of {@code x}. */
    public static NdArray iscomplex(NdArray x) { return Creation.full(x.ctx, DType.BOOL, x.shape(), 0); }

    /** {@code numpy.isreal(x)}: element-wise true (Cohort's dtypes are real); bool, shape of {@code x}. */
    public static NdArray isreal(NdArray x) { return Creation.full(x.ctx, DType.BOOL, x.shape(), 1); }

    /** {@code numpy.iscomplexobj(x)}: whether {@code x}'s dtype is complex: always false for Cohort's dtypes. */
    public static boolean iscomplexobj(NdArray x) { return false; }

    /** {@code numpy.isrealobj(x)}: whether {@code x}'s dtype is not complex: always true for Cohort's dtypes. */
    public static boolean isrealobj(NdArray x) { return true; }

    /**
     * {@code numpy.isscalar(x)}: true for a Java scalar ({@code Number}, {@code Boolean}, {@code Character},
     * {@code String}: NumPy's Python scalars), false for arrays (0-d ones too), null and anything else.
     */
    public static boolean isscalar(Object x) {
        return x instanceof Number || x instanceof Boolean || x instanceof Character || x instanceof String;
    }

    /**
     * {@code numpy.modf(x)}: {@code {fractional, integral}}, element-wise parts of {@code x} that both carry its sign
     * ({@code modf(-2.5) = {-0.5, -2.0}}, {@code modf(inf) = {0.0, inf}}). Shapes: that of {@code x}; dtype: the float
     * type of {@code x} (floats keep theirs, integers float64, bool float32 for NumPy's float16).
     */
    public static NdArray[] modf(NdArray x) { return Ufuncs.modf(x); }

    /**
     * {@code numpy.ldexp(x, i)}: element-wise {@code x * 2**i} for an integer (or bool) array {@code i}, rounded once.
     * Shape: the broadcast of {@code x}'s and {@code i}'s; dtype: the float type of {@code x} (integers float64, bool float32).
     *
     * @throws DTypeException when {@code i} is a float array (NumPy's "not supported for the input types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray ldexp(NdArray x, NdArray i) { return Ufuncs.ldexp(x, i); }

    /**
     * {@code numpy.ldexp(x, i)} with a Java integer exponent.
     *
     * @throws OverflowException when {@code i} is outside int32 (NumPy 2's OverflowError)
     */
    public static NdArray ldexp(NdArray x, long i) { return Ufuncs.ldexp(x, i); }

    /**
     * {@code numpy.frexp(x)}: {@code {m, e}} with {@code x == m * 2**e} and {@code 0.5 <= |m| < 1} element-wise (0, inf
     * and NaN give {@code {x, 0}}). Shapes: that of {@code x}; {@code m}'s dtype the float type of {@code x} (integers
     * float64, bool float32), {@code e}'s int32.
     */
    public static NdArray[] frexp(NdArray x) { return Ufuncs.frexp(x); }

    // -------------------------------------------------------------------------- window functions and logspace (issue 15, wave 3: creation)

    /**
     * {@code np.bartlett(M)}: the triangular window {@code 1 - |n| / (M - 1)} for {@code n = 1-M, 3-M, ..., M-1}; shape
     * {@code (M,)} float64 ({@code M < 1}: empty, {@code M == 1}: {@code [1.0]}). Mirrors {@code numpy.bartlett}.
     */
    public static NdArray bartlett(long M) { return Windows.bartlett(M); }

    /**
     * {@code np.blackman(M)}: {@code 0.42 + 0.5 cos(pi n / (M-1)) + 0.08 cos(2 pi n / (M-1))} for
     * {@code n = 1-M, 3-M, ..., M-1}; shape {@code (M,)} float64 (empty for {@code M < 1}, {@code [1.0]} for 1).
     * Mirrors {@code numpy.blackman}.
     */
    public static NdArray blackman(long M) { return Windows.cosineSum(M, 0.42, 0.5, 0.08); }

    /**
     * {@code np.hamming(M)}: {@code 0.54 + 0.46 cos(pi n / (M-1))} for {@code n = 1-M, 3-M, ..., M-1}; shape
     * {@code (M,)} float64 (empty for {@code M < 1}, {@code [1.0]} for 1). Mirrors {@code numpy.hamming}.
     */
    public static NdArray hamming(long M) { return Windows.cosineSum(M, 0.54, 0.46, 0); }

    /**
     * {@code np.hanning(M)}: {@code 0.5 + 0.5 cos(pi n / (M-1))} for {@code n = 1-M, 3-M, ..., M-1}; shape
     * {@code (M,)} float64 (empty for {@code M < 1}, {@code [1.0]} for 1). Mirrors {@code numpy.hanning}.
     */
    public static NdArray hanning(long M) { return Windows.cosineSum(M, 0.5, 0.5, 0); }

    /**
     * {@code np.logspace(start, stop, num)}: {@code 10 ** linspace(start, stop, num)}, float64 of shape {@code (num,)}.
     *
     * @throws IllegalArgumentException "Number of samples, num, must be non-negative."
     */
    public static NdArray logspace(double start, double stop, long num) { return Windows.logspace(start, stop, num, true, 10.0); }

    /**
     * {@code np.logspace(start, stop, num, endpoint, base)}: {@code base ** y} with {@code y = linspace(start, stop, num,
     * endpoint)}, float64 of shape {@code (num,)}. Mirrors {@code numpy.logspace}.
     *
     * @throws IllegalArgumentException "Number of samples, num, must be non-negative."
     */
    public static NdArray logspace(double start, double stop, long num, boolean endpoint, double base) {
        return Windows.logspace(start, stop, num, endpoint, base);
    }

    // ================================================================== sorting, searching, statistics leftovers (issue 15, wave 3)
    // searchsorted (task 1280), digitize, isin, lexsort, partition, nan-ignoring scans/arg-reductions/quantiles,
    // histograms, cov/corrcoef, gradient (Searching, Histograms).

    /**
     * {@code numpy.searchsorted(a, v)} ({@code side='left'}): for every element of {@code v}, the number of
     * elements of the sorted 1-d {@code a} that are {@code < v} (the first index where {@code v} keeps {@code a}
     * sorted). Both are compared in {@code promote_types(a.dtype, v.dtype)} in NumPy's sort order (NaN last).
     * Int64, shape of {@code v}. Distributed over {@code v}'s tiles, each reading the whole of {@code a}.
     * {@code a} must be sorted ascending (not checked, as in NumPy).
     *
     * @throws IllegalArgumentException when {@code a} is not 1-d ("object too deep for desired array")
     */
    public static NdArray searchsorted(NdArray a, NdArray v) { return Searching.searchsorted(a, v, "left"); }

    /**
     * {@code numpy.searchsorted(a, v, side)}: {@code side="left"} counts the elements {@code < v},
     * {@code side="right"} those {@code <= v}; otherwise as {@link #searchsorted(NdArray, NdArray)}.
     *
     * @throws IllegalArgumentException for another side ("search side must be 'left' or 'right' (got 'x')"), or
     *     an {@code a} that is not 1-d
     */
    public static NdArray searchsorted(NdArray a, NdArray v, String side) { return Searching.searchsorted(a, v, side); }

    /**
     * {@code numpy.searchsorted(a, v, side)} for one scalar {@code v}: the insertion index as a Java {@code long}.
     *
     * @throws IllegalArgumentException as {@link #searchsorted(NdArray, NdArray, String)}
     */
    public static long searchsorted(NdArray a, double v, String side) {
        NdArray x = Creation.full(a.ctx, a.dtype().withDoubleScalar(), new long[]{1}, v);
        return ((Number) Searching.searchsorted(a, x, side).get(0L).item()).longValue();
    }

    /**
     * {@code numpy.digitize(x, bins)}: the int64 index {@code i} of the bin of every element of {@code x}, with
     * {@code bins[i-1] <= x < bins[i]} for increasing {@code bins} ({@code bins[i-1] > x >= bins[i]} for
     * decreasing); {@code 0} below and {@code len(bins)} above. Computed as NumPy does:
     * {@code searchsorted(bins, x, side='right')} (decreasing bins: {@code len(bins) - searchsorted(bins[::-1], x, 'right')}).
     * Shape of {@code x}.
     *
     * @throws IllegalArgumentException "bins must be monotonically increasing or decreasing"; "object too deep
     *     for desired array" when {@code bins} is not 1-d
     */
    public static NdArray digitize(NdArray x, NdArray bins) { return Searching.digitize(x, bins, false); }

    /**
     * {@code numpy.digitize(x, bins, right)}: with {@code right} the bins are closed on the right
     * ({@code bins[i-1] < x <= bins[i]}; {@code searchsorted(..., side='left')}). Otherwise as
     * {@link #digitize(NdArray, NdArray)}.
     */
    public static NdArray digitize(NdArray x, NdArray bins, boolean right) { return Searching.digitize(x, bins, right); }

    /**
     * {@code numpy.isin(element, test_elements)}: bool of {@code element}'s shape, true where the element equals
     * some element of {@code test_elements} (compared in their promoted dtype; NaN is in nothing, as NumPy's
     * {@code ==}). Distributed: the test elements are sorted (sample sort), every element searched
     * ({@code searchsorted}) and compared with the one found.
     */
    public static NdArray isin(NdArray element, NdArray testElements) { return Searching.isin(element, testElements, false); }

    /** {@code numpy.isin(element, test_elements, invert=invert)}: with {@code invert}, {@code not isin(...)}. */
    public static NdArray isin(NdArray element, NdArray testElements, boolean invert) {
        return Searching.isin(element, testElements, invert);
    }

    /**
     * {@code numpy.lexsort(keys)}: int64 indices that sort by the LAST key first, ties broken by the previous keys
     * (stable). Keys are 1-d arrays of one length; composed of stable distributed argsorts, least significant key
     * first.
     *
     * @throws IllegalArgumentException "need sequence of keys with len > 0 in lexsort" (NumPy's TypeError);
     *     "all keys need to be the same shape"; keys that are not 1-d
     */
    public static NdArray lexsort(NdArray... keys) { return Searching.lexsort(keys); }

    /**
     * {@code numpy.lexsort(keys)} for a 2-d array: its rows are the keys (the last row the primary key); a 1-d
     * array is one key.
     *
     * @throws IllegalArgumentException as {@link #lexsort(NdArray...)}
     */
    public static NdArray lexsort2d(NdArray keys) { return Searching.lexsort(keys); }

    /**
     * {@code numpy.partition(a, kth)} along the last axis: a copy in which the element at {@code kth} is the one a
     * sorted array has there, no larger element before it and no smaller one after it. Cohort returns the fully
     * sorted array (a valid partition; NumPy promises only the partition property, so the order of the other
     * elements may differ from NumPy's). Shape and dtype of {@code a}.
     *
     * @throws IllegalArgumentException "kth(=5) out of bounds (5)" when {@code kth} is outside
     *     {@code [-n, n)}
     * @throws AxisException for a 0-d array
     */
    public static NdArray partition(NdArray a, long kth) { return Searching.partition(a, kth, -1, false); }

    /**
     * {@code numpy.partition(a, kth, axis)}; {@code axis == null}: of the flattened array. See
     * {@link #partition(NdArray, long)}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray partition(NdArray a, long kth, Integer axis) { return Searching.partition(a, kth, axis, false); }

    /**
     * {@code numpy.argpartition(a, kth)}: int64 indices that partition {@code a} along the last axis around
     * {@code kth}. Cohort returns the stable argsort (a valid partition; NumPy promises only the partition
     * property). Errors as {@link #partition(NdArray, long)}.
     */
    public static NdArray argpartition(NdArray a, long kth) { return Searching.partition(a, kth, -1, true); }

    /** {@code numpy.argpartition(a, kth, axis)}; {@code axis == null}: indices into the flattened array. */
    public static NdArray argpartition(NdArray a, long kth, Integer axis) { return Searching.partition(a, kth, axis, true); }

    /**
     * {@code numpy.nanargmax(a)}: the flat int64 index of the maximum ignoring NaNs (NaNs replaced by
     * {@code -inf}, then {@code argmax}); 0-d. Non-float arrays: {@code argmax}.
     *
     * @throws IllegalArgumentException "All-NaN slice encountered" when every element is NaN; "attempt to get
     *     argmax of an empty sequence" for an empty array
     */
    public static NdArray nanargmax(NdArray a) { return Searching.nanArg(dev.cohort.tasks.ArgReduceOp.ARGMAX, a, null); }

    /**
     * {@code numpy.nanargmax(a, axis)}: per lane along {@code axis}; int64 of {@code a}'s shape without {@code axis}.
     *
     * @throws IllegalArgumentException "All-NaN slice encountered" when some lane is all NaN
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nanargmax(NdArray a, int axis) { return Searching.nanArg(dev.cohort.tasks.ArgReduceOp.ARGMAX, a, axis); }

    /**
     * {@code numpy.nanargmin(a)}: the flat int64 index of the minimum ignoring NaNs (NaNs replaced by
     * {@code +inf}, then {@code argmin}); 0-d.
     *
     * @throws IllegalArgumentException "All-NaN slice encountered"; "attempt to get argmin of an empty sequence"
     */
    public static NdArray nanargmin(NdArray a) { return Searching.nanArg(dev.cohort.tasks.ArgReduceOp.ARGMIN, a, null); }

    /**
     * {@code numpy.nanargmin(a, axis)}: per lane along {@code axis}.
     *
     * @throws IllegalArgumentException "All-NaN slice encountered" when some lane is all NaN
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nanargmin(NdArray a, int axis) { return Searching.nanArg(dev.cohort.tasks.ArgReduceOp.ARGMIN, a, axis); }

    /**
     * {@code numpy.nancumsum(a)}: {@code cumsum} of the flattened array with NaNs taken as 0 (the distributed scan);
     * dtype rule of {@link #cumsum(NdArray)} (bool/int32/int64 give int64).
     */
    public static NdArray nancumsum(NdArray a) { return Searching.nanScan(a, null, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /**
     * {@code numpy.nancumsum(a, axis)}: running sums along {@code axis}, NaNs as 0.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nancumsum(NdArray a, int axis) { return Searching.nanScan(a, axis, dev.cohort.tasks.SortArgs.ScanOp.SUM); }

    /** {@code numpy.nancumprod(a)}: {@code cumprod} of the flattened array with NaNs taken as 1. Dtype as {@link #cumsum(NdArray)}. */
    public static NdArray nancumprod(NdArray a) { return Searching.nanScan(a, null, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /**
     * {@code numpy.nancumprod(a, axis)}: running products along {@code axis}, NaNs as 1.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nancumprod(NdArray a, int axis) { return Searching.nanScan(a, axis, dev.cohort.tasks.SortArgs.ScanOp.PROD); }

    /** {@code numpy.nanprod(a)}: the product with NaNs taken as 1; 0-d, dtype as {@code prod} (int32 gives int64). */
    public static NdArray nanprod(NdArray a) { return Statistics.nan(dev.cohort.tasks.ReduceOp.PROD, false, a, null, false); }

    /**
     * {@code numpy.nanprod(a, axis)}: products along {@code axis}, NaNs as 1.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nanprod(NdArray a, int axis) { return Statistics.nan(dev.cohort.tasks.ReduceOp.PROD, false, a, axis, false); }

    /**
     * {@code numpy.nanmedian(a)}: the median of the non-NaN elements of the flattened array (distributed sort, NaNs
     * last, linear interpolation between the two middle values); NaN when all are NaN or {@code a} is empty.
     * 0-d float64 (float32 for float32).
     */
    public static NdArray nanmedian(NdArray a) { return Searching.nanQuantile(a, 0.5, "nanmedian"); }

    /**
     * {@code numpy.nanquantile(a, q)} ({@code method='linear'}) of the non-NaN elements of the flattened array:
     * with the {@code c} sorted non-NaN values {@code s}, {@code i = q (c - 1)},
     * {@code s[floor i] + (s[floor i + 1] - s[floor i]) (i - floor i)}. 0-d float; NaN when all are NaN.
     *
     * @throws IllegalArgumentException "Quantiles must be in the range [0, 1]"
     */
    public static NdArray nanquantile(NdArray a, double q) { return Searching.nanQuantile(a, q, "nanquantile"); }

    /**
     * {@code numpy.nanpercentile(a, q)}: {@code nanquantile(a, q / 100)}.
     *
     * @throws IllegalArgumentException "Percentiles must be in the range [0, 100]"
     */
    public static NdArray nanpercentile(NdArray a, double q) { return Searching.nanQuantile(a, q / 100, "nanpercentile"); }

    /**
     * {@code numpy.histogram(a, bins)}: counts of the flattened {@code a} in {@code bins} equal-width bins over
     * {@code [min(a), max(a)]} (widened by 0.5 each side when they are equal; {@code [0, 1]} when empty). Returns
     * {@code {hist, bin_edges}}: int64 counts of shape {@code (bins,)} and the {@code bins + 1} edges
     * ({@code linspace}; float32 for float32 {@code a}, else float64). Bins are half-open {@code [e_i, e_i+1)} but
     * the last, which includes its right edge; NaN is counted nowhere. Distributed: {@code searchsorted} of the
     * samples in the edges, then {@code bincount}.
     *
     * @throws IllegalArgumentException "`bins` must be positive, when an integer"; "autodetected range of [nan,
     *     nan] is not finite"
     */
    public static NdArray[] histogram(NdArray a, long bins) { return Histograms.histogram(a, bins, null, false); }

    /**
     * {@code numpy.histogram(a, bins, range=(lo, hi), density)}: as {@link #histogram(NdArray, long)} over
     * {@code [lo, hi]} (elements outside are ignored); with {@code density} the counts become
     * {@code hist / diff(edges) / sum(hist)} (float64), a probability density.
     *
     * @throws IllegalArgumentException "max must be larger than min in range parameter."; "supplied range of
     *     [lo, hi] is not finite"; as {@link #histogram(NdArray, long)}
     */
    public static NdArray[] histogram(NdArray a, long bins, double lo, double hi, boolean density) {
        return Histograms.histogram(a, bins, new double[]{lo, hi}, density);
    }

    /** {@code numpy.histogram(a, bins, density=density)} over {@code [min(a), max(a)]}; see {@link #histogram(NdArray, long)}. */
    public static NdArray[] histogram(NdArray a, long bins, boolean density) { return Histograms.histogram(a, bins, null, density); }

    /**
     * {@code numpy.histogram(a, bins=edges, density)}: counts in the bins between consecutive elements of the 1-d,
     * non-decreasing {@code edges} (returned as given). Int64 counts (float64 with {@code density}).
     *
     * @throws IllegalArgumentException "`bins` must increase monotonically, when an array"; "`bins` must be 1d,
     *     when an array"
     */
    public static NdArray[] histogram(NdArray a, NdArray edges, boolean density) { return Histograms.histogram(a, edges, density, true); }

    /**
     * {@code numpy.histogram2d(x, y, bins)}: the float64 {@code (bins, bins)} histogram of the points
     * {@code (x[i], y[i])} ({@code H[i, j]} counts x in bin i and y in bin j), with equal-width bins over each
     * coordinate's range; returns {@code {H, xedges, yedges}}. NumPy's {@code histogramdd} binning.
     *
     * @throws IllegalArgumentException "x and y must have the same length."; "`bins[0]` must be positive, when
     *     an integer"
     */
    public static NdArray[] histogram2d(NdArray x, NdArray y, long bins) {
        return Histograms.histogram2d(x, y, bins, bins, null, null, false);
    }

    /** {@code numpy.histogram2d(x, y, bins=[nx, ny], density)}; see {@link #histogram2d(NdArray, NdArray, long)}. */
    public static NdArray[] histogram2d(NdArray x, NdArray y, long nx, long ny, boolean density) {
        return Histograms.histogram2d(x, y, nx, ny, null, null, density);
    }

    /**
     * {@code numpy.histogram2d(x, y, bins=[xedges, yedges], density)} with explicit non-decreasing edges.
     *
     * @throws IllegalArgumentException "`bins[0]` must be monotonically increasing, when an array", and as
     *     {@link #histogram2d(NdArray, NdArray, long)}
     */
    public static NdArray[] histogram2d(NdArray x, NdArray y, NdArray xedges, NdArray yedges, boolean density) {
        return Histograms.histogram2d(x, y, 0, 0, xedges, yedges, density);
    }

    /**
     * {@code numpy.histogramdd(sample, bins)}: the float64 D-dimensional histogram of an {@code (N, D)} sample
     * (a 1-d sample is D = 1), {@code bins} equal-width bins per dimension; returns {@code {H, edges_0, ...,
     * edges_D-1}}. With {@code density}, {@code H / sum(H) / (bin volume)}.
     *
     * @throws IllegalArgumentException "`bins[0]` must be positive, when an integer"; a sample that is not 1-d or 2-d
     */
    public static NdArray[] histogramdd(NdArray sample, long bins, boolean density) {
        NdArray[] c = Histograms.columns(sample);
        long[] b = new long[c.length];
        java.util.Arrays.fill(b, bins);
        return Histograms.histogramdd(c, b, null, density);
    }

    /**
     * {@code numpy.cov(m)}: the covariance matrix of the variables in the rows of {@code m} (observations in
     * columns): {@code X = m - mean(m, axis=1)}, {@code C = X @ X.T * (1 / (N - 1))}, float64 {@code (k, k)}
     * (a 1-d {@code m}: one variable, 0-d result). The product is the distributed matmul.
     *
     * @throws IllegalArgumentException "m has more than 2 dimensions"
     */
    public static NdArray cov(NdArray m) { return Histograms.cov(m, true, false, null); }

    /** {@code numpy.cov(m, rowvar)}: {@code rowvar=false}: variables in the columns. See {@link #cov(NdArray)}. */
    public static NdArray cov(NdArray m, boolean rowvar) { return Histograms.cov(m, rowvar, false, null); }

    /**
     * {@code numpy.cov(m, rowvar=rowvar, bias=bias, ddof=ddof)}: divisor {@code N - ddof}; {@code ddof == null}
     * means {@code bias ? 0 : 1}. A non-positive divisor gives inf/nan as NumPy (which also warns).
     *
     * @throws IllegalArgumentException "m has more than 2 dimensions"
     */
    public static NdArray cov(NdArray m, boolean rowvar, boolean bias, Integer ddof) { return Histograms.cov(m, rowvar, bias, ddof); }

    /**
     * {@code numpy.corrcoef(x)}: Pearson correlation coefficients {@code R = C / sqrt(diag(C) ⊗ diag(C))} of
     * {@code C = cov(x)}, clipped to {@code [-1, 1]}; float64 {@code (k, k)} (0-d {@code 1.0} for one variable).
     *
     * @throws IllegalArgumentException "m has more than 2 dimensions"
     */
    public static NdArray corrcoef(NdArray x) { return Histograms.corrcoef(x, true); }

    /** {@code numpy.corrcoef(x, rowvar)}; see {@link #corrcoef(NdArray)}. */
    public static NdArray corrcoef(NdArray x, boolean rowvar) { return Histograms.corrcoef(x, rowvar); }

    /**
     * {@code numpy.gradient(f)} ({@code edge_order=1}, unit spacing): one array per axis (NumPy returns one array
     * for 1-d input; here a one-element array), {@code (f[i+1] - f[i-1]) / 2} inside and one-sided differences
     * {@code f[1] - f[0]}, {@code f[n-1] - f[n-2]} at the ends. Float dtype of {@code f} (integers give float64).
     *
     * @throws IllegalArgumentException "Shape of array too small to calculate a numerical gradient, at least
     *     (edge_order + 1) elements are required."
     */
    public static NdArray[] gradient(NdArray f) { return Histograms.gradient(f, 1.0); }

    /** {@code numpy.gradient(f, h)}: uniform spacing {@code h} along every axis; see {@link #gradient(NdArray)}. */
    public static NdArray[] gradient(NdArray f, double h) { return Histograms.gradient(f, h); }

    /**
     * {@code numpy.gradient(f, h, axis=axis)}: the derivative along one axis, spacing {@code h}.
     *
     * @throws AxisException when {@code axis} is out of bounds; as {@link #gradient(NdArray)}
     */
    public static NdArray gradient(NdArray f, double h, int axis) { return Histograms.gradient(f, h, axis); }

    /**
     * {@code numpy.nanvar(a)}: the variance of the non-NaN elements, {@code sum((a - m)**2) / c} over the {@code c}
     * non-NaN elements with mean {@code m}; NaN when all are NaN. 0-d float (float32 stays float32; integers give
     * float64 as {@code var}).
     */
    public static NdArray nanvar(NdArray a) { return Searching.nanVar(a, null, 0, false); }

    /**
     * {@code numpy.nanvar(a, axis, ddof=ddof, keepdims=keepdims)}: divisor {@code c - ddof}; NaN where it is not
     * positive.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nanvar(NdArray a, int axis, int ddof, boolean keepdims) { return Searching.nanVar(a, axis, ddof, keepdims); }

    /** {@code numpy.nanstd(a)}: {@code sqrt(nanvar(a))}. */
    public static NdArray nanstd(NdArray a) { return Elementwise.unary(dev.cohort.tasks.UnaryOp.SQRT, Searching.nanVar(a, null, 0, false), null); }

    /**
     * {@code numpy.nanstd(a, axis, ddof=ddof, keepdims=keepdims)}: {@code sqrt(nanvar(...))}.
     *
     * @throws AxisException when {@code axis} is out of bounds
     */
    public static NdArray nanstd(NdArray a, int axis, int ddof, boolean keepdims) {
        return Elementwise.unary(dev.cohort.tasks.UnaryOp.SQRT, Searching.nanVar(a, axis, ddof, keepdims), null);
    }

    /**
     * {@code numpy.histogram_bin_edges(a, bins)}: the {@code bins + 1} equal-width edges {@link #histogram(NdArray, long)}
     * uses over {@code [min(a), max(a)]} (float32 for float32 {@code a}, else float64).
     *
     * @throws IllegalArgumentException "`bins` must be positive, when an integer"; "autodetected range of [nan,
     *     nan] is not finite"
     */
    public static NdArray histogram_bin_edges(NdArray a, long bins) { return Histograms.uniformEdges(Searching.flat(a), bins, null, "`bins`"); }

    /**
     * {@code numpy.histogram_bin_edges(a, bins, range=(lo, hi))}: the edges over {@code [lo, hi]}.
     *
     * @throws IllegalArgumentException "max must be larger than min in range parameter."
     */
    public static NdArray histogram_bin_edges(NdArray a, long bins, double lo, double hi) {
        return Histograms.uniformEdges(Searching.flat(a), bins, new double[]{lo, hi}, "`bins`");
    }

    // ------------------------------------------------------------------ indexing routines (wave 3: IndexRoutines)

    /**
     * {@code numpy.take_along_axis(arr, indices, axis)}: {@code out[i..., j, k...] = arr[i..., indices[i..., j, k...], k...]}
     * with {@code j} along {@code axis}. {@code indices} (int64/int32, negative ones count from the end) has {@code arr}'s
     * ndim; the other dimensions broadcast. Shape: the broadcast of both shapes with {@code indices.shape[axis]} at
     * {@code axis}; dtype of {@code arr}. One distributed gather of flat indices.
     *
     * @throws IllegalArgumentException when the ndims differ ("`indices` and `arr` must have the same number of dimensions")
     * @throws NdIndexException for non-integer indices, an index out of range or shapes that do not broadcast
     * @throws AxisException when {@code axis} is out of range
     */
    public static NdArray take_along_axis(NdArray arr, NdArray indices, int axis) { return IndexRoutines.takeAlongAxis(arr, indices, axis); }

    /**
     * {@code numpy.take_along_axis(arr, indices, axis=None)}: along the flattened {@code arr} with 1-d {@code indices}.
     *
     * @throws IllegalArgumentException when {@code indices} is not 1-d ("when axis=None, `indices` must have a single dimension.")
     * @throws NdIndexException as {@link #take_along_axis(NdArray, NdArray, int)}
     */
    public static NdArray take_along_axis(NdArray arr, NdArray indices) { return IndexRoutines.takeAlongAxis(arr, indices, null); }

    /**
     * {@code numpy.put_along_axis(arr, indices, values, axis)}: in place, {@code arr[i..., indices[i..., j, k...], k...] =
     * values[i..., j, k...]}, {@code values} broadcast to the index shape of {@link #take_along_axis(NdArray, NdArray, int)}
     * and cast to {@code arr}'s dtype; a repeated index keeps the last value (C order), as NumPy.
     *
     * @throws IllegalArgumentException when the ndims differ or {@code values} does not broadcast to the index shape
     * @throws NdIndexException for non-integer or out-of-range indices
     * @throws AxisException when {@code axis} is out of range
     */
    public static void put_along_axis(NdArray arr, NdArray indices, NdArray values, int axis) { IndexRoutines.putAlongAxis(arr, indices, values, axis); }

    /** {@code numpy.put_along_axis(arr, indices, values, axis)} with a Java scalar {@code values} (cast to {@code arr}'s dtype). */
    public static void put_along_axis(NdArray arr, NdArray indices, double values, int axis) { IndexRoutines.putAlongAxis(arr, indices, values, axis); }

    /** {@code numpy.put_along_axis(arr, indices, values, axis)} with a Java integer {@code values}. */
    public static void put_along_axis(NdArray arr, NdArray indices, long values, int axis) { IndexRoutines.putAlongAxis(arr, indices, values, axis); }

    /**
     * {@code numpy.choose(a, choices, mode='raise')}: {@code out[I] = choices[a[I]][I]}, all arrays broadcast together;
     * {@code choices} is a stacked array whose first axis indexes the choices. Dtype: the promotion of the choices';
     * shape: the broadcast of {@code a}'s and the choices'. Composed of {@code where}s (one per choice).
     *
     * @throws DTypeException when {@code a} is not an integer (or bool) array (NumPy's TypeError)
     * @throws IllegalArgumentException for an entry outside {@code [0, n)} ("invalid entry in choice array"), no choices
     *     ("0-length sequence.") or shapes that do not broadcast
     */
    public static NdArray choose(NdArray a, NdArray choices) { return IndexRoutines.choose(a, choices, "raise"); }

    /**
     * {@code numpy.choose(a, choices, mode=mode)}: {@code mode} "raise", "wrap" ({@code a mod n}) or "clip"
     * ({@code a} clipped to {@code [0, n-1]}).
     *
     * @throws IllegalArgumentException for another mode ("clipmode must be one of 'clip', 'raise', or 'wrap' (got 'x')"),
     *     and as {@link #choose(NdArray, NdArray)}
     */
    public static NdArray choose(NdArray a, NdArray choices, String mode) { return IndexRoutines.choose(a, choices, mode); }

    /** {@code numpy.choose(a, choices)} with a list of choice arrays; as {@link #choose(NdArray, NdArray)}. */
    public static NdArray choose(NdArray a, java.util.List<NdArray> choices) { return IndexRoutines.choose(a, choices, "raise"); }

    /** {@code numpy.choose(a, choices, mode)} with a list of choice arrays; as {@link #choose(NdArray, NdArray, String)}. */
    public static NdArray choose(NdArray a, java.util.List<NdArray> choices, String mode) { return IndexRoutines.choose(a, choices, mode); }

    /**
     * {@code numpy.compress(condition, a, axis)}: the slices of {@code a} along {@code axis} where the 1-d {@code condition}
     * is nonzero ({@code take(a, nonzero(condition)[0], axis)}); a shorter condition selects among the first slices only.
     * Shape: {@code a}'s with the count of selected slices at {@code axis}; dtype of {@code a}.
     *
     * @throws IllegalArgumentException when {@code condition} is not 1-d ("condition must be a 1-d array")
     * @throws NdIndexException when {@code condition} selects past the end ("index 4 is out of bounds for axis 0 with size 4")
     * @throws AxisException when {@code axis} is out of range
     */
    public static NdArray compress(NdArray condition, NdArray a, int axis) { return IndexRoutines.compress(condition, a, axis); }

    /** {@code numpy.compress(condition, a)} ({@code axis=None}): of the flattened {@code a}; a 1-d result. */
    public static NdArray compress(NdArray condition, NdArray a) { return IndexRoutines.compress(condition, a, null); }

    /**
     * {@code numpy.extract(condition, arr)}: the elements of the flattened {@code arr} where the flattened {@code condition}
     * is nonzero, 1-d, dtype of {@code arr}.
     *
     * @throws NdIndexException when {@code condition} has a nonzero element past {@code arr}'s size
     */
    public static NdArray extract(NdArray condition, NdArray arr) { return IndexRoutines.extract(condition, arr); }

    /**
     * {@code numpy.place(arr, mask, vals)}: in place, the k-th position (C order) where {@code mask} is nonzero gets
     * {@code vals.flat[k % vals.size]}, cast to {@code arr}'s dtype.
     *
     * @throws IllegalArgumentException when the sizes differ ("place: mask and data must be the same size") or {@code vals}
     *     is empty while {@code mask} selects ("Cannot insert from an empty array!")
     * @throws DTypeException when {@code vals}' dtype does not cast safely to {@code arr}'s (NumPy's TypeError)
     */
    public static void place(NdArray arr, NdArray mask, NdArray vals) { IndexRoutines.place(arr, mask, vals); }

    /**
     * {@code numpy.putmask(a, mask, values)}: in place, {@code a.flat[i] = values.flat[i % values.size]} wherever
     * {@code mask.flat[i]} is nonzero (note: {@code i} is the position in {@code a}, unlike {@link #place}), cast to
     * {@code a}'s dtype; an empty {@code values} changes nothing.
     *
     * @throws IllegalArgumentException when the sizes differ ("putmask: mask and data must be the same size")
     */
    public static void putmask(NdArray a, NdArray mask, NdArray values) { IndexRoutines.putmask(a, mask, values); }

    /**
     * {@code numpy.select(condlist, choicelist, default)}: {@code out[I] = choicelist[k][I]} for the first {@code k} with
     * {@code condlist[k][I]}, else {@code default} (an array or a Java scalar, weak as NumPy's Python scalars). Shape: the
     * broadcast of every array; dtype: the promotion of the choices and {@code default}.
     *
     * @throws IllegalArgumentException when the lists' lengths differ or are empty
     * @throws DTypeException when a condition is not bool ("invalid entry 0 in condlist: should be boolean ndarray")
     */
    public static NdArray select(java.util.List<NdArray> condlist, java.util.List<NdArray> choicelist, Object dflt) {
        return IndexRoutines.select(condlist, choicelist, dflt);
    }

    /** {@code numpy.select(condlist, choicelist)} with NumPy's {@code default=0}. */
    public static NdArray select(java.util.List<NdArray> condlist, java.util.List<NdArray> choicelist) {
        return IndexRoutines.select(condlist, choicelist, 0L);
    }

    /** {@code numpy.diag_indices(n, ndim)}: {@code ndim} int64 arrays {@code arange(n)}, indexing the main diagonal of an n^ndim array. */
    public static NdArray[] diag_indices(long n, int ndim) { return IndexRoutines.diagIndices(ctx(), n, ndim); }

    /** {@code numpy.diag_indices(n)}: {@code ndim=2}. */
    public static NdArray[] diag_indices(long n) { return IndexRoutines.diagIndices(ctx(), n, 2); }

    /**
     * {@code numpy.diag_indices_from(arr)}: {@link #diag_indices(long, int)} for {@code arr}'s shape.
     *
     * @throws IllegalArgumentException when {@code arr} is not at least 2-d or its dimensions differ
     */
    public static NdArray[] diag_indices_from(NdArray arr) { return IndexRoutines.diagIndicesFrom(arr); }

    /**
     * {@code numpy.fill_diagonal(a, val, wrap)}: in place, {@code a.flat[:end:step] = val} (cycled, cast to {@code a}'s
     * dtype) with {@code step = 1 + sum(cumprod(a.shape[:-1]))}; for a tall 2-d array {@code end = ncols^2} unless
     * {@code wrap}, which restarts the diagonal every {@code ncols + 1} rows.
     *
     * @throws IllegalArgumentException when {@code a} is not at least 2-d, or is n-d (n > 2) with unequal dimensions
     */
    public static void fill_diagonal(NdArray a, NdArray val, boolean wrap) { IndexRoutines.fillDiagonal(a, val, wrap); }

    /** {@code numpy.fill_diagonal(a, val)} with an array {@code val} and {@code wrap=False}. */
    public static void fill_diagonal(NdArray a, NdArray val) { IndexRoutines.fillDiagonal(a, val, false); }

    /** {@code numpy.fill_diagonal(a, val, wrap)} with a Java scalar {@code val}. */
    public static void fill_diagonal(NdArray a, double val, boolean wrap) { IndexRoutines.fillDiagonal(a, val, wrap); }

    /** {@code numpy.fill_diagonal(a, val)} with a Java scalar {@code val}. */
    public static void fill_diagonal(NdArray a, double val) { IndexRoutines.fillDiagonal(a, val, false); }

    /** {@code numpy.fill_diagonal(a, val)} with a Java integer {@code val} (exact for int64). */
    public static void fill_diagonal(NdArray a, long val) { IndexRoutines.fillDiagonal(a, val, false); }

    /**
     * {@code numpy.tril_indices(n, k, m)}: {row, col} int64 indices of the lower triangle (on and below diagonal
     * {@code k}) of an {@code (n, m)} array, row-major: {@code nonzero(tri(n, m, k))}.
     */
    public static NdArray[] tril_indices(long n, long k, long m) { return IndexRoutines.triIndices(ctx(), n, k, m, true); }

    /** {@code numpy.tril_indices(n, k)}: {@code m = n}. */
    public static NdArray[] tril_indices(long n, long k) { return IndexRoutines.triIndices(ctx(), n, k, n, true); }

    /** {@code numpy.tril_indices(n)}: {@code k = 0, m = n}. */
    public static NdArray[] tril_indices(long n) { return IndexRoutines.triIndices(ctx(), n, 0, n, true); }

    /**
     * {@code numpy.triu_indices(n, k, m)}: {row, col} int64 indices of the upper triangle (on and above diagonal {@code k})
     * of an {@code (n, m)} array, row-major: {@code nonzero(~tri(n, m, k - 1))}.
     */
    public static NdArray[] triu_indices(long n, long k, long m) { return IndexRoutines.triIndices(ctx(), n, k, m, false); }

    /** {@code numpy.triu_indices(n, k)}: {@code m = n}. */
    public static NdArray[] triu_indices(long n, long k) { return IndexRoutines.triIndices(ctx(), n, k, n, false); }

    /** {@code numpy.triu_indices(n)}: {@code k = 0, m = n}. */
    public static NdArray[] triu_indices(long n) { return IndexRoutines.triIndices(ctx(), n, 0, n, false); }

    /**
     * {@code numpy.tril_indices_from(arr, k)}: {@link #tril_indices(long, long, long)} for {@code arr}'s 2-d shape.
     *
     * @throws IllegalArgumentException when {@code arr} is not 2-d ("input array must be 2-d")
     */
    public static NdArray[] tril_indices_from(NdArray arr, long k) { return IndexRoutines.triIndicesFrom(arr, k, true); }

    /** {@code numpy.tril_indices_from(arr)}: {@code k = 0}. @throws IllegalArgumentException when {@code arr} is not 2-d */
    public static NdArray[] tril_indices_from(NdArray arr) { return IndexRoutines.triIndicesFrom(arr, 0, true); }

    /**
     * {@code numpy.triu_indices_from(arr, k)}: {@link #triu_indices(long, long, long)} for {@code arr}'s 2-d shape.
     *
     * @throws IllegalArgumentException when {@code arr} is not 2-d ("input array must be 2-d")
     */
    public static NdArray[] triu_indices_from(NdArray arr, long k) { return IndexRoutines.triIndicesFrom(arr, k, false); }

    /** {@code numpy.triu_indices_from(arr)}: {@code k = 0}. @throws IllegalArgumentException when {@code arr} is not 2-d */
    public static NdArray[] triu_indices_from(NdArray arr) { return IndexRoutines.triIndicesFrom(arr, 0, false); }

    /**
     * {@code numpy.mask_indices(n, mask_func, k)}: the int64 indices {@code nonzero(mask_func(ones((n, n), int64), k) != 0)},
     * e.g. {@code mask_indices(3, Np::triu, 1)} are those of the strict upper triangle.
     *
     * @throws IllegalArgumentException when {@code mask_func} returns a 0-d array
     */
    public static NdArray[] mask_indices(long n, java.util.function.BiFunction<NdArray, Long, NdArray> maskFunc, long k) {
        return IndexRoutines.maskIndices(ctx(), n, maskFunc, k);
    }

    /** {@code numpy.mask_indices(n, mask_func)}: {@code k = 0}. */
    public static NdArray[] mask_indices(long n, java.util.function.BiFunction<NdArray, Long, NdArray> maskFunc) {
        return IndexRoutines.maskIndices(ctx(), n, maskFunc, 0);
    }

    /**
     * {@code numpy.ix_(*args)}: an open mesh from 1-d sequences: the k-th result is the k-th argument (a bool one replaced
     * by its nonzero positions, an empty one by an empty int64 array) shaped {@code (1, .., n, .., 1)} with {@code n} at
     * dimension k, so {@code a.get(ix_(r, c))}-style broadcasting picks the cross product. Views, no copies.
     *
     * @throws IllegalArgumentException when an argument is not 1-d ("Cross index must be 1 dimensional")
     */
    public static NdArray[] ix_(NdArray... args) { return IndexRoutines.ix(args); }

    /**
     * {@code numpy.ravel_multi_index(multi_index, dims, mode, order)}: flat indices {@code sum_d c_d * stride_d} of the
     * coordinate arrays (broadcast together) in an array of shape {@code dims}, C ({@code 'C'}) or Fortran ({@code 'F'})
     * order; int64, the broadcast shape. {@code modes}: one for all dimensions or one per dimension, each "raise",
     * "wrap" or "clip".
     *
     * @throws IllegalArgumentException for a coordinate out of range in "raise" mode ("invalid entry in coordinates
     *     array"), a wrong number of coordinate arrays, a bad mode or order, or shapes that do not broadcast
     * @throws DTypeException for non-integer coordinates ("only int indices permitted")
     */
    public static NdArray ravel_multi_index(NdArray[] multiIndex, long[] dims, String[] modes, char order) {
        return IndexRoutines.ravelMultiIndex(multiIndex, dims, modes, order);
    }

    /** {@code numpy.ravel_multi_index(multi_index, dims, mode)} in C order. */
    public static NdArray ravel_multi_index(NdArray[] multiIndex, long[] dims, String mode) {
        return IndexRoutines.ravelMultiIndex(multiIndex, dims, new String[]{mode}, 'C');
    }

    /** {@code numpy.ravel_multi_index(multi_index, dims)}: mode "raise", C order. */
    public static NdArray ravel_multi_index(NdArray[] multiIndex, long... dims) {
        return IndexRoutines.ravelMultiIndex(multiIndex, dims, new String[]{"raise"}, 'C');
    }

    /**
     * {@code numpy.unravel_index(indices, shape, order)}: per dimension of {@code shape} the int64 coordinates
     * {@code (i // stride_d) % shape_d} of the flat {@code indices} in C ({@code 'C'}) or Fortran ({@code 'F'}) order;
     * each result has {@code indices}' shape.
     *
     * @throws IllegalArgumentException for an index outside {@code [0, prod(shape))} ("index 42 is out of bounds for array
     *     with size 42") or a bad order
     * @throws DTypeException for non-integer indices ("only int indices permitted")
     */
    public static NdArray[] unravel_index(NdArray indices, long[] shape, char order) { return IndexRoutines.unravelIndex(indices, shape, order); }

    /** {@code numpy.unravel_index(indices, shape)} in C order. */
    public static NdArray[] unravel_index(NdArray indices, long... shape) { return IndexRoutines.unravelIndex(indices, shape, 'C'); }

    /**
     * {@code numpy.block(arrays)} for a nested {@link java.util.List} (or Java array) of arrays of depth {@code D}: every
     * array is given {@code max(D, max ndim)} dimensions (1s prepended), the innermost lists are concatenated along the
     * last axis, the next along the second-to-last, and so on. Dtype: the promotion of all.
     *
     * @throws IllegalArgumentException for lists of mismatched depth ("List depths are mismatched. First element was at
     *     depth 2, but there is an element at depth 1 (arrays[1])"), an empty list ("List at arrays[0] cannot be empty")
     *     or pieces whose shapes do not fit
     */
    public static NdArray block(java.util.List<?> arrays) { return IndexRoutines.block(arrays); }

    /** {@code numpy.block([a, b, ...])}: depth 1, concatenation along the last axis of at-least-1-d arrays. */
    public static NdArray block(NdArray... arrays) { return IndexRoutines.block(arrays); }

    /** {@code numpy.block([[a, b], [c, d]])}: depth 2, rows joined along the last axis, then stacked along the second-to-last. */
    public static NdArray block(NdArray[][] arrays) { return IndexRoutines.block(arrays); }

    /** {@code numpy.block} of depth 3: as {@link #block(java.util.List)}. */
    public static NdArray block(NdArray[][][] arrays) { return IndexRoutines.block(arrays); }

    // ------------------------------------------------------------------ convolution (issue 15)

    /**
     * {@code numpy.convolve(a, v)} ({@code mode='full'}): the discrete linear convolution
     * {@code out[i] = sum_k a[i - k] v[k]} of two 1-d arrays, length {@code len(a) + len(v) - 1}; dtype as
     * {@code a * v} (bool stays bool: or of ands). Built from {@code min(len)} distributed multiply-adds
     * ({@link Convolution}); floats can differ from NumPy's in the last bits.
     *
     * @throws IllegalArgumentException "a cannot be empty", "v cannot be empty", or "object too deep for desired
     *     array" for an operand of more than one dimension
     */
    public static NdArray convolve(NdArray a, NdArray v) { return Convolution.convolve(a, v, "full"); }

    /**
     * {@code numpy.convolve(a, v, mode)}: {@code "full"} as {@link #convolve(NdArray, NdArray)}; {@code "same"} its
     * centre, length {@code max(len(a), len(v))}; {@code "valid"} only where the operands overlap completely, length
     * {@code max - min + 1}.
     *
     * @throws IllegalArgumentException for another mode ("mode must be one of 'valid', 'same', or 'full' (got 'x')"),
     *     and as {@link #convolve(NdArray, NdArray)}
     */
    public static NdArray convolve(NdArray a, NdArray v, String mode) { return Convolution.convolve(a, v, mode); }

    // ------------------------------------------------------------------ gcd and lcm (issue 15)

    /**
     * {@code numpy.gcd(a, b)}: element-wise the greatest common divisor of {@code |a|} and {@code |b|} ({@code gcd(0, 0) == 0}). Shape: the broadcast of the operands'. Dtype: NumPy's
     * promotion of the integer dtypes (int32 with int32 stays int32; bool with an integer takes the integer's); a
     * Java integer scalar is NumPy 2's weak Python int.
     *
     * @throws DTypeException for a float operand or two bools (NumPy's "did not contain a loop with signature
     *     matching types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray gcd(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.GCD, a, b, null); }

    /** {@code numpy.gcd(a, b)} with a Java integer {@code b}: as {@link #gcd(NdArray, NdArray)}. */
    public static NdArray gcd(NdArray a, long b) { return Elementwise.binary(BinaryOp.GCD, a, b, null); }

    /** {@code numpy.gcd(a, b)} with a Java integer {@code a}: as {@link #gcd(NdArray, NdArray)}. */
    public static NdArray gcd(long a, NdArray b) { return Elementwise.binary(BinaryOp.GCD, a, b, null); }

    /**
     * {@code numpy.lcm(a, b)}: element-wise the least common multiple {@code |a| / gcd(a, b) * |b|} (0 when either is 0; wraps on overflow as NumPy). Shape: the broadcast of the operands'. Dtype: NumPy's
     * promotion of the integer dtypes (int32 with int32 stays int32; bool with an integer takes the integer's); a
     * Java integer scalar is NumPy 2's weak Python int.
     *
     * @throws DTypeException for a float operand or two bools (NumPy's "did not contain a loop with signature
     *     matching types")
     * @throws ShapeMismatchException when the shapes do not broadcast
     * @throws OverflowException for an integer scalar outside an int32 array's range (NumPy 2's OverflowError)
     */
    public static NdArray lcm(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LCM, a, b, null); }

    /** {@code numpy.lcm(a, b)} with a Java integer {@code b}: as {@link #lcm(NdArray, NdArray)}. */
    public static NdArray lcm(NdArray a, long b) { return Elementwise.binary(BinaryOp.LCM, a, b, null); }

    /** {@code numpy.lcm(a, b)} with a Java integer {@code a}: as {@link #lcm(NdArray, NdArray)}. */
    public static NdArray lcm(long a, NdArray b) { return Elementwise.binary(BinaryOp.LCM, a, b, null); }

    // ================================================================== polynomials, special functions, interp, broadcast, einsum_path (issue 15, wave 4: eig)
    // Polynomials, NumericRoutines, Broadcast, EinsumPaths; np.linalg.eig/eigvals are in Np.Linalg (LinalgEig).

    /**
     * {@code numpy.roots(p)}: the roots of {@code p[0] x^n + ... + p[n]}, the eigenvalues of the companion matrix
     * (first row {@code -p[1:] / p[0]}, ones below the diagonal) after NumPy strips leading zeros, then one 0 per
     * stripped trailing zero; shape {@code (number of roots,)}. Dtype: float32 for float32 p, float64 otherwise
     * (an empty float64 array when p is all zeros). The order is the eigvals order (compare sorted).
     *
     * @throws IllegalArgumentException "Input must be a rank-1 array."
     * @throws dev.cohort.tasks.linalg.LinAlgException "eig: the result would be complex ..." when a root is complex
     */
    public static NdArray roots(NdArray p) { return Polynomials.roots(p); }

    /**
     * {@code numpy.poly(seq_of_zeros)}: the coefficients (highest power first, leading 1) of the polynomial whose
     * roots are the 1-d {@code seq_of_zeros}, or the characteristic polynomial of a non-empty square matrix (from
     * its eigvals); {@code prod_k (x - z_k)} built by convolution. Shape {@code (N + 1,)}; dtype float32 for float32,
     * float64 otherwise; an empty sequence gives the 0-d 1.0.
     *
     * @throws IllegalArgumentException "input must be 1d or non-empty square 2d array."
     */
    public static NdArray poly(NdArray seq_of_zeros) { return Polynomials.poly(seq_of_zeros); }

    /**
     * {@code numpy.polyval(p, x)}: {@code p[0] x^(N-1) + ... + p[N-1]} element-wise by Horner's scheme
     * {@code y = y * x + p[i]} from {@code y = zeros_like(x)}; shape of x (broadcast with p's rows for n-d p);
     * dtype NumPy's promotion of x and p.
     *
     * @throws DTypeException "iteration over a 0-d array" for a 0-d p
     */
    public static NdArray polyval(NdArray p, NdArray x) { return Polynomials.polyval(p, x); }

    /** {@code numpy.polyval(p, x)} at a Java scalar x (a 0-d float64 x): as {@link #polyval(NdArray, NdArray)}. */
    public static NdArray polyval(NdArray p, double x) { return Polynomials.polyval(p, scalar(x)); }

    /**
     * {@code numpy.polyfit(x, y, deg)}: the least-squares coefficients (highest power first) of degree {@code deg}
     * fitting {@code y} at {@code x}: {@code lstsq(V / scale, y, rcond=len(x) eps)} with {@code V = vander(x,
     * deg + 1)} and its column norms {@code scale}, divided by scale. Shapes: x {@code (M,)}, y {@code (M,)} or
     * {@code (M, K)} gives {@code (deg + 1,)} or {@code (deg + 1, K)}; float64 (float32 x still gives float64, as
     * vander promotes). NumPy's RankWarning is not raised.
     *
     * @throws IllegalArgumentException "expected deg >= 0"
     * @throws DTypeException "expected 1D vector for x", "expected non-empty vector for x", "expected 1D or 2D array
     *     for y", "expected x and y to have same length" (NumPy's TypeErrors)
     */
    public static NdArray polyfit(NdArray x, NdArray y, long deg) { return Polynomials.polyfit(x, y, deg, null); }

    /**
     * {@code numpy.polyfit(x, y, deg, w=w)}: as {@link #polyfit(NdArray, NdArray, long)} with the rows of V and y
     * multiplied by the weights {@code w} {@code (M,)} (NumPy: 1/sigma for Gaussian errors).
     *
     * @throws DTypeException also "expected a 1-d array for weights", "expected w and y to have the same length"
     */
    public static NdArray polyfit(NdArray x, NdArray y, long deg, NdArray w) { return Polynomials.polyfit(x, y, deg, w); }

    /** {@code numpy.polyder(p)}: the first derivative; see {@link #polyder(NdArray, long)}. */
    public static NdArray polyder(NdArray p) { return Polynomials.polyder(p, 1); }

    /**
     * {@code numpy.polyder(p, m)}: the m-th derivative of the 1-d coefficients {@code p}, {@code m} times
     * {@code p[:-1] * arange(n, 0, -1)}; shape {@code (max(len(p) - m, 0),)}; dtype p's promoted with int64 (m = 0:
     * p itself).
     *
     * @throws IllegalArgumentException "Order of derivative must be positive (see polyint)"
     * @throws DTypeException "len() of unsized object" for a 0-d p
     */
    public static NdArray polyder(NdArray p, long m) { return Polynomials.polyder(p, m); }

    /** {@code numpy.polyint(p)}: the antiderivative with constant 0; see {@link #polyint(NdArray, long, double...)}. */
    public static NdArray polyint(NdArray p) { return Polynomials.polyint(p, 1, null); }

    /** {@code numpy.polyint(p, m)}: the m-th antiderivative with constants 0. */
    public static NdArray polyint(NdArray p, long m) { return Polynomials.polyint(p, m, null); }

    /**
     * {@code numpy.polyint(p, m, k)}: the m-th antiderivative, {@code m} times
     * {@code concatenate(p / arange(len(p), 0, -1), [k[i]])}; {@code k} one constant (used for every step) or
     * at least m. Shape {@code (len(p) + m,)}; float64 (m = 0: p itself).
     *
     * @throws IllegalArgumentException "Order of integral must be positive (see polyder)", "k must be a scalar or a
     *     rank-1 array of length 1 or >m."
     */
    public static NdArray polyint(NdArray p, long m, double... k) { return Polynomials.polyint(p, m, k); }

    /**
     * {@code numpy.polyadd(a1, a2)}: the sum of two coefficient arrays, the shorter padded with leading zeros; shape
     * {@code (max(len),)}; dtype the promotion of both.
     */
    public static NdArray polyadd(NdArray a1, NdArray a2) { return Polynomials.polyadd(a1, a2, false); }

    /**
     * {@code numpy.polysub(a1, a2)}: {@code a1 - a2} with the shorter padded with leading zeros; shape
     * {@code (max(len),)}; dtype the promotion of both.
     *
     * @throws DTypeException for two bool arrays (NumPy's boolean subtract TypeError)
     */
    public static NdArray polysub(NdArray a1, NdArray a2) { return Polynomials.polyadd(a1, a2, true); }

    /**
     * {@code numpy.polymul(a1, a2)}: the product, {@code convolve(a1, a2)}; shape {@code (len(a1) + len(a2) - 1,)};
     * dtype of {@code a1 * a2}.
     *
     * @throws IllegalArgumentException "a cannot be empty" / "v cannot be empty"
     */
    public static NdArray polymul(NdArray a1, NdArray a2) { return Polynomials.polymul(a1, a2); }

    /**
     * {@code numpy.polydiv(u, v)}: {@code {q, r}} with {@code u = q v + r} by long division (float64, float32 when
     * both are float32), leading near-zeros of r ({@code |r[0]| <= 1e-8}) dropped as NumPy does; q has shape
     * {@code (max(len(u) - len(v) + 1, 1),)}. The coefficients are read back (small, identical on every shard).
     *
     * @throws NdIndexException "index 0 is out of bounds for axis 0 with size 0" for an empty operand
     */
    public static NdArray[] polydiv(NdArray u, NdArray v) { return Polynomials.polydiv(u, v); }

    /** {@code numpy.vander(x)}: the square Vandermonde matrix; see {@link #vander(NdArray, long, boolean)}. */
    public static NdArray vander(NdArray x) { return Polynomials.vander(x, null, false); }

    /** {@code numpy.vander(x, N)}: decreasing powers {@code x^(N-1), ..., x^0}. */
    public static NdArray vander(NdArray x, long N) { return Polynomials.vander(x, N, false); }

    /**
     * {@code numpy.vander(x, N, increasing)}: {@code out[i, j] = x[i]^(N-1-j)} (or {@code x[i]^j} when increasing),
     * the powers built by repeated multiplication as NumPy does; shape {@code (len(x), N)}; dtype x's promoted with
     * int64 (bool and int32 give int64, float32 gives float64).
     *
     * @throws IllegalArgumentException "x must be a one-dimensional array or sequence.", "negative dimensions are not
     *     allowed"
     */
    public static NdArray vander(NdArray x, long N, boolean increasing) { return Polynomials.vander(x, N, increasing); }

    /**
     * {@code numpy.i0(x)}: the modified Bessel function of the first kind of order 0, element-wise, by NumPy's
     * Chebyshev expansions ({@code exp(|x|) chbevl(|x|/2 - 2, A)} for {@code |x| <= 8}, else
     * {@code exp(|x|) chbevl(32/|x| - 2, B) / sqrt(|x|)}, Cephes' coefficients). Shape of x; float32 stays float32,
     * other dtypes give float64.
     */
    public static NdArray i0(NdArray x) { return NumericRoutines.i0(x); }

    /**
     * {@code numpy.kaiser(M, beta)}: the Kaiser window {@code i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta)}
     * for {@code n = 0 .. M-1}, {@code alpha = (M - 1) / 2}; shape {@code (M,)} float64 (empty for {@code M < 1},
     * {@code [1.0]} for 1).
     */
    public static NdArray kaiser(long M, double beta) { return NumericRoutines.kaiser(M, beta); }

    /**
     * {@code numpy.sinc(x)}: {@code sin(pi x) / (pi x)} element-wise, 1 at 0 (NumPy replaces 0 by eps); shape of x;
     * float32 stays float32, other dtypes give float64.
     */
    public static NdArray sinc(NdArray x) { return NumericRoutines.sinc(x); }

    /**
     * {@code numpy.heaviside(x1, x2)}: 0 where {@code x1 < 0}, {@code x2} where {@code x1 == 0}, 1 where
     * {@code x1 > 0}, NaN where x1 is NaN; shape the broadcast of both; dtype the promotion of both made float
     * (NumPy's float loops: integers and bool give float64).
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray heaviside(NdArray x1, NdArray x2) { return NumericRoutines.heaviside(x1, x2); }

    /** {@code numpy.heaviside(x1, x2)} with a Java scalar x2 (NumPy 2's weak Python float): dtype x1's float type. */
    public static NdArray heaviside(NdArray x1, double x2) { return NumericRoutines.heaviside(x1, x2); }

    /**
     * {@code numpy.fix(x)}: round towards zero, {@code floor(x)} where {@code x >= 0}, else {@code ceil(x)}; shape
     * and dtype of x (integers stay integers, as NumPy 2's floor and ceil).
     */
    public static NdArray fix(NdArray x) { return NumericRoutines.fix(x); }

    /**
     * {@code numpy.divmod(x1, x2)}: {@code {floor_divide(x1, x2), remainder(x1, x2)}}; shapes the broadcast, dtypes
     * as those ufuncs.
     *
     * @throws ShapeMismatchException when the shapes do not broadcast
     */
    public static NdArray[] divmod(NdArray x1, NdArray x2) { return new NdArray[]{floor_divide(x1, x2), remainder(x1, x2)}; }

    /** {@code numpy.divmod(x1, x2)} with a Java scalar x2 (NumPy 2's weak Python float). */
    public static NdArray[] divmod(NdArray x1, double x2) { return new NdArray[]{floor_divide(x1, x2), remainder(x1, x2)}; }

    /** {@code numpy.divmod(x1, x2)} with a Java integer x2 (NumPy 2's weak Python int). */
    public static NdArray[] divmod(NdArray x1, long x2) { return new NdArray[]{floor_divide(x1, x2), remainder(x1, x2)}; }

    /** {@code numpy.ediff1d(ary)}: {@code ary.ravel()[1:] - ary.ravel()[:-1]}, dtype of ary. */
    public static NdArray ediff1d(NdArray ary) { return NumericRoutines.ediff1d(ary, null, null); }

    /**
     * {@code numpy.ediff1d(ary, to_end, to_begin)}: the differences of the flattened ary with {@code to_begin}
     * before and {@code to_end} after (either may be null); shape {@code (len(to_begin) + size - 1 + len(to_end),)};
     * dtype of ary.
     *
     * @throws DTypeException "dtype of `to_begin` must be compatible with input `ary` under the `same_kind` rule."
     *     (or `to_end`)
     */
    public static NdArray ediff1d(NdArray ary, NdArray to_end, NdArray to_begin) { return NumericRoutines.ediff1d(ary, to_end, to_begin); }

    /** {@code numpy.interp(x, xp, fp)}: see {@link #interp(NdArray, NdArray, NdArray, Double, Double, Double)}. */
    public static NdArray interp(NdArray x, NdArray xp, NdArray fp) { return NumericRoutines.interp(x, xp, fp, null, null, null); }

    /** {@code numpy.interp(x, xp, fp, left, right)}: values outside {@code [xp[0], xp[-1]]}. */
    public static NdArray interp(NdArray x, NdArray xp, NdArray fp, double left, double right) {
        return NumericRoutines.interp(x, xp, fp, left, right, null);
    }

    /**
     * {@code numpy.interp(x, xp, fp, left, right, period)}: the piecewise-linear interpolant of the points
     * {@code (xp, fp)} (xp increasing) at x, {@code fp[j] + (fp[j+1] - fp[j]) / (xp[j+1] - xp[j]) (x - xp[j])}
     * with j found by a distributed searchsorted; {@code left} (default {@code fp[0]}) below xp[0], {@code right}
     * (default {@code fp[-1]}) above xp[-1]; with a period (left and right ignored) x and xp are taken modulo it.
     * null stands for NumPy's None. Shape of x; float64.
     *
     * @throws IllegalArgumentException "fp and xp are not of the same length.", "array of sample points is empty",
     *     "object too deep for desired array", "period must be a non-zero value"
     */
    public static NdArray interp(NdArray x, NdArray xp, NdArray fp, Double left, Double right, Double period) {
        return NumericRoutines.interp(x, xp, fp, left, right, period);
    }

    /** {@code numpy.unwrap(p)}: along the last axis, period {@code 2 pi}; see {@link #unwrap(NdArray, Double, int, double)}. */
    public static NdArray unwrap(NdArray p) { return NumericRoutines.unwrap(p, null, -1, 2 * Math.PI); }

    /**
     * {@code numpy.unwrap(p, discont, axis, period)}: adds multiples of {@code period} to the elements after each
     * jump {@code |diff(p)| >= max(discont, period / 2)} (discont null: {@code period / 2}) so that consecutive
     * differences lie in {@code [-period/2, period/2]}; the corrections are accumulated by a distributed cumsum.
     * Shape of p; float32 stays float32, other dtypes give float64.
     *
     * @throws AxisException for an axis out of range
     */
    public static NdArray unwrap(NdArray p, Double discont, int axis, double period) { return NumericRoutines.unwrap(p, discont, axis, period); }

    /**
     * {@code numpy.unwrap(p, discont, axis, period)} with an integer period (NumPy's Python int): integer p stays
     * int64 (int32 and bool p give int64), the interval is {@code [-(period // 2), period // 2]}; float p as
     * {@link #unwrap(NdArray, Double, int, double)}.
     *
     * @throws AxisException for an axis out of range
     */
    public static NdArray unwrap(NdArray p, Double discont, int axis, long period) { return NumericRoutines.unwrap(p, discont, axis, period); }

    /** {@code numpy.cumulative_sum(x)} of a 1-d x: see {@link #cumulative_sum(NdArray, Integer, boolean)}. */
    public static NdArray cumulative_sum(NdArray x) { return NumericRoutines.cumulative(x, null, false, false); }

    /**
     * {@code numpy.cumulative_sum(x, axis=axis, include_initial=include_initial)} (NumPy 2.1): {@code cumsum} along
     * {@code axis} (null: x must be at most 1-d), with a leading 0 along that axis when include_initial. Dtype as
     * cumsum (integers and bool give int64).
     *
     * @throws IllegalArgumentException "For arrays which have more than one dimension ``axis`` argument is required."
     * @throws AxisException for an axis out of range
     */
    public static NdArray cumulative_sum(NdArray x, Integer axis, boolean include_initial) {
        return NumericRoutines.cumulative(x, axis, include_initial, false);
    }

    /** {@code numpy.cumulative_prod(x)} of a 1-d x: see {@link #cumulative_prod(NdArray, Integer, boolean)}. */
    public static NdArray cumulative_prod(NdArray x) { return NumericRoutines.cumulative(x, null, false, true); }

    /**
     * {@code numpy.cumulative_prod(x, axis=axis, include_initial=include_initial)} (NumPy 2.1): {@code cumprod} along
     * {@code axis}, with a leading 1 when include_initial. Dtype as cumprod.
     *
     * @throws IllegalArgumentException "For arrays which have more than one dimension ``axis`` argument is required."
     * @throws AxisException for an axis out of range
     */
    public static NdArray cumulative_prod(NdArray x, Integer axis, boolean include_initial) {
        return NumericRoutines.cumulative(x, axis, include_initial, true);
    }

    /** {@code numpy.geomspace(start, stop, num)}: see {@link #geomspace(double, double, long, boolean)}. */
    public static NdArray geomspace(double start, double stop, long num) { return NumericRoutines.geomspace(start, stop, num, true); }

    /**
     * {@code numpy.geomspace(start, stop, num, endpoint)}: {@code num} numbers evenly spaced on a log scale,
     * {@code sign * logspace(log10(start / sign), log10(stop / sign))} with {@code sign = sign(start)} and the end
     * points set exactly; shape {@code (num,)} float64.
     *
     * @throws IllegalArgumentException "Geometric sequence cannot include zero", "Number of samples, -1, must be
     *     non-negative."
     */
    public static NdArray geomspace(double start, double stop, long num, boolean endpoint) {
        return NumericRoutines.geomspace(start, stop, num, endpoint);
    }

    /** {@code numpy.correlate(a, v)} ({@code mode='valid'}): see {@link #correlate(NdArray, NdArray, String)}. */
    public static NdArray correlate(NdArray a, NdArray v) { return NumericRoutines.correlate(a, v, "valid"); }

    /**
     * {@code numpy.correlate(a, v, mode)}: the cross-correlation {@code c[k] = sum_n a[n + k] v[n]} of two 1-d real
     * arrays, computed as {@code convolve(a, v[::-1], mode)} (distributed); shapes and dtypes as
     * {@link #convolve(NdArray, NdArray, String)}.
     *
     * @throws IllegalArgumentException as convolve
     */
    public static NdArray correlate(NdArray a, NdArray v, String mode) { return NumericRoutines.correlate(a, v, mode); }

    /**
     * {@code numpy.broadcast(*arrays)}: the {@link Broadcast} of the arrays' shapes ({@code shape}, {@code ndim},
     * {@code nd}, {@code size}, {@code numiter}); nothing is computed.
     *
     * @throws ShapeMismatchException "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is
     *     between arg 0 with shape (2,) and arg 1 with shape (3,)."
     */
    public static Broadcast broadcast(NdArray... arrays) {
        long[][] shapes = new long[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            shapes[i] = arrays[i].shape();
        }
        return new Broadcast(arrays.length == 0 ? new long[0] : Manipulation.broadcastShapes(shapes), arrays.length);
    }

    /**
     * {@code numpy.einsum_path(subscripts, *operands, optimize='greedy')}: the order in which NumPy's greedy
     * optimizer would contract the operands pairwise, and NumPy's report ({@link EinsumPath}); from the shapes only.
     * Subscripts as {@link #einsum(String, NdArray...)} (explicit or implicit output, no ellipsis).
     *
     * @throws IllegalArgumentException "Number of einsum subscripts must be equal to the number of operands.",
     *     "Einstein sum subscript i does not contain the correct number of indices for operand 0.", "Size of label 'j'
     *     for operand 1 (3) does not match previous terms (4)." (NumPy's wording, its order of the sizes included)
     */
    public static EinsumPath einsum_path(String subscripts, NdArray... operands) { return EinsumPaths.einsumPath(subscripts, operands); }
}
