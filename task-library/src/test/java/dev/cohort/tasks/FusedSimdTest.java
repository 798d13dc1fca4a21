package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link FusedSimd}'s vector loops against {@link Loops}' scalar ones, bit for bit (NaN payloads and signed
 * zeros included; int64 and int32 extremes; array-array, array-scalar and scalar-array), at unequal offsets and lengths around the 8-element blocks and a chunk, repeated until C2
 * has compiled them (the intrinsics, not only the Vector API's Java fallback, are checked); the operations
 * without a vector loop are refused without writing; and the FUSED machine keeps the scalar loop when out
 * overlaps an operand at another offset.
 */
class FusedSimdTest {
    static final int[] LENGTHS = {0, 1, 3, 7, 8, 9, 15, 16, 17, 100, 1024, 1031};
    static final int[][] OFFSETS = {{0, 0, 0}, {3, 0, 5}, {0, 7, 1}, {11, 2, 2}};
    /** Rounds over a 1024-element chunk per loop: enough back-edges for C2 to compile (and intrinsify) each loop. */
    static final int HOT_ROUNDS = 400;

    static double sampleD(Random rnd) {
        return switch (rnd.nextInt(12)) {
            case 0 -> Double.longBitsToDouble(0x7ff8000000000000L | rnd.nextInt(1 << 20));   // NaN with a payload
            case 1 -> Double.longBitsToDouble(0xfff0000000000001L + rnd.nextInt(1 << 20));   // negative signalling-pattern NaN
            case 2 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 3 -> rnd.nextBoolean() ? 0.0 : -0.0;
            case 4 -> Double.MIN_VALUE * rnd.nextInt(1000);
            case 5 -> rnd.nextGaussian() * 1e300;
            default -> rnd.nextGaussian() * 3;
        };
    }

    static double[] doubles(Random rnd, int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = sampleD(rnd);
        }
        return a;
    }

    static long[] longs(Random rnd, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(4) == 0 ? rnd.nextLong() : rnd.nextInt(4) == 0 ? Long.MIN_VALUE : rnd.nextInt(200) - 100;
        }
        return a;
    }

    static int[] ints(Random rnd, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = switch (rnd.nextInt(6)) {
                case 0 -> rnd.nextInt();
                case 1 -> rnd.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
                default -> rnd.nextInt(200) - 100;
            };
        }
        return a;
    }

    static long[] widen(int[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i];
        }
        return r;
    }

    static long[] bits(double[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = Double.doubleToRawLongBits(a[i]);
        }
        return r;
    }

    static final BinaryOp[] D_OPS = {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY, BinaryOp.DIVIDE,
            BinaryOp.MAXIMUM, BinaryOp.MINIMUM};
    static final BinaryOp[] L_OPS = {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.BITWISE_AND, BinaryOp.BITWISE_OR, BinaryOp.BITWISE_XOR,
            BinaryOp.MAXIMUM, BinaryOp.MINIMUM};
    /** The int32 loops' operations: {@link #L_OPS}'. */
    static final BinaryOp[] I_OPS = L_OPS;
    static final UnaryOp[] U_OPS = {UnaryOp.NEGATIVE, UnaryOp.SQUARE, UnaryOp.SQRT, UnaryOp.RECIPROCAL};

    @Test
    @Timeout(120)
    void vectorLoopsGiveTheScalarLoopsBits() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        Random rnd = new Random(12);
        List<String> bad = new ArrayList<>();
        for (int round = 0; round < HOT_ROUNDS; round++) {
            boolean all = round == 0 || round == HOT_ROUNDS - 1;   // every length and offset cold and hot; a chunk in between
            for (int n : all ? LENGTHS : new int[] {1024}) {
                for (int[] off : all ? OFFSETS : new int[][] {OFFSETS[round % OFFSETS.length]}) {
                    check(rnd, n, off[0], off[1], off[2], bad);
                }
            }
            if (!bad.isEmpty()) {
                break;
            }
        }
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }

    private static void check(Random rnd, int n, int oo, int ao, int bo, List<String> bad) {
        int len = n + 16;
        double[] a = doubles(rnd, len);
        double[] b = doubles(rnd, len);
        double s = sampleD(rnd);
        for (BinaryOp op : D_OPS) {
            double[] want = new double[len];
            double[] got = new double[len];
            double[] sa = new double[len];
            double[] sb = new double[len];
            Arrays.fill(sa, s);
            Arrays.fill(sb, s);
            Loops.binaryD(op, want, oo, a, ao, b, bo, n);
            assertTrue(FusedSimd.binaryD(op, got, oo, a, ao, b, bo, n));
            sameD(bad, op + " vv n=" + n, want, got, oo, a, ao, b, bo, n);
            Loops.binaryDS(op, want, oo, a, ao, s, n);
            assertTrue(FusedSimd.binaryDS(op, got, oo, a, ao, s, n));
            sameD(bad, op + " vs n=" + n, want, got, oo, a, ao, sb, 0, n);
            Loops.binarySD(op, want, oo, s, b, bo, n);
            assertTrue(FusedSimd.binarySD(op, got, oo, s, b, bo, n));
            sameD(bad, op + " sv n=" + n, want, got, oo, sa, 0, b, bo, n);
        }
        for (UnaryOp op : U_OPS) {
            double[] want = new double[len];
            double[] got = new double[len];
            Loops.unaryD(op, want, oo, a, ao, n);
            assertTrue(FusedSimd.unaryD(op, got, oo, a, ao, n));
            same(bad, op + " n=" + n, bits(want), bits(got));
        }
        long[] x = longs(rnd, len);
        long[] y = longs(rnd, len);
        long t = x[len - 1];
        for (BinaryOp op : L_OPS) {
            long[] want = new long[len];
            long[] got = new long[len];
            Loops.binaryL(op, want, oo, x, ao, y, bo, n);
            assertTrue(FusedSimd.binaryL(op, got, oo, x, ao, y, bo, n));
            same(bad, op + " long n=" + n, want, got);
            Loops.binaryLS(op, want, oo, x, ao, t, n);
            assertTrue(FusedSimd.binaryLS(op, got, oo, x, ao, t, n));
            same(bad, op + " long vs n=" + n, want, got);
            Loops.binarySL(op, want, oo, t, y, bo, n);
            assertTrue(FusedSimd.binarySL(op, got, oo, t, y, bo, n));
            same(bad, op + " long sv n=" + n, want, got);
        }
        int[] u = ints(rnd, len);
        int[] v = ints(rnd, len);
        int w = u[len - 1];
        for (BinaryOp op : I_OPS) {
            int[] want = new int[len];
            int[] got = new int[len];
            Loops.binaryI(op, want, oo, u, ao, v, bo, n);
            assertTrue(FusedSimd.binaryI(op, got, oo, u, ao, v, bo, n));
            same(bad, op + " int n=" + n, widen(want), widen(got));
            Loops.binaryIS(op, want, oo, u, ao, w, n);
            assertTrue(FusedSimd.binaryIS(op, got, oo, u, ao, w, n));
            same(bad, op + " int vs n=" + n, widen(want), widen(got));
            Loops.binarySI(op, want, oo, w, v, bo, n);
            assertTrue(FusedSimd.binarySI(op, got, oo, w, v, bo, n));
            same(bad, op + " int sv n=" + n, widen(want), widen(got));
        }
    }

    /**
     * {@link #same}, except where both operands are NaN: then either operand's NaN (quieted, or as it is: the
     * blend of C2's {@code Math.max}/{@code Math.min} sequence passes an operand through) is a valid result,
     * and Java does not fix which (x86 propagates an instruction's first NaN source, and a JIT may order the operands
     * of a commutative operation either way). Only the payloads differ; the NaNs Cohort's operations make are Java's
     * {@code Double.NaN} and the CPU's default NaN, for which the choice gives the same bits whenever both are the same.
     */
    static void sameD(List<String> bad, String what, double[] want, double[] got, int oo, double[] a, int ao, double[] b,
                      int bo, int n) {
        double[] w = want.clone();
        for (int j = 0; j < n; j++) {
            long g = Double.doubleToRawLongBits(got[oo + j]);
            long ra = Double.doubleToRawLongBits(a[ao + j]);
            long rb = Double.doubleToRawLongBits(b[bo + j]);
            long qa = ra | 1L << 51;
            long qb = rb | 1L << 51;
            if (Double.isNaN(a[ao + j]) && Double.isNaN(b[bo + j]) && Double.isNaN(w[oo + j])
                    && (g == qa || g == qb || g == ra || g == rb)) {
                w[oo + j] = got[oo + j];
            }
        }
        same(bad, what, bits(w), bits(got));
    }

    static void same(List<String> bad, String what, long[] want, long[] got) {
        if (!Arrays.equals(want, got) && bad.size() < 20) {
            int k = 0;
            while (want[k] == got[k]) {
                k++;
            }
            bad.add(what + ": first difference at " + k + ": " + Long.toHexString(want[k]) + " vs " + Long.toHexString(got[k]));
        }
    }

    @Test
    void operationsWithoutAVectorLoopAreRefusedUnwritten() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        double[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        double[] o = new double[9];
        for (BinaryOp op : new BinaryOp[] {BinaryOp.POWER, BinaryOp.FMOD, BinaryOp.ARCTAN2, BinaryOp.FMAX}) {
            assertFalse(FusedSimd.binaryD(op, o, 0, a, 0, a, 0, 9), op.toString());
            assertFalse(FusedSimd.binaryDS(op, o, 0, a, 0, 2.0, 9), op.toString());
            assertFalse(FusedSimd.binarySD(op, o, 0, 2.0, a, 0, 9), op.toString());
        }
        assertFalse(FusedSimd.unaryD(UnaryOp.ABS, o, 0, a, 0, 9));
        assertFalse(FusedSimd.unaryD(UnaryOp.EXP, o, 0, a, 0, 9));
        long[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        long[] lo = new long[9];
        assertFalse(FusedSimd.binaryL(BinaryOp.MULTIPLY, lo, 0, x, 0, x, 0, 9));
        assertFalse(FusedSimd.binaryL(BinaryOp.FLOOR_DIVIDE, lo, 0, x, 0, x, 0, 9));
        int[] xi = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        int[] io = new int[9];
        assertFalse(FusedSimd.binaryI(BinaryOp.MULTIPLY, io, 0, xi, 0, xi, 0, 9));
        assertFalse(FusedSimd.binaryIS(BinaryOp.POWER, io, 0, xi, 0, 2, 9));
        assertArrayEquals(new int[9], io);
        assertArrayEquals(new double[9], o);
        assertArrayEquals(new long[9], lo);
    }

    /**
     * {@code out = (x + 1) + x} with out the same instance as x one element further on: the last operation reads x
     * where earlier elements of the same loop wrote it, so the machine keeps {@link Loops}' element-by-element
     * order instead of a vector loop (which would read four old values at once).
     */
    @Test
    void outOverlappingALeafAtAnotherOffsetKeepsTheScalarOrder() {
        int n = 40;
        Instance inst = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(n + 1));
        double[] v = inst.doubles();
        for (int i = 0; i <= n; i++) {
            v[i] = i * 0.5;
        }
        double[] want = v.clone();
        double[] sum = new double[n];
        for (int j = 0; j < n; j++) {
            sum[j] = want[j] + 1;   // the first operation runs over the whole (one-chunk) row before the second
        }
        for (int j = 0; j < n; j++) {
            want[j + 1] = sum[j] + want[j];
        }
        Operand.StoreOperand x = new Operand.StoreOperand(0, FieldType.FLOAT64, Access.identity(1));
        Operand.StoreOperand out = new Operand.StoreOperand(0, FieldType.FLOAT64,
                new Access(new int[] {0}, new long[] {1}, new long[] {1}));
        int leaf = FusedExpr.instruction(FusedExpr.LEAF, 0);
        int[] code = {leaf, FusedExpr.instruction(FusedExpr.CONST, 0),
            FusedExpr.instruction(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal()), leaf,
            FusedExpr.instruction(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal())};
        IterSpace space = new IterSpace(new long[] {n}, new long[] {n});
        byte[] args = new FusedExpr(space, code, new Operand.Const[] {Operand.Const.of(1.0)}, new Operand[] {x}, out).encode();
        new KernelBenchmark.Ctx(args, Point.of(0), inst).run(FusedKernels::fused);
        assertArrayEquals(bits(want), bits(v));
        assertEquals(0.0, v[0]);
    }

    /**
     * A comparison inside a fused chain, {@code (x + 0) op y}, whose left operand is the machine's stack buffer (offset
     * 0) and whose right one a leaf at the row's offset: the machine runs {@link SimdPredicates}' loops there once their
     * gates open (C2 compiled them; hundreds of calls) and {@code Loops}' before. Every call's bools equal Java's
     * comparison of the same values, NaN and signed zeros included, on float64 and int64.
     */
    @Test
    @Timeout(120)
    void comparisonsInAFusedChainGiveJavasAnswerColdAndHot() throws InterruptedException {
        int n = 3000;   // three chunks, the last one short
        Random rnd = new Random(5);
        Instance xd = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(n));
        Instance yd = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(n));
        Instance xl = Instance.allocate(FieldType.INT64, Rect.ofExtents(n));
        Instance yl = Instance.allocate(FieldType.INT64, Rect.ofExtents(n));
        for (int i = 0; i < n; i++) {
            xd.doubles()[i] = sampleD(rnd);
            yd.doubles()[i] = rnd.nextInt(3) == 0 ? xd.doubles()[i] : sampleD(rnd);
            xl.longs()[i] = rnd.nextInt(50) - 25;
            yl.longs()[i] = rnd.nextInt(3) == 0 ? xl.longs()[i] : rnd.nextInt(4) == 0 ? rnd.nextLong() : rnd.nextInt(50) - 25;
        }
        IterSpace space = new IterSpace(new long[] {n}, new long[] {n});
        List<String> bad = new ArrayList<>();
        BinaryOp[] comparisons = {BinaryOp.EQUAL, BinaryOp.NOT_EQUAL, BinaryOp.LESS, BinaryOp.LESS_EQUAL, BinaryOp.GREATER,
            BinaryOp.GREATER_EQUAL};
        for (int round = 0; round < HOT_ROUNDS + 1 && bad.isEmpty(); round++) {
            if (round == HOT_ROUNDS) {
                // the last round once every gate the rounds asked for has settled: with the vector kernels on, the
                // float64 and int64 comparisons' loops are open, so the round runs them
                VectorWarmup.awaitAll(60_000);
                if (ElementwiseKernels.VECTOR_PREDICATES) {
                    assertTrue(VectorWarmup.open(VectorWarmup.predicateGate(FieldType.FLOAT64, BinaryOp.LESS)));
                    assertTrue(VectorWarmup.open(VectorWarmup.predicateGate(FieldType.INT64, BinaryOp.EQUAL)));
                }
            }
            for (BinaryOp op : comparisons) {
                for (FieldType t : new FieldType[] {FieldType.FLOAT64, FieldType.INT64}) {
                    boolean d = t == FieldType.FLOAT64;
                    Instance out = Instance.allocate(FieldType.BOOL, Rect.ofExtents(n));
                    int[] code = {FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.CONST, 0),
                        FusedExpr.instruction(FusedExpr.BINARY, t, BinaryOp.ADD.ordinal()), FusedExpr.instruction(FusedExpr.LEAF, 1),
                        FusedExpr.instruction(FusedExpr.BINARY, t, op.ordinal())};
                    Operand.Const zero = d ? Operand.Const.of(0.0) : Operand.Const.of(0L);
                    byte[] args = new FusedExpr(space, code, new Operand.Const[] {zero},
                            new Operand[] {new Operand.StoreOperand(0, t, Access.identity(1)), new Operand.StoreOperand(1, t, Access.identity(1))},
                            new Operand.StoreOperand(2, FieldType.BOOL, Access.identity(1))).encode();
                    new KernelBenchmark.Ctx(args, Point.of(0), d ? xd : xl, d ? yd : yl, out).run(FusedKernels::fused);
                    for (int i = 0; i < n && bad.size() < 10; i++) {
                        boolean want = d ? ScalarMath.predicateD(op, xd.doubles()[i] + 0.0, yd.doubles()[i])
                                : ScalarMath.predicateL(op, xl.longs()[i], yl.longs()[i]);
                        if (out.bools()[i] != (want ? 1 : 0)) {
                            bad.add("round " + round + " " + op + " " + t + " element " + i + ": got " + out.bools()[i]);
                        }
                    }
                }
            }
        }
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }
}
