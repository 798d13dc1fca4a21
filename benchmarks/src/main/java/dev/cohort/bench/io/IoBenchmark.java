package dev.cohort.bench.io;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.Report;
import dev.cohort.bench.Stats;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.MacroBenchmark;
import dev.cohort.bench.macro.PythonRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * The I/O suite (issue 14, "Data in and out"). Its first case: Cohort's {@code Np.save}/{@code Np.load} of a 1 GiB float64 array
 * ({@code 2^27} elements; {@code --quick}: 128 MiB) on 1 and 2 in-process shards (each in a child JVM of its own,
 * {@link IoChild}), beside NumPy's {@code np.save}/{@code np.load} of the same array ({@code benchmarks/python/io_npy.py})
 * and the disk's sequential bandwidth ({@link DiskFloor}), all in the same run, on the same directory, with files of the
 * same size. Every system saves into the page cache, then fsyncs, loads from the page cache, drops the file from it
 * ({@link PageCache}) and loads from the device. The saved files are compared byte for byte with NumPy's, so the
 * systems do the same work. Writes {@link SuiteOutput} "io"; its targets are the issue's: Cohort's bandwidth at least
 * {@link #GOAL} of the disk's, for the save (with fsync) and the cold load. Two more cases: {@code Np.loadtxt} of a
 * 200 MB CSV beside {@code np.loadtxt} and {@code pandas.read_csv} ({@link LoadtxtCase}), and {@code Cohort.checkpoint}
 * / {@code restore} of the CG state beside {@code np.save} + fsync and the disk ({@link CheckpointCase}).
 *
 * <p>The suite is a list of cases ({@link #CASES}), each reporting its timings in the same shape ({@link CaseResult}),
 * so that more can be added beside the {@code .npy} one: see {@link IoCase}.
 */
@Command(name = "io", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Np.save/Np.load of a 1 GiB float64 array, Np.loadtxt of a 200 MB CSV and Cohort.checkpoint/restore "
                + "of the CG state, beside NumPy (and pandas) and the disk's sequential bandwidth.")
public final class IoBenchmark implements Callable<Integer> {
    /** The goal: Cohort's bandwidth over the disk's. */
    static final double GOAL = 0.70;
    /** Elements of the array: 2^27 float64 = 1 GiB; {@code --quick} 2^24 = 128 MiB. */
    static final long ELEMENTS = 1L << 27;
    static final long QUICK_ELEMENTS = 1L << 24;
    /** Bytes of a {@code .npy} header of a 1-d float64 array (version 1.0, padded to 64-byte alignment). */
    static final long NPY_HEADER_BYTES = 128;
    static final Duration CHILD_TIMEOUT = Duration.ofMinutes(30);

    @Option(names = "--out", defaultValue = "benchmarks/results", description = "Directory of io.csv, io-targets.csv, io.md.")
    Path out;
    @Option(names = "--quick", description = "A 128 MiB array instead of 1 GiB, a 20 MB CSV instead of 200 MB, CG vectors of "
            + "1118x1118 instead of 3163x3163.")
    boolean quick;
    @Option(names = "--python", defaultValue = "python3", description = "Python of the NumPy reference, or 'none'.")
    String python;
    @Option(names = "--dir", description = "Directory the files are written to (a temporary directory is made in it and "
            + "deleted after the run; default: java.io.tmpdir).")
    Path dir;
    @Option(names = "--evict", defaultValue = "auto", description = "How a file leaves the page cache before a cold load: "
            + "auto (fadvise if it works, else drop-caches if permitted, which is then tried once, else none), fadvise, drop-caches or none (default: ${DEFAULT-VALUE}).")
    String evict;
    @Option(names = "--shards", split = ",", defaultValue = "1,2", description = "In-process shard counts of the Cohort runs (default: ${DEFAULT-VALUE}).")
    List<Integer> shards;
    @Option(names = "--elements", hidden = true, description = "Elements of the array (tests: a tiny size).")
    Long elements;
    @Option(names = "--warmup", hidden = true, description = "Untimed rounds (default 1).")
    Integer warmup;
    @Option(names = "--rounds", hidden = true, description = "Timed rounds (default 5; --quick 3).")
    Integer rounds;
    @Option(names = "--csv-mb", hidden = true, description = "MB (10^6 bytes) of the loadtxt case's CSV (tests: a tiny size).")
    Double csvMb;
    @Option(names = "--cg-n", hidden = true, description = "n of the checkpoint case's n x n CG vectors (tests: a tiny size).")
    Integer cgN;
    @Option(names = "--min-tile-volume", hidden = true, description = "The Cohort children's minimum tile volume (tests: so a tiny array still splits).")
    Long minTileVolume;

    /** The loadtxt case's CSV: about 200 MB (10^6 bytes); {@code --quick} 20 MB. */
    static final double CSV_MB = 200;
    static final double QUICK_CSV_MB = 20;
    /** The checkpoint case's n x n CG vectors: n = 3163 (80 MB each); {@code --quick} 1118 (10 MB each). */
    static final int CG_N = 3163;
    static final int QUICK_CG_N = 1118;

    /**
     * The sizes of one run: the {@code .npy} case's elements, the rounds, the shard counts, the children's minimum tile
     * volume (null: default), the loadtxt case's CSV size (MB) and the checkpoint case's n.
     */
    public record Settings(long elements, int warmup, int rounds, List<Integer> shards, Long minTileVolume, double csvMb, int cgN) {
        /** The full sizes of the CSV and the CG vectors. */
        public Settings(long elements, int warmup, int rounds, List<Integer> shards, Long minTileVolume) {
            this(elements, warmup, rounds, shards, minTileVolume, CSV_MB, CG_N);
        }

        /** Bytes of the array's data. */
        long dataBytes() {
            return elements * 8;
        }

        /** Bytes of the checkpoint case's three n x n float64 vectors. */
        long cgBytes() {
            return 3L * cgN * cgN * 8;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new IoBenchmark()).execute(args));
    }

    Settings settings() {
        long n = elements != null ? elements : quick ? QUICK_ELEMENTS : ELEMENTS;
        if (n < 1 || n > ELEMENTS) {
            throw new IllegalArgumentException("--elements must be in [1, 2^27] (sums stay exact), got " + n);
        }
        double mb = csvMb != null ? csvMb : quick ? QUICK_CSV_MB : CSV_MB;
        if (!(mb >= 0.001 && mb <= 10_000)) {
            throw new IllegalArgumentException("--csv-mb must be in [0.001, 10000], got " + mb);
        }
        int cg = cgN != null ? cgN : quick ? QUICK_CG_N : CG_N;
        if (cg < 1 || cg > 8192) {
            throw new IllegalArgumentException("--cg-n must be in [1, 8192] (sums stay exact), got " + cg);
        }
        return new Settings(n, warmup != null ? warmup : 1, rounds != null ? rounds : quick ? 3 : 5, List.copyOf(shards), minTileVolume,
                mb, cg);
    }

    // ------------------------------------------------------------------ cases: the extension point

    /**
     * A case of the suite. Each runs its systems on files in the run's directory and returns their timings in the
     * shape the report renders: {@link NpyCase}, {@link LoadtxtCase}, {@link CheckpointCase}. To add one, append it to
     * {@link #CASES}; its operations' keys are what its children print as {@code <key>_ns=}.
     */
    public interface IoCase {
        /** A file-name-safe word: the {@code benchmark} column of {@code io.csv}. */
        String name();

        CaseResult run(Run run) throws IOException;
    }

    /** The cases, in the order they run. */
    static final List<IoCase> CASES = List.of(new NpyCase(), new LoadtxtCase(), new CheckpointCase());

    /**
     * What a case is given: the sizes, the directory for its files (deleted after the run), the eviction method, the
     * NumPy interpreter (null with {@code --python none}) and how to start a Cohort child.
     */
    public record Run(Settings settings, Path dir, PageCache.Method evict, PythonRunner python) {
        /** Runs {@link IoChild} with {@code args} in a JVM of its own with {@code -Xmx xmxMiB}. */
        PythonRunner.Result child(int xmxMiB, List<String> args) {
            List<String> command = MacroBenchmark.javaCommand(xmxMiB, List.of(), IoChild.class);
            command.addAll(args);
            return PythonRunner.runCommand(command, CHILD_TIMEOUT, false);
        }
    }

    /**
     * A timed operation: its key in the outputs ({@code <key>_ns=}), its label, and the key of the floor's operation
     * it is compared with (null: none).
     */
    public record Op(String key, String label, String floorKey) {
    }

    /**
     * One system's samples (ns) by operation key, its peak resident set (KiB, -1 unknown) and file size (bytes, -1
     * unknown), or why it has none.
     */
    public record Timings(String system, Map<String, long[]> samples, long peakRssKib, long fileBytes, String error) {
        static Timings failed(String system, String error) {
            return new Timings(system, Map.of(), -1, -1, error);
        }

        /** What a child JVM or a script printed: {@code <key>_ns=} for every key of {@code required}, and of {@code optional} when there. */
        static Timings of(String system, PythonRunner.Result r, List<String> required, List<String> optional) {
            if (!r.ok()) {
                return failed(system, "failed: " + (r.exitCode() == 124 ? "timed out, " : "") + "exit status " + r.exitCode()
                        + ": " + r.tail(3));
            }
            Map<String, long[]> samples = new LinkedHashMap<>();
            try {
                for (String key : required) {
                    samples.put(key, nanos(r.values(), key));
                }
                for (String key : optional) {
                    if (r.values().containsKey(key + "_ns")) {
                        samples.put(key, nanos(r.values(), key));
                    }
                }
                long rss = r.values().containsKey("vm_hwm_kib") ? KeyValues.getLong(r.values(), "vm_hwm_kib") : -1;
                long bytes = r.values().containsKey("file_bytes") ? KeyValues.getLong(r.values(), "file_bytes") : -1;
                return new Timings(system, samples, rss, bytes, null);
            } catch (IllegalArgumentException e) {
                return failed(system, "failed: unreadable output: " + e.getMessage());
            }
        }

        private static long[] nanos(Map<String, String> values, String key) {
            return Arrays.stream(PythonRunner.samples(values, key + "_ns")).mapToLong(Math::round).toArray();
        }

        boolean ok() {
            return error == null;
        }

        /** These timings plus {@code key}: round by round the sum of {@code a} and {@code b} (when both are there). */
        Timings withSum(String key, String a, String b) {
            if (!ok() || !samples.containsKey(a) || !samples.containsKey(b) || samples.get(a).length != samples.get(b).length) {
                return this;
            }
            long[] x = samples.get(a);
            long[] y = samples.get(b);
            long[] sum = new long[x.length];
            for (int i = 0; i < x.length; i++) {
                sum[i] = x[i] + y[i];
            }
            Map<String, long[]> s = new LinkedHashMap<>(samples);
            s.put(key, sum);
            return new Timings(system, s, peakRssKib, fileBytes, error);
        }

        /** The nearest-rank median of {@code key}'s times in seconds, or NaN when not measured. */
        double seconds(String key) {
            return percentileSeconds(key, 50);
        }

        /** The fastest of {@code key}'s times in seconds, or NaN. */
        double bestSeconds(String key) {
            long[] s = ok() ? samples.get(key) : null;
            return s == null || s.length == 0 ? Double.NaN : Arrays.stream(s).min().getAsLong() / 1e9;
        }

        private double percentileSeconds(String key, double p) {
            long[] s = ok() ? samples.get(key) : null;
            if (s == null || s.length == 0) {
                return Double.NaN;
            }
            long[] sorted = s.clone();
            Arrays.sort(sorted);
            return Stats.percentile(sorted, p) / 1e9;
        }
    }

    /**
     * A case's outcome: its title, what it moves (for target names: {@code subject}, e.g. "1 GiB float64"; for the
     * {@code size} column of {@code io.csv}: {@code size}), the bytes each operation moves, its operations, the floor
     * system's name, every system's timings (the floor's first), the operations that carry the bandwidth target
     * ({@code targetOps}), those whose time over NumPy's is reported as a target row without a goal
     * ({@code reportOps}), whether the systems did equal work ({@code equalWork} null) or how they differed, and
     * markdown describing how it measured.
     */
    public record CaseResult(String name, String title, String subject, String size, long bytes, List<Op> ops, String floor,
                             List<Timings> timings, List<String> targetOps, List<String> reportOps, String equalWork, String method) {
        /** The {@code io.csv} metric saying the systems did equal work: files for {@code npy}, values for the others. */
        String equalMetric() {
            return name.equals("npy") ? "files_identical" : "values_identical";
        }

        Timings find(String system) {
            return timings.stream().filter(t -> t.system().equals(system)).findFirst().orElse(Timings.failed(system, "not run"));
        }
    }

    // ------------------------------------------------------------------ the run

    @Override
    public Integer call() throws IOException {
        Settings s = settings();
        Path base = dir != null ? dir : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(base);
        Path work = Files.createTempDirectory(base.toAbsolutePath(), "cohort-io-");
        String loadStart = loadAverage();
        try {
            long need = Math.max((s.shards().size() + 3) * (s.dataBytes() + NPY_HEADER_BYTES),
                    Math.max(2 * (long) (s.csvMb() * 1e6), 3 * s.cgBytes()));
            FileStore store = Files.getFileStore(work);
            if (store.getUsableSpace() < need) {
                throw new IllegalStateException(work + " has " + store.getUsableSpace() + " bytes free; the suite needs " + need
                        + " (--dir chooses another directory)");
            }
            boolean auto = "auto".equals(evict);
            PageCache.Method chosen = auto ? null : PageCache.Method.of(evict);
            // drop_caches empties the whole machine's page cache: tried only when asked for, or when fadvise does not work
            PageCache.Probe probe = PageCache.probe(work, 16 << 20, chosen == PageCache.Method.DROP_CACHES,
                    "--evict " + evict + (auto ? ": fadvise works, so the machine-wide drop was not needed" : ""));
            if (auto && probe.auto() != PageCache.Method.FADVISE) {
                probe = PageCache.probe(work, 16 << 20, true, "--evict " + evict);
            }
            PageCache.Method method = auto ? probe.auto() : chosen;
            System.err.println("[io] " + probe.describe() + " Eviction: " + method.key());
            PythonRunner py = null;
            String pythonText = "not run (--python none)";
            if (!"none".equals(python)) {
                py = new PythonRunner(python, PythonRunner.defaultScripts());
                PythonRunner.Probe p = py.probe();
                pythonText = p.numpy() ? python + ": Python " + p.pythonVersion() + ", NumPy " + p.numpyVersion() : p.describe();
            }
            Run run = new Run(s, work, method, py);
            List<CaseResult> results = new ArrayList<>();
            for (IoCase c : CASES) {
                System.err.println("[io] case " + c.name());
                results.add(c.run(run));
            }
            Environment env = Environment.of(work, store, probe, method, pythonText, loadStart + " / " + loadAverage());
            SuiteOutput o = new SuiteOutput(out, "io");
            write(o, results, s, env);
            o.write();
            for (CaseResult r : results) {
                System.out.print(Report.table(rows(r)) + "\n");
            }
            return 0;
        } finally {
            deleteTree(work);
        }
    }

    /** Where and how the run measured, for the report. */
    record Environment(String directory, String fileSystem, String memory, String dirty, String probe, PageCache.Method method,
                       String python, String load) {
        static Environment of(Path work, FileStore store, PageCache.Probe probe, PageCache.Method method, String python, String load) {
            return new Environment(work.getParent().toString(), store.type() + " on " + store.name(), memTotal(), dirtyLimits(),
                    probe.describe(), method, python, load);
        }
    }

    /** {@code /proc/loadavg}'s three load averages, or "unknown". */
    static String loadAverage() {
        try {
            String[] f = String.join("", Files.readAllLines(Path.of("/proc/loadavg"))).strip().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    private static String memTotal() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // below
        }
        return "unknown";
    }

    private static String dirtyLimits() {
        try {
            // readAllLines: Files.readString of a /proc file (size 0) can come back short
            String ratio = String.join("", Files.readAllLines(Path.of("/proc/sys/vm/dirty_ratio"))).strip();
            String background = String.join("", Files.readAllLines(Path.of("/proc/sys/vm/dirty_background_ratio"))).strip();
            return "vm.dirty_ratio " + ratio + " %, vm.dirty_background_ratio " + background + " %";
        } catch (IOException e) {
            return "unknown";
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** {@code -Xmx} of a Cohort child saving and loading {@code dataBytes}: the array, a loaded copy and room (MiB). */
    static int childXmxMiB(long dataBytes) {
        return (int) Math.max(1024, 5 * (dataBytes >> 20) + 512);
    }

    // ------------------------------------------------------------------ the .npy case

    /**
     * {@code .npy} save and load of {@code arange(N)} float64: the disk floor ({@link DiskFloor}, system {@code disk}),
     * NumPy ({@code io_npy.py}) and Cohort ({@link IoChild}) on each shard count, then every Cohort file compared byte
     * for byte with NumPy's ({@link Files#mismatch}; with the other Cohort files when NumPy did not run).
     */
    static final class NpyCase implements IoCase {
        static final List<Op> OPS = List.of(
                new Op("save", "save (returns with the data in the page cache)", "write"),
                new Op("save_fsync", "save + fsync (the data on the device)", "write_fsync"),
                new Op("load", "load from the page cache", "read"),
                new Op("load_cold", "load after eviction (from the device)", "read_cold"));

        @Override
        public String name() {
            return "npy";
        }

        @Override
        public CaseResult run(Run run) throws IOException {
            Settings s = run.settings();
            long bytes = s.dataBytes() + NPY_HEADER_BYTES;
            List<Timings> timings = new ArrayList<>();
            Map<String, long[]> floor = DiskFloor.run(run.dir().resolve("disk-floor.bin"), bytes, s.warmup(), s.rounds(), run.evict());
            long resident = floor.remove("resident_after_evict")[0];
            timings.add(logged(new Timings("disk", floor, -1, bytes, null).withSum("write_fsync", "write", "fsync")));

            List<String> common = List.of("elements=" + s.elements(), "warmup=" + s.warmup(), "rounds=" + s.rounds(),
                    "evict=" + run.evict().key());
            List<String> required = List.of("save", "fsync", "load");
            List<String> optional = List.of("load_cold");
            Map<String, Path> files = new LinkedHashMap<>();
            if (run.python() == null) {
                timings.add(Timings.failed("numpy", "not run: --python none"));
            } else {
                Path f = run.dir().resolve("numpy.npy");
                List<String> args = new ArrayList<>(List.of("path=" + f));
                args.addAll(common);
                Timings t = Timings.of("numpy", run.python().run("io_npy.py", args, CHILD_TIMEOUT), required, optional);
                timings.add(logged(t.withSum("save_fsync", "save", "fsync")));
                if (t.ok()) {
                    files.put("numpy", f);
                }
            }
            int xmx = childXmxMiB(s.dataBytes());
            for (int shards : s.shards()) {
                String system = MacroBenchmark.cohortSystem(shards);
                Path f = run.dir().resolve(system + ".npy");
                List<String> args = new ArrayList<>(List.of("mode=npy", "shards=" + shards, "path=" + f));
                args.addAll(common);
                if (s.minTileVolume() != null) {
                    args.add("min_tile_volume=" + s.minTileVolume());
                }
                Timings t = Timings.of(system, run.child(xmx, args), required, optional);
                timings.add(logged(t.withSum("save_fsync", "save", "fsync")));
                if (t.ok()) {
                    files.put(system, f);
                }
            }
            String equal = compare(files, bytes);
            System.err.println("[io] files: " + (equal == null ? "identical" : equal));
            for (Path f : files.values()) {
                Files.deleteIfExists(f);
            }
            boolean cold = run.evict() != PageCache.Method.NONE;
            String method = String.format(Locale.ROOT, "`arange(%d)` float64 (%s of data, files of %d bytes with the header): "
                            + "%d untimed and %d timed rounds per system, medians shown. Each round deletes the file, saves "
                            + "(the call returns with the data in the page cache: nobody fsyncs, as NumPy does not), opens the "
                            + "file again and fsyncs it (save + fsync: the data on the device), loads it (from the page cache, "
                            + "where the save left it), %s. The **disk** row is the floor: a `FileChannel` writing the same "
                            + "number of bytes to a new file in order from one %d MiB direct buffer, fsync, reading it back "
                            + "into that buffer%s (a load also allocates and fills an array of the file's size, page faults "
                            + "included, which the floor's reads into one small buffer do not). **NumPy**: `benchmarks/python/io_npy.py`, `np.save`/`np.load`. **Cohort**: "
                            + "`IoChild` in a JVM of its own (`-Xmx%dm`, default configuration), `Np.save`/`Np.load` on "
                            + "in-process shards, each timed operation after a barrier of all shards, shard 0's times; "
                            + "every load's sum is checked. Cold-read eviction: %s; after it `fincore` saw %s of the floor's "
                            + "file resident. %s",
                    s.elements(), size(s.dataBytes()), bytes, s.warmup(), s.rounds(),
                    cold ? "drops it from the page cache (" + run.evict().key() + ") and loads it again (from the device)"
                            : "(no cold load: no way to drop the file from the page cache, --evict none)",
                    DiskFloor.BUFFER_BYTES >> 20, cold ? ", dropping it, reading it again" : "", xmx, run.evict().key(),
                    resident < 0 ? "an unknown number of bytes" : resident + " bytes",
                    equal == null ? (files.size() > 1 ? "The files every system saved were byte for byte identical ("
                            + String.join(", ", files.keySet()) + "; `Files.mismatch`), so all did the same work." : "")
                            : "**The saved files differ: " + equal + ".**");
            return new CaseResult(name(), "`.npy` save and load of a " + size(s.dataBytes()) + " float64 array",
                    size(s.dataBytes()) + " float64", Long.toString(s.elements()), bytes, OPS, "disk", timings,
                    List.of("save_fsync", cold ? "load_cold" : "load"), List.of(), equal, method);
        }

        /**
         * Null when every file is {@code bytes} long and byte for byte the first's (NumPy's when it ran), else what
         * differs.
         */
        static String compare(Map<String, Path> files, long bytes) throws IOException {
            List<String> problems = new ArrayList<>();
            Map.Entry<String, Path> reference = null;
            for (Map.Entry<String, Path> e : files.entrySet()) {
                long size = Files.size(e.getValue());
                if (size != bytes) {
                    problems.add(e.getKey() + "'s file is " + size + " bytes, not " + bytes);
                }
                if (reference == null) {
                    reference = e;
                    continue;
                }
                long at = Files.mismatch(reference.getValue(), e.getValue());
                if (at >= 0) {
                    problems.add(e.getKey() + "'s file differs from " + reference.getKey() + "'s from byte " + at);
                }
            }
            return problems.isEmpty() ? null : String.join("; ", problems);
        }
    }

    static Timings logged(Timings t) {
        System.err.println("[io] " + t.system() + ": " + (t.ok() ? "ok" : t.error()));
        return t;
    }

    /** {@code 1 GiB}, {@code 128 MiB}, {@code 512 KiB} when exact, else {@code 30.0 MB} (10^6 bytes) from 1 MB on, or bytes. */
    static String size(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + " GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        if (bytes >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return bytes + " B";
    }

    /** {@code 200 MB}, {@code 0.2 MB}: {@code mb} megabytes (10^6 bytes), shortest form. */
    static String megabytes(double mb) {
        return (mb == Math.rint(mb) ? Long.toString((long) mb) : Double.toString(mb)) + " MB";
    }

    // ------------------------------------------------------------------ the report

    /** {@code bytes / seconds} in GiB/s, or NaN. */
    static double gibPerSecond(long bytes, double seconds) {
        return Double.isNaN(seconds) || seconds <= 0 ? Double.NaN : bytes / seconds / (1L << 30);
    }

    /** Cohort's (or NumPy's) bandwidth over the floor's on {@code op}: the floor's median time over the system's. */
    static double toFloor(CaseResult r, Timings t, Op op) {
        if (op.floorKey() == null) {
            return Double.NaN;
        }
        return Report.ratio(r.find(r.floor()).seconds(op.floorKey()), t.seconds(op.key()));
    }

    /**
     * One row per operation and system: median and best time, bandwidth, the bandwidth over the floor's and the time
     * over NumPy's.
     */
    static List<List<String>> rows(CaseResult r) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("operation", "system", "median s", "best s", "GiB/s", "bandwidth / disk's", "time / NumPy's"));
        Timings np = r.find("numpy");
        for (Op op : r.ops()) {
            for (Timings t : r.timings()) {
                boolean floor = t.system().equals(r.floor());
                String key = floor ? op.floorKey() : op.key();
                String label = floor ? floorLabel(op) : op.label();
                if (!t.ok()) {
                    rows.add(List.of(label, t.system(), t.error(), "", "", "", ""));
                    continue;
                }
                if (key == null || !t.samples().containsKey(key)) {
                    continue;
                }
                double med = t.seconds(key);
                rows.add(List.of(label, t.system(), Report.format(med, 3), Report.format(t.bestSeconds(key), 3),
                        Report.format(gibPerSecond(r.bytes(), med), 2), floor ? "1" : Report.formatRatio(toFloor(r, t, op)),
                        floor || t.system().equals("numpy") ? "" : Report.formatRatio(Report.ratio(med, np.seconds(op.key())))));
            }
        }
        return rows;
    }

    private static String floorLabel(Op op) {
        return switch (op.floorKey()) {
            case "write" -> "FileChannel write (into the page cache)";
            case "write_fsync" -> "FileChannel write + fsync";
            case "read" -> "FileChannel read from the page cache";
            case "read_cold" -> "FileChannel read after eviction";
            default -> op.floorKey();
        };
    }

    /** The suite's measurements, targets and section. */
    static void write(SuiteOutput o, List<CaseResult> results, Settings s, Environment env) {
        o.md("## I/O: `.npy` save and load, `loadtxt` and checkpoint beside NumPy and the disk\n\n");
        o.md(String.format(Locale.ROOT, "Files in a temporary directory under `%s` (%s), deleted after the run; memory %s "
                        + "(%s). **The page cache is involved**: every file fits in RAM, so a save returns once its data "
                        + "are in the page cache (the kernel writes them back later) and a load right after a save reads "
                        + "them from there, at memory speed; only *save + fsync*, *checkpoint* and the loads and restores after "
                        + "eviction reach the device (a virtual disk may still be cached by its host, which this machine cannot see). "
                        + "Eviction: %s Method used: **%s**. Bandwidth: the file's bytes over the median time, GiB/s "
                        + "(2^30 B/s); *bandwidth / disk's* is the disk floor's median time over the system's on the "
                        + "matching operation; the goal (issue 14: Cohort at least 70 %% of the disk's sequential bandwidth) is "
                        + ">= %.2f. NumPy reference: %s. Load average (1, 5, 15 min) at "
                        + "the suite's start / end: %s (%d processors): other work on the machine shows as spread between "
                        + "the median and best times.\n\n",
                env.directory(), env.fileSystem(), env.memory(), env.dirty(), env.probe(), env.method().key(), GOAL, env.python(),
                env.load(), Runtime.getRuntime().availableProcessors()));
        for (CaseResult r : results) {
            o.md("### " + r.title() + "\n\n" + r.method() + "\n\n");
            o.md(Report.markdownTable(rows(r)));
            o.md("\n");
            String size = r.size();
            for (Timings t : r.timings()) {
                if (!t.ok()) {
                    continue;
                }
                boolean floor = t.system().equals(r.floor());
                for (Op op : r.ops()) {
                    String key = floor ? op.floorKey() : op.key();
                    if (key == null || !t.samples().containsKey(key)) {
                        continue;
                    }
                    double med = t.seconds(key);
                    o.measurement(r.name() + "_" + op.key(), t.system(), size, "median_s", med, "s");
                    o.measurement(r.name() + "_" + op.key(), t.system(), size, "gib_per_s", gibPerSecond(r.bytes(), med), "GiB/s");
                    if (!floor) {
                        double toFloor = toFloor(r, t, op);
                        if (!Double.isNaN(toFloor)) {
                            o.measurement(r.name() + "_" + op.key(), t.system(), size, "bandwidth_ratio_to_disk", toFloor, "x");
                        }
                        double toNumpy = Report.ratio(med, r.find("numpy").seconds(op.key()));
                        if (!t.system().equals("numpy") && !Double.isNaN(toNumpy)) {
                            o.measurement(r.name() + "_" + op.key(), t.system(), size, "time_ratio_to_numpy", toNumpy, "x");
                        }
                    }
                }
                if (t.peakRssKib() >= 0) {
                    o.measurement(r.name(), t.system(), size, "peak_rss_mib", t.peakRssKib() / 1024.0, "MiB");
                }
            }
            o.measurement(r.name(), "all", size, r.equalMetric(), r.equalWork() == null ? 1 : 0, "bool");
            targets(o, r, s);
        }
        o.md(String.format(Locale.ROOT, "\nCases: %s (more can be added: `IoBenchmark.IoCase`).\n",
                String.join(", ", CASES.stream().map(IoCase::name).toList())));
    }

    /** For each Cohort system and each target operation: its bandwidth over the floor's, against {@link #GOAL}. */
    static void targets(SuiteOutput o, CaseResult r, Settings s) {
        Map<String, Op> byKey = new LinkedHashMap<>();
        r.ops().forEach(op -> byKey.put(op.key(), op));
        String goal = ">= " + Report.format(GOAL, 2);
        for (int shards : s.shards()) {
            String system = MacroBenchmark.cohortSystem(shards);
            Timings t = r.find(system);
            for (String key : r.targetOps()) {
                Op op = byKey.get(key);
                String name = prefix(r, op) + op.label() + ", " + r.subject() + ", on " + shards
                        + (shards == 1 ? " shard" : " in-process shards") + ": bandwidth over the disk's";
                if (!t.ok()) {
                    o.target(name, Double.NaN, goal, "x disk", false, "not measured: " + t.error());
                    continue;
                }
                double ratio = toFloor(r, t, op);
                String pageCache = byKey.containsKey("save") && byKey.containsKey("load")
                        ? String.format(Locale.ROOT, "; through the page cache: save %s, load %s of the disk floor's",
                        Report.formatRatio(toFloor(r, t, byKey.get("save"))), Report.formatRatio(toFloor(r, t, byKey.get("load"))))
                        : "";
                String note = String.format(Locale.ROOT, "%.3f s = %s GiB/s; disk %s GiB/s; NumPy %s GiB/s%s%s",
                        t.seconds(key), Report.format(gibPerSecond(r.bytes(), t.seconds(key)), 2),
                        Report.format(gibPerSecond(r.bytes(), r.find(r.floor()).seconds(op.floorKey())), 2),
                        Report.format(gibPerSecond(r.bytes(), r.find("numpy").seconds(key)), 2), pageCache,
                        r.equalWork() == null ? "" : "; not met: the systems' work differs (" + r.equalWork() + ")");
                o.target(name, ratio, goal, "x disk", !Double.isNaN(ratio) && ratio >= GOAL && r.equalWork() == null, note);
            }
            for (String key : r.reportOps()) {
                Op op = byKey.get(key);
                String name = prefix(r, op) + op.label() + ", " + r.subject() + ", on " + shards
                        + (shards == 1 ? " shard" : " in-process shards") + ": time over NumPy's";
                Timings np = r.find("numpy");
                double ratio = t.ok() ? Report.ratio(t.seconds(key), np.seconds(key)) : Double.NaN;
                String note = !t.ok() ? "not measured: " + t.error()
                        : !np.ok() ? "NumPy not measured: " + np.error()
                        : String.format(Locale.ROOT, "%.3f s against NumPy's %.3f s; issue 14 sets no goal for this ratio: "
                        + "reported only%s", t.seconds(key), np.seconds(key),
                        r.equalWork() == null ? "" : "; the systems' work differs (" + r.equalWork() + ")");
                o.target(name, ratio, NO_GOAL, "x NumPy", false, note);
            }
        }
    }

    /** A target's name starts with the case's name, unless the operation's label does already. */
    private static String prefix(CaseResult r, Op op) {
        return op.label().startsWith(r.name()) ? "" : r.name() + " ";
    }

    /** The goal of a target row the issue gives no goal for (reported only; {@code RunAll} shows it as such). */
    static final String NO_GOAL = "none (reported)";
}
