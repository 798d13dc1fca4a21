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

        private static long[] checked(long[] size) {
            Shapes.checkNonNegative(size);
            return size.clone();
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

        // -------------------------------------------------------------- linear algebra (issue 15, wave 2: linalg)
        // Each function checks NumPy's shapes at the call (LinAlgException = NumPy's LinAlgError, a
        // ValueError) and runs ONE LINALG task as a single replicated point (every shard the same bits;
        // see LinalgFunctions). dtype rule (NumPy's _commonType): float32 input gives float32 (computed
        // in float64, rounded once), every other dtype float64. Stacks (..., M, N) are batched; their
        // leading dimensions broadcast between operands. A numerical failure (singular matrix, not
        // positive definite) fails that operation only: reading its result throws the runtime's
        // TaskFailedException with NumPy's message, and the session goes on.

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
         * dimensions broadcast).
         *
         * @throws LinAlgException "Last 2 dimensions of the array must be square", "1-dimensional array given. Array must
         *         be at least two-dimensional"
         * @throws ShapeMismatchException b's core does not match: "solve1: Input operand 1 has a mismatch in its core
         *         dimension 0, with gufunc signature (m,m),(m)->(m) (size 3 is different from 2)"; batch dimensions that
         *         do not broadcast
         */
        public NdArray solve(NdArray a, NdArray b) {
            return LinalgFunctions.solve(a, b);
        }

        /**
         * {@code np.linalg.inv(a)}: {@code ainv} with {@code a @ ainv = I}; a {@code (..., M, M)}, same shape out.
         * Singular: reading the result throws with "Singular matrix".
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
         * triangle of a is read. Not positive definite: reading the result throws with "Matrix is not positive definite".
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
            int nd = x.ndim();
            int[] perm = new int[nd];
            perm[0] = nd - 2;
            perm[1] = nd - 1;
            for (int d = 0; d < nd - 2; d++) {
                perm[d + 2] = d;
            }
            return Products.trace(x.transpose(perm), offset);
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
     * dtype as {@code sum} gives (integers and bool sum in int64). Distributed (a masked sum).
     *
     * @throws IllegalArgumentException "diag requires an array of at least two dimensions"
     */
    public static NdArray trace(NdArray a, long offset) {
        return Products.trace(a, offset);
    }

    /** {@code np.trace(a)}: {@link #trace(NdArray, long)} with offset 0. */
    public static NdArray trace(NdArray a) {
        return Products.trace(a, 0);
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
}
