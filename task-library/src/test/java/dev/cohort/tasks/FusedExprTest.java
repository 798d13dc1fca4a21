package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The FUSED argument codec and its code checks (the kernel's results are checked against eager launches in ndarray-api's FusionTest). */
class FusedExprTest {
    private static int ins(int kind, int arg) {
        return FusedExpr.instruction(kind, arg);
    }

    @Test
    void encodesAndDecodes() {
        int[] code = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), ins(FusedExpr.BINARY, BinaryOp.MULTIPLY.ordinal()),
                ins(FusedExpr.LEAF, 1), ins(FusedExpr.UNARY, UnaryOp.EXP.ordinal()), ins(FusedExpr.BINARY, BinaryOp.SUBTRACT.ordinal())};
        Operand l0 = new Operand.StoreOperand(1, FieldType.FLOAT64, new Access(new int[]{0, 1}, new long[]{1, 2}, new long[]{1, 0}));
        Operand l1 = new Operand.StoreOperand(2, FieldType.INT64, new Access(new int[]{-1, 1}, new long[]{1, 1}, new long[]{3, 0}));
        Operand out = new Operand.StoreOperand(0, FieldType.FLOAT64, Access.identity(2));
        FusedExpr e = new FusedExpr(new IterSpace(new long[]{5, 7}, new long[]{2, 7}), code, new Operand.Const[]{Operand.Const.of(4.0), Operand.Const.of(-0.0), Operand.Const.of(-3L), Operand.Const.of(true)},
                new Operand[]{l0, l1}, out);
        FusedExpr d = FusedExpr.decode(ByteBuffer.wrap(e.encode()));
        assertEquals(e.space(), d.space());
        assertArrayEquals(code, d.code());
        assertArrayEquals(e.consts(), d.consts());
        assertArrayEquals(new Operand[]{l0, l1}, d.leaves());
        assertEquals(out, d.out());
        assertEquals(2, FusedExpr.depth(code));
    }

    @Test
    void rejectsMalformedCode() {
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.depth(new int[]{ins(FusedExpr.BINARY, 0)}));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.depth(new int[]{ins(FusedExpr.UNARY, 0)}));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.depth(new int[]{ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1)}));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.depth(new int[]{ins(7, 0)}));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.instruction(FusedExpr.LEAF, 1 << 24));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.depth(new int[]{ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1),
                ins(FusedExpr.WHERE, 0)}));
        assertThrows(IllegalArgumentException.class, () -> FusedExpr.instruction(FusedExpr.BINARY, FieldType.INT32, 1 << 16));
    }

    @Test
    void typedInstructionsCarryTheirComputeType() {
        for (FieldType c : FieldType.values()) {
            int i = FusedExpr.instruction(FusedExpr.BINARY, c, BinaryOp.LOGICAL_OR.ordinal());
            assertEquals(FusedExpr.BINARY, FusedExpr.kind(i));
            assertEquals(c, FusedExpr.compute(i));
            assertEquals(BinaryOp.LOGICAL_OR.ordinal(), FusedExpr.op(i));
        }
        // the untyped form computes in float64 (the original encoding)
        assertEquals(FieldType.FLOAT64, FusedExpr.compute(ins(FusedExpr.UNARY, UnaryOp.EXP.ordinal())));
        int[] code = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), ins(FusedExpr.CONST, 1),
                FusedExpr.instruction(FusedExpr.WHERE, FieldType.INT32, 0)};
        assertEquals(3, FusedExpr.depth(code));
    }
}
