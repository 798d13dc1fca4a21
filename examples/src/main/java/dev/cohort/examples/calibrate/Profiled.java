package dev.cohort.examples.calibrate;

import dev.cohort.ndarray.Cohort;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.simulator.LaunchTrace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One measured program: run on one in-process shard with one worker, under the runtime's profiler and a
 * {@link LaunchTrace}, so that each point task's time (its profile span) can be matched with the launch it belongs
 * to. The profiler's summary, which the runtime prints on standard error when a profiled program ends, is not
 * shown.
 *
 * @param spans    the profile
 * @param launches every launch the program issued, in order
 * @param seconds  wall time of the program body
 */
record Profiled(TraceSpans spans, List<LaunchRecord> launches, double seconds) {
    /** A program body (it runs inside {@link Cohort#run}). */
    interface Body {
        void run() throws Exception;
    }

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    /**
     * Runs {@code body} on {@code config} (to which one shard, one worker, the profile and the trace are added),
     * with the profile in {@code scratch}, deleted after it has been read.
     */
    static Profiled run(Path scratch, Cohort.Config config, Body body) {
        Path file = scratch.resolve("profile-" + RUNS.incrementAndGet() + ".json");
        LaunchTrace trace = new LaunchTrace(1 << 20);
        Cohort.Config c = config.shards(1).cpus(1).profile(file).strategyAdvisor(machine -> trace);
        double[] seconds = new double[1];
        quietly(() -> Cohort.run(c, () -> {
            long t0 = System.nanoTime();
            body.run();
            seconds[0] = (System.nanoTime() - t0) / 1e9;
            return null;
        }));
        try {
            TraceSpans spans = TraceSpans.read(file);
            return new Profiled(spans, trace.records(), seconds[0]);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Runs {@code r} with {@code System.err} going nowhere (the profiler's summary); a failure still propagates. */
    static void quietly(Runnable r) {
        PrintStream err = System.err;
        System.setErr(NOWHERE);
        try {
            r.run();
        } finally {
            System.setErr(err);
        }
    }
}
