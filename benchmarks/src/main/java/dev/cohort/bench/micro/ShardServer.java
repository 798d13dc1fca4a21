package dev.cohort.bench.micro;

import dev.cohort.ndarray.Cohort;
import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.transport.LocalCommunicator;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A one-shard Cohort program kept alive between benchmark invocations: its thread runs
 * {@link ShardGroup#runShards} (or {@link Cohort#run}) with a body that executes the jobs handed to
 * {@link #call}, one after the other, until {@link #close}. A job runs on the shard's own program
 * thread, as a top-level program's code does; handing it over costs one thread wake-up each way,
 * amortised over the many launches a job issues.
 */
public final class ShardServer implements AutoCloseable {
    private static final Consumer<Runtime> STOP = rt -> {
    };

    private final SynchronousQueue<Consumer<Runtime>> jobs = new SynchronousQueue<>();
    private final SynchronousQueue<Object> done = new SynchronousQueue<>();
    private final Thread thread;
    private volatile Throwable failure;

    private ShardServer(boolean ndarray, RuntimeConfig config, Cohort.Config cohort) {
        thread = new Thread(() -> {
            try {
                if (ndarray) {
                    Cohort.run(cohort, () -> {
                        serve(Cohort.current().runtime());
                        return null;
                    });
                } else {
                    ShardGroup.runShards(LocalCommunicator.create(1), config, rt -> {
                        serve(rt);
                        return null;
                    });
                }
            } catch (Throwable t) {
                failure = t;
                done.offer(t);
            }
        }, "bench-shard-server");
        thread.setDaemon(true);
        thread.start();
    }

    /** A server over a plain one-shard {@link Runtime}. */
    public static ShardServer runtime(RuntimeConfig config) {
        return new ShardServer(false, config, null);
    }

    /** A server inside {@link Cohort#run} on one shard: jobs may use the NdArray API. */
    public static ShardServer ndarray(Cohort.Config config) {
        return new ShardServer(true, null, config.shards(1));
    }

    private void serve(Runtime rt) throws InterruptedException {
        while (true) {
            Consumer<Runtime> job = jobs.take();
            if (job == STOP) {
                return;
            }
            Object result = Boolean.TRUE;
            try {
                job.accept(rt);
            } catch (Throwable t) {
                result = t;
            }
            done.put(result);
        }
    }

    /** Runs {@code job} on the shard's program thread and waits for it. */
    public void call(Consumer<Runtime> job) {
        try {
            if (failure != null || !jobs.offer(job, 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("shard server is not running", failure);
            }
            Object r = done.take();
            if (r instanceof Throwable t) {
                throw new IllegalStateException("benchmark job failed", t);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            if (failure == null) {
                jobs.offer(STOP, 60, TimeUnit.SECONDS);
            }
            thread.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
