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
}
