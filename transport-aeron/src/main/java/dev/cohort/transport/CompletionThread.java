package dev.cohort.transport;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A shard's completion thread: one daemon thread, started on demand and ended after a second idle, on which the
 * shard's waiting receives and collective steps complete, so that they never run on another shard's thread nor
 * on a transport's duty-cycle thread.
 */
final class CompletionThread {
    private static final long IDLE_THREAD_KEEP_ALIVE_MS = 1000;

    private CompletionThread() {
    }

    static Executor start(String name) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, IDLE_THREAD_KEEP_ALIVE_MS, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, name);
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
