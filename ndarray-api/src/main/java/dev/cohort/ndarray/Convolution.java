package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;

/**
 * {@code numpy.convolve}: the discrete linear convolution of two 1-d arrays, composed of distributed
 * element-wise operations: with {@code a} the longer operand (NumPy swaps them) of length {@code n} and
 * {@code v} of length {@code m}, the full result {@code out[i] = sum_k a[i - k] v[k]} (length {@code n + m - 1})
 * is built as {@code m} shifted multiply-adds {@code out[k : k + n] += a * v[k]} (each a tiled launch; {@code v[k]}
 * is a 0-d view, never read back), in increasing {@code k}. Integers and bool give NumPy's values exactly; floats
 * can differ from NumPy's in the last bits (NumPy sums each output as a dot product in another order), and are
 * the same on every number of shards.
 */
final class Convolution {
    private Convolution() {
    }

    static NdArray convolve(NdArray a, NdArray v, String mode) {
        if (!mode.equals("full") && !mode.equals("same") && !mode.equals("valid")) {
            throw new IllegalArgumentException("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
        }
        if (a.ndim() > 1 || v.ndim() > 1) {
            throw new IllegalArgumentException("object too deep for desired array");
        }
        NdArray x = a.ndim() == 0 ? a.reshape(1) : a;
        NdArray w = v.ndim() == 0 ? v.reshape(1) : v;
        if (x.size() == 0) {
            throw new IllegalArgumentException("a cannot be empty");
        }
        if (w.size() == 0) {
            throw new IllegalArgumentException("v cannot be empty");
        }
        if (w.size() > x.size()) {
            NdArray t = x;
            x = w;
            w = t;
        }
        long n = x.size();
        long m = w.size();
        DType type = DType.of(BinaryOp.MULTIPLY.loop(x.dtype().fieldType(), w.dtype().fieldType()).result());
        NdArray out = Creation.full(x.ctx, type, new long[]{n + m - 1}, 0);
        for (long k = 0; k < m; k++) {
            NdArray part = out.get(Slice.of(k, k + n));
            NdArray term = Elementwise.binary(BinaryOp.MULTIPLY, x, w.get(Slice.of(k, k + 1)), null);
            Elementwise.binary(BinaryOp.ADD, part, term, part);
        }
        return switch (mode) {
            case "full" -> out;
            case "same" -> out.get(Slice.of((m - 1) / 2, (m - 1) / 2 + n)).copy();
            default -> out.get(Slice.of(m - 1, n)).copy();
        };
    }
}
