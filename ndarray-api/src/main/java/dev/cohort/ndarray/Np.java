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

    /** {@code np.array} of a 1-d {@code double[]} (float64). */
    public static NdArray array(double... data) {
        ByteBuffer b = le(data.length * 8);
        for (double d : data) {
            b.putDouble(d);
        }
        return Ops.load(ctx(), DType.FLOAT64, new long[]{data.length}, b.array());
    }

    /** {@code np.array} of a 2-d {@code double[][]} (float64). @throws ShapeMismatchException for ragged rows */
    public static NdArray array(double[][] data) {
        int cols = data.length == 0 ? 0 : data[0].length;
        ByteBuffer b = le(data.length * cols * 8);
        for (int i = 0; i < data.length; i++) {
            if (data[i].length != cols) {
                throw new ShapeMismatchException("setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. "
                        + "The detected shape was (" + data.length + ",) + inhomogeneous part.");
            }
            for (double d : data[i]) {
                b.putDouble(d);
            }
        }
        return Ops.load(ctx(), DType.FLOAT64, new long[]{data.length, cols}, b.array());
    }

    /** {@code np.array} of a {@code float[]} (float32). */
    public static NdArray array(float... data) {
        ByteBuffer b = le(data.length * 4);
        for (float d : data) {
            b.putFloat(d);
        }
        return Ops.load(ctx(), DType.FLOAT32, new long[]{data.length}, b.array());
    }

    /** {@code np.array} of a {@code long[]} (int64). */
    public static NdArray array(long... data) {
        ByteBuffer b = le(data.length * 8);
        for (long d : data) {
            b.putLong(d);
        }
        return Ops.load(ctx(), DType.INT64, new long[]{data.length}, b.array());
    }

    /** {@code np.array} of a 2-d {@code long[][]} (int64). */
    public static NdArray array(long[][] data) {
        int cols = data.length == 0 ? 0 : data[0].length;
        ByteBuffer b = le(data.length * cols * 8);
        for (long[] row : data) {
            if (row.length != cols) {
                throw new ShapeMismatchException("setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. "
                        + "The detected shape was (" + data.length + ",) + inhomogeneous part.");
            }
            for (long d : row) {
                b.putLong(d);
            }
        }
        return Ops.load(ctx(), DType.INT64, new long[]{data.length, cols}, b.array());
    }

    /** {@code np.array} of an {@code int[]} (int32). */
    public static NdArray array(int... data) {
        ByteBuffer b = le(data.length * 4);
        for (int d : data) {
            b.putInt(d);
        }
        return Ops.load(ctx(), DType.INT32, new long[]{data.length}, b.array());
    }

    /** {@code np.array} of a {@code boolean[]} (bool). */
    public static NdArray array(boolean... data) {
        byte[] b = new byte[data.length];
        for (int i = 0; i < data.length; i++) {
            b[i] = (byte) (data[i] ? 1 : 0);
        }
        return Ops.load(ctx(), DType.BOOL, new long[]{data.length}, b);
    }

    /** {@code np.array(data).reshape(shape)} for row-major float64 data. */
    public static NdArray array(double[] data, long... shape) {
        if (Shapes.volume(shape) != data.length) {
            throw new ShapeMismatchException("cannot reshape array of size " + data.length + " into shape " + Shapes.str(shape));
        }
        ByteBuffer b = le(data.length * 8);
        for (double d : data) {
            b.putDouble(d);
        }
        return Ops.load(ctx(), DType.FLOAT64, shape.clone(), b.array());
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
        return Ops.full(ctx(), DType.FLOAT64, new long[0], v);
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code np.zeros(shape)}, float64. */
    public static NdArray zeros(long... shape) {
        return Ops.full(ctx(), DType.FLOAT64, shape, 0);
    }

    public static NdArray zeros(int... shape) {
        return zeros(Shapes.of(shape));
    }

    /** {@code np.zeros(shape, dtype)}. */
    public static NdArray zeros(long[] shape, DType dtype) {
        return Ops.full(ctx(), dtype, shape, 0);
    }

    public static NdArray ones(long... shape) {
        return Ops.full(ctx(), DType.FLOAT64, shape, 1);
    }

    public static NdArray ones(int... shape) {
        return ones(Shapes.of(shape));
    }

    public static NdArray ones(long[] shape, DType dtype) {
        return Ops.full(ctx(), dtype, shape, 1);
    }

    /** {@code np.full(shape, value)}, float64. */
    public static NdArray full(long[] shape, double value) {
        return Ops.full(ctx(), DType.FLOAT64, shape, value);
    }

    public static NdArray full(long[] shape, double value, DType dtype) {
        return Ops.full(ctx(), dtype, shape, value);
    }

    /** {@code np.empty}: Cohort's stores start zero-filled, so this equals {@link #zeros}. */
    public static NdArray empty(long... shape) {
        return zeros(shape);
    }

    public static NdArray empty(long[] shape, DType dtype) {
        return zeros(shape, dtype);
    }

    public static NdArray zeros_like(NdArray a) {
        return Ops.full(a.ctx, a.dtype(), a.shape, 0);
    }

    public static NdArray ones_like(NdArray a) {
        return Ops.full(a.ctx, a.dtype(), a.shape, 1);
    }

    public static NdArray full_like(NdArray a, double value) {
        return Ops.full(a.ctx, a.dtype(), a.shape, value);
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
        return Ops.arange(ctx(), DType.INT64, start, step, n);
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
        return Ops.arange(ctx(), DType.FLOAT64, start, step, n);
    }

    /** {@code np.linspace(start, stop, num)} (endpoint included), float64. */
    public static NdArray linspace(double start, double stop, long num) {
        if (num < 0) {
            throw new IllegalArgumentException("Number of samples, " + num + ", must be non-negative.");
        }
        double step = num > 1 ? (stop - start) / (num - 1) : 0;
        NdArray a = Ops.arange(ctx(), DType.FLOAT64, start, step, num);
        if (num > 1) {
            a.set(new Object[]{num - 1}, stop);
        }
        return a;
    }

    /** {@code np.eye(n)}: the identity matrix, float64. */
    public static NdArray eye(long n) {
        return eye(n, n);
    }

    /** {@code np.eye(n, m)}. */
    public static NdArray eye(long n, long m) {
        NdArray r = arange(n).get(Slice.all(), Slice.NEWAXIS);
        NdArray c = arange(m).get(Slice.NEWAXIS, Slice.all());
        return r.equal(c).astype(DType.FLOAT64);
    }

    // ------------------------------------------------------------------ elementwise: binary

    public static NdArray add(NdArray a, NdArray b) { return Ops.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(NdArray a, double b) { return Ops.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(double a, NdArray b) { return Ops.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.ADD, a, b, out); }
    public static NdArray add(NdArray a, double b, NdArray out) { return Ops.binary(BinaryOp.ADD, a, b, out); }
    public static NdArray subtract(NdArray a, NdArray b) { return Ops.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(NdArray a, double b) { return Ops.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(double a, NdArray b) { return Ops.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.SUBTRACT, a, b, out); }
    public static NdArray subtract(NdArray a, double b, NdArray out) { return Ops.binary(BinaryOp.SUBTRACT, a, b, out); }
    public static NdArray multiply(NdArray a, NdArray b) { return Ops.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(NdArray a, double b) { return Ops.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(double a, NdArray b) { return Ops.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray multiply(NdArray a, double b, NdArray out) { return Ops.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray multiply(double a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.MULTIPLY, a, b, out); }
    public static NdArray divide(NdArray a, NdArray b) { return Ops.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(NdArray a, double b) { return Ops.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(double a, NdArray b) { return Ops.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.DIVIDE, a, b, out); }
    public static NdArray divide(NdArray a, double b, NdArray out) { return Ops.binary(BinaryOp.DIVIDE, a, b, out); }
    public static NdArray power(NdArray a, NdArray b) { return Ops.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, double b) { return Ops.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, long b) { return Ops.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(double a, NdArray b) { return Ops.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray power(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.POWER, a, b, out); }
    public static NdArray maximum(NdArray a, NdArray b) { return Ops.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(NdArray a, double b) { return Ops.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(double a, NdArray b) { return Ops.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.MAXIMUM, a, b, out); }
    public static NdArray minimum(NdArray a, NdArray b) { return Ops.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, double b) { return Ops.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(double a, NdArray b) { return Ops.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, NdArray b, NdArray out) { return Ops.binary(BinaryOp.MINIMUM, a, b, out); }

    // Java integer scalars are NumPy's weak Python ints (NEP 50): int64 op 3 stays int64, int32 op 3 int32.
    public static NdArray add(NdArray a, long b) { return Ops.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray add(long a, NdArray b) { return Ops.binary(BinaryOp.ADD, a, b, null); }
    public static NdArray subtract(NdArray a, long b) { return Ops.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray subtract(long a, NdArray b) { return Ops.binary(BinaryOp.SUBTRACT, a, b, null); }
    public static NdArray multiply(NdArray a, long b) { return Ops.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray multiply(long a, NdArray b) { return Ops.binary(BinaryOp.MULTIPLY, a, b, null); }
    public static NdArray divide(NdArray a, long b) { return Ops.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray divide(long a, NdArray b) { return Ops.binary(BinaryOp.DIVIDE, a, b, null); }
    public static NdArray power(long a, NdArray b) { return Ops.binary(BinaryOp.POWER, a, b, null); }
    public static NdArray maximum(NdArray a, long b) { return Ops.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray maximum(long a, NdArray b) { return Ops.binary(BinaryOp.MAXIMUM, a, b, null); }
    public static NdArray minimum(NdArray a, long b) { return Ops.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray minimum(long a, NdArray b) { return Ops.binary(BinaryOp.MINIMUM, a, b, null); }
    public static NdArray equal(NdArray a, NdArray b) { return Ops.binary(BinaryOp.EQUAL, a, b, null); }
    public static NdArray equal(NdArray a, double b) { return Ops.binary(BinaryOp.EQUAL, a, b, null); }
    public static NdArray not_equal(NdArray a, NdArray b) { return Ops.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    public static NdArray not_equal(NdArray a, double b) { return Ops.binary(BinaryOp.NOT_EQUAL, a, b, null); }
    public static NdArray less(NdArray a, NdArray b) { return Ops.binary(BinaryOp.LESS, a, b, null); }
    public static NdArray less(NdArray a, double b) { return Ops.binary(BinaryOp.LESS, a, b, null); }
    public static NdArray less_equal(NdArray a, NdArray b) { return Ops.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    public static NdArray less_equal(NdArray a, double b) { return Ops.binary(BinaryOp.LESS_EQUAL, a, b, null); }
    public static NdArray greater(NdArray a, NdArray b) { return Ops.binary(BinaryOp.GREATER, a, b, null); }
    public static NdArray greater(NdArray a, double b) { return Ops.binary(BinaryOp.GREATER, a, b, null); }
    public static NdArray greater_equal(NdArray a, NdArray b) { return Ops.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    public static NdArray greater_equal(NdArray a, double b) { return Ops.binary(BinaryOp.GREATER_EQUAL, a, b, null); }
    public static NdArray logical_and(NdArray a, NdArray b) { return Ops.binary(BinaryOp.LOGICAL_AND, a, b, null); }
    public static NdArray logical_or(NdArray a, NdArray b) { return Ops.binary(BinaryOp.LOGICAL_OR, a, b, null); }
    public static NdArray logical_not(NdArray a) { return Ops.unary(UnaryOp.LOGICAL_NOT, a, null); }

    // ------------------------------------------------------------------ elementwise: unary

    public static NdArray negative(NdArray a) { return Ops.unary(UnaryOp.NEGATIVE, a, null); }
    public static NdArray negative(NdArray a, NdArray out) { return Ops.unary(UnaryOp.NEGATIVE, a, out); }
    public static NdArray exp(NdArray a) { return Ops.unary(UnaryOp.EXP, a, null); }
    public static NdArray exp(NdArray a, NdArray out) { return Ops.unary(UnaryOp.EXP, a, out); }
    public static NdArray log(NdArray a) { return Ops.unary(UnaryOp.LOG, a, null); }
    public static NdArray log(NdArray a, NdArray out) { return Ops.unary(UnaryOp.LOG, a, out); }
    public static NdArray log1p(NdArray a) { return Ops.unary(UnaryOp.LOG1P, a, null); }
    public static NdArray sqrt(NdArray a) { return Ops.unary(UnaryOp.SQRT, a, null); }
    public static NdArray sqrt(NdArray a, NdArray out) { return Ops.unary(UnaryOp.SQRT, a, out); }
    public static NdArray abs(NdArray a) { return Ops.unary(UnaryOp.ABS, a, null); }
    public static NdArray abs(NdArray a, NdArray out) { return Ops.unary(UnaryOp.ABS, a, out); }
    public static NdArray tanh(NdArray a) { return Ops.unary(UnaryOp.TANH, a, null); }
    public static NdArray tanh(NdArray a, NdArray out) { return Ops.unary(UnaryOp.TANH, a, out); }
    public static NdArray sin(NdArray a) { return Ops.unary(UnaryOp.SIN, a, null); }
    public static NdArray cos(NdArray a) { return Ops.unary(UnaryOp.COS, a, null); }
    public static NdArray square(NdArray a) { return Ops.unary(UnaryOp.SQUARE, a, null); }

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
        return Ops.where(cond, x, y);
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
        Ops.assign(dst, src);
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
            return Ops.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, 0, 1, shape);
        }

        public NdArray rand(int... shape) {
            return rand(Shapes.of(shape));
        }

        /** Standard normal, float64 (NumPy {@code random.randn}). */
        public NdArray randn(long... shape) {
            return Ops.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, 0, 1, shape);
        }

        public NdArray randn(int... shape) {
            return randn(Shapes.of(shape));
        }

        /** Uniform on [low, high) (NumPy {@code random.uniform}). */
        public NdArray uniform(double low, double high, long... shape) {
            return Ops.random(Cohort.current(), RandDist.UNIFORM, DType.FLOAT64, low, high, shape);
        }

        /** Normal with mean {@code loc} and standard deviation {@code scale} (NumPy {@code random.normal}). */
        public NdArray normal(double loc, double scale, long... shape) {
            if (scale < 0) {
                throw new IllegalArgumentException("scale < 0");
            }
            return Ops.random(Cohort.current(), RandDist.NORMAL, DType.FLOAT64, loc, scale, shape);
        }

        /** Integers on [low, high), int64 (NumPy {@code Generator.integers}). */
        public NdArray integers(long low, long high, long... shape) {
            if (high <= low) {
                throw new IllegalArgumentException("high <= low");
            }
            return Ops.random(Cohort.current(), RandDist.INTEGERS, DType.INT64, low, high, shape);
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
}
