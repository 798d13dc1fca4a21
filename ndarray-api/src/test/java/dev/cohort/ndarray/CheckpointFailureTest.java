package dev.cohort.ndarray;

import dev.cohort.runtime.ShardGroupException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Torn, corrupted and unwritable checkpoints: each fails on every shard with a
 * {@link CheckpointException} whose message names the file and the problem, and nothing
 * half-written is ever taken for a checkpoint. The disk-full case writes to a real 1 MiB tmpfs
 * (or, where mounting is not permitted, to {@code /dev/full}, which fails every write with ENOSPC).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CheckpointFailureTest {
    static final int SHARDS = 2;

    static Cohort.Config config() {
        return new Cohort.Config().shards(SHARDS).minTileVolume(4);
    }

    /** A checkpoint of one 10x10 float64 array 'x' (several tiles) into {@code dir}. */
    static void write(Path dir) {
        Cohort.run(config(), () -> {
            Cohort.checkpoint(dir, Map.of("x", Np.arange(100).reshape(10, 10).multiply(0.5)));
            return null;
        });
    }

    /**
     * Runs {@code program} on {@link #SHARDS} shards; asserts every shard failed with the same
     * CheckpointException (a shard that is aborted because a sibling threw it first reports the
     * sibling's failure, with the same message).
     */
    static CheckpointException failsOnEveryShard(Runnable program) {
        ShardGroupException e = assertThrows(ShardGroupException.class, () -> Cohort.run(config(), () -> {
            program.run();
            return null;
        }));
        Throwable[] errors = e.errors();
        CheckpointException first = null;
        for (Throwable t : errors) {
            if (first == null && t instanceof CheckpointException c) {
                first = c;
            }
        }
        assertNotNull(first, e::toString);
        for (int s = 0; s < errors.length; s++) {
            assertNotNull(errors[s], "shard " + s + " did not fail");
            String m = errors[s].getMessage();
            assertTrue(errors[s] instanceof CheckpointException ? m.equals(first.getMessage()) : m.contains(first.getMessage()),
                    "shard " + s + ": " + errors[s]);
        }
        return first;
    }

    static CheckpointException restoreFails(Path dir) {
        return failsOnEveryShard(() -> Cohort.restore(dir));
    }

    static Path someTile(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().equals("a0.t1.tile")).findFirst().orElseThrow();
        }
    }

    @Test
    void aMissingMarkerIsNotACheckpoint(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        write(dir);
        Files.delete(dir.resolve("COMPLETE"));
        CheckpointException e = restoreFails(dir);
        assertEquals("cannot restore checkpoint " + dir + ": " + dir + " has no COMPLETE marker: it is not a "
                + "complete checkpoint (torn or still being written)", e.getMessage());
        assertEquals(dir, e.file());
        assertEquals(null, Cohort.run(1, () -> Cohort.latestCheckpoint(tmp)).get(0));
    }

    @Test
    void aMissingTileIsNamed(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        write(dir);
        Path tile = someTile(dir);
        Files.delete(tile);
        CheckpointException e = restoreFails(dir);
        assertEquals("cannot restore checkpoint " + dir + ": " + tile + " is missing", e.getMessage());
        assertEquals(tile, e.file());
    }

    @Test
    void aTruncatedTileIsNamed(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        write(dir);
        Path tile = someTile(dir);
        try (RandomAccessFile f = new RandomAccessFile(tile.toFile(), "rw")) {
            f.setLength(f.length() - 8);
        }
        CheckpointException e = restoreFails(dir);
        assertEquals("cannot restore checkpoint " + dir + ": " + tile + " has the wrong length (truncated or overwritten?)",
                e.getMessage());
    }

    @Test
    void aBadChecksumIsNamed(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        write(dir);
        Path tile = someTile(dir);
        flipByte(tile, 3);
        CheckpointException e = restoreFails(dir);
        assertEquals("cannot restore checkpoint " + dir + " (array 'x'): " + tile
                + " has a bad checksum: its CRC32C differs from the catalog's (corrupted?)", e.getMessage());
        assertEquals(tile, e.file());
    }

    @Test
    void aCorruptedCatalogIsNamed(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        write(dir);
        Path catalog = dir.resolve("catalog.cm3");
        flipByte(catalog, (int) (Files.size(catalog) / 2));
        CheckpointException e = restoreFails(dir);
        assertTrue(e.getMessage().startsWith("cannot restore checkpoint " + dir + ": " + catalog + " is corrupted"),
                e.getMessage());
    }

    @Test
    void aCheckpointIsNotOverwritten(@TempDir Path tmp) {
        Path dir = tmp.resolve("ck");
        write(dir);
        CheckpointException e = failsOnEveryShard(() -> Cohort.checkpoint(dir, Map.of("y", Np.zeros(3))));
        assertEquals("cannot write checkpoint " + dir + ": " + dir + " already holds a complete checkpoint (its "
                + "COMPLETE marker exists); write to a new directory", e.getMessage());
        // the old one is intact
        assertEquals(2475.0, Cohort.run(3, () -> Cohort.restore(dir).get("x").sum().itemDouble()).get(1));
    }

    @Test
    void badArgumentsAreRefusedAtTheCall(@TempDir Path tmp) {
        ShardGroupException e = assertThrows(ShardGroupException.class, () -> Cohort.run(1, () -> {
            Cohort.checkpoint(tmp.resolve("ck"), Map.of("", Np.zeros(3)));
            return null;
        }));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertEquals("checkpoint " + tmp.resolve("ck") + ": an array name is null or empty", e.getCause().getMessage());
        assertFalse(Files.exists(tmp.resolve("ck")), "nothing is written for a refused call");
        ShardGroupException p = assertThrows(ShardGroupException.class, () -> Cohort.run(1, () -> {
            Cohort.pruneCheckpoints(tmp, 0);
            return null;
        }));
        assertEquals("keep must be >= 1 (the newest checkpoint is never deleted), got 0", p.getCause().getMessage());
    }

    /**
     * Disk full: a checkpoint that does not fit a real 1 MiB tmpfs fails naming the tile and "no space
     * left on device", leaves no partial checkpoint behind, and the previous checkpoint stays the
     * newest valid one. (Skipped where mounting is not permitted; the /dev/full case below always runs.)
     */
    @Test
    void aFullTmpfsFailsClearlyAndKeepsThePreviousCheckpoint(@TempDir Path tmp) throws Exception {
        Path mnt = tmp.resolve("small");
        Files.createDirectories(mnt);
        Assumptions.assumeTrue(mountTmpfs(mnt, "1m"), "mount -t tmpfs is not permitted here");
        try {
            fullDisk(mnt, false);
        } finally {
            run("umount", mnt.toString());
        }
    }

    /** Disk full as {@code /dev/full} gives it: the first tile file of the second checkpoint is a link to it. */
    @Test
    void aTileOnDevFullFailsClearlyAndKeepsThePreviousCheckpoint(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full");
        fullDisk(tmp, true);
    }

    private static void fullDisk(Path parent, boolean devFull) throws IOException {
        Path first = parent.resolve("ckpt-1");
        Path second = parent.resolve("ckpt-2");
        Cohort.run(config(), () -> {
            Cohort.checkpoint(first, Map.of("x", Np.arange(64).astype(Np.float64)));
            return null;
        });
        if (devFull) {
            Files.createDirectories(second);
            Files.createSymbolicLink(second.resolve("a0.t0.tile"), Path.of("/dev/full"));
        }
        // 2 MiB of float64: more than the 1 MiB file system holds
        CheckpointException e = failsOnEveryShard(() -> Cohort.checkpoint(second, Map.of("x", Np.ones(512, 512))));
        assertTrue(e.getMessage().startsWith("cannot write checkpoint " + second + " (array 'x', tile "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" could not be written: no space left on device"), e.getMessage());
        assertEquals(second, e.file().getParent());
        assertTrue(e.file().getFileName().toString().matches("a0\\.t\\d+\\.tile"), e.file().toString());
        assertFalse(Files.exists(second), "the failed checkpoint's files are deleted");
        List<Double> sums = Cohort.run(config(), () -> {
            Path latest = Cohort.latestCheckpoint(parent);
            assertEquals(first, latest);
            return Cohort.restore(latest).get("x").sum().itemDouble();
        });
        assertEquals(List.of(2016.0, 2016.0), sums);
    }

    static boolean mountTmpfs(Path dir, String size) throws InterruptedException {
        try {
            return run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString()) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    static int run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    static void flipByte(Path file, int at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5a);
        }
    }
}
