package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The element operations with NumPy semantics, as scalar functions (the loops of the dense fast
 * paths are in {@link Loops}). Floating point runs in {@code double}, integers and bools in
 * {@code long} (callers normalise to the compute type afterwards).
 */
final class Ops {
    private Ops() {
    }

    static final String NEGATIVE_POWER = "Integers to negative integer powers are not allowed.";

    // ------------------------------------------------------------------ binary, double

    /** {@code a op b} for a non-predicate op on doubles. */
    static double binaryD(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> a / b;
            case POWER -> pow(a, b);
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            default -> predicateD(op, a, b) ? 1 : 0;
        };
    }

    /** C99/NumPy pow: 1**y == 1 and (-1)**(+-inf) == 1 even for NaN y (Java's Math.pow gives NaN there). */
    static double pow(double a, double b) {
        if (a == 1.0 || (a == -1.0 && Double.isInfinite(b))) {
            return 1.0;
        }
        return Math.pow(a, b);
    }

    static boolean predicateD(BinaryOp op, double a, double b) {
        return switch (op) {
            case EQUAL -> a == b;
            case NOT_EQUAL -> a != b;
            case LESS -> a < b;
            case LESS_EQUAL -> a <= b;
            case GREATER -> a > b;
            case GREATER_EQUAL -> a >= b;
            case LOGICAL_AND -> a != 0 && b != 0;
            case LOGICAL_OR -> a != 0 || b != 0;
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    // ------------------------------------------------------------------ binary, long

    /** {@code a op b} on longs (wrapping; floor division with x // 0 == 0; integer power). */
    static long binaryL(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> b == 0 ? 0 : Math.floorDiv(a, b);
            case POWER -> ipow(a, b);
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            default -> predicateL(op, a, b) ? 1 : 0;
        };
    }

    /** Integer power with wrap-around; a negative exponent is an error (NumPy). */
    static long ipow(long base, long exp) {
        if (exp < 0) {
            throw new IllegalArgumentException(NEGATIVE_POWER);
        }
        long r = 1;
        while (exp != 0) {
            if ((exp & 1) != 0) {
                r *= base;
            }
            base *= base;
            exp >>>= 1;
        }
        return r;
    }

    static boolean predicateL(BinaryOp op, long a, long b) {
        return switch (op) {
            case EQUAL -> a == b;
            case NOT_EQUAL -> a != b;
            case LESS -> a < b;
            case LESS_EQUAL -> a <= b;
            case GREATER -> a > b;
            case GREATER_EQUAL -> a >= b;
            case LOGICAL_AND -> a != 0 && b != 0;
            case LOGICAL_OR -> a != 0 || b != 0;
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    // ------------------------------------------------------------------ unary

    /** {@code op(x)} on a double (LOGICAL_NOT gives 0/1). */
    static double unaryD(UnaryOp op, double x) {
        return switch (op) {
            case NEGATIVE -> -x;
            case EXP -> Math.exp(x);
            case LOG -> Math.log(x);
            case SQRT -> Math.sqrt(x);
            case ABS -> Math.abs(x);
            case TANH -> Math.tanh(x);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case SQUARE -> x * x;
            case RECIPROCAL -> 1.0 / x;
            case SIGN -> sign(x);
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            case LOG1P -> Math.log1p(x);
            case EXPM1 -> Math.expm1(x);
        };
    }

    /** NumPy sign: -1, 0 (for both zeros) or 1; NaN stays NaN. */
    static double sign(double x) {
        return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
    }

    /** {@code op(x)} on a long of compute type {@code compute} (transcendentals go through double). */
    static long unaryL(UnaryOp op, long x, FieldType compute) {
        return switch (op) {
            case NEGATIVE -> -x;
            case ABS -> Math.abs(x);
            case SIGN -> Long.signum(x);
            case SQUARE -> x * x;
            case FLOOR, CEIL -> x;
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            // NumPy computes the integer reciprocal as 1.0 / x cast back (so 1/0 is the minimum value)
            case RECIPROCAL -> Convert.d2compute(1.0 / x, compute);
            default -> Convert.d2compute(unaryD(op, (double) x), compute);
        };
    }
}
