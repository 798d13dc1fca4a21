package dev.cohort.ndarray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NumPy's products beyond 2-d {@code matmul}/{@code dot} ({@link LinearAlgebra}): batched {@code matmul}
 * of n-d operands, {@code dot} of n-d operands, {@code outer}, {@code inner}, {@code vdot},
 * {@code tensordot}, {@code einsum} and {@code kron}, composed from views (transpose, newaxis), the
 * distributed element-wise multiply and sum reductions, and the 2-d GEMM, so they run tiled over the
 * shards like those operations. The dtype is NumPy's: the promoted dtype of the operands (bool stays
 * bool: a logical or of ands).
 */
final class Products {
    private Products() {
    }

    private static final String MATMUL_SIG = "(n?,k),(k,m?)->(n?,m?)";

    /** The promoted dtype of a product of {@code a} and {@code b} (NumPy keeps it, bool included). */
    private static DType productType(NdArray a, NdArray b) {
        return DType.promote(a.dtype(), b.dtype());
    }

    /** Sum of {@code p} over {@code axis}, in the product dtype {@code t} (bool: any). */
    private static NdArray contract(NdArray p, int axis, DType t) {
        if (t == DType.BOOL) {
            return p.any(axis);
        }
        NdArray s = p.sum(axis);
        return s.dtype() == t ? s : s.astype(t);
    }

    /**
     * NumPy {@code matmul} when an operand has more than 2 dimensions: the stacks of matrices in the last two
     * dimensions, the leading (batch) dimensions broadcast; a 1-d operand is a row (a) or column (b) vector
     * whose dimension is removed from the result. Computed as {@code sum(a[..., :, :, None] * b[..., None, :, :],
     * axis=-2)} (a temporary of shape {@code (..., n, k, m)}, tiled like any element-wise operation).
     */
    static NdArray matmulBatched(NdArray a, NdArray b) {
        if (a.ndim() == 0 || b.ndim() == 0) {
            throw new ShapeMismatchException("matmul: Input operand " + (a.ndim() == 0 ? 0 : 1)
                    + " does not have enough dimensions (has 0, gufunc core with signature " + MATMUL_SIG + " requires 1)");
        }
        boolean aVec = a.ndim() == 1;
        boolean bVec = b.ndim() == 1;
        NdArray a2 = aVec ? a.get(Slice.NEWAXIS, Slice.all()) : a;
        NdArray b2 = bVec ? b.get(Slice.all(), Slice.NEWAXIS) : b;
        long ka = a2.shape[a2.ndim() - 1];
        long kb = b2.shape[b2.ndim() - 2];
        if (ka != kb) {
            throw new ShapeMismatchException("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    + MATMUL_SIG + " (size " + kb + " is different from " + ka + ")");
        }
        long[] ba = LinalgFunctions.head(a2.shape, 2);
        long[] bb = LinalgFunctions.head(b2.shape, 2);
        long[] batch;
        try {
            batch = Shapes.broadcast(ba, bb);
        } catch (ShapeMismatchException e) {
            throw new ShapeMismatchException("operands could not be broadcast together with remapped shapes [original->remapped]: "
                    + Shapes.str(a.shape) + "->" + remapped(ba) + " " + Shapes.str(b.shape) + "->" + remapped(bb)
                    + "  and requested shape " + Shapes.str(new long[]{a2.shape[a2.ndim() - 2], b2.shape[b2.ndim() - 1]}));
        }
        DType t = productType(a, b);
        NdArray left = a2.get(Slice.ELLIPSIS, Slice.all(), Slice.all(), Slice.NEWAXIS);   // (..., n, k, 1)
        NdArray right = b2.get(Slice.ELLIPSIS, Slice.NEWAXIS, Slice.all(), Slice.all());  // (..., 1, k, m)
        NdArray p = left.multiply(right);                                                 // (..., n, k, m)
        NdArray r = contract(p, p.ndim() - 2, t);                                         // (..., n, m)
        if (aVec && bVec) {
            return r.reshape(batch);
        }
        if (aVec) {
            return r.reshape(LinalgFunctions.concat(batch, new long[]{r.shape[r.ndim() - 1]}));
        }
        if (bVec) {
            return r.reshape(LinalgFunctions.concat(batch, new long[]{r.shape[r.ndim() - 2]}));
        }
        return r;
    }

    private static String remapped(long[] batch) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < batch.length; i++) {
            s.append(i > 0 ? "," : "").append(batch[i]);
        }
        return s.append(batch.length == 0 ? "newaxis,newaxis)" : ",newaxis,newaxis)").toString();
    }

    /** NumPy {@code dot} of n-d operands: {@code sum over the last axis of a and the second-to-last of b}. */
    static NdArray dotNd(NdArray a, NdArray b) {
        int ak = a.ndim() - 1;
        int bk = b.ndim() == 1 ? 0 : b.ndim() - 2;
        if (a.shape[ak] != b.shape[bk]) {
            throw new ShapeMismatchException("shapes " + Shapes.str(a.shape) + " and " + Shapes.str(b.shape) + " not aligned: "
                    + a.shape[ak] + " (dim " + ak + ") != " + b.shape[bk] + " (dim " + bk + ")");
        }
        return tensordot(a, b, new int[]{ak}, new int[]{bk});
    }

    /** NumPy {@code outer(a, b)}: {@code out[i, j] = a.ravel()[i] * b.ravel()[j]}. */
    static NdArray outer(NdArray a, NdArray b) {
        NdArray x = a.ndim() == 1 ? a : a.ravel();
        NdArray y = b.ndim() == 1 ? b : b.ravel();
        return x.get(Slice.all(), Slice.NEWAXIS).multiply(y.get(Slice.NEWAXIS, Slice.all()));
    }

    /** NumPy {@code inner(a, b)}: the sum product over the last axes, shape {@code a.shape[:-1] + b.shape[:-1]}. */
    static NdArray inner(NdArray a, NdArray b) {
        if (a.ndim() == 0 || b.ndim() == 0) {
            return a.multiply(b);
        }
        int ak = a.ndim() - 1;
        int bk = b.ndim() - 1;
        if (a.shape[ak] != b.shape[bk]) {
            throw new ShapeMismatchException("shapes " + Shapes.str(a.shape) + " and " + Shapes.str(b.shape) + " not aligned: "
                    + a.shape[ak] + " (dim " + ak + ") != " + b.shape[bk] + " (dim " + bk + ")");
        }
        return tensordot(a, b, new int[]{ak}, new int[]{bk});
    }

    /** NumPy {@code vdot(a, b)}: {@code sum(a.ravel() * b.ravel())}, a 0-d array. */
    static NdArray vdot(NdArray a, NdArray b) {
        if (a.size() != b.size()) {
            throw new ShapeMismatchException("cannot reshape array of size " + b.size() + " into shape (" + a.size() + ",)");
        }
        NdArray x = a.ndim() == 1 ? a : a.ravel();
        NdArray y = b.ndim() == 1 ? b : b.ravel();
        DType t = productType(a, b);
        NdArray r = x.matmul(y);
        return r.dtype() == t ? r : r.astype(t);
    }

    /** NumPy {@code tensordot(a, b, axes=n)}: the last n axes of a with the first n of b. */
    static NdArray tensordot(NdArray a, NdArray b, int n) {
        if (n < 0) {
            throw new IllegalArgumentException("tensordot: axes must be a non-negative integer, got " + n);
        }
        if (n > a.ndim() || n > b.ndim()) {
            throw new ShapeMismatchException("shape-mismatch for sum");
        }
        int[] ax = new int[n];
        int[] bx = new int[n];
        for (int i = 0; i < n; i++) {
            ax[i] = a.ndim() - n + i;
            bx[i] = i;
        }
        return tensordot(a, b, ax, bx);
    }

    /**
     * NumPy {@code tensordot(a, b, axes=(axesA, axesB))}: the sum over {@code a}'s axes {@code axesA[i]} paired with
     * {@code b}'s {@code axesB[i]}; shape: a's other axes then b's other axes. Computed by transposing both to
     * {@code (free, summed)} / {@code (summed, free)}, reshaping to 2-d and one GEMM.
     */
    static NdArray tensordot(NdArray a, NdArray b, int[] axesA, int[] axesB) {
        if (axesA.length != axesB.length) {
            throw new ShapeMismatchException("shape-mismatch for sum");
        }
        int n = axesA.length;
        int[] aa = new int[n];
        int[] bb = new int[n];
        boolean[] inA = new boolean[a.ndim()];
        boolean[] inB = new boolean[b.ndim()];
        long summed = 1;
        for (int i = 0; i < n; i++) {
            aa[i] = Shapes.axis(axesA[i], a.ndim());
            bb[i] = Shapes.axis(axesB[i], b.ndim());
            if (a.shape[aa[i]] != b.shape[bb[i]] || inA[aa[i]] || inB[bb[i]]) {
                throw new ShapeMismatchException("shape-mismatch for sum");
            }
            inA[aa[i]] = true;
            inB[bb[i]] = true;
            summed *= a.shape[aa[i]];
        }
        int[] permA = new int[a.ndim()];
        List<Long> outShape = new ArrayList<>();
        long freeA = 1;
        int k = 0;
        for (int d = 0; d < a.ndim(); d++) {
            if (!inA[d]) {
                permA[k++] = d;
                outShape.add(a.shape[d]);
                freeA *= a.shape[d];
            }
        }
        System.arraycopy(aa, 0, permA, k, n);
        int[] permB = new int[b.ndim()];
        System.arraycopy(bb, 0, permB, 0, n);
        k = n;
        long freeB = 1;
        for (int d = 0; d < b.ndim(); d++) {
            if (!inB[d]) {
                permB[k++] = d;
                outShape.add(b.shape[d]);
                freeB *= b.shape[d];
            }
        }
        DType t = productType(a, b);
        NdArray a2 = a.transpose(permA).reshape(freeA, summed);
        NdArray b2 = b.transpose(permB).reshape(summed, freeB);
        NdArray r = a2.matmul(b2);
        if (r.dtype() != t) {
            r = r.astype(t);
        }
        long[] s = new long[outShape.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = outShape.get(i);
        }
        return r.reshape(s);
    }

    /**
     * NumPy {@code einsum(subscripts, operands)} without ellipsis and without a label repeated within one operand:
     * explicit ({@code "ij,jk->ik"}) or implicit output (the labels seen once, in alphabetical order). Every operand
     * is viewed in one common label order (output labels, then the summed ones), multiplied with broadcasting, and
     * the summed labels reduced.
     */
    static NdArray einsum(String subscripts, NdArray... operands) {
        String spec = subscripts.replace(" ", "");
        if (spec.contains(".")) {
            throw new IllegalArgumentException("einsum: ellipsis ('...') in subscripts is not supported by Cohort: " + subscripts);
        }
        String lhs;
        String out;
        int arrow = spec.indexOf("->");
        if (arrow >= 0) {
            lhs = spec.substring(0, arrow);
            out = spec.substring(arrow + 2);
        } else {
            lhs = spec;
            out = null;
        }
        String[] terms = lhs.split(",", -1);
        // NumPy's two messages, as NumPy words them (its "more" is for fewer operands than terms, and vice versa)
        if (terms.length > operands.length) {
            throw new IllegalArgumentException("more operands provided to einstein sum function than specified in the subscripts string");
        }
        if (terms.length < operands.length) {
            throw new IllegalArgumentException("fewer operands provided to einstein sum function than specified in the subscripts string");
        }
        Map<Character, Long> size = new LinkedHashMap<>();
        Map<Character, Integer> count = new LinkedHashMap<>();
        for (int i = 0; i < terms.length; i++) {
            String term = terms[i];
            NdArray a = operands[i];
            if (term.length() > a.ndim()) {
                throw new IllegalArgumentException("einstein sum subscripts string contains too many subscripts for operand " + i);
            }
            if (term.length() < a.ndim()) {
                throw new IllegalArgumentException("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                        + "ellipsis provided to broadcast the extra dimensions.");
            }
            for (int d = 0; d < term.length(); d++) {
                char c = term.charAt(d);
                if (!Character.isLetter(c)) {
                    throw new IllegalArgumentException("invalid subscript '" + c + "' in einstein sum subscripts string, subscripts must be letters");
                }
                if (term.indexOf(c) != d) {
                    throw new IllegalArgumentException("einsum: the subscript '" + c + "' repeats within operand " + i
                            + " (a diagonal or trace), which Cohort does not support");
                }
                long n = a.shape[d];
                Long prev = size.get(c);
                if (prev != null && prev != n && prev != 1 && n != 1) {
                    throw new ShapeMismatchException("einsum: size of label '" + c + "' for operand " + i + " (" + n
                            + ") does not match previous terms (" + prev + ").");
                }
                size.put(c, prev == null || prev == 1 ? n : prev);
                count.merge(c, 1, Integer::sum);
            }
        }
        if (out == null) {
            StringBuilder o = new StringBuilder();
            count.entrySet().stream().filter(e -> e.getValue() == 1).map(Map.Entry::getKey).sorted()
                    .forEach(o::append);
            out = o.toString();
        }
        for (int d = 0; d < out.length(); d++) {
            char c = out.charAt(d);
            if (!size.containsKey(c)) {
                throw new IllegalArgumentException("einstein sum subscripts string included output subscript '" + c
                        + "' which never appeared in an input");
            }
            if (out.indexOf(c) != d) {
                throw new IllegalArgumentException("einstein sum subscripts string includes output subscript '" + c + "' multiple times");
            }
        }
        String outLabels = out;
        StringBuilder order = new StringBuilder(out);
        size.keySet().stream().filter(c -> outLabels.indexOf(c) < 0).sorted().forEach(order::append);
        String all = order.toString();
        NdArray prod = null;
        DType t = operands[0].dtype();
        for (int i = 0; i < operands.length; i++) {
            String term = terms[i];
            NdArray a = operands[i];
            t = DType.promote(t, a.dtype());
            int[] perm = new int[term.length()];
            int k = 0;
            Object[] index = new Object[all.length()];
            for (int p = 0; p < all.length(); p++) {
                int d = term.indexOf(all.charAt(p));
                if (d >= 0) {
                    perm[k++] = d;
                    index[p] = Slice.all();
                } else {
                    index[p] = Slice.NEWAXIS;
                }
            }
            NdArray v = term.length() > 1 ? a.transpose(perm) : a;
            if (all.length() > 0 && term.length() < all.length()) {
                v = v.get(index);
            }
            prod = prod == null ? v : prod.multiply(v);
        }
        NdArray r = prod;
        for (int d = all.length() - 1; d >= out.length(); d--) {
            r = contract(r, d, t);
        }
        if (r == operands[0]) {
            return r.copy();
        }
        return r.dtype() == t ? r : r.astype(t);
    }

    /** NumPy {@code kron(a, b)}: the Kronecker product, {@code out[i*B + j] = a[i] * b[j]} per dimension. */
    static NdArray kron(NdArray a, NdArray b) {
        int nd = Math.max(a.ndim(), b.ndim());
        NdArray x = a.reshape(padded(a.shape, nd));
        NdArray y = b.reshape(padded(b.shape, nd));
        Object[] ix = new Object[2 * nd];
        Object[] iy = new Object[2 * nd];
        long[] shape = new long[nd];
        for (int d = 0; d < nd; d++) {
            ix[2 * d] = Slice.all();
            ix[2 * d + 1] = Slice.NEWAXIS;
            iy[2 * d] = Slice.NEWAXIS;
            iy[2 * d + 1] = Slice.all();
            shape[d] = x.shape[d] * y.shape[d];
        }
        if (nd == 0) {
            return a.multiply(b);
        }
        return x.get(ix).multiply(y.get(iy)).reshape(shape);
    }

    private static long[] padded(long[] s, int nd) {
        long[] r = new long[nd];
        Arrays.fill(r, 1);
        System.arraycopy(s, 0, r, nd - s.length, s.length);
        return r;
    }

    /** NumPy {@code matrix_transpose(x)}: the view with the last two axes swapped. */
    static NdArray matrixTranspose(NdArray x) {
        if (x.ndim() < 2) {
            throw new IllegalArgumentException("Input array must be at least 2-dimensional, but it is " + x.ndim());
        }
        int[] perm = new int[x.ndim()];
        for (int d = 0; d < perm.length; d++) {
            perm[d] = d;
        }
        perm[perm.length - 2] = perm.length - 1;
        perm[perm.length - 1] = perm.length - 2;
        return x.transpose(perm);
    }

    /** NumPy {@code linalg.multi_dot(arrays)}: {@code dot} of the chain, left to right. */
    static NdArray multiDot(NdArray... arrays) {
        if (arrays.length < 2) {
            throw new IllegalArgumentException("Expecting at least two arrays.");
        }
        for (int i = 0; i < arrays.length; i++) {
            boolean end = i == 0 || i == arrays.length - 1;
            int nd = arrays[i].ndim();
            if (nd != 2 && !(end && nd == 1)) {
                throw new dev.cohort.tasks.linalg.LinAlgException(nd + "-dimensional array given. Array must be two-dimensional");
            }
        }
        NdArray r = arrays[0];
        for (int i = 1; i < arrays.length; i++) {
            r = r.dot(arrays[i]);
        }
        return r;
    }

    /**
     * NumPy {@code cross(a, b)} along the last axes (length 2 or 3; a missing third component is 0): 3 components
     * {@code (a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0)}, or for two 2-vectors the z component alone; leading
     * dimensions broadcast.
     */
    static NdArray cross(NdArray a, NdArray b) {
        long la = a.ndim() == 0 ? 0 : a.shape[a.ndim() - 1];
        long lb = b.ndim() == 0 ? 0 : b.shape[b.ndim() - 1];
        if ((la != 2 && la != 3) || (lb != 2 && lb != 3)) {
            throw new IllegalArgumentException("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
        }
        NdArray a0 = a.get(Slice.ELLIPSIS, 0L);
        NdArray a1 = a.get(Slice.ELLIPSIS, 1L);
        NdArray b0 = b.get(Slice.ELLIPSIS, 0L);
        NdArray b1 = b.get(Slice.ELLIPSIS, 1L);
        NdArray z = a0.multiply(b1).subtract(a1.multiply(b0));
        if (la == 2 && lb == 2) {
            return z;
        }
        NdArray x;
        NdArray y;
        if (la == 3 && lb == 3) {
            NdArray a2 = a.get(Slice.ELLIPSIS, 2L);
            NdArray b2 = b.get(Slice.ELLIPSIS, 2L);
            x = a1.multiply(b2).subtract(a2.multiply(b1));
            y = a2.multiply(b0).subtract(a0.multiply(b2));
        } else if (la == 3) {                   // b2 = 0
            NdArray a2 = a.get(Slice.ELLIPSIS, 2L);
            x = a2.multiply(b1).negative();
            y = a2.multiply(b0);
        } else {                                // a2 = 0
            NdArray b2 = b.get(Slice.ELLIPSIS, 2L);
            x = a1.multiply(b2);
            y = a0.multiply(b2).negative();
        }
        long[] lead = Shapes.broadcast(x.shape, y.shape, z.shape);
        NdArray out = Creation.empty(a.ctx, z.dtype(), LinalgFunctions.concat(lead, new long[]{3}));
        Indexing.assign(out.get(Slice.ELLIPSIS, 0L), x);
        Indexing.assign(out.get(Slice.ELLIPSIS, 1L), y);
        Indexing.assign(out.get(Slice.ELLIPSIS, 2L), z);
        return out;
    }
}
