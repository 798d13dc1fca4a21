package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;

/**
 * Not a test: run {@code main} to time BINARY_OP (add, multiply, less; logical_or, logical_and and
 * less for bool) on float32, int32, int64 and bool arrays of 1e5 and 1e6 elements as one point task
 * ({@link KernelBenchmark.Ctx}), against a bare Java loop over the same arrays in the same run
 * (best of N after a timed warm-up, microseconds). Bool "add" and "multiply" are NumPy's logical_or and logical_and.
 */
public final class DtypeKernelBenchmark {
    private DtypeKernelBenchmark() {
    }

    /** The bare loop of {@code op} over arrays {@code x}, {@code y} into {@code z} (the arrays' own types). */
    private static Runnable bare(BinaryOp op, Object x, Object y, Object z, int n) {
        return switch (op) {
            case ADD, MULTIPLY -> bareArith(op == BinaryOp.ADD, x, y, z, n);
            case LOGICAL_OR -> {
                byte[] a = (byte[]) x;
                byte[] b = (byte[]) y;
                byte[] o = (byte[]) z;
                yield () -> {
                    for (int i = 0; i < n; i++) {
                        o[i] = (byte) (a[i] | b[i]);
                    }
                };
            }
            case LOGICAL_AND -> {
                byte[] a = (byte[]) x;
                byte[] b = (byte[]) y;
                byte[] o = (byte[]) z;
                yield () -> {
                    for (int i = 0; i < n; i++) {
                        o[i] = (byte) (a[i] & b[i]);
                    }
                };
            }
            default -> bareLess(x, y, (byte[]) z, n);
        };
    }

    private static Runnable bareArith(boolean add, Object x, Object y, Object z, int n) {
        if (x instanceof float[] a) {
            float[] b = (float[]) y;
            float[] o = (float[]) z;
            return add ? () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = a[i] + b[i];
                }
            } : () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = a[i] * b[i];
                }
            };
        }
        if (x instanceof int[] a) {
            int[] b = (int[]) y;
            int[] o = (int[]) z;
            return add ? () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = a[i] + b[i];
                }
            } : () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = a[i] * b[i];
                }
            };
        }
        long[] a = (long[]) x;
        long[] b = (long[]) y;
        long[] o = (long[]) z;
        return add ? () -> {
            for (int i = 0; i < n; i++) {
                o[i] = a[i] + b[i];
            }
        } : () -> {
            for (int i = 0; i < n; i++) {
                o[i] = a[i] * b[i];
            }
        };
    }

    private static Runnable bareLess(Object x, Object y, byte[] o, int n) {
        if (x instanceof float[] a) {
            float[] b = (float[]) y;
            return () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = (byte) (a[i] < b[i] ? 1 : 0);
                }
            };
        }
        if (x instanceof int[] a) {
            int[] b = (int[]) y;
            return () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = (byte) (a[i] < b[i] ? 1 : 0);
                }
            };
        }
        if (x instanceof long[] a) {
            long[] b = (long[]) y;
            return () -> {
                for (int i = 0; i < n; i++) {
                    o[i] = (byte) (a[i] < b[i] ? 1 : 0);
                }
            };
        }
        byte[] a = (byte[]) x;
        byte[] b = (byte[]) y;
        return () -> {
            for (int i = 0; i < n; i++) {
                o[i] = (byte) (a[i] < b[i] ? 1 : 0);
            }
        };
    }

    private static Instance filled(FieldType t, int n, int seed) {
        Instance inst = Instance.allocate(t, Rect.ofExtents(n));
        for (int i = 0; i < n; i++) {
            long v = (i * 31L + seed * 17L) % 13 - (t == FieldType.BOOL ? 0 : 6);
            inst.setBits(i, t == FieldType.BOOL ? (v & 1) : t.bitsOf(v));
        }
        return inst;
    }

    /** Best of {@code reps} in microseconds, after running {@code r} for at least 0.4 s (JIT compilation on a busy machine lags). */
    private static double bestMicros(Runnable r, int reps) {
        long until = System.nanoTime() + 400_000_000L;
        while (System.nanoTime() < until) {
            r.run();
        }
        return 1e3 * KernelBenchmark.bestMillis(r, reps);
    }

    public static void main(String[] args) {
        FieldType[] types = {FieldType.FLOAT32, FieldType.INT32, FieldType.INT64, FieldType.BOOL};
        int[] sizes = {100_000, 1_000_000};
        Access id = Access.identity(1);
        for (int n : sizes) {
            for (FieldType t : types) {
                BinaryOp[] ops = t == FieldType.BOOL
                        ? new BinaryOp[] {BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_AND, BinaryOp.LESS}
                        : new BinaryOp[] {BinaryOp.ADD, BinaryOp.MULTIPLY, BinaryOp.LESS};
                for (BinaryOp op : ops) {
                    Instance a = filled(t, n, 1);
                    Instance b = filled(t, n, 2);
                    FieldType ot = op.isPredicate() ? FieldType.BOOL : t;
                    Instance o = Instance.allocate(ot, Rect.ofExtents(n));
                    IterSpace s = IterSpace.whole(n);
                    KernelBenchmark.Ctx ctx = new KernelBenchmark.Ctx(new Args.Binary(op, op.isLogical() ? FieldType.BOOL : t, s,
                            new Operand.StoreOperand(0, t, id), new Operand.StoreOperand(1, t, id),
                            new Operand.StoreOperand(2, ot, id)).encode(), Point.of(0), a, b, o);
                    int reps = n >= 1_000_000 ? 60 : 400;
                    double k = bestMicros(() -> ElementwiseKernels.binary(ctx), reps);
                    double bl = bestMicros(bare(op, a.array(), b.array(), o.array(), n), reps);
                    System.out.printf("%-8s %-12s n=%-8d kernel %9.1f us   bare %9.1f us   ratio %.2f%n",
                            t, op, n, k, bl, k / bl);
                }
            }
        }
    }
}
