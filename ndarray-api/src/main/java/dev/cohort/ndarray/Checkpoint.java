package dev.cohort.ndarray;

import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.CheckpointCatalog;
import dev.cohort.tasks.CheckpointTasks;
import dev.cohort.tasks.CheckpointTasks.Status;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checkpoint and restart of a replicated program's arrays ({@link Cohort#checkpoint},
 * {@link Cohort#restore}); the file layout and the tasks are {@link CheckpointTasks}'.
 *
 * <p>Writing: one single-point launch prepares the directory; per array one launch over the tiles
 * the array already has (its key partition, so no data moves) writes each tile on the shard that
 * owns it, forced to the device, and reports its CRC32C in the launch's result vector; once every
 * shard has read every result (so every tile is on the device everywhere) one single-point launch
 * writes the catalog and renames the marker into place. Any failure, on any shard, reaches every
 * shard through those results: the written files are deleted and every shard raises the same
 * {@link CheckpointException}.
 *
 * <p>Restoring: one single-point launch checks the marker, the catalog and every tile's presence
 * and length, a second returns the catalog to every shard, then per array one launch over the tiles
 * the partitioner picks for the shard count of the restoring job reads, for each new tile, the
 * overlapping parts of the old tile files (verifying their CRC32C).
 */
final class Checkpoint {
    private Checkpoint() {
    }

    /** What a launch's single point reported: {@code {status, detail, ...}}. */
    private static long[] single(Cohort ctx, int task, byte[] scalars, int length) {
        Future f = AutoTask.single(ctx.runtime(), task).scalars(scalars)
                .result(ReductionOp.SUM, FieldType.INT64, length).execute();
        return f.get().longs().clone();
    }

    private static Path absolute(Path dir) {
        if (dir == null) {
            throw new IllegalArgumentException("the checkpoint directory is null");
        }
        return dir.toAbsolutePath().normalize();
    }

    // ------------------------------------------------------------------ writing

    private record Written(String name, DType dtype, long[] shape, Future future, Rect bounds, List<Rect> pieces) {
    }

    static void checkpoint(Cohort ctx, Path directory, Map<String, NdArray> arrays) {
        Path dir = absolute(directory);
        if (arrays == null) {
            throw new IllegalArgumentException("the arrays to checkpoint are null");
        }
        TreeMap<String, NdArray> sorted = new TreeMap<>();
        for (Map.Entry<String, NdArray> e : arrays.entrySet()) {
            if (e.getKey() == null || e.getKey().isEmpty()) {
                throw new IllegalArgumentException("checkpoint " + dir + ": an array name is null or empty");
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException("checkpoint " + dir + ": array '" + e.getKey() + "' is null");
            }
            if (e.getValue().ctx != ctx) {
                throw new IllegalArgumentException("checkpoint " + dir + ": array '" + e.getKey()
                        + "' belongs to another Cohort context (shard) than the program's");
            }
            sorted.put(e.getKey(), e.getValue());
        }
        long operations = ctx.runtime().stats().operations();
        long[] hash = ctx.runtime().determinismHash();
        String d = dir.toString();

        long[] prepared = single(ctx, CheckpointTasks.PREPARE, new CheckpointTasks.Dir(d, 0).encode(), 2);
        if (prepared[0] != Status.OK.ordinal()) {
            throw failure("cannot write checkpoint " + dir + ": ", (int) prepared[0], dir);
        }

        List<Written> written = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, NdArray> e : sorted.entrySet()) {
            written.add(writeTiles(ctx, d, index++, e.getKey(), e.getValue()));
        }
        List<CheckpointCatalog.Entry> entries = new ArrayList<>();
        CheckpointException failed = null;
        for (int i = 0; i < written.size(); i++) {
            Written w = written.get(i);
            long[] r = w.future == null ? new long[0] : w.future.get().longs();
            List<CheckpointCatalog.Tile> tiles = new ArrayList<>();
            for (int t = 0; t < w.pieces.size() && failed == null; t++) {
                Rect piece = w.pieces.get(t);
                String file = CheckpointTasks.tileFile(i, t);
                if (r[2 * t] != Status.OK.ordinal()) {
                    failed = failure("cannot write checkpoint " + dir + " (array '" + w.name + "', tile "
                            + t + " " + piece + "): ", (int) r[2 * t], dir.resolve(file));
                } else if (!piece.isEmpty()) {
                    tiles.add(new CheckpointCatalog.Tile(file, 0, piece.volume() * w.dtype.itemsize(), r[2 * t + 1],
                            piece.lo().toArray(), piece.hi().toArray()));
                }
            }
            entries.add(new CheckpointCatalog.Entry(w.name, w.dtype.fieldType(), w.shape, tiles));
        }
        if (failed == null) {
            CheckpointCatalog catalog = new CheckpointCatalog(ctx.shards(), operations, hash, entries);
            long[] c = single(ctx, CheckpointTasks.COMMIT, new CheckpointTasks.Commit(d, catalog.encode()).encode(), 2);
            if (c[0] == Status.OK.ordinal()) {
                return;
            }
            Path file = c[1] == CheckpointTasks.DETAIL_MARKER ? dir.resolve(CheckpointTasks.MARKER)
                    : dir.resolve(CheckpointTasks.CATALOG_FILE);
            failed = failure("cannot write checkpoint " + dir + ": ", (int) c[0], file);
        }
        // nothing half-written stays behind (a directory without the marker is not a checkpoint anyway)
        single(ctx, CheckpointTasks.ABORT, new CheckpointTasks.Dir(d, 0).encode(), 2);
        throw failed;
    }

    /** Issues the WRITE launch of one array (not waiting for it); its tiles in launch-point order. */
    private static Written writeTiles(Cohort ctx, String dir, int index, String name, NdArray array) {
        NdArray a = array.coversBase() ? array : array.copy();
        Fusion.materialize(a.base);
        long[] shape = array.shape();
        Rect bounds = a.base.store().bounds();
        if (a.size() == 0) {
            return new Written(name, a.dtype(), shape, null, bounds, List.of());
        }
        long[] ext = a.base.extents.clone();
        List<Launches.Slot> slots = List.of(new Launches.Slot(new NdArray(ctx, a.base, ext, Access.identity(ext.length)),
                Access.identity(ext.length), Role.READ));
        Strategy st = Launches.strategy(ctx, ext, slots, new int[0], false, null);
        IterSpace space = st.space();
        Rect domain = space.launchDomain();
        Partition p = st.partition(0);
        Projection proj = st.projection(0);
        if (p instanceof Tiling t && !t.isDisjoint()) {
            p = t.withoutHalo();
        }
        if (p instanceof Replicated && domain.volume() > 1) {
            space = IterSpace.whole(ext);
            domain = space.launchDomain();
            proj = Projection.constant(Point.zeros(bounds.dim()));
        }
        List<Rect> pieces = new ArrayList<>();
        for (long i = 0; i < domain.volume(); i++) {
            pieces.add(p.piece(proj.apply(domain.delinearize(i)), bounds));
        }
        Future f = Launches.launchForResult(CheckpointTasks.WRITE, ext, slots, new Strategy(space, List.of(p), List.of(proj)),
                s -> new CheckpointTasks.Write(dir, index, a.dtype().fieldType()).encode(),
                new Launches.Result(ReductionOp.SUM, FieldType.INT64, Math.toIntExact(2 * domain.volume())));
        return new Written(name, a.dtype(), shape, f, bounds, pieces);
    }

    // ------------------------------------------------------------------ restoring

    static Map<String, NdArray> restore(Cohort ctx, Path directory) {
        Path dir = absolute(directory);
        String d = dir.toString();
        long[] opened = single(ctx, CheckpointTasks.OPEN, new CheckpointTasks.Dir(d, 0).encode(), 4);
        if (opened[0] != Status.OK.ordinal()) {
            throw openFailure(dir, opened);
        }
        int length = Math.toIntExact(opened[2]);
        long[] c = single(ctx, CheckpointTasks.CATALOG, new CheckpointTasks.Dir(d, length).encode(), 2 + (length + 7) / 8);
        if (c[0] != Status.OK.ordinal()) {
            throw openFailure(dir, c);
        }
        byte[] bytes = CheckpointTasks.catalogBytes(c, length);
        if (CheckpointCatalog.crc32c(bytes) != opened[3]) {
            Path file = dir.resolve(CheckpointTasks.CATALOG_FILE);
            throw new CheckpointException(file, "cannot restore checkpoint " + dir + ": " + file
                    + " changed while it was being read");
        }
        CheckpointCatalog catalog = CheckpointCatalog.decode(bytes);

        Map<String, NdArray> out = new LinkedHashMap<>();
        List<Future> futures = new ArrayList<>();
        for (CheckpointCatalog.Entry e : catalog.arrays()) {
            NdArray a = Creation.empty(ctx, DType.of(e.type()), e.shape());
            out.put(e.name(), a);
            futures.add(a.size() == 0 ? null : readTiles(ctx, d, a, e));
        }
        for (int i = 0; i < futures.size(); i++) {
            if (futures.get(i) == null) {
                continue;
            }
            long r = futures.get(i).get().longs()[0];
            if (r != Status.OK.ordinal()) {
                CheckpointCatalog.Entry e = catalog.arrays().get(i);
                int status = (int) (r >>> 32);
                Path file = dir.resolve(e.tiles().get((int) (r & 0xffffffffL)).file());
                throw failure("cannot restore checkpoint " + dir + " (array '" + e.name() + "'): ", status, file);
            }
        }
        return out;
    }

    /** Issues the RESTORE launch that fills the new array {@code a} from {@code e}'s tile files. */
    private static Future readTiles(Cohort ctx, String dir, NdArray a, CheckpointCatalog.Entry e) {
        long[] ext = a.base.extents.clone();
        List<Launches.Slot> slots = List.of(new Launches.Slot(new NdArray(ctx, a.base, ext, Access.identity(ext.length)),
                Access.identity(ext.length), Role.WRITE));
        return Launches.launchForResult(CheckpointTasks.RESTORE, ext, slots, false, s -> new CheckpointTasks.Restore(dir, e).encode(),
                new Launches.Result(ReductionOp.MAX, FieldType.INT64, 1));
    }

    private static CheckpointException openFailure(Path dir, long[] r) {
        long detail = r[1];
        Path file;
        if (detail == CheckpointTasks.DETAIL_DIRECTORY) {
            file = dir;
        } else if (detail == CheckpointTasks.DETAIL_MARKER) {
            file = dir.resolve(CheckpointTasks.MARKER);
        } else if (detail == CheckpointTasks.DETAIL_CATALOG) {
            file = dir.resolve(CheckpointTasks.CATALOG_FILE);
        } else {
            file = dir.resolve(CheckpointTasks.tileFile((int) (detail >>> 32), (int) detail));
        }
        return failure("cannot restore checkpoint " + dir + ": ", (int) r[0], file);
    }

    /** The exception for {@code file} and a task's {@link Status} ordinal; {@code prefix} says what was being done. */
    private static CheckpointException failure(String prefix, int status, Path file) {
        Status s = Status.values()[status];
        return new CheckpointException(file, prefix + file + " " + s.message());
    }

    // ------------------------------------------------------------------ a directory of checkpoints

    static Path latest(Cohort ctx, Path parent) {
        Path dir = absolute(parent);
        long[] r = single(ctx, CheckpointTasks.LATEST, new CheckpointTasks.Dir(dir.toString(), 0).encode(),
                CheckpointTasks.LATEST_RESULT_LENGTH);
        if (r[0] != Status.OK.ordinal()) {
            throw failure("cannot list the checkpoints in " + dir + ": ", (int) r[0], dir);
        }
        String name = CheckpointTasks.latestName(r);
        return name == null ? null : dir.resolve(name);
    }

    static int prune(Cohort ctx, Path parent, int keep) {
        Path dir = absolute(parent);
        if (keep < 1) {
            throw new IllegalArgumentException("keep must be >= 1 (the newest checkpoint is never deleted), got " + keep);
        }
        long[] r = single(ctx, CheckpointTasks.PRUNE, new CheckpointTasks.Dir(dir.toString(), keep).encode(), 2);
        if (r[0] != Status.OK.ordinal()) {
            throw failure("cannot prune the checkpoints in " + dir + ": ", (int) r[0], dir);
        }
        return (int) r[1];
    }
}
