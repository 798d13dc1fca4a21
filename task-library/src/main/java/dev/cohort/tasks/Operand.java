package dev.cohort.tasks;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.region.FieldType;

/**
 * One argument of an array task: either a store requirement of the launch reached through an
 * {@link Access}, or a constant (a Java scalar on either side of an operator).
 */
public sealed interface Operand {
    /** The element type the operand holds. */
    FieldType type();

    /**
     * Requirement {@code requirement} of the launch, of element type {@code type}, reached through {@code access}.
     */
    record StoreOperand(int requirement, FieldType type, Access access) implements Operand {
        public StoreOperand {
            if (requirement < 0) {
                throw new IllegalArgumentException("requirement index must be >= 0, got " + requirement);
            }
        }
    }

    /** A constant with raw {@code bits} of {@code type} (see {@link FieldType}). */
    record Const(FieldType type, long bits) implements Operand {
        public static Const of(double v) {
            return new Const(FieldType.FLOAT64, Double.doubleToRawLongBits(v));
        }

        public static Const of(long v) {
            return new Const(FieldType.INT64, v);
        }

        public static Const of(boolean v) {
            return new Const(FieldType.BOOL, v ? 1 : 0);
        }
    }

    static Operand store(int requirement, FieldType type, Access access) {
        return new StoreOperand(requirement, type, access);
    }
}
