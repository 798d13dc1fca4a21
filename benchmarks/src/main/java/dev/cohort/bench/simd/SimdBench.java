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
import dev.cohort.tasks.ReduceOp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Task-library reductions with the Vector API against the same kernels' scalar loops and a bare Java
 * loop, in one JMH run: SUM, dot and MAX of float64 and float32 and SUM of int64 over one tile of
 * {@code elements} (32 Ki: in L2; 4 Mi: out of cache).
 * <ul>
 *   <li>{@code *_vector}: the REDUCE/MATVEC point task as the runtime runs it ({@link PointTask}), vector kernels on
 *       (the default);</li>
 *   <li>{@code *_scalar}: the same point task in a JVM with {@code -Dcohort.simd=false} (the scalar loops of the same
 *       accumulation order: the same bits);</li>
 *   <li>{@code *_bare}: the obvious Java loop over the instance's array (one accumulator).</li>
 * </ul>
 * Run (after {@code ./mvnw -B -q -DskipTests package -pl benchmarks -am}):
 * <pre>{@code java -cp "$(cat benchmarks/target/classpath.txt):benchmarks/target/classes" org.openjdk.jmh.Main 'SimdBench' \
 *     -jvmArgsPrepend "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED --add-modules=jdk.incubator.vector"}</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g"})
public class SimdBench {
    /** The scalar forks' extra argument. */
    static final String SCALAR = "-Dcohort.simd=false";

    @State(Scope.Thread)
    public static class Data {
        @Param({"32768", "4194304"})
        public int elements;

        double[] d;
        double[] d2;
        float[] f;
        float[] f2;
        long[] l;
        PointTask sumD;
        PointTask dotD;
        PointTask maxD;
        PointTask sumF;
        PointTask dotF;
        PointTask maxF;
        PointTask sumL;

        @Setup(Level.Trial)
        public void setup() throws InterruptedException {
            // the kernels measured are the compiled vector ones: open their gates before the first iteration
            dev.cohort.tasks.VectorWarmup.awaitAll(60_000);
            int n = elements;
            Rect rect = Rect.ofExtents(n);
            Instance a = Instance.allocate(FieldType.FLOAT64, rect);
            Instance b = Instance.allocate(FieldType.FLOAT64, rect);
            Instance af = Instance.allocate(FieldType.FLOAT32, rect);
            Instance bf = Instance.allocate(FieldType.FLOAT32, rect);
            Instance al = Instance.allocate(FieldType.INT64, rect);
            d = a.doubles();
            d2 = b.doubles();
            f = af.floats();
            f2 = bf.floats();
            l = al.longs();
            for (int i = 0; i < n; i++) {
                d[i] = 0.5 + (i % 1000) * 0.001;
                d2[i] = 1.0 + (i % 7);
                f[i] = (float) d[i];
                f2[i] = (float) d2[i];
                l[i] = i % 1013 - 500;
            }
            IterSpace s = IterSpace.whole(n);
            Access id = Access.identity(1);
            Access whole = new Access(new int[0], new long[0], new long[0]);
            Point p0 = Point.of(0);
            sumD = reduce(ReduceOp.SUM, FieldType.FLOAT64, FieldType.FLOAT64, s, id, whole, a);
            maxD = reduce(ReduceOp.MAX, FieldType.FLOAT64, FieldType.FLOAT64, s, id, whole, a);
            sumF = reduce(ReduceOp.SUM, FieldType.FLOAT32, FieldType.FLOAT32, s, id, whole, af);
            maxF = reduce(ReduceOp.MAX, FieldType.FLOAT32, FieldType.FLOAT32, s, id, whole, af);
            sumL = reduce(ReduceOp.SUM, FieldType.INT64, FieldType.INT64, s, id, whole, al);
            dotD = new PointTask(OpCode.MATVEC, new Args.Matvec(FieldType.FLOAT64, s, st(0, FieldType.FLOAT64, id),
                    st(1, FieldType.FLOAT64, id), st(2, FieldType.FLOAT64, whole)).encode(), p0, a, b,
                    Instance.allocate(FieldType.FLOAT64, Rect.ofExtents()));
            dotF = new PointTask(OpCode.MATVEC, new Args.Matvec(FieldType.FLOAT32, s, st(0, FieldType.FLOAT32, id),
                    st(1, FieldType.FLOAT32, id), st(2, FieldType.FLOAT32, whole)).encode(), p0, af, bf,
                    Instance.allocate(FieldType.FLOAT32, Rect.ofExtents()));
        }

        private static PointTask reduce(ReduceOp op, FieldType in, FieldType out, IterSpace s, Access id, Access whole, Instance a) {
            return new PointTask(OpCode.REDUCE, new Args.Reduce(op, out, s, st(0, in, id), st(1, out, whole)).encode(), Point.of(0), a,
                    Instance.allocate(out, Rect.ofExtents()));
        }
    }

    static Operand.StoreOperand st(int req, FieldType t, Access a) {
        return new Operand.StoreOperand(req, t, a);
    }

    // ------------------------------------------------------------------ float64 sum

    @Benchmark
    public Object sum_f64_vector(Data x) {
        x.sumD.run();
        return x.sumD;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object sum_f64_scalar(Data x) {
        x.sumD.run();
        return x.sumD;
    }

    @Benchmark
    public double sum_f64_bare(Data x) {
        double s = 0;
        for (double v : x.d) {
            s += v;
        }
        return s;
    }

    // ------------------------------------------------------------------ float64 dot

    @Benchmark
    public Object dot_f64_vector(Data x) {
        x.dotD.run();
        return x.dotD;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object dot_f64_scalar(Data x) {
        x.dotD.run();
        return x.dotD;
    }

    @Benchmark
    public double dot_f64_bare(Data x) {
        double[] a = x.d;
        double[] b = x.d2;
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    // ------------------------------------------------------------------ float64 max

    @Benchmark
    public Object max_f64_vector(Data x) {
        x.maxD.run();
        return x.maxD;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object max_f64_scalar(Data x) {
        x.maxD.run();
        return x.maxD;
    }

    @Benchmark
    public double max_f64_bare(Data x) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : x.d) {
            m = Math.max(m, v);
        }
        return m;
    }

    // ------------------------------------------------------------------ float32 sum

    @Benchmark
    public Object sum_f32_vector(Data x) {
        x.sumF.run();
        return x.sumF;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object sum_f32_scalar(Data x) {
        x.sumF.run();
        return x.sumF;
    }

    @Benchmark
    public double sum_f32_bare(Data x) {
        double s = 0;
        for (float v : x.f) {
            s += v;
        }
        return s;
    }

    // ------------------------------------------------------------------ float32 dot

    @Benchmark
    public Object dot_f32_vector(Data x) {
        x.dotF.run();
        return x.dotF;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object dot_f32_scalar(Data x) {
        x.dotF.run();
        return x.dotF;
    }

    @Benchmark
    public double dot_f32_bare(Data x) {
        float[] a = x.f;
        float[] b = x.f2;
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    // ------------------------------------------------------------------ float32 max

    @Benchmark
    public Object max_f32_vector(Data x) {
        x.maxF.run();
        return x.maxF;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object max_f32_scalar(Data x) {
        x.maxF.run();
        return x.maxF;
    }

    @Benchmark
    public float max_f32_bare(Data x) {
        float m = Float.NEGATIVE_INFINITY;
        for (float v : x.f) {
            m = Math.max(m, v);
        }
        return m;
    }

    // ------------------------------------------------------------------ int64 sum

    @Benchmark
    public Object sum_i64_vector(Data x) {
        x.sumL.run();
        return x.sumL;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object sum_i64_scalar(Data x) {
        x.sumL.run();
        return x.sumL;
    }

    @Benchmark
    public long sum_i64_bare(Data x) {
        long s = 0;
        for (long v : x.l) {
            s += v;
        }
        return s;
    }
}
