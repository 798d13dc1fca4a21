package dev.cohort.bench.fusion;

import dev.cohort.bench.micro.PointTask;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.FusedExpr;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
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

import java.util.concurrent.TimeUnit;

/**
 * FUSED point tasks (issue 12) against the eager point tasks they replace and a bare Java loop, on one
 * tile of {@code elements} float64 elements (64 Ki: in L2; 256 Ki: 2 MiB per array, L2/L3), same data:
 * <ul>
 *   <li>{@code fused2_*}: {@code c = a * 2 + b}; {@code fused5_*}: {@code c = ((a * 2 + b) * a - 1) / b};</li>
 *   <li>{@code *_fused}: one FUSED point task ({@link PointTask}: the public {@code CpuTasks.body(FUSED)} with
 *       the code ndarray-api emits: leaves, a constant, binary operations computing in float64);</li>
 *   <li>{@code *_eager}: the BINARY_OP point tasks one after the other through temporaries, as eager
 *       execution runs the chain;</li>
 *   <li>{@code *_scalar}: the FUSED point task in a fork with {@code -Dcohort.fused.simd=false}, where the machine runs
 *       {@code Loops}' scalar loops instead of {@code FusedSimd}'s vector ones (the code before issue 12);</li>
 *   <li>{@code *_bare}: the expression as one hand-written loop over the instances' own {@code double[]}.</li>
 * </ul>
 *
 * <pre>{@code
 * java -cp "$(cat benchmarks/target/classpath.txt):benchmarks/target/classes" org.openjdk.jmh.Main FusedBench \
 *     -jvmArgsPrepend "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"}</pre>
 * Every fork gets {@code --add-modules=jdk.incubator.vector}, as every Cohort JVM does.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 6, time = 250, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g"})
public class FusedBench {
    /** The JVM option of the {@code *_scalar} forks: the FUSED machine on {@code Loops}' scalar loops (before issue 12). */
    static final String SCALAR = "-Dcohort.fused.simd=false";

    @State(Scope.Thread)
    public static class Data {
        @Param({"65536", "262144"})
        public int elements;

        public double[] a;
        public double[] b;
        public double[] c;

        PointTask fused2;
        PointTask fused5;
        PointTask[] eager2;
        PointTask[] eager5;

        @Setup(Level.Trial)
        public void setup() throws InterruptedException {
            // the kernels measured are the compiled vector ones: open their gates before the first iteration
            dev.cohort.tasks.VectorWarmup.awaitAll(60_000);
            int n = elements;
            Rect rect = Rect.ofExtents(n);
            Instance ia = Instance.allocate(FieldType.FLOAT64, rect);
            Instance ib = Instance.allocate(FieldType.FLOAT64, rect);
            Instance ic = Instance.allocate(FieldType.FLOAT64, rect);
            Instance t1 = Instance.allocate(FieldType.FLOAT64, rect);
            Instance t2 = Instance.allocate(FieldType.FLOAT64, rect);
            a = ia.doubles();
            b = ib.doubles();
            c = ic.doubles();
            java.util.Random r = new java.util.Random(42);
            for (int i = 0; i < n; i++) {
                a[i] = r.nextDouble();
                b[i] = 0.5 + r.nextDouble();
            }
            IterSpace s = IterSpace.whole(n);
            Point p0 = Point.of(0);
            Operand.Const two = Operand.Const.of(2.0);
            Operand.Const one = Operand.Const.of(1.0);
            int leafA = FusedExpr.instruction(FusedExpr.LEAF, 0);
            int leafB = FusedExpr.instruction(FusedExpr.LEAF, 1);
            int k0 = FusedExpr.instruction(FusedExpr.CONST, 0);
            int k1 = FusedExpr.instruction(FusedExpr.CONST, 1);
            int mul = bin(BinaryOp.MULTIPLY);
            int add = bin(BinaryOp.ADD);
            int sub = bin(BinaryOp.SUBTRACT);
            int div = bin(BinaryOp.DIVIDE);
            // leaves a (requirement 1), b (2); out c (0), as FusedLaunches orders the slots
            Operand[] leaves = {st(1), st(2)};
            fused2 = new PointTask(OpCode.FUSED, new FusedExpr(s, new int[] {leafA, k0, mul, leafB, add},
                    new Operand.Const[] {two}, leaves, st(0)).encode(), p0, ic, ia, ib);
            fused5 = new PointTask(OpCode.FUSED, new FusedExpr(s, new int[] {leafA, k0, mul, leafB, add, leafA, mul, k1, sub, leafB, div},
                    new Operand.Const[] {two, one}, leaves, st(0)).encode(), p0, ic, ia, ib);
            eager2 = new PointTask[] {
                binary(BinaryOp.MULTIPLY, s, ia, two, t1),
                binary(BinaryOp.ADD, s, t1, ib, ic),
            };
            eager5 = new PointTask[] {
                binary(BinaryOp.MULTIPLY, s, ia, two, t1),
                binary(BinaryOp.ADD, s, t1, ib, t2),
                binary(BinaryOp.MULTIPLY, s, t2, ia, t1),
                binary(BinaryOp.SUBTRACT, s, t1, one, t2),
                binary(BinaryOp.DIVIDE, s, t2, ib, ic),
            };
        }

        private static int bin(BinaryOp op) {
            return FusedExpr.instruction(FusedExpr.BINARY, FieldType.FLOAT64, op.ordinal());
        }

        private static Operand.StoreOperand st(int req) {
            return new Operand.StoreOperand(req, FieldType.FLOAT64, Access.identity(1));
        }

        private static PointTask binary(BinaryOp op, IterSpace s, Instance x, Instance y, Instance o) {
            return new PointTask(OpCode.BINARY_OP, new Args.Binary(op, FieldType.FLOAT64, s, st(0), st(1), st(2)).encode(),
                    Point.of(0), x, y, o);
        }

        private static PointTask binary(BinaryOp op, IterSpace s, Instance x, Operand.Const k, Instance o) {
            return new PointTask(OpCode.BINARY_OP, new Args.Binary(op, FieldType.FLOAT64, s, st(0), k, st(1)).encode(),
                    Point.of(0), x, o);
        }
    }

    @Benchmark
    public Object fused2_fused(Data d) {
        d.fused2.run();
        return d.c;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object fused2_scalar(Data d) {
        d.fused2.run();
        return d.c;
    }

    @Benchmark
    public Object fused2_eager(Data d) {
        for (PointTask t : d.eager2) {
            t.run();
        }
        return d.c;
    }

    @Benchmark
    public Object fused2_bare(Data d) {
        double[] a = d.a;
        double[] b = d.b;
        double[] c = d.c;
        for (int i = 0; i < c.length; i++) {
            c[i] = a[i] * 2 + b[i];
        }
        return c;
    }

    @Benchmark
    public Object fused5_fused(Data d) {
        d.fused5.run();
        return d.c;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", SCALAR})
    public Object fused5_scalar(Data d) {
        d.fused5.run();
        return d.c;
    }

    @Benchmark
    public Object fused5_eager(Data d) {
        for (PointTask t : d.eager5) {
            t.run();
        }
        return d.c;
    }

    @Benchmark
    public Object fused5_bare(Data d) {
        double[] a = d.a;
        double[] b = d.b;
        double[] c = d.c;
        for (int i = 0; i < c.length; i++) {
            c[i] = ((a[i] * 2 + b[i]) * a[i] - 1) / b[i];
        }
        return c;
    }
}
