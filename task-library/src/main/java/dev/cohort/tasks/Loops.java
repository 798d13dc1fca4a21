package dev.cohort.tasks;

/**
 * The tight loops of the dense fast paths: one op per loop, unit stride (written by a script,
 * kept by hand: change both forms of a loop together). When every array is at the same offset a
 * loop runs on one index, {@code o[k] = a[k] op b[k]}, which C2 (JDK 17) vectorises for every op,
 * including sqrt, floor, max/min and division; otherwise on {@code o[oo + j] = a[ao + j] op
 * b[bo + j]}, which it vectorises for the plain arithmetic only. Tiled operands of one layout
 * share offsets (0 in each piece), so the first form is the common one.
 */
final class Loops {
    private Loops() {
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} (non-predicate ops). */
    static void binaryD(BinaryOp op, double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            switch (op) {
                case ADD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] + b[k];
                    }
                }
                case SUBTRACT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] - b[k];
                    }
                }
                case MULTIPLY -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] * b[k];
                    }
                }
                case DIVIDE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] / b[k];
                    }
                }
                case MAXIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.max(a[k], b[k]);
                    }
                }
                case MINIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.min(a[k], b[k]);
                    }
                }
                case POWER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.pow(a[k], b[k]);
                    }
                }
                default -> throw new IllegalArgumentException(op + " yields bool");
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
            }
            case SUBTRACT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
            }
            case MULTIPLY -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
            }
            case DIVIDE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / b[bo + j];
                }
            }
            case MAXIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
            }
            case MINIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
            }
            case POWER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.pow(a[ao + j], b[bo + j]);
                }
            }
            default -> throw new IllegalArgumentException(op + " yields bool");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} (non-predicate ops). */
    static void binaryDS(BinaryOp op, double[] o, int oo, double[] a, int ao, double s, int n) {
        if (oo == ao) {
            int end = oo + n;
            switch (op) {
                case ADD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] + s;
                    }
                }
                case SUBTRACT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] - s;
                    }
                }
                case MULTIPLY -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] * s;
                    }
                }
                case DIVIDE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] / s;
                    }
                }
                case MAXIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.max(a[k], s);
                    }
                }
                case MINIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.min(a[k], s);
                    }
                }
                case POWER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.pow(a[k], s);
                    }
                }
                default -> throw new IllegalArgumentException(op + " yields bool");
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + s;
                }
            }
            case SUBTRACT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - s;
                }
            }
            case MULTIPLY -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * s;
                }
            }
            case DIVIDE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / s;
                }
            }
            case MAXIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
            }
            case MINIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
            }
            case POWER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.pow(a[ao + j], s);
                }
            }
            default -> throw new IllegalArgumentException(op + " yields bool");
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} (non-predicate ops). */
    static void binarySD(BinaryOp op, double[] o, int oo, double s, double[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            switch (op) {
                case ADD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = s + b[k];
                    }
                }
                case SUBTRACT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = s - b[k];
                    }
                }
                case MULTIPLY -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = s * b[k];
                    }
                }
                case DIVIDE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = s / b[k];
                    }
                }
                case MAXIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.max(s, b[k]);
                    }
                }
                case MINIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.min(s, b[k]);
                    }
                }
                case POWER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.pow(s, b[k]);
                    }
                }
                default -> throw new IllegalArgumentException(op + " yields bool");
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s + b[bo + j];
                }
            }
            case SUBTRACT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s - b[bo + j];
                }
            }
            case MULTIPLY -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s * b[bo + j];
                }
            }
            case DIVIDE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s / b[bo + j];
                }
            }
            case MAXIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
            }
            case MINIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
            }
            case POWER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.pow(s, b[bo + j]);
                }
            }
            default -> throw new IllegalArgumentException(op + " yields bool");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} as 0/1 (predicates). */
    static void predicateD(BinaryOp op, byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            switch (op) {
                case EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                    }
                }
                case NOT_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                    }
                }
                case LESS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                    }
                }
                case LESS_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                    }
                }
                case GREATER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                    }
                }
                case GREATER_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                    }
                }
                case LOGICAL_AND -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                    }
                }
                case LOGICAL_OR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                    }
                }
                default -> throw new IllegalArgumentException(op + " is not a predicate");
            }
            return;
        }
        switch (op) {
            case EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
            }
            case NOT_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
            }
            case LESS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
            }
            case LESS_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
            }
            case GREATER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
            }
            case GREATER_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
            }
            case LOGICAL_AND -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
            }
            case LOGICAL_OR -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} as 0/1 (predicates). */
    static void predicateDS(BinaryOp op, byte[] o, int oo, double[] a, int ao, double s, int n) {
        if (oo == ao) {
            int end = oo + n;
            switch (op) {
                case EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] == s ? 1 : 0);
                    }
                }
                case NOT_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != s ? 1 : 0);
                    }
                }
                case LESS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] < s ? 1 : 0);
                    }
                }
                case LESS_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] <= s ? 1 : 0);
                    }
                }
                case GREATER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] > s ? 1 : 0);
                    }
                }
                case GREATER_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] >= s ? 1 : 0);
                    }
                }
                case LOGICAL_AND -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 && s != 0 ? 1 : 0);
                    }
                }
                case LOGICAL_OR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 || s != 0 ? 1 : 0);
                    }
                }
                default -> throw new IllegalArgumentException(op + " is not a predicate");
            }
            return;
        }
        switch (op) {
            case EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
                }
            }
            case NOT_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
                }
            }
            case LESS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
                }
            }
            case LESS_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
                }
            }
            case GREATER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
                }
            }
            case GREATER_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
                }
            }
            case LOGICAL_AND -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
                }
            }
            case LOGICAL_OR -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on longs (non-predicate ops). */
    static void binaryL(BinaryOp op, long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            switch (op) {
                case ADD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] + b[k];
                    }
                }
                case SUBTRACT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] - b[k];
                    }
                }
                case MULTIPLY -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] * b[k];
                    }
                }
                case MAXIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.max(a[k], b[k]);
                    }
                }
                case MINIMUM -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.min(a[k], b[k]);
                    }
                }
                case DIVIDE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.binaryL(BinaryOp.DIVIDE, a[k], b[k]);
                    }
                }
                case POWER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.ipow(a[k], b[k]);
                    }
                }
                default -> throw new IllegalArgumentException(op + " yields bool");
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
            }
            case SUBTRACT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
            }
            case MULTIPLY -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
            }
            case MAXIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
            }
            case MINIMUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
            }
            case DIVIDE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.binaryL(BinaryOp.DIVIDE, a[ao + j], b[bo + j]);
                }
            }
            case POWER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.ipow(a[ao + j], b[bo + j]);
                }
            }
            default -> throw new IllegalArgumentException(op + " yields bool");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} as 0/1 on longs (predicates). */
    static void predicateL(BinaryOp op, byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            switch (op) {
                case EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                    }
                }
                case NOT_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                    }
                }
                case LESS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                    }
                }
                case LESS_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                    }
                }
                case GREATER -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                    }
                }
                case GREATER_EQUAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                    }
                }
                case LOGICAL_AND -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                    }
                }
                case LOGICAL_OR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                    }
                }
                default -> throw new IllegalArgumentException(op + " is not a predicate");
            }
            return;
        }
        switch (op) {
            case EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
            }
            case NOT_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
            }
            case LESS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
            }
            case LESS_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
            }
            case GREATER -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
            }
            case GREATER_EQUAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
            }
            case LOGICAL_AND -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
            }
            case LOGICAL_OR -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} (every op but LOGICAL_NOT). */
    static void unaryD(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        if (oo == ao) {
            int end = oo + n;
            switch (op) {
                case NEGATIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = -a[k];
                    }
                }
                case ABS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.abs(a[k]);
                    }
                }
                case SQUARE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k] * a[k];
                    }
                }
                case SQRT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.sqrt(a[k]);
                    }
                }
                case RECIPROCAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = 1.0 / a[k];
                    }
                }
                case FLOOR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.floor(a[k]);
                    }
                }
                case CEIL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.ceil(a[k]);
                    }
                }
                case EXP -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.exp(a[k]);
                    }
                }
                case LOG -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.log(a[k]);
                    }
                }
                case SIN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.sin(a[k]);
                    }
                }
                case COS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.cos(a[k]);
                    }
                }
                case TANH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.tanh(a[k]);
                    }
                }
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Ops.sign(a[k]);
                    }
                }
                case LOG1P -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.log1p(a[k]);
                    }
                }
                case EXPM1 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.expm1(a[k]);
                    }
                }
                default -> throw new IllegalArgumentException(op + " yields bool");
            }
            return;
        }
        switch (op) {
            case NEGATIVE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = -a[ao + j];
                }
            }
            case ABS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.abs(a[ao + j]);
                }
            }
            case SQUARE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * a[ao + j];
                }
            }
            case SQRT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.sqrt(a[ao + j]);
                }
            }
            case RECIPROCAL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = 1.0 / a[ao + j];
                }
            }
            case FLOOR -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.floor(a[ao + j]);
                }
            }
            case CEIL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.ceil(a[ao + j]);
                }
            }
            case EXP -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.exp(a[ao + j]);
                }
            }
            case LOG -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.log(a[ao + j]);
                }
            }
            case SIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.sin(a[ao + j]);
                }
            }
            case COS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.cos(a[ao + j]);
                }
            }
            case TANH -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.tanh(a[ao + j]);
                }
            }
            case SIGN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.sign(a[ao + j]);
                }
            }
            case LOG1P -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.log1p(a[ao + j]);
                }
            }
            case EXPM1 -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.expm1(a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException(op + " yields bool");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on longs of compute type {@code compute}. */
    static void unaryL(UnaryOp op, long[] o, int oo, long[] a, int ao, int n, dev.cohort.runtime.region.FieldType compute) {
        switch (op) {
            case NEGATIVE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = -a[ao + j];
                }
            }
            case ABS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.abs(a[ao + j]);
                }
            }
            case SQUARE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * a[ao + j];
                }
            }
            case SIGN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Long.signum(a[ao + j]);
                }
            }
            case FLOOR -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j];
                }
            }
            case CEIL -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j];
                }
            }
            default -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Ops.unaryL(op, a[ao + j], compute);
                }
            }
        }
    }
}
