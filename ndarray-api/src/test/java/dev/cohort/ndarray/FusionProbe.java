package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UnaryOp;

import java.util.Arrays;
import java.util.Locale;

/**
 * Fusion for every dtype, measured as a user would (issue 12 item 3); not a test, run as a main:
 * <pre>
 *   java -cp ... dev.cohort.ndarray.FusionProbe [n=10000000] [reps=5]
 * </pre>
 * One shard; per program the median of {@code reps} timed runs after two warm-up runs, with fusion
 * on and off ({@link Fusion.State#enabled}): ten chained element-wise operations on float32 and on
 * int64 arrays of {@code n} elements (the result materialised and the runtime synced), and
 * {@code (a + b).sum()} of int64 arrays. {@code tools/bench/fusion_probe.py} times the same programs in
 * NumPy.
 */
public final class FusionProbe {
    private FusionProbe() {
    }

    /** Ten chained operations: + * - maximum * + minimum - * abs, scalars of the array's kind. */
    static NdArray chain(NdArray a, NdArray b) {
        boolean f = a.dtype().isFloating();
        Object s1 = f ? (Object) 1.5 : (Object) 3L;
        Object s2 = f ? (Object) 0.5 : (Object) 2L;
        Object s3 = f ? (Object) 2.0 : (Object) 7L;
        NdArray r = Elementwise.binary(BinaryOp.ADD, a, b, null);
        r = Elementwise.binary(BinaryOp.MULTIPLY, r, s1, null);
        r = Elementwise.binary(BinaryOp.SUBTRACT, r, a, null);
        r = Elementwise.binary(BinaryOp.MAXIMUM, r, b, null);
        r = Elementwise.binary(BinaryOp.MULTIPLY, r, s2, null);
        r = Elementwise.binary(BinaryOp.ADD, r, s3, null);
        r = Elementwise.binary(BinaryOp.MINIMUM, r, a, null);
        r = Elementwise.binary(BinaryOp.SUBTRACT, r, b, null);
        r = Elementwise.binary(BinaryOp.MULTIPLY, r, b, null);
        return Elementwise.unary(UnaryOp.ABS, r, null);
    }

    interface Program {
        void run();
    }

    static double medianMs(Program p, int reps) {
        p.run();
        p.run();
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            p.run();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    public static void main(String[] args) {
        long n = 10_000_000;
        int reps = 5;
        for (String a : args) {
            if (a.startsWith("n=")) {
                n = Long.parseLong(a.substring(2));
            } else if (a.startsWith("reps=")) {
                reps = Integer.parseInt(a.substring(5));
            }
        }
        long fn = n;
        int freps = reps;
        Cohort.run(1, () -> {
            Cohort ctx = Cohort.current();
            Np.random.seed(1);
            NdArray f1 = Np.random.rand(fn).astype(DType.FLOAT32);
            NdArray f2 = Np.random.rand(fn).astype(DType.FLOAT32);
            NdArray i1 = Np.random.integers(-1000, 1000, fn);
            NdArray i2 = Np.random.integers(-1000, 1000, fn);
            for (boolean fused : new boolean[]{true, false}) {
                ctx.fusion.enabled = fused;
                double cf = medianMs(() -> {
                    NdArray r = chain(f1, f2);
                    Fusion.materialize(r.base);
                    ctx.runtime().sync();
                }, freps);
                double ci = medianMs(() -> {
                    NdArray r = chain(i1, i2);
                    Fusion.materialize(r.base);
                    ctx.runtime().sync();
                }, freps);
                double si = medianMs(() -> i1.add(i2).sum().item(), freps);
                System.out.printf(Locale.ROOT, "cohort fusion=%-5s n=%d  chain10 float32 %8.2f ms  chain10 int64 %8.2f ms  (a+b).sum() int64 %8.2f ms%n",
                        fused, fn, cf, ci, si);
            }
            return null;
        });
    }
}
