package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;

import java.util.ArrayList;
import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's {@code matmul} / {@code dot} of 1-d and 2-d operands (n-d ones: {@link Products}): GEMM over an (n, m, k) iteration space with k
 * untiled, MATVEC over (n, k) reducing into the output. NumPy's shape errors in NumPy's words.
 */
final class LinearAlgebra {
    private LinearAlgebra() {
    }

    static NdArray matmul(NdArray a, NdArray b, boolean dot) {
        String sig = "(n?,k),(k,m?)->(n?,m?)";
        if (a.ndim() == 0 || b.ndim() == 0) {
            if (dot) {
                return Elementwise.binary(BinaryOp.MULTIPLY, a, b, null);
            }
            int which = a.ndim() == 0 ? 0 : 1;
            throw new ShapeMismatchException("matmul: Input operand " + which + " does not have enough dimensions (has 0, gufunc core with signature "
                    + sig + " requires 1)");
        }
        if (a.ndim() > 2 || b.ndim() > 2) {
            return dot ? Products.dotNd(a, b) : Products.matmulBatched(a, b);
        }
        long ka = a.shape[a.ndim() - 1];
        int bk = b.ndim() == 1 ? 0 : b.ndim() - 2;
        long kb = b.shape[bk];
        if (ka != kb) {
            if (dot) {
                throw new ShapeMismatchException("shapes " + Shapes.str(a.shape) + " and " + Shapes.str(b.shape) + " not aligned: "
                        + ka + " (dim " + (a.ndim() - 1) + ") != " + kb + " (dim " + bk + ")");
            }
            throw new ShapeMismatchException("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    + sig + " (size " + kb + " is different from " + ka + ")");
        }
        if (a.dtype() == DType.BOOL && b.dtype() == DType.BOOL) {
            // NumPy: bool @ bool is bool (an or of ands): the int64 product of the 0/1 values is nonzero
            return Elementwise.binary(BinaryOp.NOT_EQUAL, matmul(a.astype(DType.INT64), b.astype(DType.INT64), dot), 0L, null);
        }
        DType compute = DType.promote(a.dtype(), b.dtype());
        if (compute == DType.BOOL) {
            compute = DType.INT64;
        }
        DType fc = compute;
        if (a.ndim() == 2 && b.ndim() == 2) {
            long[] shape = {a.shape[0], b.shape[1], ka};
            NdArray out = Creation.empty(a.ctx, compute, new long[]{a.shape[0], b.shape[1]});
            List<Slot> slots = new ArrayList<>();
            slots.add(new Slot(out, remap(out, new int[]{0, 1}), Role.WRITE));
            Operand oa = inputMapped(slots, a, new int[]{0, 2}, out);
            Operand ob = inputMapped(slots, b, new int[]{2, 1}, out);
            launch(OpCode.GEMM.taskId(), shape, slots, new int[]{2}, null, false, space ->
                    new Args.Gemm(fc.fieldType(), space, oa, ob, operand(slots, 0)).encode());
            return out;
        }
        long[] shape;
        long[] outShape;
        int[] amap;
        int[] bmap;
        int[] omap;
        if (a.ndim() == 2) {            // (n,k) @ (k,) -> (n,): space (n, k)
            shape = new long[]{a.shape[0], ka};
            outShape = new long[]{a.shape[0]};
            amap = new int[]{0, 1};
            bmap = new int[]{1};
            omap = new int[]{0};
        } else if (b.ndim() == 2) {     // (k,) @ (k,m) -> (m,): space (m, k)
            shape = new long[]{b.shape[1], ka};
            outShape = new long[]{b.shape[1]};
            amap = new int[]{1};
            bmap = new int[]{1, 0};
            omap = new int[]{0};
        } else {                        // (k,) @ (k,) -> (): space (k)
            shape = new long[]{ka};
            outShape = new long[0];
            amap = new int[]{0};
            bmap = new int[]{0};
            omap = new int[0];
        }
        NdArray out = Creation.empty(a.ctx, compute, outShape);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, remap(out, omap), Role.REDUCE));
        Operand oa = inputMapped(slots, a, amap, out);
        Operand ob = inputMapped(slots, b, bmap, out);
        launch(OpCode.MATVEC.taskId(), shape, slots, new int[0], ReductionOp.SUM, false, space ->
                new Args.Matvec(fc.fieldType(), space, oa, ob, operand(slots, 0)).encode());
        return out;
    }
}
