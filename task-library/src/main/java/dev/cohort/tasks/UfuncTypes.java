package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * NumPy's ufunc type resolution (NumPy 2, NEP 50) for Cohort's five dtypes, next to the kernels:
 * for each {@link UnaryOp} and {@link BinaryOp}, the loop NumPy runs for array operands of the given
 * dtypes, as a {@link Loop}: the compute type (the {@code compute} of {@link Args.Unary} /
 * {@link Args.Binary}, the type the operands are converted to) and the result dtype; or a
 * {@link UFuncTypeError} with NumPy's message where NumPy raises.
 *
 * <p>NumPy's own dtypes outside the five are mapped to the smallest of the five that holds them
 * (NumPy's safe cast): {@code int8} (bool arithmetic: {@code square}, {@code reciprocal},
 * {@code power}, {@code floor_divide}, {@code remainder}, {@code fmod}, the shifts of two bools) is
 * int32, {@code float16} (the float functions of a bool, e.g. {@code sin(True)}) is float32.
 * Logical operations ({@code logical_and/or/xor/not}) compute on truth values: compute bool.
 * {@code erf} is {@code scipy.special.erf}, whose bool loop is float64. Python scalars are not
 * arrays: the caller first gives a scalar operand the dtype NEP 50 gives it (a Python int takes an
 * integer array's dtype, a Python float a float array's dtype or float64).
 *
 * <p>Checked against NumPy 2.4 for every op and dtype pair by {@code UfuncTypesTest} (the table is
 * written by {@code tools/reference/ufunc_types.py}).
 */
public final class UfuncTypes {
    private UfuncTypes() {
    }

    /** A ufunc loop: the operands are converted to {@code compute}, the result has dtype {@code result}. */
    public record Loop(FieldType compute, FieldType result) {
    }

    /**
     * The kind of a scalar operand that is not an array: Java's {@code boolean}, integer ({@code long},
     * {@code int}) or floating ({@code double}, {@code float}) values play NumPy's weak Python
     * {@code bool}, {@code int} and {@code float} (NEP 50).
     */
    public enum Scalar {
        BOOL, INT, FLOAT;

        /** The kind of a boxed Java scalar ({@code Boolean}, {@code Long}/{@code Integer}/{@code Short}/{@code Byte}, {@code Double}/{@code Float}). */
        public static Scalar of(Object value) {
            if (value instanceof Boolean) {
                return BOOL;
            }
            if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
                return INT;
            }
            if (value instanceof Double || value instanceof Float) {
                return FLOAT;
            }
            throw new IllegalArgumentException("not a scalar operand: " + (value == null ? "null" : value.getClass().getName()));
        }
    }

    /**
     * The dtype a weak scalar takes next to an array of dtype {@code array} (NEP 50): a bool takes the
     * array's dtype (bool promotes to anything); an int takes an integer or float array's dtype and is
     * int64 next to bool; a float takes a float array's dtype and is float64 next to integers and bool.
     * {@code op.loop(array, weak(array, kind))} is then NumPy's loop for {@code op(array, scalar)} and for
     * {@code op(scalar, array)}. (Whether the value fits the dtype, NumPy 2's OverflowError, is the caller's check.)
     */
    public static FieldType weak(FieldType array, Scalar kind) {
        return switch (kind) {
            case BOOL -> array;
            case INT -> array == FieldType.BOOL ? FieldType.INT64 : array;
            case FLOAT -> Convert.floating(array) ? array : FieldType.FLOAT64;
        };
    }

    /** NumPy's promotion of two array dtypes ({@code np.result_type}) among the five. */
    public static FieldType promote(FieldType a, FieldType b) {
        if (a == b) {
            return a;
        }
        if (a == FieldType.BOOL) {
            return b;
        }
        if (b == FieldType.BOOL) {
            return a;
        }
        boolean fa = Convert.floating(a);
        boolean fb = Convert.floating(b);
        if (fa && fb) {
            return FieldType.FLOAT64;                       // float32 with float64
        }
        if (fa || fb) {
            // float32 with int32 or int64: float64 (NumPy's safe common type); float64 with any int: float64
            return FieldType.FLOAT64;
        }
        return FieldType.INT64;                             // int32 with int64
    }

    /** The float type of a float-only function of operands promoting to {@code p}: ints float64, bool float16 (float32 here). */
    private static FieldType floating(FieldType p) {
        return switch (p) {
            case FLOAT64, FLOAT32 -> p;
            case INT64, INT32 -> FieldType.FLOAT64;
            case BOOL -> FieldType.FLOAT32;
        };
    }

    private static Loop same(FieldType t) {
        return SAME[t.ordinal()];
    }

    /** {@code new Loop(t, t)} for each type, made once (a loop is looked up for every element-wise operation). */
    private static final Loop[] SAME = java.util.Arrays.stream(FieldType.values()).map(t -> new Loop(t, t))
            .toArray(Loop[]::new);

    /** NumPy's "no loop matching types" error of a unary ufunc on bool. */
    private static UFuncTypeError noBoolLoop(String ufunc) {
        return new UFuncTypeError("ufunc '" + ufunc + "' did not contain a loop with signature matching types "
                + "<class 'numpy.dtypes.BoolDType'> -> None");
    }

    /** NumPy's "no loop matching types" error of a binary ufunc, naming the operands' DType classes. */
    private static UFuncTypeError noLoop(String ufunc, String a, String b) {
        return new UFuncTypeError("ufunc '" + ufunc + "' did not contain a loop with signature matching types "
                + "(<class 'numpy.dtypes." + a + "'>, <class 'numpy.dtypes." + b + "'>) -> None");
    }

    /** NumPy's DType class name of an array dtype. */
    private static String dtypeClass(FieldType t) {
        return switch (t) {
            case FLOAT64 -> "Float64DType";
            case FLOAT32 -> "Float32DType";
            case INT64 -> "Int64DType";
            case INT32 -> "Int32DType";
            case BOOL -> "BoolDType";
        };
    }

    /**
     * gcd and lcm (integer loops only) of an array and a weak Java scalar: NumPy's error names the scalar's
     * Python DType ({@code _PyLongDType}, {@code _PyFloatDType}; a bool is {@code BoolDType}) rather than the
     * dtype it would take.
     */
    static void checkIntegerLoop(BinaryOp op, FieldType array, Scalar scalar) {
        boolean bad = Convert.floating(array) || scalar == Scalar.FLOAT || (array == FieldType.BOOL && scalar == Scalar.BOOL);
        if (bad) {
            String s = switch (scalar) {
                case BOOL -> "BoolDType";
                case INT -> "_PyLongDType";
                case FLOAT -> "_PyFloatDType";
            };
            throw noLoop(op.numpyName(), dtypeClass(array), s);
        }
    }

    /** NumPy's error of a ufunc with integer loops only called on floats. */
    private static UFuncTypeError notSupported(String ufunc) {
        return new UFuncTypeError("ufunc '" + ufunc + "' not supported for the input types, and the inputs could not be "
                + "safely coerced to any supported types according to the casting rule ''safe''");
    }

    static final String BOOL_NEGATIVE = "The numpy boolean negative, the `-` operator, is not supported, "
            + "use the `~` operator or the logical_not function instead.";
    static final String BOOL_SUBTRACT = "numpy boolean subtract, the `-` operator, is not supported, "
            + "use the bitwise_xor, the `^` operator, or the logical_xor function instead.";

    /**
     * The loop of {@code op} on an array of dtype {@code a}:
     * <ul>
     *   <li>float functions ({@link UnaryOp#isTranscendental()}): float64/float32 unchanged, integers
     *       float64, bool float32 (NumPy float16; {@code erf}: float64);</li>
     *   <li>negative, positive, sign: unchanged; bool raises ({@code negative}: NumPy's bool message,
     *       {@code positive}/{@code sign}: no loop);</li>
     *   <li>absolute, floor, ceil, trunc: unchanged (bool too: NumPy 2 keeps integers integral);</li>
     *   <li>square, reciprocal: unchanged, bool int32 (NumPy int8); integer reciprocal is
     *       {@code 1.0 / x} cast back, so {@code 1/0} is the integer minimum;</li>
     *   <li>invert: integers and bool unchanged (bool: logical not); floats raise;</li>
     *   <li>isnan, isinf, isfinite: compute in the input type, result bool; signbit: computes in the
     *       float type (int float64, bool float32), result bool; logical_not: compute bool, result bool.</li>
     * </ul>
     *
     * @throws UFuncTypeError where NumPy raises, with NumPy's message
     */
    public static Loop unary(UnaryOp op, FieldType a) {
        if (op.isTranscendental()) {
            if (op == UnaryOp.ERF && a == FieldType.BOOL) {
                return same(FieldType.FLOAT64);             // scipy's first safe loop is d->d
            }
            return same(floating(a));
        }
        return switch (op) {
            case NEGATIVE -> {
                if (a == FieldType.BOOL) {
                    throw new UFuncTypeError(BOOL_NEGATIVE);
                }
                yield same(a);
            }
            case POSITIVE, SIGN -> {
                if (a == FieldType.BOOL) {
                    throw noBoolLoop(op.numpyName());
                }
                yield same(a);
            }
            case ABS, FLOOR, CEIL, TRUNC -> same(a);
            case SQUARE, RECIPROCAL -> same(a == FieldType.BOOL ? FieldType.INT32 : a);
            case INVERT -> {
                if (Convert.floating(a)) {
                    throw notSupported(op.numpyName());
                }
                yield same(a);
            }
            case LOGICAL_NOT -> new Loop(FieldType.BOOL, FieldType.BOOL);
            case ISNAN, ISINF, ISFINITE -> new Loop(a, FieldType.BOOL);
            case SIGNBIT -> new Loop(floating(a), FieldType.BOOL);
            default -> throw new IllegalStateException("no type rule for " + op);
        };
    }

    /**
     * The loop of {@code op} on arrays of dtypes {@code a} and {@code b}, with {@code p} their promotion
     * ({@link #promote}):
     * <ul>
     *   <li>add, multiply, maximum, minimum, fmax, fmin: {@code p} (bool: bool, add is logical or);</li>
     *   <li>subtract: {@code p}; two bools raise NumPy's bool subtract error;</li>
     *   <li>divide (true divide): floats {@code p}, integers and bool float64 (bool with float32: float32);</li>
     *   <li>power, floor_divide, remainder, fmod: {@code p}, two bools int32 (NumPy int8);</li>
     *   <li>arctan2, hypot, copysign, nextafter: float {@code p}; integers float64; two bools float32 (NumPy float16);</li>
     *   <li>comparisons: compute {@code p}, result bool; logical_and/or/xor: compute bool, result bool;</li>
     *   <li>bitwise_and/or/xor: integer or bool {@code p}; left_shift/right_shift: integer {@code p}, two
     *       bools int32 (NumPy int8); any float operand raises NumPy's "not supported" error.</li>
     * </ul>
     *
     * @throws UFuncTypeError where NumPy raises, with NumPy's message
     */
    public static Loop binary(BinaryOp op, FieldType a, FieldType b) {
        FieldType p = promote(a, b);
        boolean bools = p == FieldType.BOOL;
        return switch (op) {
            case ADD, MULTIPLY, MAXIMUM, MINIMUM, FMAX, FMIN -> same(p);
            case SUBTRACT -> {
                if (bools) {
                    throw new UFuncTypeError(BOOL_SUBTRACT);
                }
                yield same(p);
            }
            case DIVIDE -> same(Convert.floating(p) ? p : FieldType.FLOAT64);
            case POWER, FLOOR_DIVIDE, REMAINDER, FMOD -> same(bools ? FieldType.INT32 : p);
            case ARCTAN2, HYPOT, COPYSIGN, NEXTAFTER -> same(floating(p));
            case EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> new Loop(p, FieldType.BOOL);
            case LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR -> new Loop(FieldType.BOOL, FieldType.BOOL);
            case GCD, LCM -> {
                if (Convert.floating(a) || Convert.floating(b) || (a == FieldType.BOOL && b == FieldType.BOOL)) {
                    throw noLoop(op.numpyName(), dtypeClass(a), dtypeClass(b));
                }
                yield same(p);
            }
            case BITWISE_AND, BITWISE_OR, BITWISE_XOR, LEFT_SHIFT, RIGHT_SHIFT -> {
                if (Convert.floating(p)) {
                    throw notSupported(op.numpyName());
                }
                yield same(bools && (op == BinaryOp.LEFT_SHIFT || op == BinaryOp.RIGHT_SHIFT) ? FieldType.INT32 : p);
            }
        };
    }

    /**
     * The check a kernel makes of the compute type it was given: an integer-only op (bitwise, shifts,
     * invert) computing in a float type raises NumPy's error (the array layer raises it before launching).
     */
    static void checkIntegral(String ufunc, FieldType compute) {
        if (Convert.floating(compute)) {
            throw notSupported(ufunc);
        }
    }

    /** The error an integer-only op raises on a float value (scalar functions reached with a float compute type). */
    static UFuncTypeError floatOperand(String ufunc) {
        return notSupported(ufunc);
    }
}
