package dev.cohort.runtime;

/**
 * Counters of one shard's runtime. {@code coarseWork} counts the coarse stage's comparisons (one
 * per earlier user of a store examined), independent of launch sizes and shard counts by design.
 * {@code inlinePointTasks} counts the point tasks the small-operation fast path ran on the program thread.
 * {@code interMemoryCopies} and {@code interMemoryBytes} count the copies between two memories of the shard
 * ({@code cohort.memories} &gt; 1; 0 with one memory) and the bytes they moved. {@code consolidations} counts the
 * reads that found a store's data a patchwork (chunked loads, slice writes, a fill) and kept the pieces they gathered
 * as the store's instances, so that the reads after them through the same layout need no copy; {@code inPlaceWrites}
 * counts the one-point writes of a part of one instance ({@code a[5] = v}) made where it lies, with no new entry.
 * {@code skippedPointTasks} counts the point tasks of decisive reductions ({@link dev.cohort.runtime.launch.Decisive})
 * that skipped their bodies because another point had decided the result; {@code unplannedPointTasks} those of them
 * that were never even planned, because the launch's first point, run alone on a shard that runs alone, decided
 * it. {@code collectivesCompleted} counts the
 * data collectives (all-gathers of partial results, replicated reads) that have completed on this shard and
 * {@code collectiveNanos} their wall-clock nanoseconds together, each from this shard's contribution being ready to
 * the result's arrival: what a shard waits for the others and the messages (the strategy search's measured link
 * cost, {@code dev.cohort.simulator.SearchAdvisor}).
 */
public record RuntimeStats(long operations, long coarseWork, long shardLocalDependences, long crossShardDependences,
                           long pointTasks, long messagesSent, long bytesSent, long collectives, long inlinePointTasks,
                           long interMemoryCopies, long interMemoryBytes, long consolidations,
                           long inPlaceWrites, long skippedPointTasks, long unplannedPointTasks, long collectivesCompleted,
                           long collectiveNanos) {
}
