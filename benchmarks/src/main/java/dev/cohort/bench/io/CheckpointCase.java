package dev.cohort.bench.io;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.io.IoBenchmark.CaseResult;
import dev.cohort.bench.io.IoBenchmark.Op;
import dev.cohort.bench.io.IoBenchmark.Run;
import dev.cohort.bench.io.IoBenchmark.Settings;
import dev.cohort.bench.io.IoBenchmark.Timings;
import dev.cohort.bench.macro.MacroBenchmark;
import dev.cohort.bench.macro.PythonRunner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checkpoint of the CG state: three n x n float64 vectors ({@code x}, {@code r}, {@code p} of the Poisson CG; n =
 * {@link IoBenchmark#CG_N}, 80 MB each; {@code --quick} {@link IoBenchmark#QUICK_CG_N}), with values every system
 * computes exactly alike ({@code x = arange(n*n).reshape(n, n)}, {@code r = x * 0.5}, {@code p = x + 1}). Systems: the
 * floor ({@link DiskFloor#run} on one file of the three vectors' bytes: write + fsync, read, read after eviction;
 * system {@code disk}), NumPy ({@code io_checkpoint.py}: {@code np.save} of each vector into a new directory, each file
 * fsynced, then the directory; {@code np.load} of the three) and Cohort's {@code Cohort.checkpoint}/{@code restore} on
 * each shard count ({@link IoChild} {@code mode=checkpoint}). Equal work: every system checks the sums of what it
 * restored (exact), and Cohort's tile files together hold exactly the vectors' bytes, as NumPy's files do (less their
 * headers). Targets: the bandwidth goal ({@link IoBenchmark#GOAL} of the disk's) on the checkpoint and the cold
 * restore, and Cohort's checkpoint time over NumPy's {@code np.save} + fsync, reported without a goal.
 */
final class CheckpointCase implements IoBenchmark.IoCase {
    static final List<Op> OPS = List.of(
            new Op("checkpoint", "checkpoint (every file forced to the device)", "write_fsync"),
            new Op("restore", "restore from the page cache", "read"),
            new Op("restore_cold", "restore after eviction (from the device)", "read_cold"));

    @Override
    public String name() {
        return "checkpoint";
    }

    @Override
    public CaseResult run(Run run) throws IOException {
        Settings s = run.settings();
        int n = s.cgN();
        long bytes = s.cgBytes();
        String shape = n + "x" + n;
        String subject = "x, r, p of " + shape + " float64 (" + IoBenchmark.size(bytes) + ")";
        List<Timings> timings = new ArrayList<>();
        Map<String, long[]> floor = DiskFloor.run(run.dir().resolve("disk-floor.bin"), bytes, s.warmup(), s.rounds(), run.evict());
        floor.remove("resident_after_evict");
        timings.add(IoBenchmark.logged(new Timings("disk", floor, -1, bytes, null).withSum("write_fsync", "write", "fsync")));

        List<String> common = List.of("n=" + n, "warmup=" + s.warmup(), "rounds=" + s.rounds(), "evict=" + run.evict().key());
        List<String> required = List.of("checkpoint", "restore");
        List<String> optional = List.of("restore_cold");
        List<String> problems = new ArrayList<>();
        if (run.python() == null) {
            timings.add(Timings.failed("numpy", "not run: --python none"));
        } else {
            Path d = Files.createDirectories(run.dir().resolve("numpy-checkpoints"));
            List<String> args = new ArrayList<>(List.of("dir=" + d));
            args.addAll(common);
            PythonRunner.Result r = run.python().run("io_checkpoint.py", args, IoBenchmark.CHILD_TIMEOUT);
            Timings t = IoBenchmark.logged(Timings.of("numpy", r, required, optional));
            timings.add(t);
            if (t.ok()) {
                check("numpy", r.values(), bytes, problems);
            }
            IoBenchmark.deleteTree(d);
        }
        int xmx = IoBenchmark.childXmxMiB(bytes);
        long cohortFiles = -1;
        long tileFiles = -1;
        for (int shards : s.shards()) {
            String system = MacroBenchmark.cohortSystem(shards);
            Path d = Files.createDirectories(run.dir().resolve(system + "-checkpoints"));
            List<String> args = new ArrayList<>(List.of("mode=checkpoint", "shards=" + shards, "dir=" + d));
            args.addAll(common);
            if (s.minTileVolume() != null) {
                args.add("min_tile_volume=" + s.minTileVolume());
            }
            PythonRunner.Result r = run.child(xmx, args);
            Timings t = IoBenchmark.logged(Timings.of(system, r, required, optional));
            timings.add(t);
            if (t.ok()) {
                check(system, r.values(), bytes, problems);
                cohortFiles = t.fileBytes();
                tileFiles = r.values().containsKey("tile_files") ? KeyValues.getLong(r.values(), "tile_files") : -1;
            }
            IoBenchmark.deleteTree(d);
        }
        String equal = problems.isEmpty() ? null : String.join("; ", problems);
        System.err.println("[io] checkpoint data: " + (equal == null ? "as expected" : equal));
        boolean cold = run.evict() != PageCache.Method.NONE;
        String method = String.format(Locale.ROOT, "The CG state: `x = arange(%d*%d).reshape(%d, %d)`, `r = x * 0.5`, "
                        + "`p = x + 1`, float64, %d bytes of data in all, the same values in every system. %d untimed "
                        + "and %d timed rounds per system, medians shown; each round writes into a new directory, "
                        + "restores from the page cache, %s. The **disk** row is the floor: a `FileChannel` writing the "
                        + "same number of bytes to one new file, fsync, reading it back%s. **NumPy**: "
                        + "`benchmarks/python/io_checkpoint.py`: `np.save` of each vector to its own file, each fsynced, "
                        + "then the directory (*checkpoint*); `np.load` of the three (*restore*). **Cohort**: `IoChild` in "
                        + "a JVM of its own (`-Xmx%dm`, default configuration, the Chronicle Map options of "
                        + "`MacroBenchmark.javaCommand`), `Cohort.checkpoint(dir, {p, r, x})` (each shard writes and forces "
                        + "its tiles with their CRC32C, then the Chronicle Map catalog and the `COMPLETE` marker, then the "
                        + "directory) and `Cohort.restore(dir)` (which verifies every tile's CRC32C) on in-process shards, "
                        + "each timed call after a barrier of all shards, shard 0's times; every restored array's sum is "
                        + "checked (exact). A Cohort checkpoint is %s (the tile files hold exactly the data's bytes%s; the "
                        + "rest is the catalog and marker); NumPy's files are %d bytes (a 128-byte header each). %s "
                        + "*time / NumPy's* of the checkpoint row is the ratio checkpoint / (`np.save` + fsync).",
                n, n, n, n, bytes, s.warmup(), s.rounds(),
                cold ? "drops every file from the page cache (" + run.evict().key() + ") and restores again (from the device)"
                        : "(no cold restore: no way to drop the files from the page cache, --evict none)",
                cold ? ", dropping it, reading it again" : "", xmx,
                cohortFiles < 0 ? "of an unknown size" : cohortFiles + " bytes in all",
                tileFiles < 0 ? "" : ", " + tileFiles + " tile files on the last shard count",
                bytes + 3 * IoBenchmark.NPY_HEADER_BYTES,
                equal == null ? "Every system restored the expected values and Cohort's tiles hold the vectors' bytes: "
                        + "equal work." : "**The systems' work differs: " + equal + ".**");
        return new CaseResult(name(), "Checkpoint of the CG state (" + subject + ")", subject, shape + "x3", bytes, OPS, "disk",
                timings, List.of("checkpoint", cold ? "restore_cold" : "restore"), List.of("checkpoint"), equal, method);
    }

    /**
     * Adds to {@code problems} what is wrong with a system's {@code data_bytes=} (the bytes of its data files, headers
     * excluded: the three vectors' {@code bytes}).
     */
    static void check(String system, Map<String, String> values, long bytes, List<String> problems) {
        try {
            long data = KeyValues.getLong(values, "data_bytes");
            if (data != bytes) {
                problems.add(system + " wrote " + data + " bytes of data, not " + bytes);
            }
        } catch (IllegalArgumentException e) {
            problems.add(system + " printed no data_bytes=: " + e.getMessage());
        }
    }
}
