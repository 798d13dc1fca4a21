package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * FUSED_REDUCE's argument codec, and its accumulator: a row fed in arbitrary pieces sums to the bits
 * of {@code ReductionKernels.reduceD(SUM)} over the whole row (the kernel against eager REDUCE over
 * FUSED is checked in ndarray-api's FusedReductionTest).
 */
class FusedReduceTest {
    @Test
    void encodesAndDecodes() {
        int[] code = {FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.LEAF, 1),
                FusedExpr.instruction(FusedExpr.BINARY, BinaryOp.MULTIPLY.ordinal())};
        Operand l0 = new Operand.StoreOperand(1, FieldType.FLOAT64, new Access(new int[]{0, 1}, new long[]{1, 1}, new long[]{1, 1}));
        Operand l1 = new Operand.StoreOperand(2, FieldType.INT64, Access.identity(2));
        Operand out = new Operand.StoreOperand(0, FieldType.FLOAT64, new Access(new int[]{-1}, new long[]{1}, new long[]{0}));
        FusedReduce e = new FusedReduce(ReduceOp.MAX, FieldType.INT32, new IterSpace(new long[]{9, 7}, new long[]{3, 7}), code,
                new Operand.Const[]{Operand.Const.of(-0.0)}, new Operand[]{l0, l1}, out);
        FusedReduce d = FusedReduce.decode(ByteBuffer.wrap(e.encode()));
        assertEquals(ReduceOp.MAX, d.op());
        assertEquals(FieldType.INT32, d.compute());
        assertEquals(e.space(), d.space());
        assertArrayEquals(code, d.code());
        assertArrayEquals(e.consts(), d.consts());
        assertArrayEquals(new Operand[]{l0, l1}, d.leaves());
        assertEquals(out, d.out());
    }

    @Test
    void piecewiseSumHasTheBitsOfOneRow() {
        Random rnd = new Random(17);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + rnd.nextInt(trial < 1000 ? 40 : 5000);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(12) - 6);
            }
            double expected = ReductionKernels.reduceD(ReduceOp.SUM, 0.0, a, 0, n);
            FusedKernels.Summer s = new FusedKernels.Summer(n);
            inPieces(a, rnd, s::add);
            double got = 0.0 + s.total();
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(got), "n=" + n + " trial " + trial);
        }
    }

    /**
     * {@link FusedKernels.Folder} fed a row in arbitrary pieces gives the bits of REDUCE over the whole row
     * ({@code Reductions.reduceD} from the starting value: SUM in the fixed order, PROD, MAX, MIN in order),
     * rounded to the compute type once.
     */
    @Test
    void folderHasTheBitsOfReduce() {
        Random rnd = new Random(23);
        ReduceOp[] ops = {ReduceOp.SUM, ReduceOp.PROD, ReduceOp.MAX, ReduceOp.MIN};
        for (int trial = 0; trial < 1500; trial++) {
            ReduceOp op = ops[rnd.nextInt(ops.length)];
            FieldType c = rnd.nextBoolean() ? FieldType.FLOAT32 : FieldType.FLOAT64;
            int n = 1 + rnd.nextInt(trial < 500 ? 40 : 5000);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                double v = op == ReduceOp.PROD ? 1 + rnd.nextGaussian() * 1e-3 : rnd.nextGaussian() * Math.pow(10, rnd.nextInt(8) - 4);
                a[i] = Convert.normD(v, c);
            }
            double start = op == ReduceOp.SUM ? Convert.normD(rnd.nextGaussian(), c) : op == ReduceOp.PROD ? 1.0
                    : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            double expected = Convert.normD(Reductions.reduceD(op, start, a, 0, n), c);
            FusedKernels.Folder f = new FusedKernels.Folder(op, n, start);
            inPieces(a, rnd, f::add);
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(Convert.normD(f.result(), c)),
                    op + " " + c + " n=" + n + " trial " + trial);
        }
    }

    /** Where a row's pieces go: {@code add(j0, piece, offset, length)}. */
    private interface Sink {
        void add(long j0, double[] piece, int ao, int m);
    }

    /** Feeds {@code a} in random pieces, each from its own array at an arbitrary offset, as the kernel's chunks come. */
    private static void inPieces(double[] a, Random rnd, Sink sink) {
        int j = 0;
        while (j < a.length) {
            int m = Math.min(a.length - j, 1 + rnd.nextInt(rnd.nextBoolean() ? 7 : 1500));
            int ao = rnd.nextInt(5);
            double[] piece = new double[ao + m];
            System.arraycopy(a, j, piece, ao, m);
            sink.add(j, piece, ao, m);
            j += m;
        }
    }
}
