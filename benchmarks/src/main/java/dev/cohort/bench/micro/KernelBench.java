package dev.cohort.bench.micro;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Kernels on one tile of {@code elements} float64 elements, three ways on the same data:
 * <ul>
 *   <li>{@code cohort_*}: the task-library kernel as a point task runs it ({@link PointTask}: the
 *       public {@code CpuTasks.body(op)} with the launch's encoded arguments; decoding, tile
 *       resolution and the row plan included);</li>
 *   <li>{@code bare_*}: a bare Java loop over the instances' own {@code double[]} arrays, written
 *       the obvious way (one accumulator for sums);</li>
 *   <li>{@code nd4j_*}: ND4J (one thread, as Cohort sets it) on INDArrays of the same size and
 *       values, outputs preallocated where ND4J allows it ({@link Nd4jData}).</li>
 * </ul>
 * Matrix-vector products use the logistic-regression shape: {@code X} is {@code (elements / 32) x 32}
 * row-major; {@code matvec} is {@code X @ w}, {@code vecmat} is {@code X.T @ r}, encoded as
 * ndarray-api encodes them (space (n, 32) resp. (32, n) with X accessed transposed).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KernelBench {
    /** Columns of the matrix in matvec / vecmat. */
    public static final int COLS = 32;

    @State(Scope.Thread)
    public static class Data {
        @Param({"32768", "8388608"})
        public int elements;

        public Instance a;
        public Instance b;
        public Instance o;
        public Instance acc;
        public Instance w;
        public Instance z;
        public Instance r;
        public Instance g;
        public double[] x;
        public double[] y;
        public double[] out;

        PointTask add;
        PointTask mul;
        PointTask divs;
        PointTask exp;
        PointTask sqrt;
        PointTask sum;
        PointTask dot;
        PointTask matvec;
        PointTask vecmat;

        @Setup(Level.Trial)
        public void setup() throws InterruptedException {
            // the kernels measured are the compiled vector ones: open their gates before the first iteration
            dev.cohort.tasks.VectorWarmup.awaitAll(60_000);
            int n = elements;
            int rows = n / COLS;
            Rect rect = Rect.ofExtents(n);
            a = Instance.allocate(FieldType.FLOAT64, rect);
            b = Instance.allocate(FieldType.FLOAT64, rect);
            o = Instance.allocate(FieldType.FLOAT64, rect);
            acc = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents());
            x = a.doubles();
            y = b.doubles();
            out = o.doubles();
            fill(x, y);
            // the matrix X (rows x 32) is a's array viewed 2-d: same data, a second instance
            Instance mat = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(rows, COLS));
            System.arraycopy(x, 0, mat.doubles(), 0, n);
            w = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(COLS));
            g = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(COLS));
            z = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(rows));
            r = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(rows));
            for (int j = 0; j < COLS; j++) {
                w.doubles()[j] = 0.01 * (j - 16);
            }
            for (int i = 0; i < rows; i++) {
                r.doubles()[i] = (i % 11) * 0.1 - 0.5;
            }
            IterSpace s = IterSpace.whole(n);
            Access id = Access.identity(1);
            Point p0 = Point.of(0);
            add = new PointTask(OpCode.BINARY_OP, new Args.Binary(BinaryOp.ADD, FieldType.FLOAT64, s, st(0, id), st(1, id),
                    st(2, id)).encode(), p0, a, b, o);
            mul = new PointTask(OpCode.BINARY_OP, new Args.Binary(BinaryOp.MULTIPLY, FieldType.FLOAT64, s, st(0, id), st(1, id),
                    st(2, id)).encode(), p0, a, b, o);
            divs = new PointTask(OpCode.BINARY_OP, new Args.Binary(BinaryOp.DIVIDE, FieldType.FLOAT64, s, st(0, id),
                    Operand.Const.of(3.0), st(1, id)).encode(), p0, a, o);
            exp = new PointTask(OpCode.UNARY_OP, new Args.Unary(UnaryOp.EXP, FieldType.FLOAT64, s, st(0, id), st(1, id)).encode(),
                    p0, a, o);
            sqrt = new PointTask(OpCode.UNARY_OP, new Args.Unary(UnaryOp.SQRT, FieldType.FLOAT64, s, st(0, id), st(1, id)).encode(),
                    p0, a, o);
            Access whole = new Access(new int[0], new long[0], new long[0]);
            sum = new PointTask(OpCode.REDUCE, new Args.Reduce(ReduceOp.SUM, FieldType.FLOAT64, s, st(0, id), st(1, whole)).encode(),
                    p0, a, acc);
            dot = new PointTask(OpCode.MATVEC, new Args.Matvec(FieldType.FLOAT64, s, st(0, id), st(1, id), st(2, whole)).encode(),
                    p0, a, b, acc);
            // X @ w: space (rows, 32); X identity, w along dim 1, z along dim 0
            Access d0 = new Access(new int[] {0}, new long[] {1}, new long[1]);
            Access d1 = new Access(new int[] {1}, new long[] {1}, new long[1]);
            matvec = new PointTask(OpCode.MATVEC, new Args.Matvec(FieldType.FLOAT64, IterSpace.whole(rows, COLS), st(0, Access.identity(2)),
                    st(1, d1), st(2, d0)).encode(), Point.of(0, 0), mat, w, z);
            // X.T @ r: space (32, rows); X[i, j] read as X.T[j, i] (store dim 0 <- iteration dim 1), r along dim 1, g along dim 0
            Access xt = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
            vecmat = new PointTask(OpCode.MATVEC, new Args.Matvec(FieldType.FLOAT64, IterSpace.whole(COLS, rows), st(0, xt),
                    st(1, d1), st(2, d0)).encode(), Point.of(0, 0), mat, r, g);
        }
    }

    static Operand.StoreOperand st(int req, Access a) {
        return new Operand.StoreOperand(req, FieldType.FLOAT64, a);
    }

    /** Positive inputs (sqrt, divide) of moderate size (exp). */
    static void fill(double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.5 + (i % 1000) * 0.001;
            y[i] = 1.0 + (i % 7);
        }
    }

    // ------------------------------------------------------------------ add

    @Benchmark
    public Object cohort_add(Data d) {
        d.add.run();
        return d.out;
    }

    @Benchmark
    public Object bare_add(Data d) {
        double[] x = d.x;
        double[] y = d.y;
        double[] o = d.out;
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] + y[i];
        }
        return o;
    }

    @Benchmark
    public Object nd4j_add(Nd4jData n) {
        return n.x.add(n.y, n.o);
    }

    // ------------------------------------------------------------------ multiply

    @Benchmark
    public Object cohort_mul(Data d) {
        d.mul.run();
        return d.out;
    }

    @Benchmark
    public Object bare_mul(Data d) {
        double[] x = d.x;
        double[] y = d.y;
        double[] o = d.out;
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] * y[i];
        }
        return o;
    }

    @Benchmark
    public Object nd4j_mul(Nd4jData n) {
        return n.x.mul(n.y, n.o);
    }

    // ------------------------------------------------------------------ divide by a scalar

    @Benchmark
    public Object cohort_divs(Data d) {
        d.divs.run();
        return d.out;
    }

    @Benchmark
    public Object bare_divs(Data d) {
        double[] x = d.x;
        double[] o = d.out;
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] / 3.0;
        }
        return o;
    }

    @Benchmark
    public Object nd4j_divs(Nd4jData n) {
        return n.x.div(3.0, n.o);
    }

    // ------------------------------------------------------------------ exp

    @Benchmark
    public Object cohort_exp(Data d) {
        d.exp.run();
        return d.out;
    }

    @Benchmark
    public Object bare_exp(Data d) {
        double[] x = d.x;
        double[] o = d.out;
        for (int i = 0; i < o.length; i++) {
            o[i] = Math.exp(x[i]);
        }
        return o;
    }

    @Benchmark
    public Object nd4j_exp(Nd4jData n) {
        return n.exp();
    }

    // ------------------------------------------------------------------ sqrt

    @Benchmark
    public Object cohort_sqrt(Data d) {
        d.sqrt.run();
        return d.out;
    }

    @Benchmark
    public Object bare_sqrt(Data d) {
        double[] x = d.x;
        double[] o = d.out;
        for (int i = 0; i < o.length; i++) {
            o[i] = Math.sqrt(x[i]);
        }
        return o;
    }

    @Benchmark
    public Object nd4j_sqrt(Nd4jData n) {
        return n.sqrt();
    }

    // ------------------------------------------------------------------ sum

    @Benchmark
    public double cohort_sum(Data d) {
        d.sum.run();
        return d.acc.doubles()[0];
    }

    @Benchmark
    public double bare_sum(Data d) {
        double[] x = d.x;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }

    @Benchmark
    public double nd4j_sum(Nd4jData n) {
        return n.x.sumNumber().doubleValue();
    }

    // ------------------------------------------------------------------ dot

    @Benchmark
    public double cohort_dot(Data d) {
        d.dot.run();
        return d.acc.doubles()[0];
    }

    @Benchmark
    public double bare_dot(Data d) {
        double[] x = d.x;
        double[] y = d.y;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    @Benchmark
    public double nd4j_dot(Nd4jData n) {
        return n.dot();
    }

    // ------------------------------------------------------------------ X @ w

    @Benchmark
    public Object cohort_matvec(Data d) {
        d.matvec.run();
        return d.z;
    }

    @Benchmark
    public Object bare_matvec(Data d) {
        double[] xm = d.x;
        double[] w = d.w.doubles();
        double[] z = d.z.doubles();
        int rows = z.length;
        for (int i = 0; i < rows; i++) {
            double s = 0;
            int base = i * COLS;
            for (int j = 0; j < COLS; j++) {
                s += xm[base + j] * w[j];
            }
            z[i] = s;
        }
        return z;
    }

    @Benchmark
    public Object nd4j_matvec(Nd4jData n) {
        return n.matvec();
    }

    // ------------------------------------------------------------------ X.T @ r

    @Benchmark
    public Object cohort_vecmat(Data d) {
        d.vecmat.run();
        return d.g;
    }

    @Benchmark
    public Object bare_vecmat(Data d) {
        double[] xm = d.x;
        double[] r = d.r.doubles();
        double[] g = d.g.doubles();
        java.util.Arrays.fill(g, 0);
        int rows = r.length;
        for (int i = 0; i < rows; i++) {
            double s = r[i];
            int base = i * COLS;
            for (int j = 0; j < COLS; j++) {
                g[j] += xm[base + j] * s;
            }
        }
        return g;
    }

    @Benchmark
    public Object nd4j_vecmat(Nd4jData n) {
        return n.vecmat();
    }
}
