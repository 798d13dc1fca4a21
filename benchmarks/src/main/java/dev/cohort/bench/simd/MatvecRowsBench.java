package dev.cohort.bench.simd;

import dev.cohort.bench.micro.PointTask;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * MATVEC point tasks on one tile of {@code rows} x {@code cols} (8192 x 16/32/64/128: logistic regression's
 * tiles are about 8163 x 32, 2 MB of float64), with the short-row vector kernels
 * ({@code SimdReductions.dotRows*}, {@code axpyRows*}) against the scalar loops of the same arithmetic and two
 * bare loops, in one JMH run:
 * <ul>
 *   <li>{@code xw_*}: {@code X @ w} (a dot per row); {@code xtr_*}: {@code X.T @ r} (an axpy per row of X);</li>
 *   <li>{@code *_vector}: the point task as the runtime runs it ({@link PointTask}), vector kernels on;
 *       {@code *_scalar}: the same point task in a fork with {@code -Dcohort.simd=false} (the same bits);</li>
 *   <li>{@code *_bare}: the obvious Java loop over the arrays (one accumulator per row; the textbook
 *       {@code g[j] += X[k, j] * r[k]});</li>
 *   <li>{@code stream}: one pass over the tile's array (a Vector API sum of X in its own type, several
 *       accumulators of the CPU's width): the cost of reading X, the floor of both products.</li>
 * </ul>
 * Run (after {@code ./mvnw -B -q -DskipTests package -pl benchmarks -am}):
 * <pre>{@code java -cp "$(cat benchmarks/target/classpath.txt):benchmarks/target/classes" org.openjdk.jmh.Main 'MatvecRowsBench' \
 *     -jvmArgsPrepend "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"}</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 6, time = 250, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g"})
public class MatvecRowsBench {
    /** The scalar forks' extra argument. */
    static final String SCALAR = "-Dcohort.simd=false";

    @State(Scope.Thread)
    public static class Data {
        @Param({"16", "32", "64", "128"})
        public int cols;

        @Param({"float64", "float32"})
        public String dtype;

        public int rows = 8192;

        double[] x;
        double[] w;
        double[] r;
        double[] z;
        double[] g;
        float[] xf;
        float[] wf;
        float[] rf;
        float[] zf;
        float[] gf;
        PointTask xw;
        PointTask xtr;

        @Setup(Level.Trial)
        public void setup() throws InterruptedException {
            // the kernels measured are the compiled vector ones: open their gates before the first iteration
            dev.cohort.tasks.VectorWarmup.awaitAll(60_000);
            FieldType t = "float32".equals(dtype) ? FieldType.FLOAT32 : FieldType.FLOAT64;
            Instance xi = Instance.allocate(t, Rect.ofExtents(rows, cols));
            Instance wi = Instance.allocate(t, Rect.ofExtents(cols));
            Instance ri = Instance.allocate(t, Rect.ofExtents(rows));
            Instance zi = Instance.allocate(t, Rect.ofExtents(rows));
            Instance gi = Instance.allocate(t, Rect.ofExtents(cols));
            for (int i = 0; i < rows * cols; i++) {
                set(xi, i, 0.5 + (i % 1000) * 0.001 - (i % 3));
            }
            for (int j = 0; j < cols; j++) {
                set(wi, j, 0.25 * (j % 5) - 0.5);
            }
            for (int k = 0; k < rows; k++) {
                set(ri, k, 1.0 / (1 + k % 11));
            }
            if (t == FieldType.FLOAT64) {
                x = xi.doubles();
                w = wi.doubles();
                r = ri.doubles();
                z = zi.doubles();
                g = gi.doubles();
            } else {
                xf = xi.floats();
                wf = wi.floats();
                rf = ri.floats();
                zf = zi.floats();
                gf = gi.floats();
            }
            Access d0 = new Access(new int[] {0}, new long[] {1}, new long[1]);
            Access d1 = new Access(new int[] {1}, new long[] {1}, new long[1]);
            Access xt = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
            // X @ w over the space (rows, cols); X.T @ r over (cols, rows), as ndarray-api encodes them
            xw = new PointTask(OpCode.MATVEC, new Args.Matvec(t, IterSpace.whole(rows, cols), st(0, t, Access.identity(2)),
                    st(1, t, d1), st(2, t, d0)).encode(), Point.of(0, 0), xi, wi, zi);
            xtr = new PointTask(OpCode.MATVEC, new Args.Matvec(t, IterSpace.whole(cols, rows), st(0, t, xt),
                    st(1, t, d1), st(2, t, d0)).encode(), Point.of(0, 0), xi, ri, gi);
        }

        private static void set(Instance in, int i, double v) {
            if (in.type() == FieldType.FLOAT32) {
                in.floats()[i] = (float) v;
            } else {
                in.doubles()[i] = v;
            }
        }
    }

    static Operand.StoreOperand st(int req, FieldType t, Access a) {
        return new Operand.StoreOperand(req, t, a);
    }

    // ------------------------------------------------------------------ X @ w

    @Benchmark
    public Object xw_vector(Data d) {
        d.xw.run();
        return d.xw;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object xw_scalar(Data d) {
        d.xw.run();
        return d.xw;
    }

    @Benchmark
    public Object xw_bare(Data d) {
        int n = d.cols;
        if (d.x != null) {
            double[] x = d.x;
            double[] w = d.w;
            double[] z = d.z;
            for (int i = 0; i < d.rows; i++) {
                double s = 0;
                for (int j = 0, p = i * n; j < n; j++) {
                    s += x[p + j] * w[j];
                }
                z[i] = s;
            }
            return z;
        }
        float[] x = d.xf;
        float[] w = d.wf;
        float[] z = d.zf;
        for (int i = 0; i < d.rows; i++) {
            double s = 0;
            for (int j = 0, p = i * n; j < n; j++) {
                s += x[p + j] * w[j];
            }
            z[i] = (float) s;
        }
        return z;
    }

    // ------------------------------------------------------------------ X.T @ r

    @Benchmark
    public Object xtr_vector(Data d) {
        d.xtr.run();
        return d.xtr;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object xtr_scalar(Data d) {
        d.xtr.run();
        return d.xtr;
    }

    @Benchmark
    public Object xtr_bare(Data d) {
        int n = d.cols;
        if (d.x != null) {
            double[] x = d.x;
            double[] r = d.r;
            double[] g = d.g;
            Arrays.fill(g, 0);
            for (int k = 0; k < d.rows; k++) {
                double s = r[k];
                for (int j = 0, p = k * n; j < n; j++) {
                    g[j] += x[p + j] * s;
                }
            }
            return g;
        }
        float[] x = d.xf;
        float[] r = d.rf;
        float[] g = d.gf;
        Arrays.fill(g, 0);
        for (int k = 0; k < d.rows; k++) {
            float s = r[k];
            for (int j = 0, p = k * n; j < n; j++) {
                g[j] += x[p + j] * s;
            }
        }
        return g;
    }

    // ------------------------------------------------------------------ floor: one pass over X

    private static final VectorSpecies<Double> PD = DoubleVector.SPECIES_PREFERRED;

    @Benchmark
    public double stream(Data d) {
        if (d.x != null) {
            double[] x = d.x;
            int len = PD.length();
            DoubleVector s0 = DoubleVector.zero(PD);
            DoubleVector s1 = s0;
            DoubleVector s2 = s0;
            DoubleVector s3 = s0;
            int i = 0;
            for (; i + 4 * len <= x.length; i += 4 * len) {
                s0 = s0.add(DoubleVector.fromArray(PD, x, i));
                s1 = s1.add(DoubleVector.fromArray(PD, x, i + len));
                s2 = s2.add(DoubleVector.fromArray(PD, x, i + 2 * len));
                s3 = s3.add(DoubleVector.fromArray(PD, x, i + 3 * len));
            }
            double s = s0.add(s1).add(s2.add(s3)).reduceLanes(VectorOperators.ADD);
            for (; i < x.length; i++) {
                s += x[i];
            }
            return s;
        }
        float[] x = d.xf;
        VectorSpecies<Float> pf = FloatVector.SPECIES_PREFERRED;
        int len = pf.length();
        FloatVector s0 = FloatVector.zero(pf);
        FloatVector s1 = s0;
        int i = 0;
        for (; i + 2 * len <= x.length; i += 2 * len) {
            s0 = s0.add(FloatVector.fromArray(pf, x, i));
            s1 = s1.add(FloatVector.fromArray(pf, x, i + len));
        }
        double s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }
}
