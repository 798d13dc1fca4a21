package dev.cohort.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.transport.JobEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill and restart, as processes: {@code cg --checkpoint-every 20} runs as 3 shard processes; once
 * its third checkpoint is complete shard 1 is killed, and the others fail within seconds naming it.
 * {@code bin/cohort run --shards 2 cg ... --restart-from D} then finishes with the iteration count of
 * an uninterrupted 3-shard run and its solution to 1e-12, and {@code --shards 3} gives its bits.
 * A minimum tile volume of 512 elements splits the 96×96 grid into tiles over the shards, so the
 * checkpoint really is written by several processes and re-tiled when read by 2.
 */
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class CheckpointRestartTest {
    static final String TILES = "-Dcohort.min.tile.volume=512";
    static final String N = "96";
    static final List<String> SAME = List.of("problem", "n", "iterations", "converged");

    @Test
    void aKilledJobRestartsFromItsNewestCheckpointOnTwoOrThreeShards(@TempDir Path tmp) throws Exception {
        Path ckpts = tmp.resolve("ckpts");
        String[] cg = {"cg", "--problem", "poisson2d", "--n", N};

        Path xReference = tmp.resolve("x-uninterrupted.npy");
        MultiProcessTest.Run reference = MultiProcessTest.plainJvm(MultiProcessTest.JAVA_OPTS + " -Dcohort.cpus=1 " + TILES,
                "cg", "--problem", "poisson2d", "--n", N, "--shards", "3", "--save-solution", xReference.toString());
        assertEquals(0, reference.status(), reference::err);
        Map<String, String> expected = reference.values();
        assertEquals("true", expected.get("converged"));
        int iterations = Integer.parseInt(expected.get("iterations"));
        assertTrue(iterations > 100, "the run must outlast its third checkpoint: " + iterations + " iterations");

        // the job to kill: 3 shard processes with the job environment bin/cohort run gives them
        JobEnvironment job = MultiProcessTest.udpJob(3, Duration.ofMillis(2000));
        List<Process> shards = new ArrayList<>();
        try {
            for (int r = 0; r < 3; r++) {
                List<String> args = new ArrayList<>(List.of(cg));
                args.addAll(List.of("--checkpoint-every", "20", "--checkpoint-dir", ckpts.toString()));
                shards.add(MultiProcessTest.startShard(job, r, tmp, List.of(TILES), Main.class.getName(),
                        args.toArray(new String[0])));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (complete(ckpts) < 3) {
                for (int s = 0; s < 3; s++) {
                    int rr = s;
                    assertTrue(shards.get(s).isAlive(), () -> "shard " + rr + " ended before the third checkpoint:\n"
                            + read(tmp, "err-" + rr) + read(tmp, "out-" + rr));
                }
                assertTrue(System.nanoTime() < deadline, "no third checkpoint within 90 s");
                Thread.sleep(10);
            }
            shards.get(1).destroyForcibly();
            long killed = System.nanoTime();
            for (int r : new int[] {0, 2}) {
                long left = TimeUnit.SECONDS.toNanos(10) - (System.nanoTime() - killed);
                int rr = r;
                assertTrue(shards.get(r).waitFor(Math.max(0, left), TimeUnit.NANOSECONDS),
                        () -> "shard " + rr + " still running 10 s after shard 1 was killed");
                assertNotEquals(0, shards.get(r).exitValue(), () -> "shard " + rr + " finished: " + read(tmp, "out-" + rr));
                String err = read(tmp, "err-" + r);
                assertTrue(err.contains("shard 1"), () -> "shard " + rr + "'s stderr names no shard 1:\n" + err);
            }
        } finally {
            MultiProcessTest.killAll(shards);
            MultiProcessTest.deleteDriverDirectories(job.jobIdHex());
        }
        assertTrue(complete(ckpts) >= 3, complete(ckpts) + " complete checkpoints left by the killed job");

        Map<String, String> opts = Map.of("COHORT_JAVA_OPTS", MultiProcessTest.JAVA_OPTS + " " + TILES);
        List<String> restart = new ArrayList<>(List.of(cg));
        restart.addAll(List.of("--restart-from", ckpts.toString()));

        Path x3 = tmp.resolve("x-restarted-3.npy");
        Path x2 = tmp.resolve("x-restarted-2.npy");
        MultiProcessTest.Run three = MultiProcessTest.launch(opts,
                concat(List.of("--shards", "3"), with(restart, "--save-solution", x3.toString())));
        assertEquals(0, three.status(), () -> three.out() + three.err());
        Map<String, String> got3 = three.values();
        int from = Integer.parseInt(got3.get("restarted_from"));
        assertTrue(from >= 60 && from % 20 == 0 && from < iterations, "restarted from iteration " + from);
        for (String k : List.of("problem", "n", "iterations", "residual", "true_residual", "converged", "solution_sum",
                "solution_max")) {
            assertEquals(expected.get(k), got3.get(k), k + " restarted on 3 shards (bit for bit)");
        }
        assertEquals(-1, Files.mismatch(xReference, x3), "the saved x restarted on 3 shards is byte for byte the uninterrupted run's");

        MultiProcessTest.Run two = MultiProcessTest.launch(opts,
                concat(List.of("--shards", "2"), with(restart, "--save-solution", x2.toString())));
        assertEquals(0, two.status(), () -> two.out() + two.err());
        Map<String, String> got2 = two.values();
        assertEquals(Integer.toString(from), got2.get("restarted_from"));
        for (String k : SAME) {
            assertEquals(expected.get(k), got2.get(k), k + " restarted on 2 shards");
        }
        for (String k : List.of("solution_sum", "solution_max")) {
            double e = Double.parseDouble(expected.get(k));
            double g = Double.parseDouble(got2.get(k));
            assertTrue(Math.abs(g - e) <= 1e-12 * Math.abs(e), k + ": " + g + " vs " + e);
        }
        double[] xe = npyDoubles(xReference);
        double[] xg = npyDoubles(x2);
        assertEquals(xe.length, xg.length);
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < xe.length; i++) {
            diff += (xg[i] - xe[i]) * (xg[i] - xe[i]);
            norm += xe[i] * xe[i];
        }
        assertTrue(Math.sqrt(diff) <= 1e-12 * Math.sqrt(norm), "||x2 - x3|| / ||x3|| = " + Math.sqrt(diff / norm));
        System.out.println("killed after checkpoint " + from + " of " + iterations + " iterations; restarted on 3 shards in "
                + got3.get("seconds") + " s, on 2 in " + got2.get("seconds") + " s; solution_sum 2 vs 3 shards: "
                + got2.get("solution_sum") + " vs " + expected.get("solution_sum"));
    }

    /** The float64 data of a little-endian C-order {@code .npy} file (version 1.0, as np.save and Np.save write it). */
    static double[] npyDoubles(Path f) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(Files.readAllBytes(f)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int header = 10 + (b.getShort(8) & 0xffff);
        double[] d = new double[(b.capacity() - header) / 8];
        b.position(header);
        b.asDoubleBuffer().get(d);
        return d;
    }

    /** Complete checkpoints (subdirectories with a COMPLETE marker) in {@code dir}. */
    static int complete(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return (int) s.filter(p -> Files.exists(p.resolve("COMPLETE"))).count();
        }
    }

    static String read(Path dir, String name) {
        try {
            return MultiProcessTest.read(dir, name);
        } catch (IOException e) {
            return e.toString();
        }
    }

    static List<String> with(List<String> a, String... more) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(more));
        return all;
    }

    static String[] concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all.toArray(new String[0]);
    }
}
