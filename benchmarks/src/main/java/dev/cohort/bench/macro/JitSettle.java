package dev.cohort.bench.macro;

import dev.cohort.ndarray.Cohort;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Warm-up until the JIT compiler has settled, before a Cohort workload's measured rounds: runs rounds of the
 * workload on scratch state (so that the measured run does exactly the reference's iterations and its checksums
 * still compare) until a window of at least {@link #WINDOW_NANOS} and 3 rounds passes in which the JVM's compilers
 * spent at most {@link #QUIET_SHARE} of the window's wall time ({@link CompilationMXBean#getTotalCompilationTime}),
 * or until {@link #CAP_NANOS}. Shard 0 decides after every round and broadcasts its verdict
 * ({@link Cohort#broadcast}), so every shard runs the same number of rounds (control replication).
 *
 * <p>Why: with a fixed few warm-up rounds the timed rounds measured the JIT. Dense CG n = 4096 on one shard ran 7-14 ms
 * an iteration for its first ~1 000 iterations while C2 kept a core 60 % busy, then 6.2-6.5 ms; the suite's 3 warm-up
 * and 25 timed rounds reported a median of 12.4 ms (4.77x NumPy). NumPy has no compiler to wait for; JMH's warm-up
 * iterations are the Java custom. What the settling took is reported beside each Cohort result.
 */
public final class JitSettle {
    /** The least window over which compilation is measured (ns). */
    public static final long WINDOW_NANOS = 500_000_000L;
    /** Compilation time, as a share of a window's wall time, below which the JIT counts as settled. */
    public static final double QUIET_SHARE = 0.01;
    /** The longest settling (ns); past it the measured rounds start anyway, and the result says so. */
    public static final long CAP_NANOS = 20_000_000_000L;

    /**
     * What settling took.
     *
     * @param rounds  scratch rounds run
     * @param seconds their wall time
     * @param settled true when a quiet window ended it, false when the cap did (or the JVM does not measure
     *                compilation time: then no round runs)
     */
    public record Result(int rounds, double seconds, boolean settled) {
    }

    private JitSettle() {
    }

    /**
     * A whole measurement ({@code run}: every round from fresh state) repeated until one took no more than
     * {@link #QUIET_SHARE} of its wall time in compilation, or until {@link #CAP_NANOS}; the last one counts. For the
     * Java floor (no Cohort, one JVM): its hand-written loops need the same chance to be compiled as Cohort's.
     *
     * @return the last run and what the settling took (the runs before it)
     */
    static <T> Settled<T> repeatUntilSettled(java.util.function.Supplier<T> run) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return new Settled<>(run.get(), new Result(0, 0, false));
        }
        long start = System.nanoTime();
        int before = 0;
        while (true) {
            long compiled = jit.getTotalCompilationTime();
            long t0 = System.nanoTime();
            T last = run.get();
            long now = System.nanoTime();
            boolean quiet = (jit.getTotalCompilationTime() - compiled) * 1e6 <= QUIET_SHARE * (now - t0);
            if (quiet || now - start >= CAP_NANOS) {
                return new Settled<>(last, new Result(before, (t0 - start) / 1e9, quiet));
            }
            before++;
        }
    }

    /** {@link #repeatUntilSettled}'s answer: the last run, and the settling (runs before it, their seconds). */
    record Settled<T>(T last, Result settle) {
    }

    private static final byte GO_ON = 0;
    private static final byte QUIET = 1;
    private static final byte CAPPED = 2;

    /**
     * Runs {@code round} (a round of the workload on scratch state) until the JIT settles or the cap passes; called
     * on every shard of the current {@link Cohort} at the same point of the program.
     */
    public static Result settle(Runnable round) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return new Result(0, 0, false);
        }
        Cohort cohort = Cohort.current();
        long start = System.nanoTime();
        long windowStart = start;
        long compiledAtWindow = jit.getTotalCompilationTime();
        int rounds = 0;
        int windowRounds = 0;
        while (true) {
            round.run();
            rounds++;
            windowRounds++;
            long now = System.nanoTime();
            byte verdict = GO_ON;
            if (now - windowStart >= WINDOW_NANOS && windowRounds >= 3) {
                long compiledMs = jit.getTotalCompilationTime() - compiledAtWindow;
                if (compiledMs * 1e6 <= QUIET_SHARE * (now - windowStart)) {
                    verdict = QUIET;
                } else {
                    windowStart = now;
                    compiledAtWindow = jit.getTotalCompilationTime();
                    windowRounds = 0;
                }
            }
            if (verdict == GO_ON && now - start >= CAP_NANOS) {
                verdict = CAPPED;
            }
            verdict = cohort.broadcast(0, new byte[] {verdict})[0];
            if (verdict != GO_ON) {
                return new Result(rounds, (System.nanoTime() - start) / 1e9, verdict == QUIET);
            }
        }
    }
}
