package dev.cohort.ndarray;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.JobEnvironment;
import dev.cohort.transport.LocalCommunicator;
import dev.cohort.transport.launch.ShardEnvironment;

import java.util.List;

/**
 * Where a job's shards come from, decided once, above the runtime: threads of this JVM over
 * {@link LocalCommunicator}s, or, in a process that a launcher ({@code bin/cohort run}, {@code srun},
 * {@code mpirun}) started as one shard of a job, this process's shard over an {@link AeronCommunicator}.
 * The runtime ({@link ShardGroup}) sees only the communicators.
 */
final class Jobs {
    private Jobs() {
    }

    /** {@code program} on {@code shards} in-process shards; each shard's result, by rank. */
    static <T> List<T> runLocal(int shards, RuntimeConfig config, ShardGroup.Program<T> program) {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, got " + shards);
        }
        return ShardGroup.runShards(LocalCommunicator.create(shards), config, program);
    }

    /** A one-shard job for the calling thread (jshell); see {@link ShardGroup#embedded}. */
    static Runtime embedded(RuntimeConfig config) {
        return ShardGroup.embedded(LocalCommunicator.create(1).get(0), config);
    }

    /**
     * Whether a launcher started this process as one shard of a multi-process job: its environment
     * names a job ({@code COHORT_JOB_ID}, or the rank variables of Slurm / MPI; see {@link JobEnvironment}).
     *
     * @throws IllegalArgumentException naming a malformed job variable
     */
    static boolean launched() {
        return ShardEnvironment.job().isPresent();
    }

    /** The shard count of this process's job when {@link #launched()}, else 1. */
    static int launchedShards() {
        return ShardEnvironment.job().map(JobEnvironment::size).orElse(1);
    }

    /**
     * Runs this process's shard of its job: connects an {@link AeronCommunicator} to the other shard
     * processes (blocking until all have handshaken) and runs {@code program} on it. Worker threads:
     * {@code config}'s cpus, else {@code COHORT_CPUS} ({@code bin/cohort run --cpus}), else every
     * available processor.
     *
     * @throws IllegalStateException if this process is not a launched shard, or a peer did not connect in time
     */
    static <T> T runLaunched(RuntimeConfig config, ShardGroup.Program<T> program) {
        // a launcher that dies (kill -9 included) must not leave this shard computing for nobody
        dev.cohort.transport.launch.LauncherPipe.watchIfLaunched();
        JobEnvironment job = ShardEnvironment.job().orElseThrow(() -> new IllegalStateException(
                "this process was not started as a shard of a job (no " + JobEnvironment.JOB_ID_ENV
                        + " and no Slurm or MPI rank in its environment)"));
        RuntimeConfig shardConfig = config.copy();
        if (shardConfig.cpus() == 0) {
            ShardEnvironment.cpus().ifPresent(shardConfig::cpus);
        }
        shardConfig.conclude(1); // a malformed setting fails before the job connects
        return ShardGroup.runShard(AeronCommunicator.connect(job), shardConfig, program);
    }
}
