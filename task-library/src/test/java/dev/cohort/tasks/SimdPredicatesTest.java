package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link SimdPredicates}' vector predicates against {@link Loops}' scalar predicate loops, bit for bit, for every
 * comparison and dtype and the logical operators on bool, array-array, array-scalar and scalar-array, at unequal offsets and lengths around the 4- and
 * 8-lane steps and the 16-element trips (NaN, signed zeros, infinities and integer extremes among the values), repeated until C2 has compiled
 * the loops (the intrinsics are checked, not only the Vector API's Java fallback); bytes outside the row stay
 * untouched; an op that is not a predicate is refused without writing. Every op has its own slot and gate.
 */
class SimdPredicatesTest {
    static final int[] LENGTHS = {0, 1, 3, 7, 8, 9, 12, 15, 16, 17, 19, 20, 21, 24, 35, 36, 37, 100, 1024, 1031};
    static final int[][] OFFSETS = {{0, 0, 0}, {3, 0, 5}, {0, 7, 1}, {11, 2, 2}};
    static final int HOT_ROUNDS = 300;
    /** Elements of every operand array: the longest row and the largest offset. */
    static final int CAP = 1031 + 16;
    static final BinaryOp[] PREDICATES = {BinaryOp.EQUAL, BinaryOp.NOT_EQUAL, BinaryOp.LESS, BinaryOp.LESS_EQUAL,
        BinaryOp.GREATER, BinaryOp.GREATER_EQUAL, BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR};

    /** Values of type {@code t}, with many repeats (so that equal pairs occur) and the special values. */
    static Object values(FieldType t, Random rnd, int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = switch (rnd.nextInt(10)) {
                case 0 -> Double.NaN;
                case 1 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                case 2 -> rnd.nextBoolean() ? 0.0 : -0.0;
                case 3 -> rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
                default -> rnd.nextInt(7) - 3;
            };
        }
        return switch (t) {
            case FLOAT64 -> d;
            case FLOAT32 -> {
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = (float) d[i];
                }
                yield f;
            }
            case INT64 -> {
                long[] l = new long[n];
                for (int i = 0; i < n; i++) {
                    l[i] = Double.isNaN(d[i]) ? 5 : (long) d[i];
                }
                yield l;
            }
            case INT32 -> {
                int[] k = new int[n];
                for (int i = 0; i < n; i++) {
                    k[i] = Double.isNaN(d[i]) ? 5 : (int) (long) d[i];
                }
                yield k;
            }
            case BOOL -> {
                byte[] z = new byte[n];
                for (int i = 0; i < n; i++) {
                    z[i] = (byte) (d[i] > 0 ? 1 : 0);
                }
                yield z;
            }
        };
    }

    @Test
    @Timeout(180)
    void vectorComparisonsGiveTheScalarLoopsBits() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        Random rnd = new Random(7);
        for (FieldType t : FieldType.values()) {
            Object a = values(t, rnd, CAP);
            Object b = values(t, rnd, CAP);
            int cap = CAP;
            double[] scalarsD = {Double.NaN, -0.0, 0.0, 1.0, -3.0, Double.POSITIVE_INFINITY};
            // a bool scalar is a truth value, 0 or 1, as the kernels' callers pass it (ElementwiseKernels.scalarL); the
            // bool loops are bitwise on that promise (Loops' class comment)
            long[] scalarsL = t == FieldType.BOOL ? new long[] {0, 1, 1, 0, 1, 0} : new long[] {0, 1, -3, Long.MIN_VALUE, Long.MAX_VALUE, 2};
            for (BinaryOp op : PREDICATES) {
                if (op.isLogical() && t != FieldType.BOOL) {
                    // a number type's logical operators have no vector loop (SimdPredicates' class comment)
                    byte[] o = new byte[cap];
                    assertFalse(SimdPredicates.predicate(t, op, o, 0, a, 0, b, 0, 64), t + " " + op);
                    assertFalse(SimdPredicates.predicateVS(t, op, o, 0, a, 0, 1.0, 1L, 64), t + " " + op);
                    continue;
                }
                for (int round = 0; round < HOT_ROUNDS; round++) {
                    boolean check = round == 0 || round == HOT_ROUNDS - 1;
                    for (int n : check ? LENGTHS : new int[] {1024}) {
                        for (int[] off : check ? OFFSETS : new int[][] {{round % 5, round % 3, round % 7}}) {
                            byte[] want = new byte[cap];
                            byte[] got = new byte[cap];
                            Arrays.fill(want, (byte) 9);
                            Arrays.fill(got, (byte) 9);
                            Loops.predicate(t, op, want, off[0], a, off[1], b, off[2], n);
                            assertTrue(SimdPredicates.predicate(t, op, got, off[0], a, off[1], b, off[2], n));
                            if (check) {
                                assertArrayEquals(want, got, t + " " + op + " array-array n=" + n + " offsets " + Arrays.toString(off) + " round " + round);
                            }
                            int s = (round + n) % scalarsD.length;
                            Arrays.fill(want, (byte) 9);
                            Arrays.fill(got, (byte) 9);
                            Loops.predicateVS(t, op, want, off[0], a, off[1], scalarsD[s], scalarsL[s], n);
                            assertTrue(SimdPredicates.predicateVS(t, op, got, off[0], a, off[1], scalarsD[s], scalarsL[s], n));
                            if (check) {
                                assertArrayEquals(want, got, t + " " + op + " array-scalar " + scalarsD[s] + "/" + scalarsL[s] + " n=" + n + " round " + round);
                            }
                            Arrays.fill(want, (byte) 9);
                            Arrays.fill(got, (byte) 9);
                            Loops.predicateSV(t, op, want, off[0], scalarsD[s], scalarsL[s], b, off[2], n);
                            assertTrue(SimdPredicates.predicateSV(t, op, got, off[0], scalarsD[s], scalarsL[s], b, off[2], n));
                            if (check) {
                                assertArrayEquals(want, got, t + " " + op + " scalar-array " + scalarsD[s] + "/" + scalarsL[s] + " n=" + n + " round " + round);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * logical_not of a number type is its comparison with 0 ({@code ElementwiseKernels.logicalNot} takes the vector
     * {@code == 0} where its gate is open): bit for bit {@link Loops#logicalNot}, NaN (not 0), signed zeros, the
     * integer extremes included, compiled and not; bool's loop gives the same bytes at equal and unequal offsets.
     */
    @Test
    @Timeout(120)
    void logicalNotIsTheVectorComparisonWithZero() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        Random rnd = new Random(11);
        int cap = CAP;
        for (FieldType t : FieldType.values()) {
            Object a = values(t, rnd, cap);
            for (int round = 0; round < HOT_ROUNDS; round++) {
                boolean check = round == 0 || round == HOT_ROUNDS - 1;
                for (int n : check ? LENGTHS : new int[] {1024}) {
                    for (int[] off : check ? OFFSETS : new int[][] {{round % 5, round % 3, 0}}) {
                        byte[] want = new byte[cap];
                        byte[] got = new byte[cap];
                        Arrays.fill(want, (byte) 9);
                        Arrays.fill(got, (byte) 9);
                        for (int j = 0; j < n; j++) {
                            want[off[0] + j] = (byte) (switch (t) {
                                case FLOAT64 -> ((double[]) a)[off[1] + j] == 0;
                                case FLOAT32 -> ((float[]) a)[off[1] + j] == 0;
                                case INT64 -> ((long[]) a)[off[1] + j] == 0;
                                case INT32 -> ((int[]) a)[off[1] + j] == 0;
                                case BOOL -> ((byte[]) a)[off[1] + j] == 0;
                            } ? 1 : 0);
                        }
                        Loops.logicalNot(t, got, off[0], a, off[1], n);
                        if (check) {
                            assertArrayEquals(want, got, t + " Loops.logicalNot n=" + n + " offsets " + Arrays.toString(off));
                        }
                        if (t == FieldType.BOOL) {
                            continue;   // bool takes Loops' bitwise loop, never the comparison
                        }
                        Arrays.fill(got, (byte) 9);
                        assertTrue(SimdPredicates.predicateVS(t, BinaryOp.EQUAL, got, off[0], a, off[1], 0.0, 0L, n));
                        if (check) {
                            assertArrayEquals(want, got, t + " vector == 0 n=" + n + " offsets " + Arrays.toString(off) + " round " + round);
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyPredicateHasItsOwnSlotAndGate() {
        java.util.Set<Integer> slots = new java.util.HashSet<>();
        java.util.Set<Integer> gates = new java.util.HashSet<>();
        for (BinaryOp op : BinaryOp.values()) {
            int slot = op.predicateSlot();
            assertTrue(op.isPredicate() == (slot >= 0), op + " slot " + slot);
            if (slot >= 0) {
                assertTrue(slot < BinaryOp.PREDICATES && slots.add(slot), op + " slot " + slot);
                for (FieldType t : FieldType.values()) {
                    int gate = VectorWarmup.predicateGate(t, op);
                    if (op.isLogical() && t != FieldType.BOOL) {
                        assertTrue(gate == -1, t + " " + op + " gate " + gate);
                        continue;
                    }
                    assertTrue(gate >= VectorWarmup.PREDICATE && gate < VectorWarmup.FLOAT32_FUNCTIONS && gates.add(gate), t + " " + op + " gate " + gate);
                }
            } else {
                assertTrue(VectorWarmup.predicateGate(FieldType.FLOAT64, op) == -1, op.toString());
            }
        }
        assertTrue(slots.size() == BinaryOp.PREDICATES, "slots " + slots);
    }

    @Test
    void otherOpsAreRefusedWithoutWriting() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        double[] a = {1, 0, 2, 0, 1, 1, 0, 3, 1, 1, 0, 1, 1, 1, 1, 1, 1};
        for (BinaryOp op : new BinaryOp[] {BinaryOp.ADD, BinaryOp.MAXIMUM, BinaryOp.BITWISE_AND, BinaryOp.FMIN}) {
            byte[] o = new byte[a.length];
            Arrays.fill(o, (byte) 9);
            assertFalse(SimdPredicates.predicate(FieldType.FLOAT64, op, o, 0, a, 0, a, 0, a.length), op.toString());
            assertFalse(SimdPredicates.predicateVS(FieldType.FLOAT64, op, o, 0, a, 0, 1.0, 1, a.length), op.toString());
            for (byte v : o) {
                assertTrue(v == 9, op + " wrote");
            }
        }
    }
}
