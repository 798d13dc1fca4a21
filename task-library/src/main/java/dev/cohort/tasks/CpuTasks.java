package dev.cohort.tasks;

import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskRegistry;

import java.util.Locale;

/**
 * The CPU variants of every {@link OpCode}: plain Java kernels (see the package's README for
 * the dense fast paths and the strided path), ND4J for big matrix products.
 */
public final class CpuTasks {
    private CpuTasks() {
    }

    /** The registered name of {@code op}'s task, e.g. {@code "cohort.binary_op"}. */
    public static String taskName(OpCode op) {
        return "cohort." + op.name().toLowerCase(Locale.ROOT);
    }

    /** Registers the CPU variant of every op code not yet registered in {@code r} (idempotent). */
    public static void register(TaskRegistry r) {
        synchronized (r) {
            for (OpCode op : OpCode.values()) {
                if (r.contains(op.taskId()) && r.variant(op.taskId(), ProcessorKind.CPU) != null) {
                    continue;
                }
                r.register(op.taskId(), taskName(op), ProcessorKind.CPU, body(op));
            }
            ViewTasks.register(r);
            FileTasks.register(r);
            TextTasks.register(r);
            MatrixMarketTasks.register(r);
            CheckpointTasks.register(r);
        }
    }

    /** The CPU kernel of {@code op}. */
    public static TaskBody body(OpCode op) {
        return switch (op) {
            case BINARY_OP -> ElementwiseKernels::binary;
            case UNARY_OP -> ElementwiseKernels::unary;
            case REDUCE -> ReductionKernels::reduce;
            case ARG_REDUCE -> ReductionKernels::argReduce;
            case MATVEC -> ReductionKernels::matvec;
            case GEMM -> GemmKernel::gemm;
            case FILL -> DataKernels::fill;
            case ARANGE -> DataKernels::arange;
            case RAND -> DataKernels::rand;
            case COPY, CONVERT -> DataKernels::copy;
            case WHERE -> DataKernels::where;
            case FUSED -> FusedKernels::fused;
            case FUSED_REDUCE -> FusedKernels::fusedReduce;
            // ---- sort and scan
            case SORT_LOCAL -> SortKernels::sortLocal;
            case ARGSORT_LOCAL -> SortKernels::argsortLocal;
            case SORT_PAIRS -> SortKernels::sortPairs;
            case SAMPLE -> SortKernels::sample;
            case BUCKET_COUNT -> SortKernels::bucketCount;
            case COPY_RECTS -> SortKernels::copyRects;
            case UNIQUE_FLAGS -> SortKernels::uniqueFlags;
            case SCAN -> ScanKernels::scan;
            case ADD_OFFSET -> ScanKernels::addOffset;
            case MASK_COUNT -> ScanKernels::maskCount;
            case MASK_COMPACT -> ScanKernels::maskCompact;
            case LINALG -> LinalgTasks::linalg;
            case CHOLESKY_POTRF -> LinalgTasks::potrf;
            case CHOLESKY_TRSM -> LinalgTasks::trsm;
            case CHOLESKY_SYRK -> LinalgTasks::syrk;
            case CHOLESKY_GEMM -> LinalgTasks::gemm;
            case CHOLESKY_SOLVE_TRSM -> LinalgTasks::solveTrsm;
            case CHOLESKY_SOLVE_GEMM -> LinalgTasks::solveGemm;
            case LU_PANEL -> LuTasks::panel;
            case LU_UPDATE -> LuTasks::update;
            case LU_BACK_TRSM -> LuTasks::backTrsm;
            case LU_BACK_GEMM -> LuTasks::backGemm;
            case GATHER_ROWS -> IndexKernels::gatherRows;
            case SCATTER_ROWS -> IndexKernels::scatterRows;
            case BINCOUNT -> IndexKernels::bincount;
            case RAND_DIST -> RandomSamplers::draw;
            case RANDOM_STATE -> LegacyRandom::draw;
            case SEARCHSORTED -> SearchKernels::searchSorted;
        };
    }
}
