package dev.cohort.runtime;

import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.Communicator;
import dev.cohort.transport.JobEnvironment;
import dev.cohort.transport.LocalCommunicator;
import dev.cohort.transport.launch.ShardEnvironment;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a replicated top-level program: one copy per shard, each with its own {@link Runtime}
 * (DCR paper §2: the program is replicated into shards). {@link #runLocal} runs the shards as
 * threads of this JVM over a {@link LocalCommunicator}; they share nothing but it. In a process that
 * a launcher ({@code bin/cohort run}, {@code srun}, {@code mpirun}) started as one shard of a job,
 * {@link #launched()} is true and {@link #runLaunched} runs this process's shard over an
 * {@link AeronCommunicator}.
 */
public final class ShardGroup {
    private ShardGroup() {
    }

    /** The top-level program; runs once per shard. */
    @FunctionalInterface
    public interface Program<T> {
        T run(Runtime runtime) throws Exception;
    }

    /**
     * Runs {@code program} on {@code shards} in-process shards and returns each shard's result,
     * by rank. If any shard fails, every shard is aborted and a {@link ShardGroupException}
     * carries each shard's error.
     */
    public static <T> List<T> runLocal(int shards, RuntimeConfig config, Program<T> program) {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, got " + shards);
        }
        RuntimeConfig concluded = config.copy().conclude(shards);
        List<LocalCommunicator> comms = LocalCommunicator.create(shards);
        List<T> results = new ArrayList<>();
        Throwable[] errors = new Throwable[shards];
        Object[] values = new Object[shards];
        Thread[] threads = new Thread[shards];
        for (int s = 0; s < shards; s++) {
            int rank = s;
            threads[s] = new Thread(() -> {
                Object[] out = new Object[1];
                errors[rank] = runShard(comms.get(rank), concluded, program, out);
                values[rank] = out[0];
            }, "cohort-shard-" + s);
            threads[s].setDaemon(true);
            threads[s].start();
        }
        long limit = concluded.blockingTimeout().toMillis() * 2 + 10_000;
        long deadline = System.currentTimeMillis() + limit;
        for (int s = 0; s < shards; s++) {
            try {
                threads[s].join(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                comms.get(0).abort(e);
                throw new IllegalStateException("interrupted while waiting for shards", e);
            }
            if (threads[s].isAlive()) {
                comms.get(s).abort(new IllegalStateException("shard " + s + " did not finish within " + limit + " ms"));
                errors[s] = new IllegalStateException("shard " + s + " did not finish within " + limit + " ms");
            }
        }
        ShardGroupException failure = null;
        for (int s = 0; s < shards; s++) {
            if (errors[s] != null) {
                if (failure == null) {
                    failure = new ShardGroupException(errors, errors[s]);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        for (int s = 0; s < shards; s++) {
            @SuppressWarnings("unchecked")
            T v = (T) values[s];
            results.add(v);
        }
        return results;
    }

    /**
     * Starts a one-shard job for the calling thread and returns its runtime, for interactive use
     * (jshell) where there is no program to hand to {@link #runLocal}. The caller ends it with
     * {@link Runtime#finish()} and {@link Runtime#shutdown()}.
     */
    public static Runtime embedded(RuntimeConfig config) {
        LocalCommunicator comm = LocalCommunicator.create(1).get(0);
        return new Runtime(comm, config.copy().conclude(1));
    }

    /**
     * Whether a launcher started this process as one shard of a multi-process job: its environment
     * names a job ({@code COHORT_JOB_ID}, or the rank variables of Slurm / MPI; see
     * {@link JobEnvironment}).
     *
     * @throws IllegalArgumentException naming a malformed job variable
     */
    public static boolean launched() {
        return ShardEnvironment.job().isPresent();
    }

    /** The shard count of this process's job when {@link #launched()}, else 1. */
    public static int launchedShards() {
        return ShardEnvironment.job().map(JobEnvironment::size).orElse(1);
    }

    /**
     * Runs this process's shard of its job: connects an {@link AeronCommunicator} to the other
     * shard processes (blocking until all have handshaken) and runs {@code program} on it with
     * {@link #runShard(Communicator, RuntimeConfig, Program)}. Worker threads: {@code config}'s
     * cpus, else {@code COHORT_CPUS} ({@code bin/cohort run --cpus}), else every available
     * processor.
     *
     * @return this shard's result
     * @throws IllegalStateException if this process is not a launched shard, or a peer did not
     *     connect in time
     */
    public static <T> T runLaunched(RuntimeConfig config, Program<T> program) {
        JobEnvironment job = ShardEnvironment.job().orElseThrow(() -> new IllegalStateException(
                "this process was not started as a shard of a job (no " + JobEnvironment.JOB_ID_ENV
                        + " and no Slurm or MPI rank in its environment)"));
        RuntimeConfig shardConfig = config.copy();
        if (shardConfig.cpus() == 0) {
            ShardEnvironment.cpus().ifPresent(shardConfig::cpus);
        }
        shardConfig.conclude(1); // a malformed setting fails before the job connects
        AeronCommunicator comm = AeronCommunicator.connect(job);
        return runShard(comm, shardConfig, program);
    }

    /** Runs one shard of a job whose communicator is already connected (e.g. a process of a multi-process job). */
    public static <T> T runShard(Communicator comm, RuntimeConfig config, Program<T> program) {
        Object[] out = new Object[1];
        Throwable t = runShard(comm, config.copy().conclude(1), program, out);
        if (t != null) {
            if (t instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(t);
        }
        @SuppressWarnings("unchecked")
        T v = (T) out[0];
        return v;
    }

    private static <T> Throwable runShard(Communicator comm, RuntimeConfig config, Program<T> program, Object[] out) {
        Runtime rt = null;
        try {
            rt = new Runtime(comm, config);
            out[0] = program.run(rt);
            rt.finish();
            return null;
        } catch (Throwable t) {
            if (rt != null) {
                rt.fail(t);
            } else {
                comm.abort(t);
            }
            return t;
        } finally {
            if (rt != null) {
                rt.shutdown();
            }
            comm.close();
        }
    }

}
