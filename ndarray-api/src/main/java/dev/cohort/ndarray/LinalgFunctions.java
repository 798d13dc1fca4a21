package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.LinalgOp;
import dev.cohort.tasks.LinalgTasks;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.linalg.LinAlgException;
import dev.cohort.tasks.linalg.MatrixFunctions.NormOrd;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's {@code numpy.linalg} functions over stacks of matrices {@code (..., M, N)}: NumPy's shape and
 * dtype rules on the program thread, then ONE {@code LINALG} task (task-library {@link LinalgTasks}) run
 * as a single replicated point: every shard runs the same float64 routine on its replicated copy, so
 * every shard holds the same bits. Inputs of any dtype are read as float64; a float32 result is the
 * float64 result rounded once (NumPy keeps float32 for float32 input); integer and bool inputs give
 * float64 (NumPy's {@code _commonType}). Batch dimensions broadcast as in NumPy's gufuncs and are read
 * through the operands' accesses (no copy of transposed views or broadcast stacks).
 *
 * <p>Numerical failures (a singular matrix in solve/inv, a matrix that is not positive definite in
 * cholesky, no convergence) happen inside the task; the call waits for the launch and raises them as
 * {@link LinAlgException}s (NumPy's {@code LinAlgError}) with NumPy's message ("Singular matrix"), as
 * NumPy does, on every shard alike; later operations work. Shape errors are {@link LinAlgException}s at
 * the call too, before any launch. (The tiled Cholesky of large matrices, {@link BlockedCholesky},
 * reports a failure when its result is read; the blocked LU of {@code solve} of one large matrix,
 * {@link BlockedLu}, raises "Singular matrix" at the call like the replicated path.)
 */
final class LinalgFunctions {
    private LinalgFunctions() {
    }

    /** float64 machine epsilon ({@code np.finfo(np.float64).eps}). */
    static final double EPS64 = Math.ulp(1.0);
    /** float32 machine epsilon. */
    static final double EPS32 = Math.ulp(1.0f);

    /** One output of a LINALG launch: its core shape (after the batch) and dtype. */
    record Out(long[] core, DType dtype) {
    }

    /** NumPy's result type of linalg on these inputs: float32 when all are float32, else float64. */
    static DType floatType(NdArray... as) {
        for (NdArray a : as) {
            if (a.dtype() != DType.FLOAT32) {
                return DType.FLOAT64;
            }
        }
        return DType.FLOAT32;
    }

    static double eps(DType t) {
        return t == DType.FLOAT32 ? EPS32 : EPS64;
    }

    /** NumPy's {@code _assert_stacked_2d}. */
    static void stacked2d(NdArray a) {
        if (a.ndim() < 2) {
            throw new LinAlgException(a.ndim() + "-dimensional array given. Array must be at least two-dimensional");
        }
    }

    /** NumPy's {@code _assert_stacked_square} (after {@link #stacked2d}). */
    static void stackedSquare(NdArray a) {
        stacked2d(a);
        if (a.shape[a.ndim() - 1] != a.shape[a.ndim() - 2]) {
            throw new LinAlgException("Last 2 dimensions of the array must be square");
        }
    }

    static long[] head(long[] s, int drop) {
        return Arrays.copyOf(s, s.length - drop);
    }

    static long[] tail(long[] s, int keep) {
        return Arrays.copyOfRange(s, s.length - keep, s.length);
    }

    static long[] concat(long[] a, long[] b) {
        long[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    /**
     * Issues one LINALG launch of {@code op} over the batch {@code batch}: input {@code i} has its last
     * {@code inCore[i]} dimensions as its core and broadcasts its leading ones to {@code batch}; the outputs
     * are new arrays of shape {@code batch ++ core}. One replicated point (every shard the same bits).
     */
    static NdArray[] launch(LinalgOp op, double[] params, long[] batch, NdArray[] ins, int[] inCore, Out... outs) {
        Cohort ctx = ins[0].ctx;
        NdArray[] res = new NdArray[outs.length];
        List<Slot> slots = new ArrayList<>();
        for (int o = 0; o < outs.length; o++) {
            res[o] = Creation.empty(ctx, outs[o].dtype(), concat(batch, outs[o].core()));
            slots.add(new Slot(res[o], res[o].view, Role.WRITE));
        }
        LinalgTasks.Mat[] mats = new LinalgTasks.Mat[ins.length + outs.length];
        for (int i = 0; i < ins.length; i++) {
            NdArray a = ins[i];
            long[] core = tail(a.shape, inCore[i]);
            Access acc = iterAccess(a, concat(batch, core));
            slots.add(new Slot(a, acc, Role.READ));
            int req = slots.size() - 1;
            mats[i] = new LinalgTasks.Mat(core, new dev.cohort.tasks.Operand.StoreOperand(req, a.dtype().fieldType(), acc));
        }
        for (int o = 0; o < outs.length; o++) {
            mats[ins.length + o] = new LinalgTasks.Mat(outs[o].core(), (dev.cohort.tasks.Operand.StoreOperand) operand(slots, o));
        }
        dev.cohort.runtime.launch.Future done = Launches.launchForResult(OpCode.LINALG.taskId(), batch, slots, true,
                space -> new LinalgTasks.Linalg(op, space, params, mats).encode(),
                new Launches.Result(dev.cohort.runtime.launch.ReductionOp.SUM, dev.cohort.runtime.region.FieldType.INT64, 1));
        raiseAtTheCall(done);
        return res;
    }

    /**
     * NumPy raises {@code LinAlgError} ("Singular matrix", "Matrix is not positive definite", "SVD did not
     * converge") from the call: waits for the launch (its empty result) and turns the task's failure into a
     * {@link LinAlgException} here, on every shard alike (the launch is one replicated point: every shard
     * computes, and fails, the same). Any other failure of the task stays a {@code TaskFailedException}.
     */
    static void raiseAtTheCall(dev.cohort.runtime.launch.Future done) {
        if (done == null) {
            return;
        }
        try {
            done.get();
        } catch (dev.cohort.runtime.execution.TaskFailedException e) {
            // the launch runs on every shard, so each has the kernel's own exception as the cause; the message
            // is the fallback for a failure that reached this shard from another (it names the class)
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                if (c instanceof LinAlgException l) {
                    LinAlgException again = new LinAlgException(l.getMessage());
                    again.initCause(e);
                    throw again;
                }
            }
            String marker = LinAlgException.class.getName() + ": ";
            String m = String.valueOf(e.getMessage());
            int at = m.indexOf(marker);
            if (at >= 0) {
                LinAlgException l = new LinAlgException(m.substring(at + marker.length()));
                l.initCause(e);
                throw l;
            }
            throw e;
        }
    }

    static NdArray one(LinalgOp op, double[] params, NdArray a, Out out) {
        return launch(op, params, head(a.shape, 2), new NdArray[]{a}, new int[]{2}, out)[0];
    }

    // ------------------------------------------------------------------ the functions

    static NdArray solve(NdArray a, NdArray b) {
        stackedSquare(a);
        long m = a.shape[a.ndim() - 1];
        DType t = floatType(a, b);
        if (b.ndim() == 1) {
            if (b.shape[0] != m) {
                throw new ShapeMismatchException("solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                        + "(m,m),(m)->(m) (size " + b.shape[0] + " is different from " + m + ")");
            }
            if (BlockedLu.applies(a, b)) {
                return BlockedLu.solve(a, b, t);
            }
            long[] batch = head(a.shape, 2);
            return launch(LinalgOp.SOLVE, new double[0], batch, new NdArray[]{a, b}, new int[]{2, 1}, new Out(new long[]{m}, t))[0];
        }
        if (b.ndim() == 0) {
            throw new ShapeMismatchException("solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with "
                    + "signature (m,m),(m,n)->(m,n) requires 2)");
        }
        long bm = b.shape[b.ndim() - 2];
        if (bm != m) {
            throw new ShapeMismatchException("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    + "(m,m),(m,n)->(m,n) (size " + bm + " is different from " + m + ")");
        }
        long[] batch = Shapes.broadcast(head(a.shape, 2), head(b.shape, 2));
        if (batch.length == 0 && BlockedLu.applies(a, b)) {
            return BlockedLu.solve(a, b, t);
        }
        long n = b.shape[b.ndim() - 1];
        return launch(LinalgOp.SOLVE, new double[0], batch, new NdArray[]{a, b}, new int[]{2, 2}, new Out(new long[]{m, n}, t))[0];
    }

    static NdArray inv(NdArray a) {
        stackedSquare(a);
        return one(LinalgOp.INV, new double[0], a, new Out(tail(a.shape, 2), floatType(a)));
    }

    static NdArray det(NdArray a) {
        stackedSquare(a);
        return one(LinalgOp.DET, new double[0], a, new Out(new long[0], floatType(a)));
    }

    static NdArray[] slogdet(NdArray a) {
        stackedSquare(a);
        DType t = floatType(a);
        return launch(LinalgOp.SLOGDET, new double[0], head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                new Out(new long[0], t), new Out(new long[0], t));
    }

    static NdArray cholesky(NdArray a, boolean upper) {
        stackedSquare(a);
        if (BlockedCholesky.applies(a)) {
            return BlockedCholesky.lower(a, upper, floatType(a));
        }
        return one(LinalgOp.CHOLESKY, new double[]{upper ? 1 : 0}, a, new Out(tail(a.shape, 2), floatType(a)));
    }

    static NdArray[] qr(NdArray a, String mode) {
        stacked2d(a);
        int code = switch (mode) {
            case "reduced" -> 0;
            case "complete" -> 1;
            case "r" -> 2;
            case "raw" -> throw new IllegalArgumentException("qr mode 'raw' (LAPACK's Householder reflectors) is not supported by Cohort");
            default -> throw new IllegalArgumentException("Unrecognized mode '" + mode + "'");
        };
        long m = a.shape[a.ndim() - 2];
        long n = a.shape[a.ndim() - 1];
        long k = Math.min(m, n);
        DType t = floatType(a);
        double[] p = {code};
        return switch (code) {
            case 0 -> launch(LinalgOp.QR, p, head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                    new Out(new long[]{m, k}, t), new Out(new long[]{k, n}, t));
            case 1 -> launch(LinalgOp.QR, p, head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                    new Out(new long[]{m, m}, t), new Out(new long[]{m, n}, t));
            default -> launch(LinalgOp.QR, p, head(a.shape, 2), new NdArray[]{a}, new int[]{2}, new Out(new long[]{k, n}, t));
        };
    }

    static boolean uplo(String uplo) {
        if (!"L".equals(uplo) && !"U".equals(uplo)) {
            throw new IllegalArgumentException("UPLO argument must be 'L' or 'U'");
        }
        return "U".equals(uplo);
    }

    static NdArray[] eigh(NdArray a, String uplo, boolean vectors) {
        boolean upper = uplo(uplo);
        stackedSquare(a);
        long m = a.shape[a.ndim() - 1];
        DType t = floatType(a);
        if (!vectors) {
            return new NdArray[]{one(LinalgOp.EIGVALSH, new double[]{upper ? 1 : 0}, a, new Out(new long[]{m}, t))};
        }
        return launch(LinalgOp.EIGH, new double[]{upper ? 1 : 0}, head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                new Out(new long[]{m}, t), new Out(new long[]{m, m}, t));
    }

    static NdArray[] svd(NdArray a, boolean fullMatrices, boolean computeUv) {
        stacked2d(a);
        long m = a.shape[a.ndim() - 2];
        long n = a.shape[a.ndim() - 1];
        long k = Math.min(m, n);
        DType t = floatType(a);
        if (!computeUv) {
            return new NdArray[]{one(LinalgOp.SVDVALS, new double[0], a, new Out(new long[]{k}, t))};
        }
        return launch(LinalgOp.SVD, new double[]{fullMatrices ? 1 : 0}, head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                new Out(fullMatrices ? new long[]{m, m} : new long[]{m, k}, t), new Out(new long[]{k}, t),
                new Out(fullMatrices ? new long[]{n, n} : new long[]{k, n}, t));
    }

    static NdArray matrixPower(NdArray a, long n) {
        stackedSquare(a);
        DType t = n < 0 || a.dtype().isFloating() ? floatType(a) : a.dtype();
        return one(LinalgOp.MATRIX_POWER, new double[]{n}, a, new Out(tail(a.shape, 2), t));
    }

    /** {@code tol}, {@code rtol}: NaN for None. */
    static NdArray matrixRank(NdArray a, double tol, double rtol) {
        if (!Double.isNaN(tol) && !Double.isNaN(rtol)) {
            throw new IllegalArgumentException("`tol` and `rtol` can't be both set.");
        }
        if (a.ndim() < 2) {
            return a.not_equal(0).any().astype(DType.INT64);
        }
        long m = a.shape[a.ndim() - 2];
        long n = a.shape[a.ndim() - 1];
        double r = Double.isNaN(rtol) ? Math.max(m, n) * eps(floatType(a)) : rtol;
        return one(LinalgOp.MATRIX_RANK, new double[]{tol, r}, a, new Out(new long[0], DType.INT64));
    }

    /** {@code rcond} NaN: NumPy's {@code rtol=None} ({@code max(M, N) * eps}). */
    static NdArray pinv(NdArray a, double rcond) {
        stacked2d(a);
        long m = a.shape[a.ndim() - 2];
        long n = a.shape[a.ndim() - 1];
        DType t = floatType(a);
        double rc = Double.isNaN(rcond) ? Math.max(m, n) * eps(t) : rcond;
        return one(LinalgOp.PINV, new double[]{rc}, a, new Out(new long[]{n, m}, t));
    }

    /** Returns x, residuals, rank (0-d int32, LAPACK's integer as in NumPy), s ({@code rcond} NaN: NumPy's None, {@code eps * max(M, N)}). */
    static NdArray[] lstsq(NdArray a, NdArray b, double rcond) {
        if (a.ndim() != 2) {
            throw new LinAlgException(a.ndim() + "-dimensional array given. Array must be two-dimensional");
        }
        if (b.ndim() != 1 && b.ndim() != 2) {
            throw new LinAlgException(b.ndim() + "-dimensional array given. Array must be one or two-dimensional");
        }
        long m = a.shape[0];
        long n = a.shape[1];
        if (b.shape[0] != m) {
            throw new LinAlgException("Incompatible dimensions");
        }
        DType t = floatType(a, b);
        double rc = Double.isNaN(rcond) ? eps(t) * Math.max(m, n) : rcond;
        boolean vec = b.ndim() == 1;
        long r = vec ? 1 : b.shape[1];
        NdArray[] out = launch(LinalgOp.LSTSQ, new double[]{rc}, new long[0], new NdArray[]{a, b}, new int[]{2, b.ndim()},
                new Out(vec ? new long[]{n} : new long[]{n, r}, t), new Out(new long[]{r}, t), new Out(new long[0], DType.INT32),
                new Out(new long[]{Math.min(m, n)}, t));
        // NumPy's residuals are empty unless rank == N and M > N: that depends on the data, so read the rank.
        if (m <= n || ((Number) out[2].item()).longValue() != n) {
            out[1] = Creation.empty(a.ctx, t, new long[]{0});
        }
        return out;
    }

    /** Matrix norm orders: null is 'fro' (NumPy's None for matrices). */
    static NormOrd matrixOrd(Object ord) {
        if (ord == null || "fro".equals(ord)) {
            return NormOrd.FRO;
        }
        if ("nuc".equals(ord)) {
            return NormOrd.NUC;
        }
        if (ord instanceof Number x) {
            double d = x.doubleValue();
            if (d == 2) {
                return NormOrd.TWO;
            } else if (d == -2) {
                return NormOrd.MINUS_TWO;
            } else if (d == 1) {
                return NormOrd.ONE;
            } else if (d == -1) {
                return NormOrd.MINUS_ONE;
            } else if (d == Double.POSITIVE_INFINITY) {
                return NormOrd.INF;
            } else if (d == Double.NEGATIVE_INFINITY) {
                return NormOrd.MINUS_INF;
            }
        }
        throw new IllegalArgumentException("Invalid norm order for matrices.");
    }

    static NdArray cond(NdArray a, Object p) {
        stacked2d(a);
        NormOrd ord = p == null ? NormOrd.TWO : matrixOrd(p);
        if (ord != NormOrd.TWO && ord != NormOrd.MINUS_TWO) {
            stackedSquare(a);
        }
        return one(LinalgOp.COND, new double[]{ord.ordinal()}, a, new Out(new long[0], floatType(a)));
    }

    /**
     * NumPy {@code norm(x, ord, axis, keepdims)}: {@code axis} null (all axes: a vector norm of a 1-d x, a
     * matrix norm of a 2-d x, the 2-norm of the flattened x when ord is None), one axis (a vector norm) or
     * two (a matrix norm of each such matrix).
     */
    static NdArray norm(NdArray x, Object ord, int[] axis, boolean keepdims) {
        if (ord != null && !(ord instanceof Number) && !(ord instanceof String)) {
            throw new IllegalArgumentException("Invalid norm order " + ord);
        }
        NdArray f = x.dtype().isFloating() ? x : x.astype(DType.FLOAT64);
        int nd = x.ndim();
        if (axis == null) {
            if (ord == null) {
                NdArray r = f.multiply(f).sum().sqrt();
                return keepdims ? r.reshape(ones(nd)) : r;
            }
            if (nd == 1) {
                axis = new int[]{0};
            } else if (nd == 2) {
                axis = new int[]{0, 1};
            } else {
                throw new IllegalArgumentException("Improper number of dimensions to norm.");
            }
        }
        if (axis.length == 1) {
            int ax = Shapes.axis(axis[0], nd);
            return vectorNorm(f, ord, ax, keepdims);
        }
        if (axis.length != 2) {
            throw new IllegalArgumentException("Improper number of dimensions to norm.");
        }
        int r = Shapes.axis(axis[0], nd);
        int c = Shapes.axis(axis[1], nd);
        if (r == c) {
            throw new IllegalArgumentException("Duplicate axes given.");
        }
        NormOrd o = matrixOrd(ord);
        int[] perm = new int[nd];
        int k = 0;
        for (int d = 0; d < nd; d++) {
            if (d != r && d != c) {
                perm[k++] = d;
            }
        }
        perm[k++] = r;
        perm[k] = c;
        NdArray moved = f.transpose(perm);
        NdArray res = one(LinalgOp.NORM, new double[]{o.ordinal()}, moved, new Out(new long[0], floatType(f)));
        if (keepdims) {
            long[] s = x.shape.clone();
            s[r] = 1;
            s[c] = 1;
            res = res.reshape(s);
        }
        return res;
    }

    private static long[] ones(int n) {
        long[] s = new long[n];
        Arrays.fill(s, 1);
        return s;
    }

    private static NdArray vectorNorm(NdArray f, Object ord, int ax, boolean keepdims) {
        if (ord instanceof String s) {
            throw new IllegalArgumentException("Invalid norm order '" + s + "' for vectors");
        }
        double p = ord == null ? 2 : ((Number) ord).doubleValue();
        if (p == Double.POSITIVE_INFINITY) {
            return f.abs().max(ax, keepdims);
        }
        if (p == Double.NEGATIVE_INFINITY) {
            return f.abs().min(ax, keepdims);
        }
        if (p == 0) {
            return f.not_equal(0).astype(f.dtype()).sum(ax, keepdims);
        }
        if (p == 1) {
            return f.abs().sum(ax, keepdims);
        }
        if (p == 2) {
            return f.multiply(f).sum(ax, keepdims).sqrt();
        }
        return f.abs().power(p).sum(ax, keepdims).power(1 / p);
    }
}
