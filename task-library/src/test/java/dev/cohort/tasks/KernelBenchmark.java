package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Not a test: run {@code main} to compare the dense fast paths with a bare Java loop over the
 * same arrays, in the same run (best of N, milliseconds), and ND4J's GEMM with the Java loop.
 * The kernels are called directly on one point with a minimal {@link TaskContext}.
 */
public final class KernelBenchmark {
    private KernelBenchmark() {
    }

    /** One point task over given instances. */
    static final class Ctx implements TaskContext {
        private final Instance[] inst;
        private final byte[] scalars;
        private final Point point;

        Ctx(byte[] scalars, Point point, Instance... inst) {
            this.inst = inst;
            this.scalars = scalars;
            this.point = point;
        }

        /** Runs {@code body} on this point. */
        void run(dev.cohort.runtime.launch.TaskBody body) {
            body.run(this);
        }

        @Override
        public Point point() {
            return point;
        }

        @Override
        public Rect domain() {
            return Rect.single(point);
        }

        @Override
        public int shard() {
            return 0;
        }

        @Override
        public Instance instance(int index) {
            return inst[index];
        }

        @Override
        public Rect piece(int index) {
            return inst[index].rect();
        }

        @Override
        public ByteBuffer scalars() {
            return ByteBuffer.wrap(scalars).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public Instance future(int index) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setResult(Instance value) {
        }

        @Override
        public void setResult(double value) {
        }

        @Override
        public void setResult(long value) {
        }
    }

    static double bestMillis(Runnable r, int reps) {
        for (int i = 0; i < 5; i++) {
            r.run();
        }
        long best = Long.MAX_VALUE;
        for (int k = 0; k < reps; k++) {
            long t0 = System.nanoTime();
            r.run();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best / 1e6;
    }

    static void report(String what, Runnable kernel, Runnable bare) {
        double k = bestMillis(kernel, 50);
        double b = bestMillis(bare, 50);
        System.out.printf("%-28s kernel %8.3f ms   bare loop %8.3f ms   ratio %.2f%n", what, k, b, k / b);
    }

    static Operand.StoreOperand store(int req, Access a) {
        return new Operand.StoreOperand(req, FieldType.FLOAT64, a);
    }

    public static void main(String[] args) {
        int n = 1 << 20;
        Rect r = Rect.ofExtents(n);
        Instance a = Instance.allocate(FieldType.FLOAT64, r);
        Instance b = Instance.allocate(FieldType.FLOAT64, r);
        Instance o = Instance.allocate(FieldType.FLOAT64, r);
        double[] x = a.doubles();
        double[] y = b.doubles();
        double[] z = o.doubles();
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.5;
            y[i] = 1 + i % 7;
        }
        IterSpace s = IterSpace.whole(n);
        Access id = Access.identity(1);
        Access whole = new Access(new int[0], new long[0], new long[0]);
        Ctx add = new Ctx(new Args.Binary(BinaryOp.ADD, FieldType.FLOAT64, s, store(0, id), store(1, id), store(2, id)).encode(),
                Point.of(0), a, b, o);
        report("add", () -> ElementwiseKernels.binary(add), () -> {
            for (int i = 0; i < n; i++) {
                z[i] = x[i] + y[i];
            }
        });
        Ctx div = new Ctx(new Args.Binary(BinaryOp.DIVIDE, FieldType.FLOAT64, s, store(0, id), store(1, id), store(2, id)).encode(),
                Point.of(0), a, b, o);
        report("divide", () -> ElementwiseKernels.binary(div), () -> {
            for (int i = 0; i < n; i++) {
                z[i] = x[i] / y[i];
            }
        });
        Ctx mul = new Ctx(new Args.Binary(BinaryOp.MULTIPLY, FieldType.FLOAT64, s, store(0, id), Operand.Const.of(2.0),
                store(2, id)).encode(), Point.of(0), a, b, o);
        report("multiply by constant", () -> ElementwiseKernels.binary(mul), () -> {
            for (int i = 0; i < n; i++) {
                z[i] = x[i] * 2.0;
            }
        });
        Ctx sqrt = new Ctx(new Args.Unary(UnaryOp.SQRT, FieldType.FLOAT64, s, store(0, id), store(1, id)).encode(), Point.of(0), a, o);
        report("sqrt", () -> ElementwiseKernels.unary(sqrt), () -> {
            for (int i = 0; i < n; i++) {
                z[i] = Math.sqrt(x[i]);
            }
        });
        Instance acc = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents());
        Ctx sum = new Ctx(new Args.Reduce(ReduceOp.SUM, FieldType.FLOAT64, s, store(0, id), store(1, whole)).encode(), Point.of(0), a, acc);
        double[] sink = new double[1];
        report("sum", () -> ReductionKernels.reduce(sum), () -> {
            double t = 0;
            for (int i = 0; i < n; i++) {
                t += x[i];
            }
            sink[0] = t;
        });
        int m = 1024;
        Instance mat = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(m, m));
        Instance v = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(m));
        Instance w = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(m));
        double[] aa = mat.doubles();
        double[] vv = v.doubles();
        double[] ww = w.doubles();
        for (int i = 0; i < m * m; i++) {
            aa[i] = (i % 13) * 0.1;
        }
        IterSpace ms = IterSpace.whole(m, m);
        Access rows = new Access(new int[] {0}, new long[] {1}, new long[1]);
        Access cols = new Access(new int[] {1}, new long[] {1}, new long[1]);
        Ctx mv = new Ctx(new Args.Matvec(FieldType.FLOAT64, ms, store(0, Access.identity(2)), store(1, cols), store(2, rows)).encode(),
                Point.of(0, 0), mat, v, w);
        report("matvec 1024x1024", () -> ReductionKernels.matvec(mv), () -> {
            for (int i = 0; i < m; i++) {
                double t = 0;
                for (int j = 0; j < m; j++) {
                    t += aa[i * m + j] * vv[j];
                }
                ww[i] = t;
            }
        });
        Ctx mvt = new Ctx(new Args.Matvec(FieldType.FLOAT64, ms, store(0, Access.identity(2)), store(1, rows), store(2, cols)).encode(),
                Point.of(0, 0), mat, v, w);
        report("vecmat 1024x1024", () -> ReductionKernels.matvec(mvt), () -> {
            java.util.Arrays.fill(ww, 0);
            for (int i = 0; i < m; i++) {
                double s0 = vv[i];
                for (int j = 0; j < m; j++) {
                    ww[j] += aa[i * m + j] * s0;
                }
            }
        });
        int g = 256;
        double[] ga = new double[g * g];
        double[] gb = new double[g * g];
        for (int i = 0; i < g * g; i++) {
            ga[i] = Math.sin(i);
            gb[i] = Math.cos(i);
        }
        long t0 = System.nanoTime();
        boolean available = Nd4jGemm.available();
        System.out.printf("ND4J loaded in %.0f ms (available %s, BLAS threads %d)%n", (System.nanoTime() - t0) / 1e6, available,
                Nd4jGemm.blasThreads());
        System.out.printf("gemm %d^3: ND4J %.3f ms, Java i-k-j %.3f ms%n", g, bestMillis(() -> Nd4jGemm.dgemm(ga, gb, g, g, g), 10),
                bestMillis(() -> GemmKernel.multiply(ga, gb, g, g, g), 5));
    }
}
