package dev.cohort.bench.io;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.latency.LatencyChild;
import dev.cohort.bench.macro.ChildCase;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import dev.cohort.ndarray.LoadTxt;
import dev.cohort.tasks.CheckpointTasks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * One Cohort run of the I/O suite in a JVM of its own ({@link IoBenchmark} starts it), configured by {@code key=value}
 * arguments and printing {@code key=value} lines.
 *
 * <p>{@code mode=npy shards=S path=FILE elements=N warmup=W rounds=R evict=fadvise|drop-caches|none
 * [min_tile_volume=V]}: on S in-process shards, {@code x = arange(0.0, N)} (float64); then W untimed and R timed rounds
 * of: delete FILE; {@code Np.save(FILE, x)} ({@code save_ns=}); shard 0 opens FILE and fsyncs it ({@code fsync_ns=});
 * {@code y = Np.load(FILE)} ({@code load_ns=}: from the page cache, where the save left it), its sum checked and
 * {@code y.close()}; shard 0 drops FILE from the page cache ({@link PageCache#evict}); {@code y = Np.load(FILE)} again
 * ({@code load_cold_ns=}, unless {@code evict=none}), checked and closed. Every timed operation starts after a barrier
 * of all shards (the sum of {@code x}, read as a value, which every shard must contribute to), so no shard starts it
 * early, and shard 0's times, which span it on every shard, are printed; FILE is left as the last round saved it.
 *
 * <p>{@code mode=loadtxt shards=S path=CSV elements=N warmup=W rounds=R [min_tile_volume=V]}: on S in-process shards,
 * W untimed and R timed rounds of {@code y = Np.loadtxt(CSV, LoadTxt.options().delimiter(','))} ({@code loadtxt_ns=};
 * the CSV is in the page cache from the first round on), each after a barrier on {@code arange(0.0, N)} (N: the CSV's
 * number of values, so the barrier splits as the result does), {@code y.close()} after each but the last; then
 * {@code rows=}, {@code cols=}, {@code sum=} and {@code crc32=} of the last result ({@link #crc32}: the same checksum
 * the Python side prints, so the systems' values can be compared bit for bit).
 *
 * <p>{@code mode=checkpoint shards=S dir=DIR n=N warmup=W rounds=R evict=... [min_tile_volume=V]}: on S in-process
 * shards, the CG state {@code x = arange(0.0, N*N).reshape(N, N)}, {@code r = x * 0.5}, {@code p = x + 1} (float64,
 * computed and checked before any timing); W untimed and R timed rounds of: shard 0 deletes the previous round's
 * directory; {@code Cohort.checkpoint(DIR/round-K, {x, r, p})} ({@code checkpoint_ns=}: tiles, catalog and marker on
 * the device); {@code Cohort.restore(DIR/round-K)} ({@code restore_ns=}: from the page cache), every restored array's
 * sum checked (exact); shard 0 drops every file of the checkpoint from the page cache and it is restored again
 * ({@code restore_cold_ns=}, unless {@code evict=none}). Then {@code file_bytes=} (every file of the last checkpoint)
 * and {@code data_bytes=} (its tile files: 3 N^2 8 bytes when the work is NumPy's); the last checkpoint is left.
 *
 * <p>Every mode then prints {@code file_bytes=}, {@code shards=}, {@code cpus=} and {@code vm_hwm_kib=} (the peak
 * resident set).
 */
@Command(name = "io-child", description = "One Cohort run of the I/O suite (started by IoBenchmark; prints key=value lines).")
public final class IoChild implements Callable<Integer> {
    @Parameters(paramLabel = "KEY=VALUE", description = "mode=npy|loadtxt|checkpoint shards= path=|dir= elements=|n= warmup= "
            + "rounds= evict= [min_tile_volume=].")
    List<String> settings = List.of();

    @Override
    public Integer call() throws IOException {
        Map<String, String> a = KeyValues.parseArguments(settings.toArray(String[]::new));
        String mode = a.get("mode");
        if (!List.of("npy", "loadtxt", "checkpoint").contains(mode)) {
            throw new IllegalArgumentException("mode must be npy, loadtxt or checkpoint, got " + mode);
        }
        int shards = (int) KeyValues.getLong(a, "shards");
        Cohort.Config config = new Cohort.Config().shards(shards);
        if (a.containsKey("min_tile_volume")) {
            config.minTileVolume(KeyValues.getLong(a, "min_tile_volume"));
        }
        Map<String, Object> out;
        if (mode.equals("checkpoint")) {
            Path dir = Path.of(a.get("dir"));
            out = Cohort.run(config, () -> checkpoint(a, dir)).get(0);
        } else {
            Path path = Path.of(a.get("path"));
            out = Cohort.run(config, () -> mode.equals("npy") ? npy(a, path) : loadtxt(a, path)).get(0);
            out.put("file_bytes", Files.size(path));
        }
        out.forEach((k, v) -> System.out.println(k + "=" + v));
        System.out.println("shards=" + shards);
        System.out.println("cpus=" + Runtime.getRuntime().availableProcessors());
        Path status = Path.of("/proc/self/status");
        System.out.println("vm_hwm_kib=" + (Files.isReadable(status) ? LatencyChild.vmHwmKib(Files.readAllLines(status)) : -1));
        return 0;
    }

    /** The sum of {@code arange(0.0, n)}: n (n - 1) / 2, exact in float64 for n <= 2^27 (every partial sum is an integer < 2^53). */
    static double expectedSum(long n) {
        return (double) n * (n - 1) / 2;
    }

    private static Map<String, Object> npy(Map<String, String> a, Path path) {
        long n = KeyValues.getLong(a, "elements");
        int warmup = (int) KeyValues.getLong(a, "warmup");
        int rounds = (int) KeyValues.getLong(a, "rounds");
        PageCache.Method evict = PageCache.Method.of(a.getOrDefault("evict", "none"));
        boolean lead = Cohort.current().shard() == 0;
        double expected = expectedSum(n);
        NdArray x = Np.arange(0.0, (double) n, 1.0);
        long[] save = new long[rounds];
        long[] fsync = new long[rounds];
        long[] load = new long[rounds];
        long[] loadCold = new long[rounds];
        for (int r = 0; r < warmup + rounds; r++) {
            int at = r - warmup;
            if (lead) {
                delete(path);
            }
            barrier(x, expected, "x");
            long t0 = System.nanoTime();
            Np.save(path, x);
            long t1 = System.nanoTime();
            if (lead) {
                fsync(path);
            }
            long t2 = System.nanoTime();
            barrier(x, expected, "x");
            long t3 = System.nanoTime();
            NdArray y = Np.load(path);
            long t4 = System.nanoTime();
            barrier(y, expected, "Np.load(" + path + ")");
            y.close();
            if (at >= 0) {
                save[at] = t1 - t0;
                fsync[at] = t2 - t1;
                load[at] = t4 - t3;
            }
            if (evict != PageCache.Method.NONE) {
                if (lead) {
                    PageCache.evict(path, evict);
                }
                barrier(x, expected, "x");
                long t5 = System.nanoTime();
                NdArray z = Np.load(path);
                long t6 = System.nanoTime();
                barrier(z, expected, "Np.load(" + path + ") after eviction");
                z.close();
                if (at >= 0) {
                    loadCold[at] = t6 - t5;
                }
            }
        }
        x.close();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("save_ns", LatencyChild.joined(save));
        out.put("fsync_ns", LatencyChild.joined(fsync));
        out.put("load_ns", LatencyChild.joined(load));
        if (evict != PageCache.Method.NONE) {
            out.put("load_cold_ns", LatencyChild.joined(loadCold));
        }
        out.put("evict", evict.key());
        return out;
    }

    private static Map<String, Object> loadtxt(Map<String, String> a, Path path) {
        long n = KeyValues.getLong(a, "elements");
        int warmup = (int) KeyValues.getLong(a, "warmup");
        int rounds = (int) KeyValues.getLong(a, "rounds");
        double expected = expectedSum(n);
        NdArray x = Np.arange(0.0, (double) n, 1.0);
        long[] load = new long[rounds];
        NdArray y = null;
        for (int r = 0; r < warmup + rounds; r++) {
            if (y != null) {
                y.close();
            }
            barrier(x, expected, "x");
            long t0 = System.nanoTime();
            y = Np.loadtxt(path, LoadTxt.options().delimiter(','));
            long t1 = System.nanoTime();
            barrier(x, expected, "x");
            if (r >= warmup) {
                load[r - warmup] = t1 - t0;
            }
        }
        x.close();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("loadtxt_ns", LatencyChild.joined(load));
        long[] shape = y.shape();
        out.put("rows", shape.length > 0 ? shape[0] : 1);
        out.put("cols", shape.length > 1 ? shape[1] : 1);
        out.put("sum", y.sum().itemDouble());
        out.put("crc32", crc32(y.toDoubleArray()));
        y.close();
        return out;
    }

    /**
     * CRC32 (java.util.zip, the polynomial of Python's {@code zlib.crc32}) of {@code values} as little-endian float64
     * bytes: Python's {@code zlib.crc32(a.astype('<f8').tobytes())} of a C-order array of the same values.
     */
    static long crc32(double[] values) {
        CRC32 crc = new CRC32();
        ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            if (!buf.hasRemaining()) {
                crc.update(buf.flip());
                buf.clear();
            }
            buf.putDouble(v);
        }
        crc.update(buf.flip());
        return crc.getValue();
    }

    /** The names and expected sums of the checkpoint mode's CG state for {@code n}: x, r = x / 2, p = x + 1. */
    static Map<String, Double> cgSums(long n) {
        double sx = expectedSum(n * n);
        return new TreeMap<>(Map.of("x", sx, "r", sx / 2, "p", sx + (double) n * n));
    }

    private static Map<String, Object> checkpoint(Map<String, String> a, Path dir) {
        long n = KeyValues.getLong(a, "n");
        int warmup = (int) KeyValues.getLong(a, "warmup");
        int rounds = (int) KeyValues.getLong(a, "rounds");
        PageCache.Method evict = PageCache.Method.of(a.getOrDefault("evict", "none"));
        boolean lead = Cohort.current().shard() == 0;
        Map<String, Double> sums = cgSums(n);
        NdArray x = Np.arange(0.0, (double) n * n, 1.0).reshape(n, n);
        Map<String, NdArray> state = new TreeMap<>(Map.of("x", x, "r", x.multiply(0.5), "p", x.add(1.0)));
        state.forEach((name, v) -> barrier(v, sums.get(name), name)); // computed (not fused into the timed checkpoint)
        long[] write = new long[rounds];
        long[] restore = new long[rounds];
        long[] restoreCold = new long[rounds];
        Path previous = null;
        Path current = null;
        for (int r = 0; r < warmup + rounds; r++) {
            int at = r - warmup;
            if (lead && previous != null) {
                deleteTree(previous);
            }
            current = dir.resolve(String.format("round-%03d", r));
            barrier(x, sums.get("x"), "x");
            long t0 = System.nanoTime();
            Cohort.checkpoint(current, state);
            long t1 = System.nanoTime();
            barrier(x, sums.get("x"), "x");
            long t2 = System.nanoTime();
            Map<String, NdArray> back = Cohort.restore(current);
            long t3 = System.nanoTime();
            checkRestored(back, sums, current);
            if (at >= 0) {
                write[at] = t1 - t0;
                restore[at] = t3 - t2;
            }
            if (evict != PageCache.Method.NONE) {
                if (lead) {
                    evictTree(current, evict);
                }
                barrier(x, sums.get("x"), "x");
                long t4 = System.nanoTime();
                Map<String, NdArray> cold = Cohort.restore(current);
                long t5 = System.nanoTime();
                checkRestored(cold, sums, current);
                if (at >= 0) {
                    restoreCold[at] = t5 - t4;
                }
            }
            previous = current;
        }
        state.values().forEach(NdArray::close);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("checkpoint_ns", LatencyChild.joined(write));
        out.put("restore_ns", LatencyChild.joined(restore));
        if (evict != PageCache.Method.NONE) {
            out.put("restore_cold_ns", LatencyChild.joined(restoreCold));
        }
        out.put("evict", evict.key());
        long[] bytes = checkpointBytes(current);
        out.put("file_bytes", bytes[0]);
        out.put("data_bytes", bytes[1]);
        out.put("tile_files", bytes[2]);
        return out;
    }

    /** Every restored array's sum is its expected one (exact: integers and halves below 2^53); the arrays are closed. */
    private static void checkRestored(Map<String, NdArray> back, Map<String, Double> sums, Path dir) {
        if (!back.keySet().equals(sums.keySet())) {
            throw new IllegalStateException("Cohort.restore(" + dir + ") gave arrays " + back.keySet() + ", expected " + sums.keySet());
        }
        back.forEach((name, v) -> barrier(v, sums.get(name), "restored " + name + " of " + dir));
        back.values().forEach(NdArray::close);
    }

    /**
     * Bytes of every file of the checkpoint {@code dir}, bytes and number of its tile files (all but the catalog and
     * the marker).
     */
    static long[] checkpointBytes(Path dir) {
        long all = 0;
        long data = 0;
        long tiles = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                long size = Files.size(f);
                all += size;
                String name = f.getFileName().toString();
                if (!name.equals(CheckpointTasks.CATALOG_FILE) && !name.equals(CheckpointTasks.MARKER)) {
                    data += size;
                    tiles++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the checkpoint " + dir, e);
        }
        return new long[]{all, data, tiles};
    }

    /** Drops every file of {@code dir} from the page cache ({@link PageCache#evict}; drop-caches once). */
    static void evictTree(Path dir, PageCache.Method method) {
        if (method == PageCache.Method.DROP_CACHES) {
            PageCache.evict(dir, method);
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                PageCache.evict(f, method);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the checkpoint " + dir, e);
        }
    }

    private static void deleteTree(Path dir) {
        try {
            IoBenchmark.deleteTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    /**
     * Reads {@code a.sum()} as a value: every shard contributes to the sum, so no shard passes before all have come;
     * and the array's contents are checked.
     *
     * @throws IllegalStateException when the sum is not {@code expected}
     */
    static void barrier(NdArray a, double expected, String what) {
        double s = a.sum().itemDouble();
        if (s != expected) {
            throw new IllegalStateException("sum of " + what + " is " + s + ", expected " + expected);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** The fsync the disk floor does ({@link DiskFloor#fsync}), on the file the save wrote. */
    private static void fsync(Path path) {
        try {
            DiskFloor.fsync(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot fsync " + path, e);
        }
    }

    public static void main(String[] args) {
        ChildCase.exit(new IoChild(), args);
    }
}
