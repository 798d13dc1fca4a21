// GENERATED from task-library/src/main/templates/Loops.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The tight loops of the dense fast paths, per dtype (generated): one op per loop, unit stride,
 * straight over an instance's own array ({@code double[]}, {@code float[]}, {@code long[]},
 * {@code int[]}, {@code byte[]}). When every array is at the same offset a loop runs on one index,
 * {@code o[k] = a[k] op b[k]}, which C2 (JDK 17) vectorises for every op, including sqrt, floor,
 * max/min and division; otherwise on {@code o[oo + j] = a[ao + j] op b[bo + j]}, which it vectorises
 * for the plain arithmetic only. Tiled operands of one layout share offsets (0 in each piece), so
 * the first form is the common one. A scalar operand is already converted to the array type.
 * The binary and predicate loops pick the op with an {@code if} chain: inside an enum
 * {@code switch} JDK 17's C2 ran the int32 comparison loop about 1.3x to 2x slower than the same
 * loop alone or after an {@code if} (probe of 1e6 elements, same run).
 *
 * <p>The bits are those of the strided paths (compute in double or long, then convert; see the
 * README's type semantics): float32 {@code + - * /}, max/min, negative, abs and square give the
 * same bits in float as {@code (float)} of the double result, so they run in float, and everything
 * else is {@code (float) Math.f((double) x)}; int32 {@code + - *}, max/min, floor division and the
 * unary ops wrap like {@code (int)} of the long result, so they run in int; bool results are
 * "non-zero" of the long result, and bool arrays hold 0 or 1 (so on bool, add, maximum and
 * logical_or are {@code a | b}, multiply, minimum and logical_and {@code a & b}, and the comparisons are
 * bitwise too: {@code a < b} is {@code (a ^ 1) & b}, {@code a == b} is {@code a ^ b ^ 1}; C2 vectorises those
 * loops, 32 bytes a step, where it left {@code a < b ? 1 : 0} one element at a time).
 *
 * <p>The {@code FieldType}-dispatching forms ({@link #binary}, {@link #binaryVS}, ...) take the
 * arrays as {@code Object} of the dispatch type, and a scalar both as a double (used by the
 * floating types) and as a long (used by the integers and bool).
 */
final class Loops {
    private Loops() {
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on double (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryD(BinaryOp op, double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] / b[k];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.pow(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.floorDivide(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.remainder(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmax(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmin(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.atan2(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.hypot(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(a[k], b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryD(op, a[k], b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.pow(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.floorDivide(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.remainder(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmax(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmin(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.atan2(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.hypot(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(a[ao + j], b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryD(op, a[ao + j], b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on float (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryF(BinaryOp op, float[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        if (widens(op) && apart(o, oo, a, ao, n) && apart(o, oo, b, bo, n)) {
            binaryWidenedF(op, o, oo, a, ao, 0, b, bo, 0, n);
            return;
        }
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] / b[k];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.pow(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.floorDivide(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.remainder(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmax(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmin(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.atan2(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.hypot(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(a[k], (double) b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (float) ScalarMath.binaryD(op, a[k], b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.pow(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.floorDivide(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.remainder(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmax(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmin(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.atan2(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.hypot(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(a[ao + j], (double) b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (float) ScalarMath.binaryD(op, a[ao + j], b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on long (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryL(BinaryOp op, long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.ipow(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorMod(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : a[k] % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] & b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] | b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] ^ b[k];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(a[k], b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryL(op, a[k], b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.ipow(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorMod(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : a[ao + j] % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] & b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] | b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] ^ b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(a[ao + j], b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryL(op, a[ao + j], b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on int (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryI(BinaryOp op, int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (int) ScalarMath.ipow(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorMod(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : a[k] % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] & b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] | b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] ^ b[k];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(a[k], b[k]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(a[k], b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (int) ScalarMath.binaryL(op, a[k], b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (int) ScalarMath.ipow(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorMod(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : a[ao + j] % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] & b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] | b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] ^ b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(a[ao + j], b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(a[ao + j], b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (int) ScalarMath.binaryL(op, a[ao + j], b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on byte (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryZ(BinaryOp op, byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | b[k]);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] - b[k]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & b[k]);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.ipow(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorDiv(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorMod(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : a[k] % b[k]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ b[k]);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shl(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shr(a[k], b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (byte) (ScalarMath.binaryL(op, a[k], b[k]) != 0 ? 1 : 0);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] - b[bo + j]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.ipow(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorDiv(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorMod(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : a[ao + j] % b[bo + j]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shl(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shr(a[ao + j], b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (ScalarMath.binaryL(op, a[ao + j], b[bo + j]) != 0 ? 1 : 0);
            }
        }
    }

    /** {@link #binaryD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void binary(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> binaryD(op, (double[]) o, oo, (double[]) a, ao, (double[]) b, bo, n);
            case FLOAT32 -> binaryF(op, (float[]) o, oo, (float[]) a, ao, (float[]) b, bo, n);
            case INT64 -> binaryL(op, (long[]) o, oo, (long[]) a, ao, (long[]) b, bo, n);
            case INT32 -> binaryI(op, (int[]) o, oo, (int[]) a, ao, (int[]) b, bo, n);
            case BOOL -> binaryZ(op, (byte[]) o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on double (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryDS(BinaryOp op, double[] o, int oo, double[] a, int ao, double s, int n) {
        if (op == BinaryOp.POWER && ScalarMath.powerByScalar(s) != null) {
            unaryD(ScalarMath.powerByScalar(s), o, oo, a, ao, n); // x ** 2, x ** 0.5, x ** -1: the same bits, not pow's cost
            return;
        }
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] / s;
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.pow(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.floorDivide(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.remainder(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmax(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmin(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.atan2(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.hypot(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(a[k], s);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryD(op, a[k], s);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / s;
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.pow(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.floorDivide(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.remainder(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmax(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmin(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.atan2(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.hypot(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(a[ao + j], s);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryD(op, a[ao + j], s);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on float (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryFS(BinaryOp op, float[] o, int oo, float[] a, int ao, float s, int n) {
        if (op == BinaryOp.POWER && ScalarMath.powerByScalar(s) != null) {
            unaryF(ScalarMath.powerByScalar(s), o, oo, a, ao, n); // x ** 2, x ** 0.5, x ** -1: the same bits, not pow's cost
            return;
        }
        if (widens(op) && apart(o, oo, a, ao, n)) {
            binaryWidenedF(op, o, oo, a, ao, 0, null, 0, s, n);
            return;
        }
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] / s;
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.pow(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.floorDivide(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.remainder(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmax(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmin(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.atan2(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.hypot(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(a[k], (double) s);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (float) ScalarMath.binaryD(op, a[k], s);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] / s;
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.pow(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.floorDivide(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.remainder(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmax(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmin(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.atan2(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.hypot(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(a[ao + j], (double) s);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (float) ScalarMath.binaryD(op, a[ao + j], s);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on long (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryLS(BinaryOp op, long[] o, int oo, long[] a, int ao, long s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorDiv(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.ipow(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorDiv(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorMod(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : a[k] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] & s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] | s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] ^ s;
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(a[k], s);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryL(op, a[k], s);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorDiv(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.ipow(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorDiv(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorMod(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : a[ao + j] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] & s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] | s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] ^ s;
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(a[ao + j], s);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryL(op, a[ao + j], s);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on int (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryIS(BinaryOp op, int[] o, int oo, int[] a, int ao, int s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorDiv(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (int) ScalarMath.ipow(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorDiv(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : Math.floorMod(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s == 0 ? 0 : a[k] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] & s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] | s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = a[k] ^ s;
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(a[k], s);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(a[k], s);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (int) ScalarMath.binaryL(op, a[k], s);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] + s;
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] - s;
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] * s;
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorDiv(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (int) ScalarMath.ipow(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorDiv(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : Math.floorMod(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s == 0 ? 0 : a[ao + j] % s;
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] & s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] | s;
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = a[ao + j] ^ s;
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(a[ao + j], s);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(a[ao + j], s);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (int) ScalarMath.binaryL(op, a[ao + j], s);
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on byte (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binaryZS(BinaryOp op, byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | s);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] - s) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & s);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s == 0 ? 0 : Math.floorDiv(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.ipow(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s == 0 ? 0 : Math.floorDiv(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s == 0 ? 0 : Math.floorMod(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s == 0 ? 0 : a[k] % s) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ s);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shl(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shr(a[k], s)) != 0 ? 1 : 0);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (byte) (ScalarMath.binaryL(op, a[k], s) != 0 ? 1 : 0);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | s);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] - s) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & s);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s == 0 ? 0 : Math.floorDiv(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | s);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & s);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.ipow(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s == 0 ? 0 : Math.floorDiv(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s == 0 ? 0 : Math.floorMod(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s == 0 ? 0 : a[ao + j] % s) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | s);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | s);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ s);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shl(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shr(a[ao + j], s)) != 0 ? 1 : 0);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (ScalarMath.binaryL(op, a[ao + j], s) != 0 ? 1 : 0);
            }
        }
    }

    /** {@link #binaryD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void binaryVS(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, double sd, long sl, int n) {
        switch (t) {
            case FLOAT64 -> binaryDS(op, (double[]) o, oo, (double[]) a, ao, sd, n);
            case FLOAT32 -> binaryFS(op, (float[]) o, oo, (float[]) a, ao, (float) sd, n);
            case INT64 -> binaryLS(op, (long[]) o, oo, (long[]) a, ao, sl, n);
            case INT32 -> binaryIS(op, (int[]) o, oo, (int[]) a, ao, (int) sl, n);
            case BOOL -> binaryZS(op, (byte[]) o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on double (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binarySD(BinaryOp op, double[] o, int oo, double s, double[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = s - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = s * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s / b[k];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.pow(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.floorDivide(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.remainder(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmax(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.fmin(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.atan2(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.hypot(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(s, b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryD(op, s, b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s / b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.pow(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.floorDivide(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.remainder(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmax(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.fmin(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.atan2(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.hypot(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(s, b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryD(op, s, b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on float (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binarySF(BinaryOp op, float[] o, int oo, float s, float[] b, int bo, int n) {
        if (widens(op) && apart(o, oo, b, bo, n)) {
            binaryWidenedF(op, o, oo, null, 0, s, b, bo, 0, n);
            return;
        }
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = s - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = s * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = s / b[k];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.pow(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.floorDivide(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.remainder(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmax(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) ScalarMath.fmin(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.atan2(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (float) Math.hypot(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.copySign(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.nextAfter(s, (double) b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (float) ScalarMath.binaryD(op, s, b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s / b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.pow(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.floorDivide(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.remainder(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmax(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) ScalarMath.fmin(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.ARCTAN2) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.atan2(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.HYPOT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (float) Math.hypot(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.COPYSIGN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.copySign(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.NEXTAFTER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.nextAfter(s, (double) b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (float) ScalarMath.binaryD(op, s, b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on long (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binarySL(BinaryOp op, long[] o, int oo, long s, long[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = s - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = s * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.ipow(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorMod(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : s % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = s & b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = s | b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = s ^ b[k];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(s, b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = ScalarMath.binaryL(op, s, b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.ipow(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorMod(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : s % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s & b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s | b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s ^ b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(s, b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = ScalarMath.binaryL(op, s, b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on int (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binarySI(BinaryOp op, int[] o, int oo, int s, int[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = s + b[k];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = s - b[k];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = s * b[k];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (int) ScalarMath.ipow(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorDiv(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : Math.floorMod(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = b[k] == 0 ? 0 : s % b[k];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.max(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = Math.min(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = s & b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = s | b[k];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = s ^ b[k];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shl(s, b[k]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = ScalarMath.shr(s, b[k]);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (int) ScalarMath.binaryL(op, s, b[k]);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s + b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s - b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s * b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (int) ScalarMath.ipow(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : Math.floorMod(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = b[bo + j] == 0 ? 0 : s % b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s & b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s | b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = s ^ b[bo + j];
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shl(s, b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = ScalarMath.shr(s, b[bo + j]);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (int) ScalarMath.binaryL(op, s, b[bo + j]);
            }
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on byte (non-predicate ops; ops without a loop of their own through {@link ScalarMath}). */
    static void binarySZ(BinaryOp op, byte[] o, int oo, byte s, byte[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.ADD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | b[k]);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s - b[k]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & b[k]);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorDiv(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | b[k]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & b[k]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.ipow(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorDiv(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : Math.floorMod(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((b[k] == 0 ? 0 : s % b[k]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | b[k]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | b[k]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s ^ b[k]);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shl(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((ScalarMath.shr(s, b[k])) != 0 ? 1 : 0);
                }
                return;
            }
            for (int k = oo; k < end; k++) {
                o[k] = (byte) (ScalarMath.binaryL(op, s, b[k]) != 0 ? 1 : 0);
            }
        } else {
            if (op == BinaryOp.ADD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.SUBTRACT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s - b[bo + j]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MULTIPLY) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.MAXIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.MINIMUM) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.POWER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.ipow(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FLOOR_DIVIDE) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorDiv(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.REMAINDER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : Math.floorMod(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMOD) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((b[bo + j] == 0 ? 0 : s % b[bo + j]) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.FMAX) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.FMIN) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.BITWISE_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s ^ b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LEFT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shl(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.RIGHT_SHIFT) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((ScalarMath.shr(s, b[bo + j])) != 0 ? 1 : 0);
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (ScalarMath.binaryL(op, s, b[bo + j]) != 0 ? 1 : 0);
            }
        }
    }

    /** {@link #binaryD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void binarySV(FieldType t, BinaryOp op, Object o, int oo, double sd, long sl, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> binarySD(op, (double[]) o, oo, sd, (double[]) b, bo, n);
            case FLOAT32 -> binarySF(op, (float[]) o, oo, (float) sd, (float[]) b, bo, n);
            case INT64 -> binarySL(op, (long[]) o, oo, sl, (long[]) b, bo, n);
            case INT32 -> binarySI(op, (int[]) o, oo, (int) sl, (int[]) b, bo, n);
            case BOOL -> binarySZ(op, (byte[]) o, oo, (byte) sl, (byte[]) b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on double (predicates, 0 or 1). */
    static void predicateD(BinaryOp op, byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on float (predicates, 0 or 1). */
    static void predicateF(BinaryOp op, byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on long (predicates, 0 or 1). */
    static void predicateL(BinaryOp op, byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on int (predicates, 0 or 1). */
    static void predicateI(BinaryOp op, byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} on byte (predicates, 0 or 1). */
    static void predicateZ(BinaryOp op, byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        if (oo == ao && ao == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ b[k] ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ b[k]);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] ^ 1) & b[k]);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] ^ 1) | b[k]);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & (b[k] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | (b[k] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & b[k]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | b[k]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ b[bo + j] ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] ^ 1) & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] ^ 1) | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & (b[bo + j] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | (b[bo + j] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@link #predicateD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void predicate(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> predicateD(op, (byte[]) o, oo, (double[]) a, ao, (double[]) b, bo, n);
            case FLOAT32 -> predicateF(op, (byte[]) o, oo, (float[]) a, ao, (float[]) b, bo, n);
            case INT64 -> predicateL(op, (byte[]) o, oo, (long[]) a, ao, (long[]) b, bo, n);
            case INT32 -> predicateI(op, (byte[]) o, oo, (int[]) a, ao, (int[]) b, bo, n);
            case BOOL -> predicateZ(op, (byte[]) o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on double (predicates, 0 or 1). */
    static void predicateDS(BinaryOp op, byte[] o, int oo, double[] a, int ao, double s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on float (predicates, 0 or 1). */
    static void predicateFS(BinaryOp op, byte[] o, int oo, float[] a, int ao, float s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on long (predicates, 0 or 1). */
    static void predicateLS(BinaryOp op, byte[] o, int oo, long[] a, int ao, long s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on int (predicates, 0 or 1). */
    static void predicateIS(BinaryOp op, byte[] o, int oo, int[] a, int ao, int s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = a[ao + j] op s} on byte (predicates, 0 or 1). */
    static void predicateZS(BinaryOp op, byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        if (oo == ao) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ s ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] ^ s);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] ^ 1) & s);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] ^ 1) | s);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & (s ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | (s ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] & s);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (a[k] | s);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((a[k] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ s ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] ^ s);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] ^ 1) & s);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] ^ 1) | s);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & (s ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | (s ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] & s);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] | s);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@link #predicateD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void predicateVS(FieldType t, BinaryOp op, Object o, int oo, Object a, int ao, double sd, long sl, int n) {
        switch (t) {
            case FLOAT64 -> predicateDS(op, (byte[]) o, oo, (double[]) a, ao, sd, n);
            case FLOAT32 -> predicateFS(op, (byte[]) o, oo, (float[]) a, ao, (float) sd, n);
            case INT64 -> predicateLS(op, (byte[]) o, oo, (long[]) a, ao, sl, n);
            case INT32 -> predicateIS(op, (byte[]) o, oo, (int[]) a, ao, (int) sl, n);
            case BOOL -> predicateZS(op, (byte[]) o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on double (predicates, 0 or 1). */
    static void predicateSD(BinaryOp op, byte[] o, int oo, double s, double[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on float (predicates, 0 or 1). */
    static void predicateSF(BinaryOp op, byte[] o, int oo, float s, float[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on long (predicates, 0 or 1). */
    static void predicateSL(BinaryOp op, byte[] o, int oo, long s, long[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on int (predicates, 0 or 1). */
    static void predicateSI(BinaryOp op, byte[] o, int oo, int s, int[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s == b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s < b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s <= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s > b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s >= b[k] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 && b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s != 0 || b[k] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s == b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s < b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s <= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s > b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s >= b[bo + j] ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 && b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s != 0 || b[bo + j] != 0 ? 1 : 0);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@code o[oo + j] = s op b[bo + j]} on byte (predicates, 0 or 1). */
    static void predicateSZ(BinaryOp op, byte[] o, int oo, byte s, byte[] b, int bo, int n) {
        if (oo == bo) {
            int end = oo + n;
            if (op == BinaryOp.EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s ^ b[k] ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s ^ b[k]);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s ^ 1) & b[k]);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s ^ 1) | b[k]);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & (b[k] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | (b[k] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s & b[k]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) (s | b[k]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int k = oo; k < end; k++) {
                    o[k] = (byte) ((s != 0) != (b[k] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        } else {
            if (op == BinaryOp.EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s ^ b[bo + j] ^ 1);
                }
                return;
            }
            if (op == BinaryOp.NOT_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s ^ b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LESS) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s ^ 1) & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LESS_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s ^ 1) | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.GREATER) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & (b[bo + j] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.GREATER_EQUAL) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | (b[bo + j] ^ 1));
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_AND) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s & b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_OR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (s | b[bo + j]);
                }
                return;
            }
            if (op == BinaryOp.LOGICAL_XOR) {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) ((s != 0) != (b[bo + j] != 0) ? 1 : 0);
                }
                return;
            }
            throw new IllegalArgumentException(op + " is not a predicate");
        }
    }

    /** {@link #predicateD} and its siblings by element type {@code t} (arrays of type {@code t}). */
    static void predicateSV(FieldType t, BinaryOp op, Object o, int oo, double sd, long sl, Object b, int bo, int n) {
        switch (t) {
            case FLOAT64 -> predicateSD(op, (byte[]) o, oo, sd, (double[]) b, bo, n);
            case FLOAT32 -> predicateSF(op, (byte[]) o, oo, (float) sd, (float[]) b, bo, n);
            case INT64 -> predicateSL(op, (byte[]) o, oo, sl, (long[]) b, bo, n);
            case INT32 -> predicateSI(op, (byte[]) o, oo, (int) sl, (int[]) b, bo, n);
            case BOOL -> predicateSZ(op, (byte[]) o, oo, (byte) sl, (byte[]) b, bo, n);
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on double (the others, bool-valued ones as 0 or 1, through {@link ScalarMath#unaryD}). */
    static void unaryD(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        if (Float64Functions.covers(op)) {
            // exp and log: fdlibm's bits, four lanes at a time (Float64Functions)
            Float64Functions.apply(op, o, oo, a, ao, n);
            return;
        }
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
                        o[k] = Float64Functions.exp(a[k]);
                    }
                }
                case LOG -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Float64Functions.log(a[k]);
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
                        o[k] = Fdlibm.tanh(a[k]);
                    }
                }
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.sign(a[k]);
                    }
                }
                case LOG1P -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Fdlibm.log1p(a[k]);
                    }
                }
                case EXPM1 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Fdlibm.expm1(a[k]);
                    }
                }
                case TRUNC -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.trunc(a[k]);
                    }
                }
                case RINT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.rint(a[k]);
                    }
                }
                case LOG10 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.log10(a[k]);
                    }
                }
                case LOG2 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.log2(a[k]);
                    }
                }
                case EXP2 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.pow(2.0, a[k]);
                    }
                }
                case SINH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.sinh(a[k]);
                    }
                }
                case COSH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.cosh(a[k]);
                    }
                }
                case TAN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.tan(a[k]);
                    }
                }
                case ARCSIN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.asin(a[k]);
                    }
                }
                case ARCCOS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.acos(a[k]);
                    }
                }
                case ARCTAN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.atan(a[k]);
                    }
                }
                case ARCSINH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.asinh(a[k]);
                    }
                }
                case ARCCOSH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.acosh(a[k]);
                    }
                }
                case ARCTANH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.atanh(a[k]);
                    }
                }
                case CBRT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Math.cbrt(a[k]);
                    }
                }
                case ERF -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Erf.erf(a[k]);
                    }
                }
                case DEG2RAD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (a[k] * ScalarMath.DEG2RAD);
                    }
                }
                case RAD2DEG -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (a[k] * ScalarMath.RAD2DEG);
                    }
                }
                case POSITIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                default -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.unaryD(op, a[k]);
                    }
                }
            }
        } else {
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
                        o[oo + j] = Float64Functions.exp(a[ao + j]);
                    }
                }
                case LOG -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Float64Functions.log(a[ao + j]);
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
                        o[oo + j] = Fdlibm.tanh(a[ao + j]);
                    }
                }
                case SIGN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.sign(a[ao + j]);
                    }
                }
                case LOG1P -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Fdlibm.log1p(a[ao + j]);
                    }
                }
                case EXPM1 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Fdlibm.expm1(a[ao + j]);
                    }
                }
                case TRUNC -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.trunc(a[ao + j]);
                    }
                }
                case RINT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.rint(a[ao + j]);
                    }
                }
                case LOG10 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.log10(a[ao + j]);
                    }
                }
                case LOG2 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.log2(a[ao + j]);
                    }
                }
                case EXP2 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.pow(2.0, a[ao + j]);
                    }
                }
                case SINH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.sinh(a[ao + j]);
                    }
                }
                case COSH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.cosh(a[ao + j]);
                    }
                }
                case TAN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.tan(a[ao + j]);
                    }
                }
                case ARCSIN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.asin(a[ao + j]);
                    }
                }
                case ARCCOS -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.acos(a[ao + j]);
                    }
                }
                case ARCTAN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.atan(a[ao + j]);
                    }
                }
                case ARCSINH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.asinh(a[ao + j]);
                    }
                }
                case ARCCOSH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.acosh(a[ao + j]);
                    }
                }
                case ARCTANH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.atanh(a[ao + j]);
                    }
                }
                case CBRT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Math.cbrt(a[ao + j]);
                    }
                }
                case ERF -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = Erf.erf(a[ao + j]);
                    }
                }
                case DEG2RAD -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (a[ao + j] * ScalarMath.DEG2RAD);
                    }
                }
                case RAD2DEG -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (a[ao + j] * ScalarMath.RAD2DEG);
                    }
                }
                case POSITIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.unaryD(op, a[ao + j]);
                    }
                }
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] == 0 ? 1 : 0} on double (NumPy's logical_not; NaN is true, so gives 0). */
    static void logicalNotD(byte[] o, int oo, double[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} on double for the bool-valued ops (0 or 1): isnan, isinf, isfinite,
     * signbit (the sign bit, a NaN's too; integers: {@code x < 0}), logical_not.
     */
    static void unaryPredicateD(UnaryOp op, byte[] o, int oo, double[] a, int ao, int n) {
        switch (op) {
            case ISNAN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != a[ao + j] ? 1 : 0);
                }
            }
            case ISINF -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Double.isInfinite(a[ao + j]) ? 1 : 0);
                }
            }
            case ISFINITE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Double.isFinite(a[ao + j]) ? 1 : 0);
                }
            }
            case SIGNBIT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Double.doubleToRawLongBits(a[ao + j]) < 0 ? 1 : 0);
                }
            }
            case LOGICAL_NOT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a bool-valued unary op");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on float (the others, bool-valued ones as 0 or 1, through {@link ScalarMath#unaryD}). */
    static void unaryF(UnaryOp op, float[] o, int oo, float[] a, int ao, int n) {
        if (widens(op) && apart(o, oo, a, ao, n)) {
            unaryWidenedF(op, o, oo, a, ao, n);
            return;
        }
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
                        o[k] = (float) Math.sqrt(a[k]);
                    }
                }
                case RECIPROCAL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = 1.0f / a[k];
                    }
                }
                case FLOOR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.floor(a[k]);
                    }
                }
                case CEIL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.ceil(a[k]);
                    }
                }
                case EXP -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.exp(a[k]);
                    }
                }
                case LOG -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.log(a[k]);
                    }
                }
                case SIN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.trig(a[k], 0);
                    }
                }
                case COS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.trig(a[k], 1);
                    }
                }
                case TANH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.tanh(a[k]);
                    }
                }
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.sign(a[k]);
                    }
                }
                case LOG1P -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.log1p(a[k]);
                    }
                }
                case EXPM1 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Float32Functions.expm1(a[k]);
                    }
                }
                case TRUNC -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.trunc(a[k]);
                    }
                }
                case RINT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.rint(a[k]);
                    }
                }
                case LOG10 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.log10(a[k]);
                    }
                }
                case LOG2 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.log2(a[k]);
                    }
                }
                case EXP2 -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.pow(2.0, a[k]);
                    }
                }
                case SINH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.sinh(a[k]);
                    }
                }
                case COSH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.cosh(a[k]);
                    }
                }
                case TAN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.tan(a[k]);
                    }
                }
                case ARCSIN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.asin(a[k]);
                    }
                }
                case ARCCOS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.acos(a[k]);
                    }
                }
                case ARCTAN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.atan(a[k]);
                    }
                }
                case ARCSINH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.asinh(a[k]);
                    }
                }
                case ARCCOSH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.acosh(a[k]);
                    }
                }
                case ARCTANH -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.atanh(a[k]);
                    }
                }
                case CBRT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Math.cbrt(a[k]);
                    }
                }
                case ERF -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) Erf.erf(a[k]);
                    }
                }
                case DEG2RAD -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) (a[k] * ScalarMath.DEG2RAD);
                    }
                }
                case RAD2DEG -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) (a[k] * ScalarMath.RAD2DEG);
                    }
                }
                case POSITIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                default -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (float) ScalarMath.unaryD(op, a[k]);
                    }
                }
            }
        } else {
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
                        o[oo + j] = (float) Math.sqrt(a[ao + j]);
                    }
                }
                case RECIPROCAL -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = 1.0f / a[ao + j];
                    }
                }
                case FLOOR -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.floor(a[ao + j]);
                    }
                }
                case CEIL -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.ceil(a[ao + j]);
                    }
                }
                case EXP -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.exp(a[ao + j]);
                    }
                }
                case LOG -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.log(a[ao + j]);
                    }
                }
                case SIN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.trig(a[ao + j], 0);
                    }
                }
                case COS -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.trig(a[ao + j], 1);
                    }
                }
                case TANH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.tanh(a[ao + j]);
                    }
                }
                case SIGN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.sign(a[ao + j]);
                    }
                }
                case LOG1P -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.log1p(a[ao + j]);
                    }
                }
                case EXPM1 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Float32Functions.expm1(a[ao + j]);
                    }
                }
                case TRUNC -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.trunc(a[ao + j]);
                    }
                }
                case RINT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.rint(a[ao + j]);
                    }
                }
                case LOG10 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.log10(a[ao + j]);
                    }
                }
                case LOG2 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.log2(a[ao + j]);
                    }
                }
                case EXP2 -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.pow(2.0, a[ao + j]);
                    }
                }
                case SINH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.sinh(a[ao + j]);
                    }
                }
                case COSH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.cosh(a[ao + j]);
                    }
                }
                case TAN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.tan(a[ao + j]);
                    }
                }
                case ARCSIN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.asin(a[ao + j]);
                    }
                }
                case ARCCOS -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.acos(a[ao + j]);
                    }
                }
                case ARCTAN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.atan(a[ao + j]);
                    }
                }
                case ARCSINH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.asinh(a[ao + j]);
                    }
                }
                case ARCCOSH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.acosh(a[ao + j]);
                    }
                }
                case ARCTANH -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.atanh(a[ao + j]);
                    }
                }
                case CBRT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Math.cbrt(a[ao + j]);
                    }
                }
                case ERF -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) Erf.erf(a[ao + j]);
                    }
                }
                case DEG2RAD -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) (a[ao + j] * ScalarMath.DEG2RAD);
                    }
                }
                case RAD2DEG -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) (a[ao + j] * ScalarMath.RAD2DEG);
                    }
                }
                case POSITIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (float) ScalarMath.unaryD(op, a[ao + j]);
                    }
                }
            }
        }
    }

    /**
     * True for the float32 binary ops computed as {@code (float) f((double) x, (double) y)} with {@code f} a library
     * function ({@code ScalarMath.pow}, {@code Math.atan2}, {@code Math.hypot}): {@link #binaryWidenedF} runs them.
     */
    static boolean widens(BinaryOp op) {
        return op == BinaryOp.POWER || op == BinaryOp.ARCTAN2 || op == BinaryOp.HYPOT;
    }

    /** True when {@code o[oo, oo + n)} and {@code a[ao, ao + n)} are other arrays, the same elements, or disjoint. */
    static boolean apart(float[] o, int oo, float[] a, int ao, int n) {
        return o != a || oo == ao || oo + n <= ao || ao + n <= oo;
    }

    /**
     * {@code o[oo + j] = (float) f((double) x_j, (double) y_j)} with {@code x_j = a[ao + j]} ({@code sa} when
     * {@code a} is null) and {@code y_j} likewise from {@code b}, {@code sb}: the bits of {@link #binaryF}'s own loops,
     * in double chunks as {@link #unaryWidenedF} (the same JDK 17 slowdown: {@code Math.pow} over floats element by
     * element).
     */
    static void binaryWidenedF(BinaryOp op, float[] o, int oo, float[] a, int ao, float sa, float[] b, int bo, float sb, int n) {
        Scratch scratch = Scratch.get();
        double[] x = scratch.widen;
        double[] y = scratch.widen2;
        for (int c = 0; c < n; c += x.length) {
            int m = Math.min(x.length, n - c);
            if (a != null) {
                for (int j = 0; j < m; j++) {
                    x[j] = a[ao + c + j];
                }
            }
            if (b != null) {
                for (int j = 0; j < m; j++) {
                    y[j] = b[bo + c + j];
                }
            }
            if (op == BinaryOp.POWER) {
                // float32 power from exp(y log x) where that rounds unambiguously, else Math.pow: the same bits
                if (a == null) {
                    java.util.Arrays.fill(x, 0, m, sa);
                }
                if (b == null) {
                    java.util.Arrays.fill(y, 0, m, sb);
                }
                Float32Functions.pow(x, 0, x, 0, y, 0, m);
            } else if (a == null) {
                binarySD(op, y, 0, sa, y, 0, m);
            } else if (b == null) {
                binaryDS(op, x, 0, x, 0, sb, m);
            } else {
                binaryD(op, x, 0, x, 0, y, 0, m);
            }
            double[] r = a == null && op != BinaryOp.POWER ? y : x;
            for (int j = 0; j < m; j++) {
                o[oo + c + j] = (float) r[j];
            }
        }
    }

    /**
     * True for the float32 unary ops computed as {@code (float) f((double) x)} with {@code f} a library function
     * ({@code Math.exp}, {@link Fdlibm#tanh}, {@link Erf#erf}, ...): {@link #unaryWidenedF} runs them.
     */
    static boolean widens(UnaryOp op) {
        return switch (op) {
            case NEGATIVE, ABS, SQUARE, SQRT, RECIPROCAL, FLOOR, CEIL, SIGN, TRUNC, RINT, DEG2RAD, RAD2DEG, POSITIVE -> false;
            default -> true;
        };
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} computed in {@code compute} over doubles (float32 values held as doubles when
     * {@code compute} is float32; the caller rounds): {@link Float32Functions} for the float32 ops it covers, else
     * {@link #unaryD}. The one place the strided rows and {@link #unaryWidenedF} choose between the two.
     */
    static void unaryIn(FieldType compute, UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        if (Float32Functions.owns(compute, op)) {
            Float32Functions.apply(op, o, oo, a, ao, n);
        } else {
            unaryD(op, o, oo, a, ao, n);
        }
    }

    /**
     * {@code o[oo + j] = (float) f((double) a[ao + j])}, the bits of {@link #unaryF}'s own loops, in chunks of
     * {@link Scratch#WIDEN} elements: widened into a double buffer, {@link #unaryIn} over it ({@link Float32Functions}
     * for the ops it covers), narrowed back. The
     * same function over a {@code float[]} element by element ran 3-4x slower than over a {@code double[]} in
     * JDK 17's C2 ({@code Math.exp}: 20 against 5.5 ns an element; {@code Math.tanh}: 57 against 21 ns; x86-64
     * with AVX-512, a probe of 2^20 elements in one run), while the chunked form takes the double loop's time plus
     * the conversions (7.5 and 21 ns). Out must not overlap {@code a} at another offset (the caller checks).
     */
    static void unaryWidenedF(UnaryOp op, float[] o, int oo, float[] a, int ao, int n) {
        double[] buf = Scratch.get().widen;
        for (int c = 0; c < n; c += buf.length) {
            int m = Math.min(buf.length, n - c);
            for (int j = 0; j < m; j++) {
                buf[j] = a[ao + c + j];
            }
            unaryIn(FieldType.FLOAT32, op, buf, 0, buf, 0, m);
            for (int j = 0; j < m; j++) {
                o[oo + c + j] = (float) buf[j];
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] == 0 ? 1 : 0} on float (NumPy's logical_not; NaN is true, so gives 0). */
    static void logicalNotF(byte[] o, int oo, float[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} on float for the bool-valued ops (0 or 1): isnan, isinf, isfinite,
     * signbit (the sign bit, a NaN's too; integers: {@code x < 0}), logical_not.
     */
    static void unaryPredicateF(UnaryOp op, byte[] o, int oo, float[] a, int ao, int n) {
        switch (op) {
            case ISNAN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] != a[ao + j] ? 1 : 0);
                }
            }
            case ISINF -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Float.isInfinite(a[ao + j]) ? 1 : 0);
                }
            }
            case ISFINITE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Float.isFinite(a[ao + j]) ? 1 : 0);
                }
            }
            case SIGNBIT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (Float.floatToRawIntBits(a[ao + j]) < 0 ? 1 : 0);
                }
            }
            case LOGICAL_NOT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a bool-valued unary op");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on long (the others through {@link ScalarMath#unaryL} in {@code compute}). */
    static void unaryL(UnaryOp op, long[] o, int oo, long[] a, int ao, int n, FieldType compute) {
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
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Long.signum(a[k]);
                    }
                }
                case FLOOR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case CEIL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case TRUNC -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case POSITIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case INVERT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = compute == FieldType.BOOL ? a[k] ^ 1 : ~a[k];
                    }
                }
                default -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = ScalarMath.unaryL(op, a[k], compute);
                    }
                }
            }
        } else {
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
                case TRUNC -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                case POSITIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                case INVERT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = compute == FieldType.BOOL ? a[ao + j] ^ 1 : ~a[ao + j];
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = ScalarMath.unaryL(op, a[ao + j], compute);
                    }
                }
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] == 0 ? 1 : 0} on long (NumPy's logical_not; NaN is true, so gives 0). */
    static void logicalNotL(byte[] o, int oo, long[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} on long for the bool-valued ops (0 or 1): isnan, isinf, isfinite,
     * signbit (the sign bit, a NaN's too; integers: {@code x < 0}), logical_not.
     */
    static void unaryPredicateL(UnaryOp op, byte[] o, int oo, long[] a, int ao, int n) {
        switch (op) {
            case ISNAN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISINF -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISFINITE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (true ? 1 : 0);
                }
            }
            case SIGNBIT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < 0 ? 1 : 0);
                }
            }
            case LOGICAL_NOT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a bool-valued unary op");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on int (the others through {@link ScalarMath#unaryL} in {@code compute}). */
    static void unaryI(UnaryOp op, int[] o, int oo, int[] a, int ao, int n, FieldType compute) {
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
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = Integer.signum(a[k]);
                    }
                }
                case FLOOR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case CEIL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case TRUNC -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case POSITIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = a[k];
                    }
                }
                case INVERT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = compute == FieldType.BOOL ? a[k] ^ 1 : ~a[k];
                    }
                }
                default -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (int) ScalarMath.unaryL(op, a[k], compute);
                    }
                }
            }
        } else {
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
                        o[oo + j] = Integer.signum(a[ao + j]);
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
                case TRUNC -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                case POSITIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = a[ao + j];
                    }
                }
                case INVERT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = compute == FieldType.BOOL ? a[ao + j] ^ 1 : ~a[ao + j];
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (int) ScalarMath.unaryL(op, a[ao + j], compute);
                    }
                }
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] == 0 ? 1 : 0} on int (NumPy's logical_not; NaN is true, so gives 0). */
    static void logicalNotI(byte[] o, int oo, int[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} on int for the bool-valued ops (0 or 1): isnan, isinf, isfinite,
     * signbit (the sign bit, a NaN's too; integers: {@code x < 0}), logical_not.
     */
    static void unaryPredicateI(UnaryOp op, byte[] o, int oo, int[] a, int ao, int n) {
        switch (op) {
            case ISNAN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISINF -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISFINITE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (true ? 1 : 0);
                }
            }
            case SIGNBIT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < 0 ? 1 : 0);
                }
            }
            case LOGICAL_NOT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a bool-valued unary op");
        }
    }

    /** {@code o[oo + j] = op(a[ao + j])} on byte (the others through {@link ScalarMath#unaryL} in {@code compute}). */
    static void unaryZ(UnaryOp op, byte[] o, int oo, byte[] a, int ao, int n, FieldType compute) {
        if (oo == ao) {
            int end = oo + n;
            switch (op) {
                case NEGATIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((-a[k]) != 0 ? 1 : 0);
                    }
                }
                case ABS -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((Math.abs(a[k])) != 0 ? 1 : 0);
                    }
                }
                case SQUARE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k] * a[k]) != 0 ? 1 : 0);
                    }
                }
                case SIGN -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((Integer.signum(a[k])) != 0 ? 1 : 0);
                    }
                }
                case FLOOR -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k]) != 0 ? 1 : 0);
                    }
                }
                case CEIL -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k]) != 0 ? 1 : 0);
                    }
                }
                case TRUNC -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k]) != 0 ? 1 : 0);
                    }
                }
                case POSITIVE -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k]) != 0 ? 1 : 0);
                    }
                }
                case INVERT -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) ((a[k] ^ 1) != 0 ? 1 : 0);
                    }
                }
                default -> {
                    for (int k = oo; k < end; k++) {
                        o[k] = (byte) (ScalarMath.unaryL(op, a[k], compute) != 0 ? 1 : 0);
                    }
                }
            }
        } else {
            switch (op) {
                case NEGATIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((-a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case ABS -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((Math.abs(a[ao + j])) != 0 ? 1 : 0);
                    }
                }
                case SQUARE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j] * a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case SIGN -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((Integer.signum(a[ao + j])) != 0 ? 1 : 0);
                    }
                }
                case FLOOR -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case CEIL -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case TRUNC -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case POSITIVE -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j]) != 0 ? 1 : 0);
                    }
                }
                case INVERT -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) ((a[ao + j] ^ 1) != 0 ? 1 : 0);
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        o[oo + j] = (byte) (ScalarMath.unaryL(op, a[ao + j], compute) != 0 ? 1 : 0);
                    }
                }
            }
        }
    }

    /** {@code o[oo + j] = a[ao + j] == 0 ? 1 : 0} on byte (NumPy's logical_not; NaN is true, so gives 0). */
    static void logicalNotZ(byte[] o, int oo, byte[] a, int ao, int n) {
        if (oo == ao) {
            // one index, as the binary loops' first form: C2 vectorises this one (1e5 elements: 3.0 us against 15-20
            // for the form below, measured here)
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = (byte) (a[k] ^ 1);
            }
            return;
        }
        for (int j = 0; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] ^ 1);   // bool holds 0 or 1: a vectorised xor
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} on byte for the bool-valued ops (0 or 1): isnan, isinf, isfinite,
     * signbit (the sign bit, a NaN's too; integers: {@code x < 0}), logical_not.
     */
    static void unaryPredicateZ(UnaryOp op, byte[] o, int oo, byte[] a, int ao, int n) {
        switch (op) {
            case ISNAN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISINF -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (false ? 1 : 0);
                }
            }
            case ISFINITE -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (true ? 1 : 0);
                }
            }
            case SIGNBIT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] < 0 ? 1 : 0);
                }
            }
            case LOGICAL_NOT -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) (a[ao + j] == 0 ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(op + " is not a bool-valued unary op");
        }
    }

    /** {@link #unaryD} and its siblings by element type {@code t}; {@code compute} is t's (integers only). */
    static void unary(FieldType t, UnaryOp op, Object o, int oo, Object a, int ao, int n) {
        switch (t) {
            case FLOAT64 -> unaryD(op, (double[]) o, oo, (double[]) a, ao, n);
            case FLOAT32 -> unaryF(op, (float[]) o, oo, (float[]) a, ao, n);
            case INT64 -> unaryL(op, (long[]) o, oo, (long[]) a, ao, n, t);
            case INT32 -> unaryI(op, (int[]) o, oo, (int[]) a, ao, n, t);
            case BOOL -> unaryZ(op, (byte[]) o, oo, (byte[]) a, ao, n, t);
        }
    }

    /** {@link #unaryPredicateD} and its siblings by the element type {@code t} of {@code a}. */
    static void unaryPredicate(FieldType t, UnaryOp op, byte[] o, int oo, Object a, int ao, int n) {
        switch (t) {
            case FLOAT64 -> unaryPredicateD(op, o, oo, (double[]) a, ao, n);
            case FLOAT32 -> unaryPredicateF(op, o, oo, (float[]) a, ao, n);
            case INT64 -> unaryPredicateL(op, o, oo, (long[]) a, ao, n);
            case INT32 -> unaryPredicateI(op, o, oo, (int[]) a, ao, n);
            case BOOL -> unaryPredicateZ(op, o, oo, (byte[]) a, ao, n);
        }
    }

    /** {@link #logicalNotD} and its siblings by the element type {@code t} of {@code a}. */
    static void logicalNot(FieldType t, byte[] o, int oo, Object a, int ao, int n) {
        switch (t) {
            case FLOAT64 -> logicalNotD(o, oo, (double[]) a, ao, n);
            case FLOAT32 -> logicalNotF(o, oo, (float[]) a, ao, n);
            case INT64 -> logicalNotL(o, oo, (long[]) a, ao, n);
            case INT32 -> logicalNotI(o, oo, (int[]) a, ao, n);
            case BOOL -> logicalNotZ(o, oo, (byte[]) a, ao, n);
        }
    }
}
