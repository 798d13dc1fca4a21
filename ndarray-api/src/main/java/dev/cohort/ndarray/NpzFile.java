package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.Future;
import dev.cohort.tasks.FileTasks;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code .npz} archive opened for reading (NumPy's {@code NpzFile}, what {@code np.load} returns
 * for a zip of {@code .npy} files): {@link #files()} lists the arrays, {@link #get(String)} loads
 * one. A stored (uncompressed, {@code np.savez}) entry is read like a {@code .npy} file, each shard
 * reading only its own tiles at their offsets inside the archive; a deflated entry
 * ({@code np.savez_compressed}) is inflated by every shard (a zip stream cannot be entered in the
 * middle) and limited to 2 GiB.
 */
public final class NpzFile implements AutoCloseable {
    private final Cohort ctx;
    private final Path path;
    private final ZipFile zip;
    private final Map<String, ZipArchiveEntry> entries = new LinkedHashMap<>();

    NpzFile(Cohort ctx, Path path) {
        this.ctx = ctx;
        this.path = path;
        try {
            this.zip = ZipFile.builder().setPath(path).get();
        } catch (NoSuchFileException e) {
            throw NpyIo.notFound(path.toString(), e);
        } catch (IOException e) {
            throw new NpyFormatException(path + ": not a .npz archive: " + e.getMessage());
        }
        for (ZipArchiveEntry e : Collections.list(zip.getEntries())) {
            String n = e.getName();
            entries.put(n.endsWith(".npy") ? n.substring(0, n.length() - 4) : n, e);
        }
    }

    /** The names of the arrays, in archive order (NumPy {@code NpzFile.files}). */
    public List<String> files() {
        return new ArrayList<>(entries.keySet());
    }

    /**
     * The array {@code key} (NumPy {@code npz[key]}).
     *
     * @throws java.util.NoSuchElementException naming the key and the archive when there is no such array
     * @throws NpyFormatException               when the entry is not a valid {@code .npy}
     */
    public NdArray get(String key) {
        ZipArchiveEntry e = entries.get(key);
        if (e == null) {
            throw new java.util.NoSuchElementException(key + " is not a file in the archive " + path + " (it holds " + files() + ")");
        }
        String name = path + "[" + e.getName() + "]";
        try {
            if (e.getMethod() == ZipArchiveEntry.STORED) {
                try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
                    NpyHeader h = NpyIo.readHeader(name, ch, e.getDataOffset(), e.getSize());
                    NpyIo.checkData(name, h, e.getDataOffset() + e.getSize() - h.dataOffset());
                    return NpyIo.read(ctx, path.toString(), h, h.dataOffset());
                }
            }
            if (e.getSize() > Integer.MAX_VALUE - 8) {
                throw new NpyFormatException(name + ": a compressed entry of " + e.getSize()
                        + " bytes is over the 2 GiB that can be inflated at once; save it with Np.savez (stored)");
            }
            byte[] all;
            try (InputStream in = zip.getInputStream(e)) {
                all = in.readAllBytes();
            }
            long total = NpyHeader.totalLength(name, all, all.length);
            if (total > all.length) {
                throw new NpyFormatException(name + ": the header says it is " + total + " bytes long, but the entry holds only "
                        + all.length + " (truncated?)");
            }
            NpyHeader h = NpyHeader.parse(name, java.util.Arrays.copyOf(all, (int) total));
            NpyIo.checkData(name, h, all.length - total);
            return Creation.load(ctx, h.dtype(), h.shape(), littleEndianCOrder(h, all, (int) total));
        } catch (IOException x) {
            throw new UncheckedIOException("cannot read " + name + ": " + x.getMessage(), x);
        }
    }

    /** Every array, by name. */
    public Map<String, NdArray> toMap() {
        Map<String, NdArray> m = new LinkedHashMap<>();
        for (String k : entries.keySet()) {
            m.put(k, get(k));
        }
        return m;
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The data of {@code h} (from {@code off} in {@code src}) as little-endian elements in row-major order. */
    static byte[] littleEndianCOrder(NpyHeader h, byte[] src, int off) {
        int size = h.dtype().fieldType().size();
        int n = Math.toIntExact(Shapes.volume(h.shape()));
        byte[] out = new byte[n * size];
        if (!h.fortran() && (h.order() == ByteOrder.LITTLE_ENDIAN || size == 1)) {
            System.arraycopy(src, off, out, 0, out.length);
            return out;
        }
        long[] shape = h.shape();
        long[] fstride = new long[shape.length];
        long s = 1;
        for (int d = 0; d < shape.length; d++) {
            int dd = h.fortran() ? d : shape.length - 1 - d;
            fstride[dd] = s;
            s *= shape[dd];
        }
        long[] idx = new long[shape.length];
        for (int c = 0; c < n; c++) {
            long f = 0;
            for (int d = 0; d < shape.length; d++) {
                f += idx[d] * fstride[d];
            }
            int from = off + (int) f * size;
            for (int b = 0; b < size; b++) {
                out[c * size + b] = src[from + (h.order() == ByteOrder.LITTLE_ENDIAN ? b : size - 1 - b)];
            }
            for (int d = shape.length - 1; d >= 0; d--) {
                if (++idx[d] < shape[d]) {
                    break;
                }
                idx[d] = 0;
            }
        }
        return out;
    }

    /** NumPy's {@code np.savez} / {@code np.savez_compressed}: one single task writes the archive and renames it into place. */
    static Path save(Cohort ctx, Path path, Map<String, NdArray> arrays, boolean deflate) {
        Path target = path.getFileName().toString().endsWith(".npz") ? path
                : path.resolveSibling(path.getFileName() + ".npz");
        Path temp = NpyIo.tempFor(target);
        if (arrays.isEmpty()) {
            throw new IllegalArgumentException("savez of " + target + ": no arrays given");
        }
        List<Launches.Slot> slots = new ArrayList<>();
        String[] names = new String[arrays.size()];
        byte[][] headers = new byte[arrays.size()][];
        long[] counts = new long[arrays.size()];
        int i = 0;
        for (Map.Entry<String, NdArray> en : arrays.entrySet()) {
            String k = en.getKey();
            if (k == null || k.isEmpty() || k.contains("/") || k.contains("\\")) {
                throw new IllegalArgumentException("savez of " + target + ": bad array name '" + k + "'");
            }
            NdArray a = en.getValue();
            if (a.ctx != ctx) {
                throw new IllegalArgumentException("arrays from different Cohort contexts (shards) cannot be combined");
            }
            NdArray dense = NpyIo.dense(a);
            slots.add(new Launches.Slot(dense, dense.view, Role.READ));
            names[i] = k + ".npy";
            headers[i] = NpyHeader.format(a.dtype(), a.shape);
            counts[i] = Shapes.volume(a.shape);
            i++;
        }
        FileTasks.Zip z = new FileTasks.Zip(temp.toString(), target.toString(), deflate, names, headers, counts);
        Future f = Launches.launchForResult(FileTasks.WRITE_ZIP, new long[]{1}, slots, true, space -> z.encode(),
                new Launches.Result(dev.cohort.runtime.launch.ReductionOp.MAX, dev.cohort.runtime.region.FieldType.INT64, 1));
        NpyIo.check("writing", target.toString(), f);
        return target;
    }
}
