package dev.cohort.tasks;

/**
 * The task families of the array library (Legate/cuPyNumeric op codes), one registered task id
 * each; the operation within a family is an enum sub-code carried in the launch's scalars
 * ({@link BinaryOp}, {@link UnaryOp}, ...), in the style of {@code jdk.incubator.vector.VectorOperators}.
 */
public enum OpCode {
    BINARY_OP(1001),
    UNARY_OP(1002),
    REDUCE(1003),
    ARG_REDUCE(1004),
    MATVEC(1005),
    GEMM(1006),
    FILL(1007),
    ARANGE(1008),
    RAND(1009),
    COPY(1010),
    CONVERT(1011),
    WHERE(1012),
    /** A chain of element-wise float64 operations in one launch ({@link FusedExpr}). */
    FUSED(1020),
    /** The full reduction of such a chain, without materialising it ({@link FusedReduce}). */
    FUSED_REDUCE(1021),

    // ---- sort and scan (ids 1200-1219): distributed sort, unique, cumsum/cumprod, mask selection; see SortArgs
    /** Sort each lane of a piece (stable, NumPy order). */
    SORT_LOCAL(1200),
    /** Stable argsort of each lane, writing int64 global indices (and optionally the sorted values). */
    ARGSORT_LOCAL(1201),
    /** Sort (key, int64 payload) pairs of a piece: the merge of an argsort's bucket. */
    SORT_PAIRS(1202),
    /** Regular samples of a sorted piece into the launch's result. */
    SAMPLE(1203),
    /** Counts per splitter bucket of a sorted piece into the launch's result. */
    BUCKET_COUNT(1204),
    /** A piece's elements, row-major, into another piece of equal volume (the exchange). */
    COPY_RECTS(1205),
    /** Flags of the first element of each run of equal keys in a sorted piece (unique). */
    UNIQUE_FLAGS(1206),
    /** Inclusive cumsum/cumprod of each lane of a piece; lane totals into the result. */
    SCAN(1207),
    /** Folds each lane's offset (exclusive scan of the tiles' totals) into a piece. */
    ADD_OFFSET(1208),
    /** True elements of a mask piece into the result. */
    MASK_COUNT(1209),
    /** The selected elements (or their coordinates) of a piece, compacted into an out piece. */
    MASK_COMPACT(1210),

    // linalg (task ids 1220-1239): dev.cohort.tasks.linalg routines, see LinalgTasks
    /** A numpy.linalg routine ({@link LinalgOp}) on each matrix of a batch tile ({@link LinalgTasks.Linalg}). */
    LINALG(1220),
    /** Blocked Cholesky: a diagonal tile becomes its lower factor (requirement 0, read-write; no scalars). */
    CHOLESKY_POTRF(1221),
    /** Blocked Cholesky: panel tile {@code X := X L^-T} (requirement 0: L read, 1: X read-write; no scalars). */
    CHOLESKY_TRSM(1222),
    /** Blocked Cholesky: diagonal trailing tile {@code C -= A A^T}, lower part (0: A read, 1: C read-write; no scalars). */
    CHOLESKY_SYRK(1223),
    /** Blocked Cholesky: off-diagonal trailing tile {@code C -= A B^T} (0: A read, 1: B read, 2: C read-write; no scalars). */
    CHOLESKY_GEMM(1224),
    /**
     * Blocked solve with a Cholesky factor: {@code X := L^-1 X}, or {@code L^-T X} (requirement 0:
     * L tile read, 1: X tile read-write; scalars: {@code i32 transposed}).
     */
    CHOLESKY_SOLVE_TRSM(1225),
    /**
     * Blocked solve: {@code C -= A B}, or {@code A^T B} (0: A read, 1: B read, 2: C read-write;
     * scalars: {@code i32 transposed}).
     */
    CHOLESKY_SOLVE_GEMM(1226),
    /**
     * Blocked LU (solve): partial-pivoting factorisation of one column panel of {@code W = [A | B]}
     * (requirement 0: W column tile read-write, 1: panel copy written, 2: int64 pivots written; scalars
     * {@code i64 k0, i64 kb}); see {@link LuTasks}.
     */
    LU_PANEL(1227),
    /** Blocked LU: a panel's interchanges, TRSM and GEMM update on a later column tile of W (0: W tile read-write, 1: panel read, 2: pivots read; scalars as LU_PANEL). */
    LU_UPDATE(1228),
    /** Blocked LU back substitution: {@code x_i = U_ii^-1 y_i} (0: U tile read, 1: y tile read, 2: x tile written; no scalars). */
    LU_BACK_TRSM(1229),
    /** Blocked LU back substitution: {@code y_l -= U_li x_i} (0: U tile read, 1: x tile read, 2: y tile read-write; no scalars). */
    LU_BACK_GEMM(1230),

    // ---- integer-array indexing (ids 1250-1259): see IndexKernels
    /** Rows of a replicated source selected by an index piece ({@code take}, {@code a[idx]}). */
    GATHER_ROWS(1250),
    /** Rows of a whole store assigned from values at an index array, in index order ({@code a[idx] = v}, {@code put}). */
    SCATTER_ROWS(1251),
    /** Per-point {@code bincount} partials folded into a replicated store. */
    BINCOUNT(1252),

    // ---- random distributions (ids 1290-1299): see RandomDist, RandomSamplers
    /** One draw of a {@link RandomDist} per element of the iteration space (scalars: {@link RandomDraw}). */
    RAND_DIST(1290),
    /**
     * NumPy's legacy {@code RandomState} on MT19937, one replicated point over whole stores (0: the state, read-written;
     * then the Gaussian cache, the output, the weights; scalars: {@link LegacyRandom.Draw}); see {@link LegacyRandom}.
     */
    RANDOM_STATE(1295),

    // ---- searching (ids 1280-1289): see SearchKernels
    /** Binary search of a values piece in a replicated sorted 1-d store ({@code searchsorted}). */
    SEARCHSORTED(1280);

    private final int taskId;

    OpCode(int taskId) {
        this.taskId = taskId;
    }

    /** The runtime task id (user range, {@code >= TaskRegistry.FIRST_USER_TASK_ID}). */
    public int taskId() {
        return taskId;
    }
}
