package dev.cohort.ndarray;

import dev.cohort.runtime.region.FieldType;

/**
 * Element types, with NumPy's names and promotion rules ({@code numpy.result_type} for arrays;
 * NEP 50 "weak" Java scalars). Mirrors {@code numpy.dtype} for bool, int32, int64, float32, float64.
 */
public enum DType {
    BOOL("bool", FieldType.BOOL),
    INT32("int32", FieldType.INT32),
    INT64("int64", FieldType.INT64),
    FLOAT32("float32", FieldType.FLOAT32),
    FLOAT64("float64", FieldType.FLOAT64);

    private final String numpyName;
    private final FieldType fieldType;

    DType(String numpyName, FieldType fieldType) {
        this.numpyName = numpyName;
        this.fieldType = fieldType;
    }

    /** NumPy's name: {@code "float64"}, {@code "int32"}, {@code "bool"}, ... */
    public String numpyName() {
        return numpyName;
    }

    /** The runtime field type that stores elements of this dtype. */
    public FieldType fieldType() {
        return fieldType;
    }

    /** Element size in bytes (NumPy {@code itemsize}). */
    public int itemsize() {
        return fieldType.size();
    }

    public boolean isFloating() {
        return this == FLOAT32 || this == FLOAT64;
    }

    public boolean isInteger() {
        return this == INT32 || this == INT64;
    }

    public static DType of(FieldType t) {
        return switch (t) {
            case BOOL -> BOOL;
            case INT32 -> INT32;
            case INT64 -> INT64;
            case FLOAT32 -> FLOAT32;
            case FLOAT64 -> FLOAT64;
        };
    }

    /**
     * Looks a dtype up by NumPy name ({@code "float64"}, {@code "f8"}, {@code "int"}, {@code "bool"}, ...).
     *
     * @throws DTypeException for an unknown name
     */
    public static DType of(String name) {
        return switch (name) {
            case "bool", "bool_", "?" -> BOOL;
            case "int32", "i4" -> INT32;
            case "int64", "i8", "int" -> INT64;
            case "float32", "f4", "single" -> FLOAT32;
            case "float64", "f8", "float", "double" -> FLOAT64;
            default -> throw new DTypeException("data type '" + name + "' not understood");
        };
    }

    /** {@code numpy.promote_types(a, b)}: the smallest dtype both can be cast to safely. */
    public static DType promote(DType a, DType b) {
        if (a == b) {
            return a;
        }
        if (a.ordinal() > b.ordinal()) {
            DType t = a;
            a = b;
            b = t;
        }
        // a < b in the order bool < int32 < int64 < float32 < float64
        if (b == FLOAT32 && (a == INT32 || a == INT64)) {
            return FLOAT64; // float32 cannot hold every int32/int64
        }
        return b;
    }

    /** The dtype of {@code array op scalar} for a Java {@code double} scalar (NEP 50: the scalar is weak). */
    DType withDoubleScalar() {
        return isFloating() ? this : FLOAT64;
    }

    /** The dtype of {@code array op scalar} for a Java {@code long}/{@code int} scalar (NEP 50). */
    DType withLongScalar() {
        return this == BOOL ? INT64 : this;
    }

    /** True when NumPy's {@code same_kind} casting allows {@code from} to {@code this}. */
    boolean canCastSameKind(DType from) {
        if (from == this || from == BOOL) {
            return true;
        }
        if (this.isFloating()) {
            return true;
        }
        if (this.isInteger()) {
            return from.isInteger();
        }
        return false;
    }

    /** Printed like NumPy: {@code dtype('float64')}. */
    @Override
    public String toString() {
        return numpyName;
    }
}
