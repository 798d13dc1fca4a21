package dev.cohort.bench.taskbench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reference of the efficiency: the bare kernel with no runtime, one plain thread per core,
 * each calling {@link Kernel#run} on chunks for a fixed time. Also the single-thread cost of one
 * iteration, which turns a task duration into iterations.
 */
final class Peak {
    private static volatile long sink;

    private Peak() {
    }

    /** Nanoseconds per kernel iteration on one thread (best of a few timed runs after a warm-up). */
    static double nanosPerIteration() {
        long iters = 20_000_000L;
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 6; r++) {
            long t0 = System.nanoTime();
            sink += Kernel.run(iters, r);
            long t1 = System.nanoTime();
            if (r >= 2) {
                best = Math.min(best, (t1 - t0) / (double) iters);
            }
        }
        return best;
    }

    /** Kernel iterations per second on {@code threads} threads running {@code seconds} each. */
    static double iterationsPerSecond(int threads, double seconds) throws InterruptedException {
        long chunk = 200_000;
        AtomicLong total = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        long[] wall = new long[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                long t0 = System.nanoTime();
                long end = t0 + (long) (seconds * 1e9);
                long n = 0;
                long acc = id;
                long now;
                do {
                    acc = Kernel.run(chunk, acc);
                    n += chunk;
                    now = System.nanoTime();
                } while (now < end);
                wall[id] = now - t0;
                sink += acc;
                total.addAndGet(n);
                done.countDown();
            }, "taskbench-peak-" + t);
            th.setDaemon(true);
            th.start();
        }
        start.countDown();
        done.await();
        long longest = 0;
        for (long w : wall) {
            longest = Math.max(longest, w);
        }
        return total.get() / (longest / 1e9);
    }
}
