package dev.cohort.runtime.execution;

/**
 * An instance does not fit its memory's budget, even after the memory's pool of freed storage was
 * emptied and the instances still in use finished (Legate: "out of memory in SYSTEM_MEM"). The
 * message names the memory, the request and the budget; raise the budget with {@code --sysmem}
 * ({@code cohort.sysmem.mib}) or use less data per shard.
 */
public final class MemoryBudgetExceededException extends RuntimeException {
    public MemoryBudgetExceededException(String message) {
        super(message);
    }
}
