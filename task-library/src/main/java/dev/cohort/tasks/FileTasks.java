package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.region.FieldType;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Tasks that move a store's pieces between instances and a file, each point task its own piece at
 * its own offsets ({@link RectFiles}), so that on N shards each shard reads and writes only the
 * tiles it owns (distributed I/O). {@code READ_RECT} fills an output piece; {@code WRITE_RECT}
 * writes an input piece into a (temporary) file; {@code FINISH} is a single task that writes a
 * header, sets the file's length and atomically renames it into place, or deletes it.
 *
 * <p>A failed point does not throw: it reports an {@link IoStatus} as its result, the launch folds
 * them with {@code MAX} into a future that every shard reads identically, and the caller raises
 * the same exception on every shard (the shard that saw the failure logs the cause).
 */
public final class FileTasks {
    /** Task id of READ_RECT. */
    public static final int READ_RECT = 1100;
    /** Task id of WRITE_RECT. */
    public static final int WRITE_RECT = 1101;
    /** Task id of FINISH. */
    public static final int FINISH = 1102;
    /** Task id of WRITE_ZIP. */
    public static final int WRITE_ZIP = 1103;
    /** Task id of ALLOCATE. */
    public static final int ALLOCATE = 1104;

    private static final System.Logger LOG = System.getLogger(FileTasks.class.getName());

    private FileTasks() {
    }

    /** What a point task's file access came to; the launch's result is the largest ordinal. */
    public enum IoStatus {
        OK("ok"),
        TRUNCATED("the file is shorter than its header says (truncated?)"),
        NOT_FOUND("no such file or directory"),
        ACCESS_DENIED("permission denied"),
        NO_SPACE("no space left on device"),
        IO_ERROR("I/O error");

        private final String message;

        IoStatus(String message) {
            this.message = message;
        }

        /** A few words for an exception message. */
        public String message() {
            return message;
        }

        /** The status an exception stands for. */
        public static IoStatus of(IOException e) {
            if (e instanceof EOFException) {
                return TRUNCATED;
            }
            if (e instanceof NoSuchFileException) {
                return NOT_FOUND;
            }
            if (e instanceof AccessDeniedException) {
                return ACCESS_DENIED;
            }
            String m = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
            if (m != null && (m.contains("No space left") || m.contains("Disk quota") || m.contains("File too large"))) {
                return NO_SPACE;
            }
            return IO_ERROR;
        }
    }

    /** Registers the CPU variants; idempotent. */
    public static void register(TaskRegistry r) {
        if (!r.contains(READ_RECT)) {
            r.register(READ_RECT, "cohort.read_rect", ProcessorKind.CPU, FileTasks::readRect);
        }
        if (!r.contains(WRITE_RECT)) {
            r.register(WRITE_RECT, "cohort.write_rect", ProcessorKind.CPU, FileTasks::writeRect);
        }
        if (!r.contains(FINISH)) {
            r.register(FINISH, "cohort.finish_file", ProcessorKind.CPU, FileTasks::finish);
        }
        if (!r.contains(ALLOCATE)) {
            r.register(ALLOCATE, "cohort.allocate_file", ProcessorKind.CPU, FileTasks::allocate);
        }
        if (!r.contains(WRITE_ZIP)) {
            r.register(WRITE_ZIP, "cohort.write_zip", ProcessorKind.CPU, FileTasks::writeZip);
        }
    }

    /**
     * READ_RECT / WRITE_RECT arguments: requirement {@code requirement}'s piece moves between its
     * instance and {@code path} laid out as {@code layout}; {@code sync} forces written data to the
     * device before the point completes.
     */
    public record Rects(String path, RectFiles.Layout layout, int requirement, boolean sync) {
        public byte[] encode() {
            RectFiles.Layout l = layout;
            return new ArgCodec.Writer().string(path).type(l.type()).i32(l.order() == ByteOrder.BIG_ENDIAN ? 1 : 0)
                    .i32(l.fortran() ? 1 : 0).i64(l.offset()).longs(l.bounds().lo().toArray()).longs(l.bounds().hi().toArray())
                    .i32(requirement).i32(sync ? 1 : 0).bytes();
        }

        static Rects decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            String path = r.string();
            FieldType t = r.type();
            ByteOrder order = r.i32() == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            boolean fortran = r.i32() == 1;
            long offset = r.i64();
            Rect bounds = Rect.of(r.longs(), r.longs());
            return new Rects(path, new RectFiles.Layout(t, order, fortran, offset, bounds), r.i32(), r.i32() == 1);
        }
    }

    /**
     * FINISH arguments: with {@code commit}, write {@code header} at byte 0 of {@code temp}, set its
     * length to {@code length}, force it when {@code sync}, and rename it atomically to {@code target};
     * without, delete {@code temp} if it exists.
     */
    public record Finish(String temp, String target, byte[] header, long length, boolean commit, boolean sync) {
        public byte[] encode() {
            return new ArgCodec.Writer().string(temp).string(target).raw(header).i64(length)
                    .i32(commit ? 1 : 0).i32(sync ? 1 : 0).bytes();
        }

        static Finish decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Finish(r.string(), r.string(), r.raw(), r.i64(), r.i32() == 1, r.i32() == 1);
        }
    }

    /**
     * WRITE_ZIP arguments (a single task whose requirement {@code i} reads store {@code i} whole):
     * writes a zip archive (NumPy {@code savez}) to {@code temp}, entry {@code names[i]} holding
     * {@code headers[i]} then requirement {@code i}'s elements little-endian in row-major order
     * (the first {@code counts[i]} of them), stored or deflated, then renames it to {@code target}.
     */
    public record Zip(String temp, String target, boolean deflate, String[] names, byte[][] headers, long[] counts) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer().string(temp).string(target).i32(deflate ? 1 : 0).i32(names.length);
            for (int i = 0; i < names.length; i++) {
                w.string(names[i]).raw(headers[i]).i64(counts[i]);
            }
            return w.bytes();
        }

        static Zip decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            String temp = r.string();
            String target = r.string();
            boolean deflate = r.i32() == 1;
            int n = r.i32();
            String[] names = new String[n];
            byte[][] headers = new byte[n][];
            long[] counts = new long[n];
            for (int i = 0; i < n; i++) {
                names[i] = r.string();
                headers[i] = r.raw();
                counts[i] = r.i64();
            }
            return new Zip(temp, target, deflate, names, headers, counts);
        }
    }

    private static void writeZip(TaskContext ctx) {
        Zip z = Zip.decode(ctx.scalars());
        Path temp = Path.of(z.temp());
        try {
            try (java.io.OutputStream file = Files.newOutputStream(temp);
                 java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(new java.io.BufferedOutputStream(file, 1 << 16))) {
                for (int i = 0; i < z.names().length; i++) {
                    dev.cohort.runtime.instance.Instance inst = ctx.instance(i);
                    byte[] data = z.counts()[i] == 0 ? new byte[0] : inst.pack(ctx.piece(i));
                    int n = (int) (z.counts()[i] * inst.type().size());
                    java.util.zip.ZipEntry e = new java.util.zip.ZipEntry(z.names()[i]);
                    if (!z.deflate()) {
                        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                        crc.update(z.headers()[i]);
                        crc.update(data, 0, n);
                        e.setMethod(java.util.zip.ZipEntry.STORED);
                        e.setSize(z.headers()[i].length + (long) n);
                        e.setCompressedSize(z.headers()[i].length + (long) n);
                        e.setCrc(crc.getValue());
                    } else {
                        e.setMethod(java.util.zip.ZipEntry.DEFLATED);
                    }
                    zip.putNextEntry(e);
                    zip.write(z.headers()[i]);
                    zip.write(data, 0, n);
                    zip.closeEntry();
                }
            }
            Files.move(temp, Path.of(z.target()), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            ctx.setResult(IoStatus.OK.ordinal());
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the status below reports the first failure
            }
            ctx.setResult(failed("writing", z.temp(), null, ctx, e).ordinal());
        }
    }

    /** ALLOCATE arguments: creates (or truncates) {@code path} and writes {@code header} then zeros up to {@code length} bytes. */
    public record Allocate(String path, byte[] header, long length) {
        public byte[] encode() {
            return new ArgCodec.Writer().string(path).raw(header).i64(length).bytes();
        }

        static Allocate decode(ByteBuffer b) {
            ArgCodec.Reader r = new ArgCodec.Reader(b);
            return new Allocate(r.string(), r.raw(), r.i64());
        }
    }

    private static void allocate(TaskContext ctx) {
        Allocate a = Allocate.decode(ctx.scalars());
        try (FileChannel ch = FileChannel.open(Path.of(a.path()), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer h = ByteBuffer.wrap(a.header());
            while (h.hasRemaining()) {
                ch.write(h, h.position());
            }
            ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(1 << 20, Math.max(1, a.length())));
            long at = a.header().length;
            while (at < a.length()) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), a.length() - at));
                at += ch.write(zeros, at);
            }
            ctx.setResult(IoStatus.OK.ordinal());
        } catch (IOException e) {
            ctx.setResult(failed("creating", a.path(), null, ctx, e).ordinal());
        }
    }

    private static void readRect(TaskContext ctx) {
        Rects a = Rects.decode(ctx.scalars());
        Rect piece = ctx.piece(a.requirement());
        try (FileChannel ch = FileChannel.open(Path.of(a.path()), StandardOpenOption.READ)) {
            RectFiles.read(ch, a.layout(), piece, ctx.instance(a.requirement()), null);
            ctx.setResult(IoStatus.OK.ordinal());
        } catch (IOException e) {
            ctx.setResult(failed("reading", a.path(), piece, ctx, e).ordinal());
        }
    }

    private static void writeRect(TaskContext ctx) {
        Rects a = Rects.decode(ctx.scalars());
        Rect piece = ctx.piece(a.requirement());
        try (FileChannel ch = FileChannel.open(Path.of(a.path()), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            RectFiles.write(ch, a.layout(), piece, ctx.instance(a.requirement()), null);
            if (a.sync()) {
                ch.force(false);
            }
            ctx.setResult(IoStatus.OK.ordinal());
        } catch (IOException e) {
            ctx.setResult(failed("writing", a.path(), piece, ctx, e).ordinal());
        }
    }

    private static void finish(TaskContext ctx) {
        Finish f = Finish.decode(ctx.scalars());
        Path temp = Path.of(f.temp());
        try {
            if (!f.commit()) {
                Files.deleteIfExists(temp);
                ctx.setResult(IoStatus.OK.ordinal());
                return;
            }
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ByteBuffer h = ByteBuffer.wrap(f.header());
                long at = 0;
                while (h.hasRemaining()) {
                    at += ch.write(h, at);
                }
                if (ch.size() > f.length()) {
                    ch.truncate(f.length());
                } else if (ch.size() < f.length()) {
                    throw new EOFException("the data written ends at byte " + ch.size() + ", before byte " + f.length());
                }
                if (f.sync()) {
                    ch.force(true);
                }
            }
            Files.move(temp, Path.of(f.target()), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            ctx.setResult(IoStatus.OK.ordinal());
        } catch (IOException e) {
            ctx.setResult(failed(f.commit() ? "finishing" : "deleting", f.temp(), null, ctx, e).ordinal());
        }
    }

    private static IoStatus failed(String what, String path, Rect piece, TaskContext ctx, IOException e) {
        IoStatus s = IoStatus.of(e);
        LOG.log(System.Logger.Level.WARNING, () -> "shard " + ctx.shard() + ": " + what + " " + path
                + (piece == null ? "" : " (piece " + piece + ")") + " failed: " + e);
        return s;
    }

    /** The one-point domain of FINISH. */
    public static Rect finishDomain() {
        return Rect.single(Point.of(0));
    }
}
