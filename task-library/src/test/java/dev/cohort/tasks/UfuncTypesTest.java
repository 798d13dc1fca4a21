package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link UfuncTypes} against NumPy 2.4's ufunc type resolution, table-driven: {@code ufunc/ufunc_types.tsv}
 * (written by {@code tools/reference/ufunc_types.py}) holds, for every UnaryOp x dtype and BinaryOp x
 * dtype x dtype, the input dtype of NumPy's loop (our compute type) and its result dtype, or NumPy's
 * TypeError message; and every BinaryOp x dtype with a Python scalar (NEP 50's weak bool, int, float)
 * against {@link BinaryOp#loop(FieldType, UfuncTypes.Scalar)}. NumPy's int8 maps to int32 and float16 to float32 (the smallest of the five that
 * holds them); the logical ops compute on truth values (bool) where NumPy's loop may take the input type.
 */
class UfuncTypesTest {
    static List<String[]> table() throws IOException {
        try (InputStream in = UfuncTypesTest.class.getResourceAsStream("/ufunc/ufunc_types.tsv")) {
            List<String[]> rows = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    rows.add(line.split("\t"));
                }
            }
            return rows;
        }
    }

    /** A NumPy dtype name as one of the five (int8 -> int32, float16 -> float32). */
    static FieldType dtype(String numpy) {
        return switch (numpy) {
            case "int8", "int16", "uint8" -> FieldType.INT32;
            case "float16" -> FieldType.FLOAT32;
            default -> FieldType.valueOf(numpy.toUpperCase(Locale.ROOT));
        };
    }

    @Test
    void everyOpAndDtypeResolvesAsNumPyDoes() throws IOException {
        List<String> bad = new ArrayList<>();
        Set<UnaryOp> unary = EnumSet.noneOf(UnaryOp.class);
        Set<BinaryOp> binary = EnumSet.noneOf(BinaryOp.class);
        int errors = 0;
        int scalars = 0;
        for (String[] r : table()) {
            boolean isUnary = r.length == 4;
            String op = r[0];
            FieldType a = dtype(r[1]);
            UfuncTypes.Scalar scalar = !isUnary && r[2].startsWith("py")
                    ? UfuncTypes.Scalar.valueOf(r[2].substring(2).toUpperCase(Locale.ROOT)) : null;
            FieldType b = isUnary || scalar != null ? null : dtype(r[2]);
            String compute = r[isUnary ? 2 : 3];
            String result = r[isUnary ? 3 : 4];
            String what = op + "(" + r[1] + (isUnary ? "" : ", " + r[2]) + ")";
            UfuncTypes.Loop loop;
            try {
                if (isUnary) {
                    UnaryOp u = UnaryOp.valueOf(op);
                    unary.add(u);
                    loop = u.loop(a);
                    assertEquals(loop.result(), u.resultType(a));
                } else if (scalar != null) {
                    loop = BinaryOp.valueOf(op).loop(a, scalar);
                    scalars++;
                } else {
                    BinaryOp o = BinaryOp.valueOf(op);
                    binary.add(o);
                    loop = o.loop(a, b);
                    assertEquals(loop.result(), o.resultType(a, b));
                }
            } catch (UFuncTypeError e) {
                if (!compute.equals("error")) {
                    bad.add(what + ": raised " + e.getMessage() + ", NumPy gives " + result);
                } else if (!e.getMessage().equals(result)) {
                    bad.add(what + ": message\n  " + e.getMessage() + "\nNumPy's\n  " + result);
                }
                errors++;
                continue;
            }
            if (compute.equals("error")) {
                bad.add(what + ": gives " + loop + ", NumPy raises " + result);
                continue;
            }
            if (loop.result() != dtype(result)) {
                bad.add(what + ": result " + loop.result() + ", NumPy " + result);
            }
            // logical ops compute on truth values (bool), whatever loop NumPy picks: the same results
            FieldType wantCompute = op.startsWith("LOGICAL_") ? FieldType.BOOL : dtype(compute);
            if (loop.compute() != wantCompute) {
                bad.add(what + ": compute " + loop.compute() + ", NumPy's loop " + compute);
            }
        }
        assertTrue(bad.isEmpty(), bad.size() + " differences from NumPy:\n" + String.join("\n", bad));
        assertEquals(EnumSet.allOf(UnaryOp.class), unary, "the table covers every UnaryOp");
        assertEquals(EnumSet.allOf(BinaryOp.class), binary, "the table covers every BinaryOp");
        assertTrue(errors > 60, "the table has NumPy's errors too: " + errors);
        assertTrue(scalars > 300, "array op Python scalar rows: " + scalars);
    }

    @Test
    void spotChecksOfTheBrief() {
        assertEquals(FieldType.BOOL, UnaryOp.ISNAN.resultType(FieldType.FLOAT32));
        assertEquals(FieldType.INT64, UnaryOp.FLOOR.resultType(FieldType.INT64));
        assertEquals(FieldType.FLOAT64, BinaryOp.DIVIDE.resultType(FieldType.INT32, FieldType.INT32));
        assertEquals(FieldType.FLOAT64, BinaryOp.ARCTAN2.resultType(FieldType.INT32, FieldType.INT32));
        assertEquals(FieldType.FLOAT32, BinaryOp.ARCTAN2.resultType(FieldType.FLOAT32, FieldType.FLOAT32));
        assertEquals(FieldType.FLOAT64, BinaryOp.ADD.resultType(FieldType.FLOAT32, FieldType.INT32));
        UFuncTypeError e = assertThrows(UFuncTypeError.class, () -> BinaryOp.BITWISE_AND.loop(FieldType.FLOAT64, FieldType.INT64));
        assertEquals("ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced "
                + "to any supported types according to the casting rule ''safe''", e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void javaScalarsAreNumPysWeakScalars() {
        assertEquals(UfuncTypes.Scalar.INT, UfuncTypes.Scalar.of(3L));
        assertEquals(UfuncTypes.Scalar.INT, UfuncTypes.Scalar.of(3));
        assertEquals(UfuncTypes.Scalar.FLOAT, UfuncTypes.Scalar.of(1.5f));
        assertEquals(UfuncTypes.Scalar.BOOL, UfuncTypes.Scalar.of(true));
        assertThrows(IllegalArgumentException.class, () -> UfuncTypes.Scalar.of("3"));
        assertEquals(FieldType.INT32, BinaryOp.ADD.resultType(FieldType.INT32, UfuncTypes.weak(FieldType.INT32, UfuncTypes.Scalar.INT)));
        assertEquals(FieldType.FLOAT64, BinaryOp.MULTIPLY.loop(FieldType.INT32, UfuncTypes.Scalar.FLOAT).result());
        assertEquals(FieldType.FLOAT32, BinaryOp.MULTIPLY.loop(FieldType.FLOAT32, UfuncTypes.Scalar.FLOAT).result());
        assertEquals(FieldType.INT64, BinaryOp.BITWISE_AND.loop(FieldType.BOOL, UfuncTypes.Scalar.INT).result());
    }

    @Test
    void promotionIsNumPys() {
        FieldType[] t = FieldType.values();
        for (FieldType a : t) {
            for (FieldType b : t) {
                assertEquals(UfuncTypes.promote(a, b), UfuncTypes.promote(b, a), a + " " + b);
                assertEquals(UfuncTypes.promote(a, b), BinaryOp.ADD.resultType(a, b), a + " " + b);
            }
        }
        assertEquals(FieldType.FLOAT64, UfuncTypes.promote(FieldType.FLOAT32, FieldType.INT64));
        assertEquals(FieldType.FLOAT32, UfuncTypes.promote(FieldType.BOOL, FieldType.FLOAT32));
        assertEquals(FieldType.INT64, UfuncTypes.promote(FieldType.INT32, FieldType.INT64));
    }
}
