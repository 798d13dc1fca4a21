package dev.cohort.bench;

import java.util.concurrent.locks.LockSupport;

/**
 * What the scheduler adds to any design that parks threads, measured in this JVM: how long
 * {@code LockSupport.parkNanos(1 µs)} and {@code parkNanos(100 µs)} really sleep (the shortest and longest park of
 * AeronCommunicator's agent), and how long a parked thread takes to run after another thread unparks it (half the
 * round trip of two threads that wake each other).
 */
final class ParkCalibration {
    /** Medians (and the wake-up's p99) in nanoseconds. */
    record Result(long park1us, long park100us, long wakeUp, long wakeUpP99) {
    }

    private ParkCalibration() {
    }

    static Result measure(int samples) {
        long park1 = parkMedian(1_000, samples);
        long park100 = parkMedian(100_000, Math.max(1, samples / 10));
        long[] wakeUps = wakeUps(samples);
        return new Result(park1, park100, Stats.summarize(wakeUps).median(), Stats.summarize(wakeUps).p99());
    }

    private static long parkMedian(long nanos, int samples) {
        long[] took = new long[samples];
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            LockSupport.parkNanos(nanos);
            took[i] = System.nanoTime() - start;
        }
        return Stats.summarize(took).median();
    }

    /** Half the round trips of two threads that unpark each other and park until woken. */
    private static long[] wakeUps(int samples) {
        long[] rtt = new long[samples];
        Thread main = Thread.currentThread();
        // turn: even = the partner's move, odd = the main thread's
        java.util.concurrent.atomic.AtomicLong turn = new java.util.concurrent.atomic.AtomicLong(-1);
        Thread partner = new Thread(() -> {
            for (long expected = 0; expected < 2L * samples; expected += 2) {
                while (turn.get() != expected) {
                    LockSupport.park();
                }
                turn.set(expected + 1);
                LockSupport.unpark(main);
            }
        }, "bench-wake-partner");
        partner.setDaemon(true);
        partner.start();
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            turn.set(2L * i);
            LockSupport.unpark(partner);
            while (turn.get() != 2L * i + 1) {
                LockSupport.park();
            }
            rtt[i] = (System.nanoTime() - start) / 2;
        }
        return rtt;
    }
}
