package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.zip.CRC32C;

/**
 * The tasks of a checkpoint ({@code Cohort.checkpoint} / {@code Cohort.restore} in ndarray-api).
 *
 * <p>A checkpoint is a directory: one plain file per tile of every array ({@link #tileFile}: the
 * tile's elements in C order, little-endian, CRC32C recorded), the catalog {@value #CATALOG_FILE} (a
 * Chronicle Map, {@link CheckpointCatalog}) and the marker {@value #MARKER} (a small properties
 * text naming the catalog with its length and CRC32C). The marker is renamed into place last, after
 * every tile and the catalog are on the device, and the directory is forced after the rename: a
 * directory without it is not a checkpoint.
 *
 * <ul>
 *   <li>{@link #PREPARE} (one point): creates the directory; refuses one that already has a marker.
 *   <li>{@link #WRITE} (a point per tile): writes, forces and checksums its piece into its own file.
 *   <li>{@link #COMMIT} (one point, after every shard has seen every tile written): catalog, marker, rename.
 *   <li>{@link #ABORT} (one point): deletes what a failed checkpoint wrote.
 *   <li>{@link #OPEN} (one point): checks marker, catalog checksum, every tile's presence and length.
 *   <li>{@link #CATALOG} (one point): the catalog's canonical bytes as the launch's result.
 *   <li>{@link #RESTORE} (a point per new tile): reads, for its piece, the parts of every old tile
 *       file that overlap it, checking each file's length and CRC32C (re-tiling on any shard count).
 *   <li>{@link #LATEST} (one point): the newest complete checkpoint of a directory of checkpoints.
 *   <li>{@link #PRUNE} (one point): deletes all but the newest complete checkpoints of one.
 * </ul>
 *
 * <p>No point throws for a file problem: it reports a {@link Status} in the launch's INT64 result
 * (single points: {@code {status, detail, ...}} folded with SUM, i.e. as given; WRITE: {@code
 * {status, crc}} at its own slots of a vector; RESTORE: {@code status << 32 | tile} folded with MAX),
 * which every shard reads identically, so every shard raises the same exception.
 */
public final class CheckpointTasks {
    /** Task ids (1120–1129 are this class's). */
    public static final int PREPARE = 1120;
    public static final int WRITE = 1121;
    public static final int COMMIT = 1122;
    public static final int ABORT = 1123;
    public static final int OPEN = 1124;
    public static final int CATALOG = 1125;
    public static final int RESTORE = 1126;
    public static final int LATEST = 1127;
    public static final int PRUNE = 1128;

    /** The marker file of a complete checkpoint. */
    public static final String MARKER = "COMPLETE";
    /** The catalog file. */
    public static final String CATALOG_FILE = "catalog.cm3";
    /** Longest name (UTF-8 bytes) {@link #LATEST} can return. */
    public static final int MAX_NAME_BYTES = 255;
    /** Length of {@link #LATEST}'s result: status, name length, the name's bytes. */
    public static final int LATEST_RESULT_LENGTH = 2 + (MAX_NAME_BYTES + 8) / 8;

    private static final String MARKER_TEMP = MARKER + ".tmp";
    private static final String MARKER_FORMAT = "cohort-checkpoint-1";
    private static final System.Logger LOG = System.getLogger(CheckpointTasks.class.getName());

    private CheckpointTasks() {
    }

    /** What a point's file work came to; larger ordinals win where results are folded with MAX. */
    public enum Status {
        OK("ok"),
        ALREADY_COMPLETE("already holds a complete checkpoint (its " + MARKER + " marker exists); write to a new directory"),
        NO_MARKER("has no " + MARKER + " marker: it is not a complete checkpoint (torn or still being written)"),
        BAD_MARKER("is not a Cohort checkpoint marker"),
        BAD_CATALOG("is corrupted: its length or CRC32C differs from the marker's, or it does not decode"),
        BAD_LAYOUT("describes tiles that do not cover the array exactly once"),
        MISSING_FILE("is missing"),
        WRONG_LENGTH("has the wrong length (truncated or overwritten?)"),
        BAD_CHECKSUM("has a bad checksum: its CRC32C differs from the catalog's (corrupted?)"),
        NO_SPACE("could not be written: no space left on device"),
        ACCESS_DENIED("could not be accessed: permission denied"),
        IO_ERROR("could not be read or written: I/O error");

        private final String message;

        Status(String message) {
            this.message = message;
        }

        /** Words that follow the file's name in an exception message. */
        public String message() {
            return message;
        }

        static Status of(IOException e) {
            return switch (FileTasks.IoStatus.of(e)) {
                case OK -> OK;
                case TRUNCATED -> WRONG_LENGTH;
                case NOT_FOUND -> MISSING_FILE;
                case ACCESS_DENIED -> ACCESS_DENIED;
                case NO_SPACE -> NO_SPACE;
                case IO_ERROR -> IO_ERROR;
            };
        }
    }

    /** Detail of a single-point result naming the marker. */
    public static final long DETAIL_MARKER = -1;
    /** Detail of a single-point result naming the catalog. */
    public static final long DETAIL_CATALOG = -2;
    /** Detail of a single-point result naming the directory itself. */
    public static final long DETAIL_DIRECTORY = -3;

    /** Detail naming tile {@code tile} of array {@code array}. */
    public static long tileDetail(int array, int tile) {
        return ((long) array << 32) | tile;
    }

    /** The file of tile {@code tile} (its launch point's row-major index) of the {@code array}-th array. */
    public static String tileFile(int array, long tile) {
        return "a" + array + ".t" + tile + ".tile";
    }

    /** Registers the CPU variants; idempotent. */
    public static void register(TaskRegistry r) {
        reg(r, PREPARE, "cohort.checkpoint_prepare", CheckpointTasks::prepare);
        reg(r, WRITE, "cohort.checkpoint_write", CheckpointTasks::write);
        reg(r, COMMIT, "cohort.checkpoint_commit", CheckpointTasks::commit);
        reg(r, ABORT, "cohort.checkpoint_abort", CheckpointTasks::abort);
        reg(r, OPEN, "cohort.checkpoint_open", CheckpointTasks::open);
        reg(r, CATALOG, "cohort.checkpoint_catalog", CheckpointTasks::catalog);
        reg(r, RESTORE, "cohort.checkpoint_restore", CheckpointTasks::restore);
        reg(r, LATEST, "cohort.checkpoint_latest", CheckpointTasks::latest);
        reg(r, PRUNE, "cohort.checkpoint_prune", CheckpointTasks::prune);
    }

    private static void reg(TaskRegistry r, int id, String name, dev.cohort.runtime.launch.TaskBody body) {
        if (!r.contains(id)) {
            r.register(id, name, ProcessorKind.CPU, body);
        }
    }

    // ------------------------------------------------------------------ arguments

    /** Arguments naming a directory (PREPARE, ABORT, OPEN, LATEST) and a number (PRUNE: how many to keep). */
    public record Dir(String dir, long number) {
        public byte[] encode() {
            return new ArgCodec.Writer().string(dir).i64(number).bytes();
        }

        static Dir decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Dir(r.string(), r.i64());
        }
    }

    /** WRITE: requirement 0's pieces go to {@code dir}/{@link #tileFile}({@code array}, point index). */
    public record Write(String dir, int array, FieldType type) {
        public byte[] encode() {
            return new ArgCodec.Writer().string(dir).i32(array).type(type).bytes();
        }

        static Write decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Write(r.string(), r.i32(), r.type());
        }
    }

    /** COMMIT: the catalog to write into {@code dir}. */
    public record Commit(String dir, byte[] catalog) {
        public byte[] encode() {
            return new ArgCodec.Writer().string(dir).raw(catalog).bytes();
        }

        static Commit decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Commit(r.string(), r.raw());
        }
    }

    /** RESTORE: requirement 0's pieces are read from {@code entry}'s tiles in {@code dir}. */
    public record Restore(String dir, CheckpointCatalog.Entry entry) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer().string(dir);
            CheckpointCatalog.encodeEntry(w, entry);
            return w.bytes();
        }

        static Restore decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Restore(r.string(), CheckpointCatalog.decodeEntry(r));
        }
    }

    // ------------------------------------------------------------------ writing

    private static void prepare(TaskContext ctx) {
        Dir a = Dir.decode(ctx.scalars());
        Path dir = Path.of(a.dir());
        try {
            Files.createDirectories(dir);
            if (Files.exists(dir.resolve(MARKER))) {
                single(ctx, Status.ALREADY_COMPLETE, DETAIL_DIRECTORY);
                return;
            }
            forceDirectory(dir.getParent());
            single(ctx, Status.OK, 0);
        } catch (IOException e) {
            single(ctx, failed(ctx, "creating", dir, e), DETAIL_DIRECTORY);
        }
    }

    private static void write(TaskContext ctx) {
        Write a = Write.decode(ctx.scalars());
        long point = ctx.domain().linearize(ctx.point());
        Rect piece = ctx.piece(0);
        Path file = Path.of(a.dir()).resolve(tileFile(a.array(), point));
        long[] result = new long[(int) ctx.domain().volume() * 2];
        CRC32C crc = new CRC32C();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            RectFiles.write(ch, new RectFiles.Layout(a.type(), ByteOrder.LITTLE_ENDIAN, false, 0, piece), piece,
                    ctx.instance(0), crc);
            ch.force(true);
            result[(int) point * 2] = Status.OK.ordinal();
            result[(int) point * 2 + 1] = crc.getValue();
        } catch (IOException e) {
            result[(int) point * 2] = failed(ctx, "writing", file, e).ordinal();
        }
        ctx.setResult(Instance.wrap(FieldType.INT64, Rect.ofExtents(result.length), result));
    }

    private static void commit(TaskContext ctx) {
        Commit a = Commit.decode(ctx.scalars());
        Path dir = Path.of(a.dir());
        Path catalog = dir.resolve(CATALOG_FILE);
        long detail = DETAIL_CATALOG;
        try {
            ChronicleCatalogFile.write(catalog, CheckpointCatalog.decode(a.catalog()));
            byte[] written = Files.readAllBytes(catalog);
            Properties p = new Properties();
            p.setProperty("format", MARKER_FORMAT);
            p.setProperty("catalog", CATALOG_FILE);
            p.setProperty("catalog.length", Long.toString(written.length));
            p.setProperty("catalog.crc32c", Long.toString(CheckpointCatalog.crc32c(written)));
            detail = DETAIL_MARKER;
            Path temp = dir.resolve(MARKER_TEMP);
            try (var out = Files.newOutputStream(temp)) {
                p.store(out, "Cohort checkpoint: complete once this file is named " + MARKER);
            }
            force(temp);
            Files.move(temp, dir.resolve(MARKER), StandardCopyOption.ATOMIC_MOVE);
            forceDirectory(dir);
            single(ctx, Status.OK, 0);
        } catch (IOException | RuntimeException e) {
            IOException io = e instanceof IOException x ? x : new IOException(e.toString(), e);
            single(ctx, failed(ctx, "committing", detail == DETAIL_MARKER ? dir.resolve(MARKER) : catalog, io), detail);
        }
    }

    private static void abort(TaskContext ctx) {
        Path dir = Path.of(Dir.decode(ctx.scalars()).dir());
        try {
            deleteCheckpoint(dir);
            single(ctx, Status.OK, 0);
        } catch (IOException e) {
            single(ctx, failed(ctx, "deleting", dir, e), DETAIL_DIRECTORY);
        }
    }

    /**
     * Deletes the marker first (so that the directory stops being a checkpoint at once), then the
     * files a checkpoint writes, then the directory if that leaves it empty.
     */
    static void deleteCheckpoint(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Files.deleteIfExists(dir.resolve(MARKER));
        forceDirectory(dir);
        List<Path> ours = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (n.equals(CATALOG_FILE) || n.equals(MARKER_TEMP) || n.matches("a\\d+\\.t\\d+\\.tile")) {
                    ours.add(p);
                }
            }
        }
        for (Path p : ours) {
            Files.deleteIfExists(p);
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            if (!s.iterator().hasNext()) {
                Files.deleteIfExists(dir);
            }
        }
    }

    // ------------------------------------------------------------------ reading

    /** A catalog read and checked: its canonical bytes. */
    private record Opened(byte[] canonical, Status status, long detail) {
    }

    private static Opened openChecked(Path dir) {
        Path marker = dir.resolve(MARKER);
        Properties p = new Properties();
        try (var in = Files.newInputStream(marker)) {
            p.load(in);
        } catch (NoSuchFileException e) {
            return new Opened(null, Status.NO_MARKER, DETAIL_DIRECTORY);
        } catch (IOException | IllegalArgumentException e) {
            return new Opened(null, e instanceof IOException io ? Status.of(io) : Status.BAD_MARKER, DETAIL_MARKER);
        }
        long length;
        long crc;
        try {
            if (!MARKER_FORMAT.equals(p.getProperty("format")) || !CATALOG_FILE.equals(p.getProperty("catalog"))) {
                return new Opened(null, Status.BAD_MARKER, DETAIL_MARKER);
            }
            length = Long.parseLong(p.getProperty("catalog.length"));
            crc = Long.parseLong(p.getProperty("catalog.crc32c"));
        } catch (NumberFormatException e) {
            return new Opened(null, Status.BAD_MARKER, DETAIL_MARKER);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(dir.resolve(CATALOG_FILE));
        } catch (IOException e) {
            return new Opened(null, Status.of(e), DETAIL_CATALOG);
        }
        if (bytes.length != length || CheckpointCatalog.crc32c(bytes) != crc) {
            return new Opened(null, Status.BAD_CATALOG, DETAIL_CATALOG);
        }
        CheckpointCatalog catalog;
        try {
            catalog = ChronicleCatalogFile.read(bytes);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, () -> "reading the catalog of " + dir + " failed: " + e, e);
            return new Opened(null, Status.BAD_CATALOG, DETAIL_CATALOG);
        }
        List<CheckpointCatalog.Entry> arrays = catalog.arrays();
        for (int i = 0; i < arrays.size(); i++) {
            CheckpointCatalog.Entry e = arrays.get(i);
            String problem = e.layoutProblem();
            if (problem != null) {
                LOG.log(System.Logger.Level.WARNING, () -> "checkpoint " + dir + ", array '" + e.name() + "': " + problem);
                return new Opened(null, Status.BAD_LAYOUT, DETAIL_CATALOG);
            }
            for (int t = 0; t < e.tiles().size(); t++) {
                CheckpointCatalog.Tile tile = e.tiles().get(t);
                Path f = dir.resolve(tile.file());
                try {
                    if (Files.size(f) != tile.offset() + tile.length()) {
                        return new Opened(null, Status.WRONG_LENGTH, tileDetail(i, t));
                    }
                } catch (IOException x) {
                    return new Opened(null, Status.of(x), tileDetail(i, t));
                }
            }
        }
        return new Opened(catalog.encode(), Status.OK, 0);
    }

    private static void open(TaskContext ctx) {
        Dir a = Dir.decode(ctx.scalars());
        Opened o = openChecked(Path.of(a.dir()));
        long[] r = {o.status().ordinal(), o.detail(), 0, 0};
        if (o.status() == Status.OK) {
            r[2] = o.canonical().length;
            r[3] = CheckpointCatalog.crc32c(o.canonical());
        }
        ctx.setResult(Instance.wrap(FieldType.INT64, Rect.ofExtents(r.length), r));
    }

    private static void catalog(TaskContext ctx) {
        Dir a = Dir.decode(ctx.scalars());
        int longs = (int) ((a.number() + 7) / 8);
        long[] r = new long[2 + longs];
        Opened o = openChecked(Path.of(a.dir()));
        r[0] = o.status().ordinal();
        r[1] = o.detail();
        if (o.status() == Status.OK) {
            if (o.canonical().length != a.number()) {
                r[0] = Status.BAD_CATALOG.ordinal();
                r[1] = DETAIL_CATALOG;
            } else {
                ByteBuffer b = ByteBuffer.allocate(longs * 8).order(ByteOrder.LITTLE_ENDIAN);
                b.put(o.canonical()).rewind();
                b.asLongBuffer().get(r, 2, longs);
            }
        }
        ctx.setResult(Instance.wrap(FieldType.INT64, Rect.ofExtents(r.length), r));
    }

    /** The canonical catalog bytes in {@link #CATALOG}'s result {@code r} of a catalog of {@code length} bytes. */
    public static byte[] catalogBytes(long[] r, int length) {
        ByteBuffer b = ByteBuffer.allocate((r.length - 2) * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(r, 2, r.length - 2);
        byte[] out = new byte[length];
        b.get(out);
        return out;
    }

    private static void restore(TaskContext ctx) {
        Restore a = Restore.decode(ctx.scalars());
        CheckpointCatalog.Entry e = a.entry();
        Rect piece = ctx.piece(0);
        Instance dst = ctx.instance(0);
        Path dir = Path.of(a.dir());
        long result = Status.OK.ordinal();
        List<CheckpointCatalog.Tile> tiles = e.tiles();
        for (int i = 0; i < tiles.size() && result == Status.OK.ordinal(); i++) {
            CheckpointCatalog.Tile t = tiles.get(i);
            Rect old = t.rect();
            Rect overlap = old.intersect(piece);
            if (overlap.isEmpty()) {
                continue;
            }
            Path file = dir.resolve(t.file());
            Status s;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                s = readTile(ch, e.type(), t, piece, dst);
            } catch (IOException x) {
                s = failed(ctx, "reading", file, x);
            }
            if (s != Status.OK) {
                result = ((long) s.ordinal() << 32) | i;
            }
        }
        ctx.setResult(result);
    }

    /**
     * Reads the whole of tile {@code t} (so its CRC32C is checked) and stores its overlap with
     * {@code piece} into {@code dst}: straight into {@code dst} when the tile lies inside the piece.
     */
    private static Status readTile(FileChannel ch, FieldType type, CheckpointCatalog.Tile t, Rect piece, Instance dst)
            throws IOException {
        if (ch.size() != t.offset() + t.length()) {
            return Status.WRONG_LENGTH;
        }
        Rect old = t.rect();
        RectFiles.Layout layout = new RectFiles.Layout(type, ByteOrder.LITTLE_ENDIAN, false, t.offset(), old);
        CRC32C crc = new CRC32C();
        if (piece.contains(old)) {
            RectFiles.read(ch, layout, old, dst, crc);
        } else {
            Instance tmp = Instance.allocate(type, old);
            RectFiles.read(ch, layout, old, tmp, crc);
            dst.copyFrom(tmp, old.intersect(piece));
        }
        return crc.getValue() == t.crc32c() ? Status.OK : Status.BAD_CHECKSUM;
    }

    // ------------------------------------------------------------------ a directory of checkpoints

    /** The complete checkpoints (subdirectories with a marker) of {@code parent}, by name. */
    static List<String> complete(Path parent) throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(parent)) {
            return names;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(parent, Files::isDirectory)) {
            for (Path p : s) {
                if (Files.exists(p.resolve(MARKER))) {
                    names.add(p.getFileName().toString());
                }
            }
        }
        Collections.sort(names);
        return names;
    }

    private static void latest(TaskContext ctx) {
        Dir a = Dir.decode(ctx.scalars());
        long[] r = new long[LATEST_RESULT_LENGTH];
        try {
            List<String> names = complete(Path.of(a.dir()));
            if (!names.isEmpty()) {
                byte[] name = names.get(names.size() - 1).getBytes(StandardCharsets.UTF_8);
                if (name.length > MAX_NAME_BYTES) {
                    throw new IOException("the name of checkpoint " + names.get(names.size() - 1) + " is longer than "
                            + MAX_NAME_BYTES + " bytes");
                }
                r[1] = name.length;
                ByteBuffer b = ByteBuffer.allocate((r.length - 2) * 8).order(ByteOrder.LITTLE_ENDIAN);
                b.put(name).rewind();
                b.asLongBuffer().get(r, 2, r.length - 2);
            }
        } catch (IOException e) {
            r[0] = failed(ctx, "listing", Path.of(a.dir()), e).ordinal();
        }
        ctx.setResult(Instance.wrap(FieldType.INT64, Rect.ofExtents(r.length), r));
    }

    /** The name in {@link #LATEST}'s result, or null when there is no complete checkpoint. */
    public static String latestName(long[] r) {
        if (r[1] == 0) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate((r.length - 2) * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(r, 2, r.length - 2);
        byte[] name = new byte[(int) r[1]];
        b.get(name);
        return new String(name, StandardCharsets.UTF_8);
    }

    private static void prune(TaskContext ctx) {
        Dir a = Dir.decode(ctx.scalars());
        Path parent = Path.of(a.dir());
        long deleted = 0;
        try {
            List<String> names = complete(parent);
            for (int i = 0; i < names.size() - a.number(); i++) {
                deleteCheckpoint(parent.resolve(names.get(i)));
                deleted++;
            }
            forceDirectory(parent);
            single(ctx, Status.OK, deleted);
        } catch (IOException e) {
            single(ctx, failed(ctx, "pruning", parent, e), DETAIL_DIRECTORY);
        }
    }

    // ------------------------------------------------------------------ helpers

    private static void single(TaskContext ctx, Status s, long detail) {
        long[] r = {s.ordinal(), detail};
        ctx.setResult(Instance.wrap(FieldType.INT64, Rect.ofExtents(2), r));
    }

    private static Status failed(TaskContext ctx, String what, Path path, IOException e) {
        Status s = Status.of(e);
        LOG.log(System.Logger.Level.WARNING, () -> "shard " + ctx.shard() + ": " + what + " " + path + " failed: " + e);
        return s;
    }

    /** Forces {@code file}'s content and metadata to the device. */
    static void force(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** Forces a directory's entries (a rename or a create in it) to the device; a no-op where directories cannot be opened. */
    static void forceDirectory(Path dir) throws IOException {
        if (dir == null) {
            return;
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").startsWith("Windows")) {
                throw e;
            }
        }
    }
}
