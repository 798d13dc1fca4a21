package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.FileTasks;
import dev.cohort.tasks.FileTasks.IoStatus;
import dev.cohort.tasks.RectFiles;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code .npy} files in and out, distributed: every shard reads the header (the program is
 * replicated), then each point task of one launch reads or writes only its own tile at its file
 * offset ({@link FileTasks#READ_RECT}, {@link FileTasks#WRITE_RECT}), so an array never passes through
 * one process. A save writes a hidden temporary next to the target and a single task writes the
 * header and renames it into place once every tile is written; a failure leaves no partial file.
 * Files must be on a file system every shard sees (one host, or a shared file system).
 */
final class NpyIo {
    private static final Launches.Result STATUS = new Launches.Result(ReductionOp.MAX, FieldType.INT64, 1);

    private NpyIo() {
    }

    /** NumPy's {@code np.load} of a {@code .npy} file. */
    static NdArray load(Cohort ctx, Path path) {
        NpyHeader h = header(path);
        return read(ctx, path.toString(), h, h.dataOffset());
    }

    /** The header of the {@code .npy} file {@code path}, checked against the file's length. */
    static NpyHeader header(Path path) {
        String name = path.toString();
        NpyHeader h;
        long size;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            size = ch.size();
            h = readHeader(name, ch, 0, size);
        } catch (NoSuchFileException e) {
            throw notFound(name, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + ": " + e.getMessage(), e);
        }
        checkData(name, h, size - h.dataOffset());
        return h;
    }

    /** The header of the {@code .npy} data starting at {@code at} in {@code ch} ({@code size} bytes from there on). */
    static NpyHeader readHeader(String name, FileChannel ch, long at, long size) throws IOException {
        byte[] pre = new byte[NpyHeader.PREAMBLE];
        int n = readUpTo(ch, ByteBuffer.wrap(pre), at);
        if (n >= 4 && pre[0] == 'P' && pre[1] == 'K' && pre[2] == 3 && pre[3] == 4) {
            throw new NpyFormatException(name + " is a .npz archive (a zip file), not a .npy file: open it with Np.load_npz");
        }
        long total = NpyHeader.totalLength(name, pre, n);
        if (total > size || total > Integer.MAX_VALUE) {
            throw new NpyFormatException(name + ": the header says it is " + total + " bytes long, but the file holds only "
                    + size + " (truncated?)");
        }
        byte[] all = new byte[(int) total];
        readUpTo(ch, ByteBuffer.wrap(all), at);
        NpyHeader h = NpyHeader.parse(name, all);
        return new NpyHeader(h.dtype(), h.order(), h.fortran(), h.shape(), at + h.dataOffset());
    }

    /** NumPy's check that the data holds what the header's shape needs (NumPy: "Failed to read all data for array"). */
    static void checkData(String name, NpyHeader h, long available) {
        long need = h.dataBytes();
        if (available < need) {
            long elems = available / h.dtype().fieldType().size();
            throw new NpyFormatException(name + ": failed to read all data for array. Expected " + NpyHeader.tuple(h.shape())
                    + " = " + Shapes.volume(h.shape()) + " elements, could not read more than " + elems
                    + " elements (" + available + " bytes after the header; truncated?)");
        }
    }

    /** A new array of the header's dtype and shape whose tiles are read by their own point tasks from {@code name} at {@code offset}. */
    static NdArray read(Cohort ctx, String name, NpyHeader h, long offset) {
        NdArray out = Creation.empty(ctx, h.dtype(), h.shape());
        if (Shapes.volume(h.shape()) == 0) {
            return out;
        }
        RectFiles.Layout layout = new RectFiles.Layout(h.dtype().fieldType(), h.order(), h.fortran(), offset,
                out.base.store().bounds());
        List<Launches.Slot> slots = List.of(new Launches.Slot(out, Launches.iterAccess(out, h.shape()), Role.WRITE));
        Future f = Launches.launchForResult(FileTasks.READ_RECT, h.shape(), slots, false,
                space -> new FileTasks.Rects(name, layout, 0, false).encode(), STATUS);
        check("reading", name, f);
        return out;
    }

    /** NumPy's {@code np.save}: {@code .npy} appended unless the name ends with it. */
    static Path save(Cohort ctx, Path path, NdArray a) {
        Path target = path.getFileName().toString().endsWith(".npy") ? path
                : path.resolveSibling(path.getFileName() + ".npy");
        Path temp = tempFor(target);
        NdArray dense = dense(a);
        byte[] header = NpyHeader.format(a.dtype(), a.shape);
        long dataBytes = Shapes.volume(a.shape) * a.dtype().fieldType().size();
        if (dataBytes > 0) {
            RectFiles.Layout layout = new RectFiles.Layout(a.dtype().fieldType(), ByteOrder.LITTLE_ENDIAN, false,
                    header.length, dense.base.store().bounds());
            List<Launches.Slot> slots = List.of(new Launches.Slot(dense, Launches.iterAccess(dense, a.shape), Role.READ));
            Future f = Launches.launchForResult(FileTasks.WRITE_RECT, a.shape, slots, false,
                    space -> new FileTasks.Rects(temp.toString(), layout, 0, false).encode(), STATUS);
            if (status(f) != IoStatus.OK) {
                discard(ctx, temp);
                check("writing", target.toString(), f);
            }
        }
        Future done = Launches.singleForResult(ctx, FileTasks.FINISH,
                new FileTasks.Finish(temp.toString(), target.toString(), header, header.length + dataBytes, true, false).encode(),
                STATUS);
        if (status(done) != IoStatus.OK) {
            discard(ctx, temp);
            check("writing", target.toString(), done);
        }
        return target;
    }

    /** {@code a} as a whole store in row-major order, its deferred value computed. */
    static NdArray dense(NdArray a) {
        Fusion.materialize(a.base);
        return a.coversBase() ? a : a.copy();
    }

    /** The hidden temporary a save writes before renaming it to {@code target}; checks the directory exists. */
    static Path tempFor(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw notFound(target.toString(), null);
        }
        return target.resolveSibling("." + target.getFileName() + ".cohort-partial");
    }

    /** Deletes {@code temp} with a single task (after a failed write). */
    static void discard(Cohort ctx, Path temp) {
        Launches.singleForResult(ctx, FileTasks.FINISH,
                new FileTasks.Finish(temp.toString(), temp.toString(), new byte[0], 0, false, false).encode(), STATUS).getLong();
    }

    static IoStatus status(Future f) {
        return IoStatus.values()[(int) f.getLong()];
    }

    /** Raises the same exception on every shard when the launch behind {@code f} failed somewhere. */
    static void check(String what, String name, Future f) {
        IoStatus s = status(f);
        if (s == IoStatus.OK) {
            return;
        }
        if (s == IoStatus.TRUNCATED) {
            throw new NpyFormatException(name + ": " + s.message());
        }
        throw new UncheckedIOException(what + " " + name + " failed: " + s.message() + " (the shard that failed logs the cause)",
                new IOException(s.message()));
    }

    /** NumPy: {@code FileNotFoundError: [Errno 2] No such file or directory: 'x.npy'}. */
    static UncheckedIOException notFound(String name, IOException cause) {
        FileNotFoundException e = new FileNotFoundException("[Errno 2] No such file or directory: '" + name + "'");
        if (cause != null) {
            e.initCause(cause);
        }
        return new UncheckedIOException(e.getMessage(), e);
    }

    private static int readUpTo(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        int total = 0;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, at + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    // ------------------------------------------------------------------ attach (memmap)

    /** A store attached to a file: where its data lies and the mode it was opened with. */
    record Attachment(Path path, RectFiles.Layout layout, String mode, boolean empty) {
    }

    /**
     * NumPy's {@code np.memmap(path, dtype, mode, offset, shape, order)} (Legate's {@code attach}): an array
     * whose data is the file's. Each shard reads only its own tiles (positioned reads); in mode {@code r+}
     * and {@code w+} {@link NdArray#flush()} and {@link NdArray#close()} write them back in place.
     */
    static NdArray memmap(Cohort ctx, Path path, DType dtype, String mode, long offset, long[] shape, boolean fortran) {
        String name = path.toString();
        if (!List.of("r", "r+", "w+", "c").contains(mode)) {
            throw new IllegalArgumentException("mode must be one of ['r', 'c', 'r+', 'w+', 'readonly', 'copyonwrite', "
                    + "'readwrite', 'write'] (got '" + mode + "')");
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be non-negative, got " + offset);
        }
        int item = dtype.fieldType().size();
        if (mode.equals("w+")) {
            if (shape == null) {
                throw new IllegalArgumentException("shape must be given if mode == 'w+'");
            }
            Shapes.checkNonNegative(shape);
            tempFor(path); // the directory must exist
            long length = offset + Shapes.volume(shape) * item;
            Future f = Launches.singleForResult(ctx, FileTasks.ALLOCATE, new FileTasks.Allocate(name, new byte[0], length).encode(), STATUS);
            check("creating", name, f);
            NdArray out = Creation.full(ctx, dtype, shape, 0);
            return attach(out, path, offset, fortran, mode);
        }
        long size;
        try {
            size = Files.size(path);
        } catch (NoSuchFileException e) {
            throw notFound(name, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + ": " + e.getMessage(), e);
        }
        if (shape == null) {
            long bytes = size - offset;
            if (bytes % item != 0) {
                throw new IllegalArgumentException("Size of available data is not a multiple of the data-type size. ("
                        + name + ": " + bytes + " bytes after offset " + offset + ", " + dtype + " is " + item + " bytes)");
            }
            shape = new long[]{bytes / item};
        }
        Shapes.checkNonNegative(shape);
        long need = offset + Shapes.volume(shape) * item;
        if (need > size) {
            throw new IllegalArgumentException("mmap length is greater than file size (" + name + ": offset " + offset
                    + " + shape " + Shapes.str(shape) + " of " + dtype + " needs " + need + " bytes, the file has " + size + ")");
        }
        NpyHeader h = new NpyHeader(dtype, ByteOrder.LITTLE_ENDIAN, fortran, shape, offset);
        return attach(read(ctx, name, h, offset), path, offset, fortran, mode);
    }

    /** NumPy's {@code np.load(path, mmap_mode=mode)}: the {@code .npy}'s data attached (mode {@code w+} is not allowed). */
    static NdArray loadAttached(Cohort ctx, Path path, String mode) {
        if (!List.of("r", "r+", "c").contains(mode)) {
            throw new IllegalArgumentException("mmap_mode must be 'r', 'r+' or 'c' to load an existing .npy file (got '" + mode + "')");
        }
        String name = path.toString();
        NpyHeader h = header(path);
        if (h.order() == ByteOrder.BIG_ENDIAN && h.dtype().fieldType().size() > 1 && !mode.equals("r") && !mode.equals("c")) {
            // writes go back little-endian: say so rather than corrupt the file
            throw new IllegalArgumentException(name + ": mmap_mode '" + mode + "' of a big-endian file is not supported; use 'r' or 'c'");
        }
        NdArray a = read(ctx, name, h, h.dataOffset());
        return attach(a, path, h.dataOffset(), h.fortran(), mode);
    }

    private static NdArray attach(NdArray a, Path path, long offset, boolean fortran, String mode) {
        RectFiles.Layout layout = new RectFiles.Layout(a.dtype().fieldType(), ByteOrder.LITTLE_ENDIAN, fortran, offset,
                a.base.store().bounds());
        a.base.attachment = new Attachment(path, layout, mode, a.size() == 0);
        return a;
    }

    /** Writes an attached store's tiles back in place (modes {@code r+}, {@code w+}); every shard returns once all have. */
    static void flush(NdArray a) {
        Attachment at = a.base.attachment;
        if (at == null || !(at.mode().equals("r+") || at.mode().equals("w+")) || at.empty()) {
            return;
        }
        Fusion.materialize(a.base);
        long[] shape = wholeShape(a);
        NdArray whole = new NdArray(a.ctx, a.base, shape, dev.cohort.runtime.launch.Access.identity(shape.length));
        List<Launches.Slot> slots = List.of(new Launches.Slot(whole, whole.view, Role.READ));
        Future f = Launches.launchForResult(FileTasks.WRITE_RECT, shape, slots, false,
                space -> new FileTasks.Rects(at.path().toString(), at.layout(), 0, true).encode(), STATUS);
        check("flushing", at.path().toString(), f);
    }

    private static long[] wholeShape(NdArray a) {
        return a.base.extents.clone();
    }
}
