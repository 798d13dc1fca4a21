// GENERATED from task-library/src/main/templates/FusedGates.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The gated entry to {@link FusedSimd}'s binary loops, per representation (generated): {@code o[oo + j] = a op b} by
 * the vector loop where it has one, the vector kernels run ({@link FusedKernels#VECTOR}) and its {@link VectorWarmup}
 * gate is open (C2 compiled it), else by {@link Loops}' loop, whose form for operands at different offsets C2 does not
 * vectorise (see {@link FusedSimd}). Same bits either way. The vector loops are not used when out overlaps an operand
 * at another offset (which the scalar loop reads element by element). Callers: the FUSED machine ({@link FusedKernels},
 * double and long chunks) and the dense rows of BINARY_OP ({@code ElementwiseKernels.binaryDense}: operands at
 * different offsets, and integer {@code maximum}/{@code minimum} at any). This class loads without the Vector API;
 * {@link FusedSimd} is reached only through an open gate.
 */
final class FusedGates {
    private FusedGates() {
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on double (see the class comment; {@link Loops#binaryD}). */
    static void binaryD(BinaryOp op, double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_D + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryD(op, o, oo, a, ao, b, bo, n))) {
            Loops.binaryD(op, o, oo, a, ao, b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on double (see the class comment; {@link Loops#binaryDS}). */
    static void binaryDS(BinaryOp op, double[] o, int oo, double[] a, int ao, double s, int n) {
        int gate = VectorWarmup.FUSED_D + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryDS(op, o, oo, a, ao, s, n))) {
            Loops.binaryDS(op, o, oo, a, ao, s, n);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on double (see the class comment; {@link Loops#binarySD}). */
    static void binarySD(BinaryOp op, double[] o, int oo, double s, double[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_D + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binarySD(op, o, oo, s, b, bo, n))) {
            Loops.binarySD(op, o, oo, s, b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on long (see the class comment; {@link Loops#binaryL}). */
    static void binaryL(BinaryOp op, long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_L + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryL(op, o, oo, a, ao, b, bo, n))) {
            Loops.binaryL(op, o, oo, a, ao, b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on long (see the class comment; {@link Loops#binaryLS}). */
    static void binaryLS(BinaryOp op, long[] o, int oo, long[] a, int ao, long s, int n) {
        int gate = VectorWarmup.FUSED_L + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryLS(op, o, oo, a, ao, s, n))) {
            Loops.binaryLS(op, o, oo, a, ao, s, n);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on long (see the class comment; {@link Loops#binarySL}). */
    static void binarySL(BinaryOp op, long[] o, int oo, long s, long[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_L + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binarySL(op, o, oo, s, b, bo, n))) {
            Loops.binarySL(op, o, oo, s, b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on int (see the class comment; {@link Loops#binaryI}). */
    static void binaryI(BinaryOp op, int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_I + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryI(op, o, oo, a, ao, b, bo, n))) {
            Loops.binaryI(op, o, oo, a, ao, b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on int (see the class comment; {@link Loops#binaryIS}). */
    static void binaryIS(BinaryOp op, int[] o, int oo, int[] a, int ao, int s, int n) {
        int gate = VectorWarmup.FUSED_I + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, a, ao)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binaryIS(op, o, oo, a, ao, s, n))) {
            Loops.binaryIS(op, o, oo, a, ao, s, n);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on int (see the class comment; {@link Loops#binarySI}). */
    static void binarySI(BinaryOp op, int[] o, int oo, int s, int[] b, int bo, int n) {
        int gate = VectorWarmup.FUSED_I + op.ordinal();
        if (!FusedKernels.vector(gate) || !FusedKernels.apart(o, oo, b, bo)
                || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.binarySI(op, o, oo, s, b, bo, n))) {
            Loops.binarySI(op, o, oo, s, b, bo, n);
        }
    }

    /**
     * Whether a dense BINARY_OP row of {@code t} takes these loops rather than {@link Loops}' ({@code sameOffsets}: out
     * and the array operands at one offset): float64, int64 and int32 where the offsets differ (C2 leaves Loops' form
     * scalar there), and integer {@code maximum}/{@code minimum} at any offsets (JDK 17's C2 vectorises neither
     * {@code Math.max(long, long)}, not even an intrinsic, nor {@code Math.max(int, int)} in Loops' loops: 0.38-0.43 ns
     * an element on 1e5 int64 in a probe, 0.34-0.45 on int32, against 0.28 here on int64).
     */
    static boolean takes(FieldType t, BinaryOp op, boolean sameOffsets) {
        return switch (t) {
            case FLOAT64 -> !sameOffsets;
            case INT64, INT32 -> !sameOffsets || op == BinaryOp.MAXIMUM || op == BinaryOp.MINIMUM;
            default -> false;
        };
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on arrays of {@code t}, one of the types {@link #takes} names. */
    static void binary(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> binaryD(op, (double[]) o, oo, (double[]) a, ao, (double[]) b, bo, n);
            case INT64 -> binaryL(op, (long[]) o, oo, (long[]) a, ao, (long[]) b, bo, n);
            case INT32 -> binaryI(op, (int[]) o, oo, (int[]) a, ao, (int[]) b, bo, n);
            default -> throw new IllegalArgumentException("no gated loops for " + t);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} as {@link #binary}: {@code sd} for float64, {@code sl} (narrowed) otherwise. */
    static void binaryVS(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, double sd, long sl, int n) {
        switch (t) {
            case FLOAT64 -> binaryDS(op, (double[]) o, oo, (double[]) a, ao, sd, n);
            case INT64 -> binaryLS(op, (long[]) o, oo, (long[]) a, ao, sl, n);
            case INT32 -> binaryIS(op, (int[]) o, oo, (int[]) a, ao, (int) sl, n);
            default -> throw new IllegalArgumentException("no gated loops for " + t);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} as {@link #binaryVS}. */
    static void binarySV(FieldType t, BinaryOp op, Object o, int oo, double sd, long sl, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> binarySD(op, (double[]) o, oo, sd, (double[]) b, bo, n);
            case INT64 -> binarySL(op, (long[]) o, oo, sl, (long[]) b, bo, n);
            case INT32 -> binarySI(op, (int[]) o, oo, (int) sl, (int[]) b, bo, n);
            default -> throw new IllegalArgumentException("no gated loops for " + t);
        }
    }
}
