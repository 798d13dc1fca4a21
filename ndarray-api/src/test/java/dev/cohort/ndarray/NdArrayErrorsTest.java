package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.Np.*;
import static dev.cohort.ndarray.ReferenceCases.A;
import static dev.cohort.ndarray.ReferenceCases.BA;
import static dev.cohort.ndarray.ReferenceCases.BB;
import static dev.cohort.ndarray.ReferenceCases.I;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Broadcasting, axis, index, shape, alignment and dtype errors: the specific exception type and
 * NumPy 2.4's message (NumPy's broadcast message ends in a space, Cohort's does not).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NdArrayErrorsTest {

    /** Runs {@code body} in a one-shard Cohort program and returns what it threw, checked to be a {@code type}. */
    static <T extends Throwable> T thrown(Class<T> type, Executable body) {
        Throwable t = Cohort.run(1, () -> {
            try {
                body.execute();
                return (Throwable) null;
            } catch (Throwable e) {
                return e;
            }
        }).get(0);
        assertNotNull(t, "expected " + type.getSimpleName() + ", nothing was thrown");
        if (!type.isInstance(t)) {
            throw new AssertionError("expected " + type.getSimpleName() + ", got " + t, t);
        }
        return type.cast(t);
    }

    static void message(Class<? extends Throwable> type, String expected, Executable body) {
        assertEquals(expected, thrown(type, body).getMessage());
    }

    private static long[] sh(long... s) {
        return s;
    }

    // ------------------------------------------------------------------ broadcasting

    @Test
    void broadcastError() {
        message(ShapeMismatchException.class, "operands could not be broadcast together with shapes (3,) (4,)",
                () -> array(1.0, 2.0, 3.0).add(array(1.0, 2.0, 3.0, 4.0)));
        message(ShapeMismatchException.class, "operands could not be broadcast together with shapes (2,3) (3,2)",
                () -> ones(2, 3).multiply(ones(3, 2)));
        message(ShapeMismatchException.class, "operands could not be broadcast together with shapes (3,4) (3,)",
                () -> maximum(A(), ones(3)));
        message(ShapeMismatchException.class, "operands could not be broadcast together with shapes (3,4) (2,1)",
                () -> A().less(ones(2, 1)));
    }

    @Test
    void broadcastErrorOfWhereNamesAllThreeShapes() {
        message(ShapeMismatchException.class, "operands could not be broadcast together with shapes (4,) (3,) ()",
                () -> where(BB(), ones(3), 0.0));
    }

    @Test
    void assignmentThatDoesNotBroadcast() {
        message(ShapeMismatchException.class, "could not broadcast input array from shape (3,) into shape (4,)",
                () -> zeros(4, 5).set(":, 1", ones(3)));
        message(ShapeMismatchException.class, "could not broadcast input array from shape (2,5) into shape (5,)",
                () -> zeros(5).assign(ones(2, 5)));
    }

    @Test
    void outOfTheWrongShape() {
        ShapeMismatchException e = thrown(ShapeMismatchException.class, () -> add(A(), 1.0, zeros(3)));
        assertTrue(e.getMessage().contains("(3,)") && e.getMessage().contains("(3,4)"), e.getMessage());
    }

    // ------------------------------------------------------------------ axes

    @Test
    void axisOutOfBounds() {
        message(AxisException.class, "axis 2 is out of bounds for array of dimension 2", () -> A().sum(2));
        message(AxisException.class, "axis -3 is out of bounds for array of dimension 2", () -> A().sum(-3));
        message(AxisException.class, "axis 2 is out of bounds for array of dimension 2", () -> A().mean(2));
        message(AxisException.class, "axis 2 is out of bounds for array of dimension 2", () -> A().argmax(2));
        message(AxisException.class, "axis 1 is out of bounds for array of dimension 1", () -> ones(3).max(1));
        message(AxisException.class, "axis 2 is out of bounds for array of dimension 2", () -> BA().any(2));
    }

    @Test
    void transposeAxes() {
        thrown(AxisException.class, () -> A().transpose(0));
        message(AxisException.class, "axes don't match array", () -> A().transpose(0));
        message(AxisException.class, "repeated axis in transpose", () -> A().transpose(0, 0));
    }

    // ------------------------------------------------------------------ indices

    @Test
    void indexOutOfBounds() {
        message(NdIndexException.class, "index 5 is out of bounds for axis 0 with size 3", () -> arange(3).get(5));
        message(NdIndexException.class, "index -4 is out of bounds for axis 0 with size 3", () -> arange(3).get(-4));
        message(NdIndexException.class, "index 4 is out of bounds for axis 1 with size 4", () -> A().get(":, 4"));
        message(NdIndexException.class, "index 3 is out of bounds for axis 0 with size 3", () -> A().set("3", 1.0));
    }

    @Test
    void tooManyIndices() {
        message(NdIndexException.class, "too many indices for array: array is 1-dimensional, but 2 were indexed",
                () -> arange(3).get(1, 2));
        message(NdIndexException.class, "too many indices for array: array is 2-dimensional, but 3 were indexed",
                () -> A().get("1, 2, 3"));
    }

    @Test
    void twoEllipses() {
        message(NdIndexException.class, "an index can only have a single ellipsis ('...')", () -> A().get("..., ..."));
    }

    @Test
    void zeroSliceStep() {
        thrown(IllegalArgumentException.class, () -> A().get("::0"));
        thrown(IllegalArgumentException.class, () -> A().get(slice(null, null, 0L)));
    }

    // ------------------------------------------------------------------ shapes

    @Test
    void reshapeError() {
        message(ShapeMismatchException.class, "cannot reshape array of size 10 into shape (3,4)", () -> arange(10).reshape(3, 4));
        message(ShapeMismatchException.class, "cannot reshape array of size 12 into shape (5,)", () -> A().reshape(5));
        ShapeMismatchException e = thrown(ShapeMismatchException.class, () -> arange(10).reshape(-1, 4));
        assertTrue(e.getMessage().startsWith("cannot reshape array of size 10 into shape ("), e.getMessage());
    }

    @Test
    void dotAlignment() {
        message(ShapeMismatchException.class, "shapes (2,3) and (4,) not aligned: 3 (dim 1) != 4 (dim 0)",
                () -> dot(ones(2, 3), ones(4)));
        message(ShapeMismatchException.class, "shapes (2,3) and (2,3) not aligned: 3 (dim 1) != 2 (dim 0)",
                () -> dot(ones(2, 3), ones(2, 3)));
        message(ShapeMismatchException.class, "shapes (3,) and (4,) not aligned: 3 (dim 0) != 4 (dim 0)",
                () -> dot(ones(3), ones(4)));
    }

    @Test
    void matmulAlignment() {
        String sig = "(n?,k),(k,m?)->(n?,m?)";
        message(ShapeMismatchException.class, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                + sig + " (size 4 is different from 3)", () -> matmul(ones(2, 3), ones(4)));
        message(ShapeMismatchException.class, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                + sig + " (size 2 is different from 3)", () -> matmul(ones(2, 3), ones(2, 3)));
        message(ShapeMismatchException.class, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                + sig + " (size 4 is different from 3)", () -> matmul(ones(3), ones(4, 2)));
        message(ShapeMismatchException.class, "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature "
                + sig + " requires 1)", () -> matmul(scalar(2.0), ones(3)));
    }

    @Test
    void emptyReductions() {
        message(ShapeMismatchException.class, "zero-size array to reduction operation maximum which has no identity", () -> zeros(0).max());
        message(ShapeMismatchException.class, "attempt to get argmax of an empty sequence", () -> zeros(0).argmax());
    }

    @Test
    void itemOfMany() {
        message(ShapeMismatchException.class, "can only convert an array of size 1 to a Python scalar", () -> ones(3).item());
    }

    // ------------------------------------------------------------------ dtypes

    @Test
    void outCastErrorNamesBothDtypes() {
        message(DTypeException.class, "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'",
                () -> add(array(1.0, 2.0, 3.0), 1.5, zeros(sh(3), int64)));
        message(DTypeException.class, "Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'",
                () -> divide(I(), I(), zeros(sh(3, 4), int64)));
        message(DTypeException.class, "Cannot cast ufunc 'sqrt' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'",
                () -> sqrt(I(), zeros(sh(3, 4), int64)));
        message(DTypeException.class, "Cannot cast ufunc 'add' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'",
                () -> add(ones(3), 1.0, zeros(sh(3), bool)));
        message(DTypeException.class, "Cannot cast ufunc 'multiply' output from dtype('float32') to dtype('int32') with casting rule 'same_kind'",
                () -> multiply(ones(sh(3), float32), ones(sh(3), float32), zeros(sh(3), int32)));
    }

    @Test
    void boolSubtractAndNegative() {
        message(DTypeException.class, "numpy boolean subtract, the `-` operator, is not supported, "
                + "use the bitwise_xor, the `^` operator, or the logical_xor function instead.", () -> BA().subtract(BB()));
        message(DTypeException.class, "The numpy boolean negative, the `-` operator, is not supported, "
                + "use the `~` operator or the logical_not function instead.", () -> BB().negative());
    }

    @Test
    void unknownDtypeName() {
        DTypeException e = assertInstanceOf(DTypeException.class, org.junit.jupiter.api.Assertions.assertThrows(DTypeException.class,
                () -> DType.of("foo")));
        assertEquals("data type 'foo' not understood", e.getMessage());
    }

    @Test
    void promotionTable() {
        // numpy.promote_types over the five dtypes (bool, int32, int64, float32, float64)
        String[][] expected = {
                // bool       int32      int64      float32    float64
                {"bool", "int32", "int64", "float32", "float64"},
                {"int32", "int32", "int64", "float64", "float64"},
                {"int64", "int64", "int64", "float64", "float64"},
                {"float32", "float64", "float64", "float32", "float64"},
                {"float64", "float64", "float64", "float64", "float64"},
        };
        DType[] t = {DType.BOOL, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64};
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < t.length; j++) {
                assertEquals(expected[i][j], DType.promote(t[i], t[j]).numpyName(), t[i] + " + " + t[j]);
            }
        }
    }
}
