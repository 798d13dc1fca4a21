package dev.cohort.bench;

import dev.cohort.bench.macro.CohortWorkloads;
import dev.cohort.bench.macro.MacroData;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * A profile-based account of where logistic regression's time goes on Cohort (1 shard, every core a worker): runs
 * the macro benchmark's logistic regression (1e6 x 32 float64; {@code --quick}: 1e5 x 32) in a child JVM under Java
 * Flight Recorder ({@code -XX:StartFlightRecording=...,settings=profile}), then reads the recording with
 * {@link RecordingFile} and summarises, over the timed rounds only (the child prints their wall-clock window):
 * <ul>
 *   <li>{@code jdk.ExecutionSample} (a thread running Java code, sampled every 10 ms under {@code settings=profile}):
 *       share of samples by top frame (method) and by Cohort-level category, the category being the package of the
 *       first Cohort (or ND4J) frame from the top of the stack: kernels ({@code dev.cohort.tasks}), runtime analysis and
 *       scheduling ({@code dev.cohort.runtime}), partitioner, NdArray API, transport, the benchmark program; and by
 *       thread;</li>
 *   <li>{@code jdk.NativeMethodSample} (a thread in native code, such as ND4J's BLAS; JFR takes one such sample per
 *       20 ms): share by top frame;</li>
 *   <li>{@code jdk.GarbageCollection} (pauses, seconds and share of the window) and {@code jdk.ObjectAllocationSample}
 *       (estimated bytes allocated per second, and the Cohort frames that allocate most).</li>
 * </ul>
 * From these it estimates how the window's core-seconds divide: Java (samples x 10 ms), native (samples x 20 ms, a
 * lower bound), GC pauses x cores, and the rest (idle or waiting: parked and blocked threads are not sampled).
 * Writes {@link SuiteOutput} {@code profile}: the tables in {@code profile.md}, the shares in {@code profile.csv}, no
 * targets.
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "JFR profile of logistic regression on Cohort (1 shard): where the time goes.")
public final class Profile implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/results", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "1e5 x 32 instead of 1e6 x 32.")
    boolean quick;

    @Option(names = "--rows", paramLabel = "N", description = "Rows (default 1000000; --quick 100000).")
    Integer rows;

    @Option(names = "--features", paramLabel = "D", defaultValue = "32", description = "Features (default: ${DEFAULT-VALUE}).")
    int features;

    @Option(names = "--rounds", paramLabel = "K", description = "Timed rounds of 8 gradient steps (default 6; --quick 20).")
    Integer rounds;

    @Option(names = "--keep-recording", description = "Keep the .jfr file in --out (profile.jfr).")
    boolean keepRecording;

    @Option(names = "--top", defaultValue = "15", description = "Methods in the top table (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--child", hidden = true, description = "Run the workload (in the profiled JVM).")
    boolean child;

    @Option(names = "--child-timeout-min", defaultValue = "20", description = "Limit of the profiled run (default: ${DEFAULT-VALUE}).")
    long childTimeoutMin;

    /** Categories, in the order reports list them. */
    static final String KERNELS = "kernels (dev.cohort.tasks)";
    static final String RUNTIME = "runtime: analysis, scheduling, execution (dev.cohort.runtime)";
    static final String PARTITIONER = "partitioner (dev.cohort.partitioner)";
    static final String NDARRAY = "NdArray API (dev.cohort.ndarray)";
    static final String TRANSPORT = "transport (dev.cohort.transport)";
    static final String PROGRAM = "benchmark program (dev.cohort.bench)";
    static final String ND4J = "ND4J / JavaCPP (GEMM, matvec)";
    static final String WAITING = "waiting in native code (park, wait, sleep, poll)";
    static final String OTHER = "JDK / other (no Cohort frame)";
    /** JFR's {@code jdk.NativeMethodSample} period under {@code settings=profile}, ms. */
    static final double NATIVE_PERIOD_MS = 20;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Profile()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        int n = rows != null ? rows : quick ? 100_000 : 1_000_000;
        int k = rounds != null ? rounds : quick ? 20 : 6;
        if (child) {
            return runChild(n, k);
        }
        Files.createDirectories(out);
        Path jfr = keepRecording ? out.resolve("profile.jfr").toAbsolutePath() : Files.createTempFile("cohort-profile-", ".jfr");
        try {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx6g",
                    "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile,dumponexit=true",
                    "-cp", System.getProperty("java.class.path"), Profile.class.getName(), "--child",
                    "--rows", Integer.toString(n), "--features", Integer.toString(features), "--rounds", Integer.toString(k)));
            System.out.println("[profile] child: logreg " + n + "x" + features + ", " + k + " timed rounds of 8 steps, JFR to " + jfr);
            Map<String, String> kv = runProfiled(command, Duration.ofMinutes(childTimeoutMin));
            Instant from = epoch(KeyValues.getLong(kv, "window_start_ns"));
            Instant to = epoch(KeyValues.getLong(kv, "window_end_ns"));
            Analysis a = analyse(jfr, from, to);
            SuiteOutput o = new SuiteOutput(out, "profile");
            write(o, a, kv, n);
            o.write();
            System.out.println("[profile] " + a.javaSamples() + " Java samples, " + a.nativeSamples() + " native samples in "
                    + String.format(Locale.ROOT, "%.1f s", a.windowSeconds()) + "; wrote " + out.resolve("profile.md"));
            return 0;
        } finally {
            if (!keepRecording) {
                Files.deleteIfExists(jfr);
            }
        }
    }

    private int runChild(int n, int k) {
        MacroData.LogReg data = MacroData.logreg(n, features, 42);
        CohortWorkloads.Run run = CohortWorkloads.logreg(CohortWorkloads.config(1), data.x(), data.y(), n, features, 0.1,
                new CohortWorkloads.Rounds(1, k, 8));
        System.out.println("window_start_ns=" + run.windowStartNs());
        System.out.println("window_end_ns=" + run.windowEndNs());
        System.out.println("seconds_per_iteration=" + Stats.median(run.samples()));
        System.out.println("samples=" + Arrays.toString(run.samples()).replaceAll("[\\[\\] ]", ""));
        run.checks().forEach((key, v) -> System.out.println(key + "=" + v));
        System.out.println("cpus=" + Runtime.getRuntime().availableProcessors());
        return 0;
    }

    private static Map<String, String> runProfiled(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    System.out.println("[profile child] " + line);
                }
            } catch (IOException e) {
                System.err.println("[profile] child output lost: " + e);
            }
        }, "profile-child-output");
        reader.setDaemon(true);
        reader.start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("the profiled run took over " + timeout.toMinutes() + " min; killed");
        }
        reader.join(5_000);
        if (p.exitValue() != 0) {
            throw new IllegalStateException("the profiled run exited with status " + p.exitValue());
        }
        synchronized (lines) {
            return KeyValues.parse(lines);
        }
    }

    private static Instant epoch(long nanos) {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }

    /** A sample count and its share. */
    public record Share(String name, long samples, double percent, String category) {
    }

    /**
     * The summary of a recording's window.
     *
     * @param javaPeriodMs      the ExecutionSample period of the recording (ms)
     * @param javaByCategory    Java samples by category
     * @param javaByMethod      Java samples by top-frame method, most first
     * @param javaByThread      Java samples by thread name, most first
     * @param nativeByCategory  native samples by category
     * @param nativeByMethod    native samples by top-frame method, most first
     * @param gcCount           collections that started in the window
     * @param gcPauseSeconds    their summed pauses
     * @param allocatedBytes    bytes allocated in the window, as ObjectAllocationSample's weights estimate them
     * @param allocationSites   estimated bytes by allocating Cohort frame (first Cohort frame from the top), most first
     */
    public record Analysis(double windowSeconds, double javaPeriodMs, long javaSamples, long nativeSamples,
                           List<Share> javaByCategory, List<Share> javaByMethod, List<Share> javaByThread,
                           List<Share> nativeByCategory, List<Share> nativeByMethod, long gcCount, double gcPauseSeconds,
                           double allocatedBytes, List<Map.Entry<String, Double>> allocationSites) {
    }

    /** Summarises the events of {@code jfr} that started in {@code [from, to]}. */
    static Analysis analyse(Path jfr, Instant from, Instant to) throws IOException {
        Map<String, Long> javaCat = new HashMap<>();
        Map<String, Long> javaMethod = new HashMap<>();
        Map<String, String> methodCategory = new HashMap<>();
        Map<String, Long> javaThread = new HashMap<>();
        Map<String, Map<String, Long>> callers = new HashMap<>();
        Map<String, Long> nativeCat = new HashMap<>();
        Map<String, Long> nativeMethod = new HashMap<>();
        Map<String, Double> allocSites = new HashMap<>();
        long javaSamples = 0;
        long nativeSamples = 0;
        long gcCount = 0;
        double gcPause = 0;
        double allocated = 0;
        double javaPeriodMs = 10;
        Map<Long, String> typeNames = new HashMap<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            for (EventType t : file.readEventTypes()) {
                typeNames.put(t.getId(), t.getName());
            }
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("jdk.ActiveSetting")) {
                    if ("jdk.ExecutionSample".equals(typeNames.get(e.getLong("id"))) && "period".equals(e.getString("name"))) {
                        Double ms = periodMillis(e.getString("value"));
                        if (ms != null) {
                            javaPeriodMs = ms;
                        }
                    }
                    continue;
                }
                Instant at = e.getStartTime();
                if (at.isBefore(from) || at.isAfter(to)) {
                    continue;
                }
                switch (type) {
                    case "jdk.ExecutionSample" -> {
                        javaSamples++;
                        List<RecordedFrame> frames = frames(e.getStackTrace());
                        String method = frames.isEmpty() ? "(no stack)" : name(frames.get(0));
                        String cat = category(frames, false);
                        javaCat.merge(cat, 1L, Long::sum);
                        javaMethod.merge(method, 1L, Long::sum);
                        methodCategory.putIfAbsent(method, cat);
                        callers.computeIfAbsent(method, x -> new HashMap<>()).merge(caller(frames), 1L, Long::sum);
                        RecordedThread th = e.getThread("sampledThread");
                        javaThread.merge(threadGroup(th == null ? null : th.getJavaName()), 1L, Long::sum);
                    }
                    case "jdk.NativeMethodSample" -> {
                        nativeSamples++;
                        List<RecordedFrame> frames = frames(e.getStackTrace());
                        String method = frames.isEmpty() ? "(no stack)" : name(frames.get(0));
                        String cat = category(frames, true);
                        nativeCat.merge(cat, 1L, Long::sum);
                        nativeMethod.merge(method, 1L, Long::sum);
                        methodCategory.putIfAbsent(method, cat);
                    }
                    case "jdk.GarbageCollection" -> {
                        gcCount++;
                        gcPause += e.getDuration("sumOfPauses").toNanos() / 1e9;
                    }
                    case "jdk.ObjectAllocationSample" -> {
                        double w = e.getLong("weight");
                        allocated += w;
                        allocSites.merge(firstCohortFrame(frames(e.getStackTrace())), w, Double::sum);
                    }
                    default -> {
                    }
                }
            }
        }
        double window = Duration.between(from, to).toNanos() / 1e9;
        List<Map.Entry<String, Double>> sites = new ArrayList<>(allocSites.entrySet());
        sites.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        Map<String, String> methodNotes = new HashMap<>();
        callers.forEach((method, byCaller) -> byCaller.entrySet().stream().max(Map.Entry.comparingByValue())
                .ifPresent(top -> methodNotes.put(method, methodCategory.get(method) + "; mostly from `" + top.getKey() + "`")));
        return new Analysis(window, javaPeriodMs, javaSamples, nativeSamples, shares(javaCat, javaSamples, null),
                shares(javaMethod, javaSamples, methodNotes), shares(javaThread, javaSamples, null),
                shares(nativeCat, nativeSamples, null), shares(nativeMethod, nativeSamples, methodCategory), gcCount, gcPause,
                allocated, sites);
    }

    /** {@code "10 ms"}, {@code "20 ms"}, {@code "1 s"} as milliseconds; null when not such a value. */
    static Double periodMillis(String value) {
        if (value == null) {
            return null;
        }
        String[] p = value.strip().split("\\s+");
        try {
            double v = Double.parseDouble(p[0]);
            String unit = p.length > 1 ? p[1] : "ms";
            return switch (unit) {
                case "ns" -> v / 1e6;
                case "us" -> v / 1e3;
                case "ms" -> v;
                case "s" -> v * 1e3;
                default -> null;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<RecordedFrame> frames(RecordedStackTrace st) {
        return st == null ? List.of() : st.getFrames();
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    /** Worker threads numbered {@code ...-3} are grouped by their name without the number. */
    static String threadGroup(String name) {
        if (name == null) {
            return "(unknown thread)";
        }
        return name.replaceAll("[-#]?\\d+$", "-N");
    }

    /**
     * The category of a sample: parked/waiting for a native sample whose top frame parks, sleeps or waits; else the
     * package of the first Cohort or ND4J/JavaCPP frame from the top; else JDK / other.
     */
    static String category(List<String> classNamesTopFirst, String topMethod, boolean nativeSample) {
        if (nativeSample && topMethod != null && (topMethod.endsWith("Unsafe.park") || topMethod.endsWith("Object.wait")
                || topMethod.endsWith("Thread.sleep") || topMethod.endsWith("Thread.yield") || topMethod.contains("EPoll"))) {
            return WAITING;
        }
        for (String c : classNamesTopFirst) {
            if (c.startsWith("org.nd4j.") || c.startsWith("org.bytedeco.")) {
                return ND4J;
            }
            if (c.startsWith("dev.cohort.tasks.")) {
                return KERNELS;
            }
            if (c.startsWith("dev.cohort.runtime.")) {
                return RUNTIME;
            }
            if (c.startsWith("dev.cohort.partitioner.")) {
                return PARTITIONER;
            }
            if (c.startsWith("dev.cohort.ndarray.")) {
                return NDARRAY;
            }
            if (c.startsWith("dev.cohort.transport.")) {
                return TRANSPORT;
            }
            if (c.startsWith("dev.cohort.bench.") || c.startsWith("dev.cohort.examples.")) {
                return PROGRAM;
            }
        }
        return OTHER;
    }

    private static String category(List<RecordedFrame> frames, boolean nativeSample) {
        List<String> classes = new ArrayList<>(frames.size());
        for (RecordedFrame f : frames) {
            classes.add(f.getMethod().getType().getName());
        }
        return category(classes, frames.isEmpty() ? null : name(frames.get(0)), nativeSample);
    }

    /** The first frame below the top one that is another method ({@code "(none)"} when there is none). */
    private static String caller(List<RecordedFrame> frames) {
        if (frames.isEmpty()) {
            return "(none)";
        }
        String top = name(frames.get(0));
        for (RecordedFrame f : frames.subList(1, frames.size())) {
            String n = name(f);
            if (!n.equals(top)) {
                return n;
            }
        }
        return "(none)";
    }

    private static String firstCohortFrame(List<RecordedFrame> frames) {
        for (RecordedFrame f : frames) {
            if (f.getMethod().getType().getName().startsWith("dev.cohort.")) {
                return name(f);
            }
        }
        return frames.isEmpty() ? "(no stack)" : name(frames.get(0)) + " (no Cohort frame)";
    }

    /** Counts as shares of {@code total}, most first. */
    static List<Share> shares(Map<String, Long> counts, long total, Map<String, String> categories) {
        List<Share> out = new ArrayList<>();
        counts.forEach((k, v) -> out.add(new Share(k, v, total == 0 ? 0 : 100.0 * v / total,
                categories == null ? "" : categories.getOrDefault(k, ""))));
        out.sort(Comparator.comparingLong(Share::samples).reversed().thenComparing(Share::name));
        return out;
    }

    private void write(SuiteOutput o, Analysis a, Map<String, String> kv, int n) {
        String size = n + "x" + features;
        int cpus = kv.containsKey("cpus") ? Integer.parseInt(kv.get("cpus")) : Runtime.getRuntime().availableProcessors();
        double spi = KeyValues.getDouble(kv, "seconds_per_iteration");
        o.measurement("logreg", "cohort-1shard-jfr", size, "seconds_per_iteration_median", spi, "s");
        o.measurement("logreg", "cohort-1shard-jfr", size, "window", a.windowSeconds(), "s");
        o.measurement("logreg", "cohort-1shard-jfr", size, "java_samples", a.javaSamples(), "count");
        o.measurement("logreg", "cohort-1shard-jfr", size, "native_samples", a.nativeSamples(), "count");
        for (Share s : a.javaByCategory()) {
            o.measurement("logreg", "cohort-1shard-jfr", size, "java_share:" + s.name(), s.percent(), "%");
        }
        for (Share s : a.nativeByCategory()) {
            o.measurement("logreg", "cohort-1shard-jfr", size, "native_share:" + s.name(), s.percent(), "%");
        }
        o.measurement("logreg", "cohort-1shard-jfr", size, "gc_pause", a.gcPauseSeconds(), "s");
        o.measurement("logreg", "cohort-1shard-jfr", size, "allocation_rate",
                a.windowSeconds() > 0 ? a.allocatedBytes() / a.windowSeconds() / 1e6 : Double.NaN, "MB/s");

        double coreSeconds = a.windowSeconds() * cpus;
        o.md("## Profile: where logistic regression's time goes on Cohort (1 shard)\n\n");
        double javaSeconds = a.javaSamples() * a.javaPeriodMs() / 1e3;
        double nativeSeconds = a.nativeSamples() * NATIVE_PERIOD_MS / 1e3;
        double gcCoreSeconds = a.gcPauseSeconds() * cpus;
        double rest = coreSeconds - javaSeconds - nativeSeconds - gcCoreSeconds;
        o.md(String.format(Locale.ROOT, "Logistic regression %s float64 on Cohort 1 shard (%d workers): %s s/iteration "
                        + "(median of the profiled run) in a child JVM recorded with `-XX:StartFlightRecording=...,settings=profile` "
                        + "(`dev.cohort.bench.Profile`). Only events of the timed rounds count: a window of %.1f s, "
                        + "%.1f core-seconds on %d cores. JFR samples each thread running Java every %.0f ms "
                        + "(`jdk.ExecutionSample`) and one thread in native code every %.0f ms (`jdk.NativeMethodSample`); "
                        + "threads that are parked or blocked are not sampled, and neither are GC threads.%n%n",
                size, cpus, g3(spi), a.windowSeconds(), coreSeconds, cpus, a.javaPeriodMs(), NATIVE_PERIOD_MS));
        o.md("**Where the core-seconds of the window go** (estimates from the sample counts and GC pauses)\n\n"
                + "| account | core-seconds | % of the window's |\n|---|---:|---:|\n"
                + accountRow("running Java code (" + a.javaSamples() + " samples x " + g3(a.javaPeriodMs()) + " ms)", javaSeconds, coreSeconds)
                + accountRow("in native code (" + a.nativeSamples() + " samples x " + g3(NATIVE_PERIOD_MS) + " ms; a lower bound)", nativeSeconds, coreSeconds)
                + accountRow("GC pauses x " + cpus + " cores (" + a.gcCount() + " collections)", gcCoreSeconds, coreSeconds)
                + accountRow("the rest: idle or waiting (parked workers, the program waiting for results) or "
                        + "taken by other processes on the machine", rest, coreSeconds) + "\n");
        o.measurement("logreg", "cohort-1shard-jfr", size, "core_share:java", coreSeconds > 0 ? 100 * javaSeconds / coreSeconds : Double.NaN, "%");
        o.measurement("logreg", "cohort-1shard-jfr", size, "core_share:native", coreSeconds > 0 ? 100 * nativeSeconds / coreSeconds : Double.NaN, "%");
        o.measurement("logreg", "cohort-1shard-jfr", size, "core_share:gc", coreSeconds > 0 ? 100 * gcCoreSeconds / coreSeconds : Double.NaN, "%");
        o.measurement("logreg", "cohort-1shard-jfr", size, "core_share:rest", coreSeconds > 0 ? 100 * rest / coreSeconds : Double.NaN, "%");

        StringBuilder t = new StringBuilder("**Java samples by category** (the first Cohort or ND4J frame from the top of the stack)\n\n"
                + "| category | samples | % of Java samples | ≈ thread-seconds |\n|---|---:|---:|---:|\n");
        for (Share s : a.javaByCategory()) {
            t.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.2f |%n", s.name(), s.samples(), s.percent(),
                    s.samples() * a.javaPeriodMs() / 1e3));
        }
        o.md(t.append('\n').toString());

        t = new StringBuilder("**Top " + top + " methods** (top frame of the Java samples, and the caller most of them came from)\n\n| method | category; caller | samples | % |\n|---|---|---:|---:|\n");
        for (Share s : a.javaByMethod().subList(0, Math.min(top, a.javaByMethod().size()))) {
            t.append(String.format(Locale.ROOT, "| `%s` | %s | %d | %.1f |%n", s.name(), s.category(), s.samples(), s.percent()));
        }
        o.md(t.append('\n').toString());

        t = new StringBuilder("**Java samples by thread** (numbered threads grouped)\n\n| thread | samples | % |\n|---|---:|---:|\n");
        for (Share s : a.javaByThread()) {
            t.append(String.format(Locale.ROOT, "| %s | %d | %.1f |%n", s.name(), s.samples(), s.percent()));
        }
        o.md(t.append('\n').toString());

        if (a.nativeSamples() == 0) {
            o.md("**Native samples:** none in the window (no thread of the shard was in native code, e.g. ND4J, when "
                    + "JFR looked).\n\n");
        } else {
            t = new StringBuilder("**Native samples** by category, and their top frames\n\n| category | samples | % |\n|---|---:|---:|\n");
            for (Share s : a.nativeByCategory()) {
                t.append(String.format(Locale.ROOT, "| %s | %d | %.1f |%n", s.name(), s.samples(), s.percent()));
            }
            t.append("\n| native top frame | category | samples | % |\n|---|---|---:|---:|\n");
            for (Share s : a.nativeByMethod().subList(0, Math.min(8, a.nativeByMethod().size()))) {
                t.append(String.format(Locale.ROOT, "| `%s` | %s | %d | %.1f |%n", s.name(), s.category(), s.samples(), s.percent()));
            }
            o.md(t.append('\n').toString());
        }

        StringBuilder g = new StringBuilder(String.format(Locale.ROOT,
                "**GC and allocation.** %d collections in the window, %.3f s of pauses (%.1f %% of the window); about %.0f MB "
                        + "allocated (%.0f MB/s, from `jdk.ObjectAllocationSample` weights).",
                a.gcCount(), a.gcPauseSeconds(), a.windowSeconds() > 0 ? 100 * a.gcPauseSeconds() / a.windowSeconds() : Double.NaN,
                a.allocatedBytes() / 1e6, a.windowSeconds() > 0 ? a.allocatedBytes() / 1e6 / a.windowSeconds() : Double.NaN));
        if (!a.allocationSites().isEmpty()) {
            g.append(" Largest allocating Cohort frames:\n\n| frame | MB | % |\n|---|---:|---:|\n");
            for (Map.Entry<String, Double> e : a.allocationSites().subList(0, Math.min(6, a.allocationSites().size()))) {
                g.append(String.format(Locale.ROOT, "| `%s` | %.0f | %.1f |%n", e.getKey(), e.getValue() / 1e6,
                        a.allocatedBytes() > 0 ? 100 * e.getValue() / a.allocatedBytes() : 0));
            }
        }
        o.md(g.append('\n').toString());
    }

    private static String accountRow(String what, double seconds, double total) {
        return String.format(Locale.ROOT, "| %s | %.2f | %.1f |%n", what, seconds, total > 0 ? 100 * seconds / total : Double.NaN);
    }

    private static String g3(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.3g", v);
    }
}
