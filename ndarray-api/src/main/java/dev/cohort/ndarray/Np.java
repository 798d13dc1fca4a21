package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.RandDist;
import dev.cohort.tasks.UnaryOp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * NumPy's functions with NumPy's names, over {@link NdArray}s of the calling program's
 * {@link Cohort} context. Use {@code import static dev.cohort.ndarray.Np.*}; then
 * {@code arange(10).reshape(2, 5).sum(1)} reads as in NumPy. Each elementwise function has the
 * fluent form ({@code add(a, b)}) and the explicit-output form ({@code add(a, b, out)}, NumPy's
 * {@code out=}); Java scalars may stand on either side.
 */
public final class Np {
    private Np() {
    }

    /** {@code np.newaxis}. */
    public static final Object newaxis = Slice.NEWAXIS;
    /** {@code ...} in an index. */
    public static final Object ellipsis = Slice.ELLIPSIS;

    public static final DType float64 = DType.FLOAT64;
    public static final DType float32 = DType.FLOAT32;
    public static final DType int64 = DType.INT64;
    public static final DType int32 = DType.INT32;
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

    public static NdArray asarray(double... data) {
        return array(data);
    }

    public static NdArray asarray(double[][] data) {
        return array(data);
    }

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

    public static NdArray zeros(int... shape) {
        return zeros(Shapes.of(shape));
    }

    /** {@code np.zeros(shape, dtype)}. */
    public static NdArray zeros(long[] shape, DType dtype) {
        return Creation.full(ctx(), dtype, shape, 0);
    }

    public static NdArray ones(long... shape) {
        return Creation.full(ctx(), DType.FLOAT64, shape, 1);
    }

    public static NdArray ones(int... shape) {
        return ones(Shapes.of(shape));
    }

    public static NdArray ones(long[] shape, DType dtype) {
        return Creation.full(ctx(), dtype, shape, 1);
    }

    /** {@code np.full(shape, value)}, float64. */
    public static NdArray full(long[] shape, double value) {
        return Creation.full(ctx(), DType.FLOAT64, shape, value);
    }

    public static NdArray full(long[] shape, double value, DType dtype) {
        return Creation.full(ctx(), dtype, shape, value);
    }

    /** {@code np.empty}: Cohort's stores start zero-filled, so this equals {@link #zeros}. */
    public static NdArray empty(long... shape) {
        return zeros(shape);
    }

    public static NdArray empty(long[] shape, DType dtype) {
        return zeros(shape, dtype);
    }

    public static NdArray zeros_like(NdArray a) {
        return Creation.full(a.ctx, a.dtype(), a.shape, 0);
    }

    public static NdArray ones_like(NdArray a) {
        return Creation.full(a.ctx, a.dtype(), a.shape, 1);
    }

    public static NdArray full_like(NdArray a, double value) {
        return Creation.full(a.ctx, a.dtype(), a.shape, value);
    }

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

    public static NdArray add(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(NdArray a, double b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(double a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.ADD, a, b, out); }
    public static NdArray add(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.ADD, a, b, out); }
    public static NdArray subtract(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(NdArray a, double b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(double a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, out); }
    public static NdArray subtract(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, out); }
    public static NdArray multiply(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(NdArray a, double b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(double a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray multiply(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray multiply(double a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray divide(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(NdArray a, double b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(double a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, out); }
    public static NdArray divide(NdArray a, double b, NdArray out) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, out); }
    public static NdArray power(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, double b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, long b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(double a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.POWER, a, b, out); }
    public static NdArray maximum(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(NdArray a, double b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(double a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, out); }
    public static NdArray minimum(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, double b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(double a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, NdArray b, NdArray out) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, out); }

    // Java integer scalars are NumPy's weak Python ints (NEP 50): int64 op 3 stays int64, int32 op 3 int32.
    public static NdArray add(NdArray a, long b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(long a, NdArray b) { return Elementwise.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray subtract(NdArray a, long b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(long a, NdArray b) { return Elementwise.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray multiply(NdArray a, long b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(long a, NdArray b) { return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray divide(NdArray a, long b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(long a, NdArray b) { return Elementwise.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray power(long a, NdArray b) { return Elementwise.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray maximum(NdArray a, long b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(long a, NdArray b) { return Elementwise.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, long b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(long a, NdArray b) { return Elementwise.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }
    public static NdArray equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.EQUAL, a, b, null); }
    public static NdArray not_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    public static NdArray not_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    public static NdArray less(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }
    public static NdArray less(NdArray a, double b) { return Elementwise.binary(BinaryOp.LESS, a, b, null); }
    public static NdArray less_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    public static NdArray less_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    public static NdArray greater(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }
    public static NdArray greater(NdArray a, double b) { return Elementwise.binary(BinaryOp.GREATER, a, b, null); }
    public static NdArray greater_equal(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    public static NdArray greater_equal(NdArray a, double b) { return Elementwise.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    public static NdArray logical_and(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_AND, a, b, null); }
    public static NdArray logical_or(NdArray a, NdArray b) { return Elementwise.binary(BinaryOp.LOGICAL_OR, a, b, null); }
    public static NdArray logical_not(NdArray a) { return Elementwise.unary(UnaryOp.LOGICAL_NOT, a, null); }

    // ------------------------------------------------------------------ elementwise: unary

    public static NdArray negative(NdArray a) { return Elementwise.unary(UnaryOp.NEGATIVE, a, null); }
    public static NdArray negative(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.NEGATIVE, a, out); }
    public static NdArray exp(NdArray a) { return Elementwise.unary(UnaryOp.EXP, a, null); }
    public static NdArray exp(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.EXP, a, out); }
    public static NdArray log(NdArray a) { return Elementwise.unary(UnaryOp.LOG, a, null); }
    public static NdArray log(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.LOG, a, out); }
    public static NdArray log1p(NdArray a) { return Elementwise.unary(UnaryOp.LOG1P, a, null); }
    public static NdArray sqrt(NdArray a) { return Elementwise.unary(UnaryOp.SQRT, a, null); }
    public static NdArray sqrt(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.SQRT, a, out); }
    public static NdArray abs(NdArray a) { return Elementwise.unary(UnaryOp.ABS, a, null); }
    public static NdArray abs(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.ABS, a, out); }
    public static NdArray tanh(NdArray a) { return Elementwise.unary(UnaryOp.TANH, a, null); }
    public static NdArray tanh(NdArray a, NdArray out) { return Elementwise.unary(UnaryOp.TANH, a, out); }
    public static NdArray sin(NdArray a) { return Elementwise.unary(UnaryOp.SIN, a, null); }
    public static NdArray cos(NdArray a) { return Elementwise.unary(UnaryOp.COS, a, null); }
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

    public static NdArray sum(NdArray a) { return a.sum(); }
    public static NdArray sum(NdArray a, int axis) { return a.sum(axis); }
    public static NdArray sum(NdArray a, int axis, boolean keepdims) { return a.sum(axis, keepdims); }
    public static NdArray mean(NdArray a) { return a.mean(); }
    public static NdArray mean(NdArray a, int axis) { return a.mean(axis); }
    public static NdArray mean(NdArray a, int axis, boolean keepdims) { return a.mean(axis, keepdims); }
    public static NdArray max(NdArray a) { return a.max(); }
    public static NdArray max(NdArray a, int axis) { return a.max(axis); }
    public static NdArray min(NdArray a) { return a.min(); }
    public static NdArray min(NdArray a, int axis) { return a.min(axis); }
    public static NdArray prod(NdArray a) { return a.prod(); }
    public static NdArray prod(NdArray a, int axis) { return a.prod(axis); }
    public static NdArray argmax(NdArray a) { return a.argmax(); }
    public static NdArray argmax(NdArray a, int axis) { return a.argmax(axis); }
    public static NdArray argmin(NdArray a) { return a.argmin(); }
    public static NdArray argmin(NdArray a, int axis) { return a.argmin(axis); }
    public static NdArray any(NdArray a) { return a.any(); }
    public static NdArray any(NdArray a, int axis) { return a.any(axis); }
    public static NdArray all(NdArray a) { return a.all(); }
    public static NdArray all(NdArray a, int axis) { return a.all(axis); }

    public static NdArray dot(NdArray a, NdArray b) { return a.dot(b); }
    public static NdArray matmul(NdArray a, NdArray b) { return a.matmul(b); }
    public static NdArray transpose(NdArray a) { return a.T(); }
    public static NdArray transpose(NdArray a, int... axes) { return a.transpose(axes); }
    public static NdArray reshape(NdArray a, long... shape) { return a.reshape(shape); }
    public static NdArray ravel(NdArray a) { return a.ravel(); }
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
         * so every shard draws the same numbers.
         */
        public void seed(long seed) {
            Cohort.current().seed(seed);
        }

        /** Uniform on [0, 1), float64 (NumPy {@code random.rand}). */
        public NdArray rand(long... shape) {
            return Creation.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, 0, 1, shape);
        }

        public NdArray rand(int... shape) {
            return rand(Shapes.of(shape));
        }

        /** Standard normal, float64 (NumPy {@code random.randn}). */
        public NdArray randn(long... shape) {
            return Creation.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, 0, 1, shape);
        }

        public NdArray randn(int... shape) {
            return randn(Shapes.of(shape));
        }

        /** Uniform on [low, high) (NumPy {@code random.uniform}). */
        public NdArray uniform(double low, double high, long... shape) {
            return Creation.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, low, high, shape);
        }

        /** Normal with mean {@code loc} and standard deviation {@code scale} (NumPy {@code random.normal}). */
        public NdArray normal(double loc, double scale, long... shape) {
            if (scale < 0) {
                throw new IllegalArgumentException("scale < 0");
            }
            return Creation.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, loc, scale, shape);
        }

        /** Integers on [low, high), int64 (NumPy {@code Generator.integers}). */
        public NdArray integers(long low, long high, long... shape) {
            if (high <= low) {
                throw new IllegalArgumentException("high <= low");
            }
            return Creation.random(Cohort.current(), RandDist.INTEGERS, DType.INT64, low, high, shape);
        }
    }

    /** {@code np.linalg}. */
    public static final class Linalg {
        private Linalg() {
        }

        /** {@code np.linalg.norm(a)}: the 2-norm of the flattened array (Frobenius for matrices), a 0-d float64 array. */
        public NdArray norm(NdArray a) {
            NdArray f = a.dtype().isFloating() ? a : a.astype(DType.FLOAT64);
            return f.multiply(f).sum().sqrt();
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
    public static NdArray asarray(double[][][] data) { return array(data); }
    public static NdArray asarray(double[][][][] data) { return array(data); }
    public static NdArray asarray(float... data) { return array(data); }
    public static NdArray asarray(float[][] data) { return array(data); }
    public static NdArray asarray(float[][][] data) { return array(data); }
    public static NdArray asarray(float[][][][] data) { return array(data); }
    public static NdArray asarray(long[][] data) { return array(data); }
    public static NdArray asarray(long[][][] data) { return array(data); }
    public static NdArray asarray(long[][][][] data) { return array(data); }
    public static NdArray asarray(int... data) { return array(data); }
    public static NdArray asarray(int[][] data) { return array(data); }
    public static NdArray asarray(int[][][] data) { return array(data); }
    public static NdArray asarray(int[][][][] data) { return array(data); }
    public static NdArray asarray(boolean... data) { return array(data); }
    public static NdArray asarray(boolean[][] data) { return array(data); }
    public static NdArray asarray(boolean[][][] data) { return array(data); }
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
}
