// GENERATED from task-library/src/main/templates/FusedGates.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

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
}
