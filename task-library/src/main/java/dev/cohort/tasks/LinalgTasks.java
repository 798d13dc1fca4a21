package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.linalg.Cholesky;
import dev.cohort.tasks.linalg.Dense;
import dev.cohort.tasks.linalg.GeneralEigen;
import dev.cohort.tasks.linalg.Lu;
import dev.cohort.tasks.linalg.MatrixFunctions;
import dev.cohort.tasks.linalg.Qr;
import dev.cohort.tasks.linalg.SymmetricEigen;
import dev.cohort.tasks.linalg.Svd;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The linear-algebra tasks: {@link OpCode#LINALG} runs one {@code dev.cohort.tasks.linalg}
 * routine ({@link LinalgOp}) on every matrix of its batch tile, and the four tile kernels of a
 * blocked Cholesky ({@link OpCode#CHOLESKY_POTRF}, {@link OpCode#CHOLESKY_TRSM},
 * {@link OpCode#CHOLESKY_SYRK}, {@link OpCode#CHOLESKY_GEMM}) work on their requirements' pieces.
 *
 * <p>Everything runs on the point's thread in a fixed operation order, so every shard that runs
 * the same point on the same data gets the same bits. A numerical failure throws
 * {@link dev.cohort.tasks.linalg.LinAlgException} with NumPy's message (the runtime reports it as
 * the cause of its {@code TaskFailedException}).
 */
public final class LinalgTasks {
    private LinalgTasks() {
    }

    /**
     * One matrix operand of a {@link Linalg} launch: a logical array of shape
     * {@code batch.shape ++ core} (core: 0, 1 or 2 dimensions) read or written through
     * {@code operand}'s {@link Access} from those logical coordinates (so views, transposes and
     * broadcast batch dimensions need no copy).
     */
    public record Mat(long[] core, Operand.StoreOperand operand) {
        public Mat {
            if (core.length > 2) {
                throw new IllegalArgumentException("a linalg operand has at most 2 core dimensions, got " + Arrays.toString(core));
            }
            core = core.clone();
        }

        /** Rows of the core (1 for a 0-d core). */
        int rows() {
            return core.length == 0 ? 1 : Math.toIntExact(core[0]);
        }

        /** Columns of the core (1 for a 0-d or 1-d core). */
        int cols() {
            return core.length < 2 ? 1 : Math.toIntExact(core[1]);
        }
    }

    /**
     * LINALG arguments: {@code op} on each matrix of the point's tile of {@code batch} (the stacked
     * leading dimensions {@code ...}; a 0-d space for one matrix), with {@code mats} in the order
     * {@link LinalgOp} lists (inputs then outputs) and its {@code params}.
     */
    public record Linalg(LinalgOp op, IterSpace batch, double[] params, Mat[] mats) {
        public Linalg {
            params = params.clone();
            mats = mats.clone();
        }

        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer().i32(op.ordinal()).space(batch).i32(params.length);
            for (double p : params) {
                w.f64(p);
            }
            w.i32(mats.length);
            for (Mat m : mats) {
                w.longs(m.core()).operand(m.operand());
            }
            return w.bytes();
        }

        public static Linalg decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            LinalgOp op = r.enumOf(LinalgOp.class);
            IterSpace batch = r.space();
            double[] params = new double[r.i32()];
            for (int i = 0; i < params.length; i++) {
                params[i] = r.f64();
            }
            Mat[] mats = new Mat[r.i32()];
            for (int i = 0; i < mats.length; i++) {
                long[] core = r.longs();
                Operand o = r.operand();
                if (!(o instanceof Operand.StoreOperand s)) {
                    throw new IllegalArgumentException("linalg operand " + i + " must be a store operand, got " + o);
                }
                mats[i] = new Mat(core, s);
            }
            return new Linalg(op, batch, params, mats);
        }
    }

    /** An operand resolved against its instance: linear index {@code base + sum_d c[d] * stride[d]}. */
    private static final class Bound {
        final Instance inst;
        final Mat mat;
        final long base;
        final long[] stride;
        final int nb;

        Bound(TaskContext ctx, Mat mat, IterSpace batch, long[] lo, long[] ext, String role) {
            this.mat = mat;
            Operand.StoreOperand s = mat.operand();
            this.inst = ctx.instance(s.requirement());
            if (inst.type() != s.type()) {
                throw new IllegalArgumentException(role + ": requirement " + s.requirement() + " holds " + inst.type()
                        + ", the operand says " + s.type());
            }
            this.nb = batch.dim();
            int dims = nb + mat.core().length;
            Access acc = s.access();
            Rect rect = inst.rect();
            if (acc.storeDim() != rect.dim()) {
                throw new IllegalArgumentException(role + ": " + acc + " has " + acc.storeDim() + " store dimensions, requirement "
                        + s.requirement() + " is " + rect.dim() + "-d");
            }
            long b = 0;
            long[] st = new long[dims];
            boolean emptyCore = false;
            for (long c : mat.core()) {
                emptyCore |= c == 0;
            }
            for (int k = 0; k < acc.storeDim(); k++) {
                int d = acc.iterDim()[k];
                if (d >= dims) {
                    throw new IllegalArgumentException(role + ": " + acc + " follows dimension " + d + " of a " + dims
                            + "-d operand (batch " + nb + " + core " + mat.core().length + ")");
                }
                long c0 = acc.start()[k];
                long c1 = c0;
                if (d >= 0) {
                    long first = d < nb ? lo[d] : 0;
                    long last = d < nb ? lo[d] + ext[d] - 1 : mat.core()[d - nb] - 1;
                    if (last < first) {
                        last = first; // empty along d: nothing is read there
                    }
                    c0 = acc.start()[k] + acc.step()[k] * first;
                    c1 = acc.start()[k] + acc.step()[k] * last;
                    st[d] += acc.step()[k] * inst.stride(k);
                }
                // an empty core reads and writes nothing: its store may be empty too
                if (!emptyCore && (Math.min(c0, c1) < rect.lo(k) || Math.max(c0, c1) > rect.hi(k))) {
                    throw new IndexOutOfBoundsException(role + ": the operand reaches store coordinates [" + Math.min(c0, c1)
                            + ", " + Math.max(c0, c1) + "] in dimension " + k + " through " + acc + ", outside instance "
                            + rect + " of requirement " + s.requirement());
                }
                b += (acc.start()[k] - rect.lo(k)) * inst.stride(k);
            }
            this.base = b;
            this.stride = st;
        }

        /** Linear index of core element (i, j) of batch item {@code bi}. */
        private int index(long[] bi, int i, int j) {
            long x = base;
            for (int d = 0; d < nb; d++) {
                x += bi[d] * stride[d];
            }
            int cd = mat.core().length;
            if (cd >= 1) {
                x += i * stride[nb];
            }
            if (cd == 2) {
                x += j * stride[nb + 1];
            }
            return (int) x;
        }

        double[] read(long[] bi) {
            int r = mat.rows();
            int c = mat.cols();
            double[] out = new double[r * c];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    out[i * c + j] = getD(inst, index(bi, i, j));
                }
            }
            return out;
        }

        long[] readLongs(long[] bi) {
            int r = mat.rows();
            int c = mat.cols();
            long[] out = new long[r * c];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    int k = index(bi, i, j);
                    out[i * c + j] = switch (inst.type()) {
                        case INT64 -> inst.longs()[k];
                        case INT32 -> inst.ints()[k];
                        case BOOL -> inst.bools()[k];
                        default -> Convert.d2l(getD(inst, k));
                    };
                }
            }
            return out;
        }

        void write(long[] bi, double[] v, String role) {
            int r = mat.rows();
            int c = mat.cols();
            if (v.length != r * c) {
                throw new IllegalStateException(role + ": " + v.length + " values for a core of " + Arrays.toString(mat.core()));
            }
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    setD(inst, index(bi, i, j), v[i * c + j]);
                }
            }
        }

        void writeLongs(long[] bi, long[] v) {
            int r = mat.rows();
            int c = mat.cols();
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    int k = index(bi, i, j);
                    switch (inst.type()) {
                        case INT64 -> inst.longs()[k] = v[i * c + j];
                        case INT32 -> inst.ints()[k] = (int) v[i * c + j];
                        case BOOL -> inst.bools()[k] = (byte) (v[i * c + j] != 0 ? 1 : 0);
                        default -> setD(inst, k, v[i * c + j]);
                    }
                }
            }
        }
    }

    private static double getD(Instance inst, int k) {
        return switch (inst.type()) {
            case FLOAT64 -> inst.doubles()[k];
            case FLOAT32 -> inst.floats()[k];
            case INT64 -> inst.longs()[k];
            case INT32 -> inst.ints()[k];
            case BOOL -> inst.bools()[k];
        };
    }

    private static void setD(Instance inst, int k, double v) {
        switch (inst.type()) {
            case FLOAT64 -> inst.doubles()[k] = v;
            case FLOAT32 -> inst.floats()[k] = (float) v;
            case INT64 -> inst.longs()[k] = Convert.d2l(v);
            case INT32 -> inst.ints()[k] = Convert.d2i(v);
            case BOOL -> inst.bools()[k] = (byte) (v != 0 ? 1 : 0);
        }
    }

    private static int operandCount(LinalgOp op, double[] params) {
        return switch (op) {
            case SOLVE -> 3;
            case INV, DET, CHOLESKY, EIGVALSH, EIGVALS, SVDVALS, MATRIX_POWER, NORM, COND, MATRIX_RANK, PINV -> 2;
            case SLOGDET, EIGH, EIG -> 3;
            case QR -> param(params, 0, op) == 2 ? 2 : 3;
            case SVD -> 4;
            case LSTSQ -> 6;
        };
    }

    private static double param(double[] params, int i, LinalgOp op) {
        if (i >= params.length) {
            throw new IllegalArgumentException(op + " needs at least " + (i + 1) + " params, got " + Arrays.toString(params));
        }
        return params[i];
    }

    /** The LINALG point task. */
    static void linalg(TaskContext ctx) {
        Linalg args = Linalg.decode(ctx.scalars());
        LinalgOp op = args.op();
        int want = operandCount(op, args.params());
        if (args.mats().length != want) {
            throw new IllegalArgumentException(op + " takes " + want + " operands, got " + args.mats().length);
        }
        IterSpace batch = args.batch();
        Point p = ctx.point();
        long[] lo = batch.dim() == 0 ? new long[0] : batch.lo(p);
        long[] ext = batch.dim() == 0 ? new long[0] : batch.extent(p);
        for (long e : ext) {
            if (e == 0) {
                return;
            }
        }
        Bound[] b = new Bound[want];
        for (int i = 0; i < want; i++) {
            b[i] = new Bound(ctx, args.mats()[i], batch, lo, ext, op + " operand " + i);
        }
        long[] bi = lo.clone();
        while (true) {
            run(op, args.params(), b, bi);
            int d = bi.length - 1;
            for (; d >= 0; d--) {
                if (++bi[d] < lo[d] + ext[d]) {
                    break;
                }
                bi[d] = lo[d];
            }
            if (d < 0) {
                return;
            }
        }
    }

    private static int square(Bound a, LinalgOp op) {
        if (a.mat.core().length != 2 || a.mat.rows() != a.mat.cols()) {
            throw new IllegalArgumentException(op + ": Last 2 dimensions of the array must be square, got core "
                    + Arrays.toString(a.mat.core()));
        }
        return a.mat.rows();
    }

    private static void run(LinalgOp op, double[] params, Bound[] b, long[] bi) {
        Bound a = b[0];
        switch (op) {
            case SOLVE -> {
                int n = square(a, op);
                b[2].write(bi, Lu.factor(a.read(bi), n).solve(b[1].read(bi), b[1].mat.cols()), "x");
            }
            case INV -> {
                int n = square(a, op);
                b[1].write(bi, Lu.factor(a.read(bi), n).inverse(), "inv");
            }
            case DET -> {
                int n = square(a, op);
                b[1].write(bi, new double[] {Lu.factor(a.read(bi), n).det()}, "det");
            }
            case SLOGDET -> {
                int n = square(a, op);
                double[] s = Lu.factor(a.read(bi), n).slogdet();
                b[1].write(bi, new double[] {s[0]}, "sign");
                b[2].write(bi, new double[] {s[1]}, "logabsdet");
            }
            case CHOLESKY -> {
                int n = square(a, op);
                double[] l = Cholesky.lower(a.read(bi), n);
                b[1].write(bi, param(params, 0, op) != 0 ? Dense.transpose(l, n, n) : l, "cholesky");
            }
            case QR -> {
                int mode = (int) param(params, 0, op);
                Qr qr = Qr.factor(a.read(bi), a.mat.rows(), a.mat.cols());
                if (mode == 2) {
                    b[1].write(bi, qr.r(false), "r");
                } else {
                    b[1].write(bi, qr.q(mode == 1), "q");
                    b[2].write(bi, qr.r(mode == 1), "r");
                }
            }
            case EIGH, EIGVALSH -> {
                int n = square(a, op);
                SymmetricEigen e = SymmetricEigen.of(a.read(bi), n, param(params, 0, op) != 0, op == LinalgOp.EIGH);
                b[1].write(bi, e.values, "w");
                if (op == LinalgOp.EIGH) {
                    b[2].write(bi, e.vectors, "v");
                }
            }
            case EIG, EIGVALS -> {
                int n = square(a, op);
                GeneralEigen e = GeneralEigen.of(a.read(bi), n, op == LinalgOp.EIG);
                b[1].write(bi, e.values, "w");
                if (op == LinalgOp.EIG) {
                    b[2].write(bi, e.vectors, "v");
                }
            }
            case SVD -> {
                Svd s = Svd.of(a.read(bi), a.mat.rows(), a.mat.cols(), param(params, 0, op) != 0, true);
                b[1].write(bi, s.u, "u");
                b[2].write(bi, s.s, "s");
                b[3].write(bi, s.vh, "vh");
            }
            case SVDVALS -> b[1].write(bi, Svd.values(a.read(bi), a.mat.rows(), a.mat.cols()), "s");
            case MATRIX_POWER -> {
                int n = square(a, op);
                long pw = (long) param(params, 0, op);
                if (Convert.integral(b[1].inst.type()) && pw >= 0) {
                    b[1].writeLongs(bi, MatrixFunctions.matrixPower(a.readLongs(bi), n, pw));
                } else {
                    b[1].write(bi, MatrixFunctions.matrixPower(a.read(bi), n, pw), "matrix_power");
                }
            }
            case NORM -> b[1].write(bi, new double[] {MatrixFunctions.norm(a.read(bi), a.mat.rows(), a.mat.cols(),
                    ord(params, op))}, "norm");
            case COND -> {
                MatrixFunctions.NormOrd ord = ord(params, op);
                if (ord == MatrixFunctions.NormOrd.FRO || ord == MatrixFunctions.NormOrd.NUC || ord == MatrixFunctions.NormOrd.ONE
                        || ord == MatrixFunctions.NormOrd.MINUS_ONE || ord == MatrixFunctions.NormOrd.INF
                        || ord == MatrixFunctions.NormOrd.MINUS_INF) {
                    square(a, op);
                }
                b[1].write(bi, new double[] {MatrixFunctions.cond(a.read(bi), a.mat.rows(), a.mat.cols(), ord)}, "cond");
            }
            case MATRIX_RANK -> b[1].writeLongs(bi, new long[] {MatrixFunctions.matrixRank(a.read(bi), a.mat.rows(),
                    a.mat.cols(), param(params, 0, op), param(params, 1, op))});
            case PINV -> b[1].write(bi, MatrixFunctions.pinv(a.read(bi), a.mat.rows(), a.mat.cols(), param(params, 0, op)),
                    "pinv");
            case LSTSQ -> {
                int nrhs = b[1].mat.cols();
                MatrixFunctions.Lstsq r = MatrixFunctions.lstsq(a.read(bi), a.mat.rows(), a.mat.cols(), b[1].read(bi), nrhs,
                        param(params, 0, op));
                b[2].write(bi, r.x(), "x");
                double[] res = r.residuals().length == 0 ? nans(b[3].mat.rows() * b[3].mat.cols()) : r.residuals();
                b[3].write(bi, res, "residuals");
                b[4].writeLongs(bi, new long[] {r.rank()});
                b[5].write(bi, r.s(), "s");
            }
        }
    }

    private static double[] nans(int n) {
        double[] v = new double[n];
        Arrays.fill(v, Double.NaN);
        return v;
    }

    private static MatrixFunctions.NormOrd ord(double[] params, LinalgOp op) {
        int o = (int) param(params, 0, op);
        MatrixFunctions.NormOrd[] all = MatrixFunctions.NormOrd.values();
        if (o < 0 || o >= all.length) {
            throw new IllegalArgumentException(op + ": norm order " + o + " is not a NormOrd ordinal");
        }
        return all[o];
    }

    // ------------------------------------------------------------------ blocked Cholesky tiles

    /** A requirement's piece as a dense row-major double[] (any element type), and back. */
    private static final class Piece {
        final Instance inst;
        final long r0;
        final long c0;
        final int rows;
        final int cols;

        Piece(TaskContext ctx, int req, String role) {
            this.inst = ctx.instance(req);
            Rect piece = ctx.piece(req);
            if (piece.dim() != 2) {
                throw new IllegalArgumentException(role + ": requirement " + req + " must be a 2-d piece, got " + piece);
            }
            this.r0 = piece.lo(0);
            this.c0 = piece.lo(1);
            this.rows = Math.toIntExact(piece.hi(0) - piece.lo(0) + 1);
            this.cols = Math.toIntExact(piece.hi(1) - piece.lo(1) + 1);
        }

        double[] read() {
            double[] v = new double[rows * cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    v[i * cols + j] = getD(inst, inst.index(Point.of(r0 + i, c0 + j)));
                }
            }
            return v;
        }

        void write(double[] v) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    setD(inst, inst.index(Point.of(r0 + i, c0 + j)), v[i * cols + j]);
                }
            }
        }
    }

    /** POTRF: requirement 0 (read-write, a square diagonal tile) becomes its lower Cholesky factor. */
    static void potrf(TaskContext ctx) {
        Piece a = new Piece(ctx, 0, "CHOLESKY_POTRF tile");
        if (a.rows != a.cols) {
            throw new IllegalArgumentException("CHOLESKY_POTRF: the diagonal tile must be square, got " + a.rows + " x " + a.cols);
        }
        double[] v = a.read();
        Cholesky.potrf(v, 0, a.cols, a.rows);
        a.write(v);
    }

    /** TRSM: requirement 1 (read-write, a panel tile X, m x n) becomes {@code X L^-T}, L = requirement 0 (n x n, read). */
    static void trsm(TaskContext ctx) {
        Piece l = new Piece(ctx, 0, "CHOLESKY_TRSM L");
        Piece x = new Piece(ctx, 1, "CHOLESKY_TRSM X");
        if (l.rows != l.cols || x.cols != l.rows) {
            throw new IllegalArgumentException("CHOLESKY_TRSM: L is " + l.rows + " x " + l.cols + ", X is " + x.rows + " x " + x.cols);
        }
        double[] lv = l.read();
        double[] xv = x.read();
        Cholesky.trsmRightLowerTranspose(lv, 0, l.cols, xv, 0, x.cols, x.rows, x.cols);
        x.write(xv);
    }

    /** SYRK: requirement 1 (read-write, a diagonal trailing tile C, n x n) gets {@code C - A A^T} on and below the diagonal; A = requirement 0 (n x k). */
    static void syrk(TaskContext ctx) {
        Piece a = new Piece(ctx, 0, "CHOLESKY_SYRK A");
        Piece c = new Piece(ctx, 1, "CHOLESKY_SYRK C");
        if (c.rows != c.cols || a.rows != c.rows) {
            throw new IllegalArgumentException("CHOLESKY_SYRK: A is " + a.rows + " x " + a.cols + ", C is " + c.rows + " x " + c.cols);
        }
        double[] cv = c.read();
        Cholesky.syrk(a.read(), 0, a.cols, cv, 0, c.cols, c.rows, a.cols);
        c.write(cv);
    }

    /** GEMM: requirement 2 (read-write, an off-diagonal trailing tile C, m x n) gets {@code C - A B^T}; A = requirement 0 (m x k), B = requirement 1 (n x k). */
    static void gemm(TaskContext ctx) {
        Piece a = new Piece(ctx, 0, "CHOLESKY_GEMM A");
        Piece b = new Piece(ctx, 1, "CHOLESKY_GEMM B");
        Piece c = new Piece(ctx, 2, "CHOLESKY_GEMM C");
        if (a.rows != c.rows || b.rows != c.cols || a.cols != b.cols) {
            throw new IllegalArgumentException("CHOLESKY_GEMM: A is " + a.rows + " x " + a.cols + ", B " + b.rows + " x " + b.cols
                    + ", C " + c.rows + " x " + c.cols);
        }
        double[] cv = c.read();
        Cholesky.gemmNT(a.read(), 0, a.cols, b.read(), 0, b.cols, cv, 0, c.cols, c.rows, c.cols, a.cols);
        c.write(cv);
    }

    /** The {@code i32 transposed} scalar of the blocked solve tasks (0 or 1). */
    public static byte[] solveArgs(boolean transposed) {
        return new ArgCodec.Writer().i32(transposed ? 1 : 0).bytes();
    }

    private static boolean transposedArg(TaskContext ctx, String task) {
        int t = new ArgCodec.Reader(ctx.scalars()).i32();
        if (t != 0 && t != 1) {
            throw new IllegalArgumentException(task + ": transposed must be 0 or 1, got " + t);
        }
        return t == 1;
    }

    /** SOLVE_TRSM: requirement 1 (read-write, X, n x r) becomes {@code L^-1 X} or {@code L^-T X}; L = requirement 0 (n x n). */
    static void solveTrsm(TaskContext ctx) {
        boolean t = transposedArg(ctx, "CHOLESKY_SOLVE_TRSM");
        Piece l = new Piece(ctx, 0, "CHOLESKY_SOLVE_TRSM L");
        Piece x = new Piece(ctx, 1, "CHOLESKY_SOLVE_TRSM X");
        if (l.rows != l.cols || x.rows != l.rows) {
            throw new IllegalArgumentException("CHOLESKY_SOLVE_TRSM: L is " + l.rows + " x " + l.cols + ", X is " + x.rows + " x " + x.cols);
        }
        double[] xv = x.read();
        Cholesky.trsmLeftLower(l.read(), 0, l.cols, xv, 0, x.cols, x.rows, x.cols, t);
        x.write(xv);
    }

    /** SOLVE_GEMM: requirement 2 (read-write, C, m x r) gets {@code C - A B} or {@code C - A^T B}; A = requirement 0, B = 1 (k x r). */
    static void solveGemm(TaskContext ctx) {
        boolean t = transposedArg(ctx, "CHOLESKY_SOLVE_GEMM");
        Piece a = new Piece(ctx, 0, "CHOLESKY_SOLVE_GEMM A");
        Piece b = new Piece(ctx, 1, "CHOLESKY_SOLVE_GEMM B");
        Piece c = new Piece(ctx, 2, "CHOLESKY_SOLVE_GEMM C");
        int m = t ? a.cols : a.rows;
        int k = t ? a.rows : a.cols;
        if (m != c.rows || k != b.rows || b.cols != c.cols) {
            throw new IllegalArgumentException("CHOLESKY_SOLVE_GEMM: A is " + a.rows + " x " + a.cols + (t ? " (transposed)" : "")
                    + ", B " + b.rows + " x " + b.cols + ", C " + c.rows + " x " + c.cols);
        }
        double[] cv = c.read();
        Cholesky.gemmUpdate(a.read(), 0, a.cols, t, b.read(), 0, b.cols, cv, 0, c.cols, m, k, c.cols);
        c.write(cv);
    }
}
