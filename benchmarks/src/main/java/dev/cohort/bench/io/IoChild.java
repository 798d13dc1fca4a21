package dev.cohort.bench.io;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.latency.LatencyChild;
import dev.cohort.bench.macro.ChildCase;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

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
 * Then {@code file_bytes=}, {@code shards=}, {@code cpus=} and {@code vm_hwm_kib=} (the peak resident set).
 */
@Command(name = "io-child", description = "One Cohort run of the I/O suite (started by IoBenchmark; prints key=value lines).")
public final class IoChild implements Callable<Integer> {
    @Parameters(paramLabel = "KEY=VALUE", description = "mode=npy shards= path= elements= warmup= rounds= evict= [min_tile_volume=].")
    List<String> settings = List.of();

    @Override
    public Integer call() throws IOException {
        Map<String, String> a = KeyValues.parseArguments(settings.toArray(String[]::new));
        if (!"npy".equals(a.get("mode"))) {
            throw new IllegalArgumentException("mode must be npy, got " + a.get("mode"));
        }
        int shards = (int) KeyValues.getLong(a, "shards");
        Cohort.Config config = new Cohort.Config().shards(shards);
        if (a.containsKey("min_tile_volume")) {
            config.minTileVolume(KeyValues.getLong(a, "min_tile_volume"));
        }
        Path path = Path.of(a.get("path"));
        Map<String, Object> out = Cohort.run(config, () -> npy(a, path)).get(0);
        out.forEach((k, v) -> System.out.println(k + "=" + v));
        System.out.println("file_bytes=" + Files.size(path));
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
