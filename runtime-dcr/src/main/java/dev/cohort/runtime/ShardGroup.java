package dev.cohort.runtime;

import dev.cohort.transport.Communicator;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a replicated top-level program: one copy per shard, each with its own {@link Runtime}
 * (DCR paper §2: the program is replicated into shards). {@link #runShards} runs the shards as
 * threads of this JVM, one per communicator (in-process communicators: they share nothing but
 * them); {@link #runShard} runs one shard of a job whose communicator is connected. Which
 * communicators a job uses is decided above the runtime (the array layer's {@code Jobs}), so
 * this module sees only {@link Communicator}.
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
     * Runs {@code program} on one in-process shard per communicator of {@code comms} (rank order), each
     * in a thread of its own, and returns each shard's result, by rank. If any shard fails, every shard
     * is aborted and a {@link ShardGroupException} carries each shard's error.
     */
    public static <T> List<T> runShards(List<? extends Communicator> comms, RuntimeConfig config, Program<T> program) {
        int shards = comms.size();
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, got " + shards);
        }
        RuntimeConfig concluded = config.copy().conclude(shards);
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
     * Starts a one-shard job over {@code comm} for the calling thread and returns its runtime, for
     * interactive use (jshell) where there is no program to hand to {@link #runShards}. The caller
     * ends it with {@link Runtime#finish()} and {@link Runtime#shutdown()}.
     */
    public static Runtime embedded(Communicator comm, RuntimeConfig config) {
        return new Runtime(comm, config.copy().conclude(1));
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
