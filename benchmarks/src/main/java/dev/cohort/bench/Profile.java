package dev.cohort.bench;

import dev.cohort.bench.macro.CohortWorkloads;
import dev.cohort.bench.macro.MacroBenchmark;
import dev.cohort.bench.macro.MacroData;
import dev.cohort.tasks.OpenBlasCore;
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
 * A profile-based account of where the macro workloads' time goes on Cohort (1 shard, every core a worker): runs
 * each of logistic regression (1e6 x 32 float64; {@code --quick}: 1e5 x 32), CG 2-D Poisson (n = 3163; 1000) and
 * dense CG (n = 4096; 2048), with {@link CohortWorkloads}' runners on {@link MacroData}'s data as the macro suite does
 * and Cohort's default configuration, each in a child JVM of its own under Java Flight Recorder
 * ({@code -XX:StartFlightRecording=...,settings=profile}; {@code -Xmx} as the macro suite's children: 12 GiB when the
 * largest array is 64 MiB or more, else 4 GiB), then reads each recording with {@link RecordingFile} and summarises,
 * over the timed rounds only (the child prints their wall-clock window):
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
 * Writes {@link SuiteOutput} {@code profile}: a summary table and one subsection per workload in {@code profile.md},
 * the shares in {@code profile.csv} (benchmark column = the workload), no targets. A workload whose child fails is
 * reported as failed in {@code profile.md}; the others still run, and the command then exits 1.
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "JFR profiles of the macro workloads on Cohort (1 shard): where the time goes.")
public final class Profile implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/results", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "Smaller sizes: logreg 1e5 x 32, poisson n=1000, dense n=2048.")
    boolean quick;

    @Option(names = "--workloads", split = ",", paramLabel = "W", defaultValue = "logreg,poisson,dense",
            description = "Workloads to profile, each in a JVM of its own (default: ${DEFAULT-VALUE}).")
    List<MacroBenchmark.Workload> workloads;

    @Option(names = "--rows", paramLabel = "N", description = "logreg rows (default 1000000; --quick 100000).")
    Integer rows;

    @Option(names = "--features", paramLabel = "D", defaultValue = "32", description = "logreg features (default: ${DEFAULT-VALUE}).")
    int features;

    @Option(names = "--poisson-n", paramLabel = "N", description = "Poisson grid side (default 3163; --quick 1000).")
    Integer poissonN;

    @Option(names = "--dense-n", paramLabel = "N", description = "Dense CG matrix order (default 4096; --quick 2048).")
    Integer denseN;

    @Option(names = "--rounds", paramLabel = "K", description = "Timed rounds of every workload (default: logreg 6 rounds "
            + "of 8 gradient steps; poisson 20 CG iterations, as the macro suite, since its first iterations grow the heap; "
            + "dense 100; --quick 20, 8, 100).")
    Integer rounds;

    @Option(names = "--keep-recording", description = "Keep the .jfr files in --out (profile-<workload>.jfr).")
    boolean keepRecording;

    @Option(names = "--top", defaultValue = "15", description = "Methods in the top table (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--child", hidden = true, description = "Run the (first) workload (in the profiled JVM).")
    boolean child;

    @Option(names = "--child-timeout-min", defaultValue = "20", description = "Limit of each profiled run (default: ${DEFAULT-VALUE}).")
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
    /** Events of a thread that waits (JFR records them when they last the threshold, 10 ms under {@code settings=profile}). */
    static final java.util.Set<String> WAIT_EVENTS = java.util.Set.of("jdk.ThreadPark", "jdk.JavaMonitorWait",
            "jdk.JavaMonitorEnter", "jdk.ThreadSleep");
    /** The CSV variant of every measurement. */
    static final String VARIANT = "cohort-1shard-jfr";

    /**
     * What one workload's profile runs: its size ({@code rows} x {@code cols} for logreg, the order / grid side in
     * {@code n} for the CGs), warm-up and timed rounds of {@code length} iterations, and the child's {@code -Xmx}.
     */
    record Spec(MacroBenchmark.Workload workload, int n, int cols, CohortWorkloads.Rounds rounds, int xmxMiB) {
        /** {@code 1000000x32} or {@code 3163}. */
        String size() {
            return workload == MacroBenchmark.Workload.logreg ? n + "x" + cols : Integer.toString(n);
        }

        /** "Logistic regression 1000000x32", "CG 2-D Poisson (Jacobi, slices) n=3163", "Dense CG (Jacobi) n=4096". */
        String title() {
            return switch (workload) {
                case logreg -> "Logistic regression " + size();
                case poisson -> "CG 2-D Poisson (Jacobi, slices) n=" + n;
                case dense -> "Dense CG (Jacobi) n=" + n;
                default -> throw new IllegalArgumentException("the profile suite covers logreg, poisson and dense, not " + workload);
            };
        }

        /** What a round is, for the report. */
        String roundText() {
            return rounds.warmup() + " warm-up + " + rounds.timed() + " timed rounds of " + rounds.length()
                    + (workload == MacroBenchmark.Workload.logreg ? " gradient steps" : rounds.length() == 1 ? " CG iteration" : " CG iterations");
        }
    }

    /** The spec of {@code w} under this command's options. */
    Spec spec(MacroBenchmark.Workload w) {
        return switch (w) {
            case logreg -> {
                int n = rows != null ? rows : quick ? 100_000 : 1_000_000;
                yield new Spec(w, n, features, new CohortWorkloads.Rounds(1, rounds != null ? rounds : quick ? 20 : 6, 8),
                        xmxMiB((long) n * features * 8));
            }
            case poisson -> {
                int n = poissonN != null ? poissonN : quick ? 1000 : 3163;
                yield new Spec(w, n, 0, new CohortWorkloads.Rounds(quick ? 2 : 3, rounds != null ? rounds : quick ? 8 : 20, 1),
                        xmxMiB((n + 2L) * (n + 2L) * 8));
            }
            case dense -> {
                int n = denseN != null ? denseN : quick ? 2048 : 4096;
                yield new Spec(w, n, 0, new CohortWorkloads.Rounds(quick ? 2 : 3, rounds != null ? rounds : 100, 1),
                        xmxMiB((long) n * n * 8));
            }
            default -> throw new CommandLine.ParameterException(new CommandLine(this),
                    "the profile suite covers logreg, poisson and dense, not " + w);
        };
    }

    /** The macro suite's rule for its children's heap: 12 GiB when the largest array is 64 MiB or more, else 4 GiB. */
    static int xmxMiB(long largestArrayBytes) {
        return largestArrayBytes >= 64L << 20 ? 12288 : 4096;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Profile()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (workloads == null || workloads.isEmpty()) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--workloads needs at least one workload");
        }
        if (child) {
            return runChild(spec(workloads.get(0)));
        }
        Files.createDirectories(out);
        SuiteOutput o = new SuiteOutput(out, "profile");
        List<Spec> specs = workloads.stream().distinct().map(this::spec).toList();
        List<Section> sections = new ArrayList<>();
        for (Spec s : specs) {
            sections.add(profile(s));
        }
        write(o, sections, top);
        o.write();
        System.out.println("[profile] wrote " + out.resolve("profile.md"));
        return sections.stream().allMatch(s -> s.failure() == null) ? 0 : 1;
    }

    /**
     * One workload's result: its spec, and either the analysis of its window with the child's {@code key=value}
     * output, or why it failed.
     */
    record Section(Spec spec, Analysis analysis, Map<String, String> kv, String failure) {
    }

    /** Runs {@code s} in a profiled child JVM and analyses its recording; a failure is returned, not thrown. */
    private Section profile(Spec s) throws IOException, InterruptedException {
        String w = s.workload().name();
        Path jfr = keepRecording ? out.resolve("profile-" + w + ".jfr").toAbsolutePath() : Files.createTempFile("cohort-profile-" + w + "-", ".jfr");
        try {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(dev.cohort.examples.launch.Launcher.JVM_OPTIONS);
            command.addAll(List.of("-Xmx" + s.xmxMiB() + "m", "-XX:+ExitOnOutOfMemoryError",
                    "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile,dumponexit=true",
                    "-cp", System.getProperty("java.class.path"), Profile.class.getName(), "--child", "--workloads", w,
                    "--rows", Integer.toString(s.workload() == MacroBenchmark.Workload.logreg ? s.n() : 1),
                    "--features", Integer.toString(Math.max(1, s.cols())),
                    "--poisson-n", Integer.toString(s.n()), "--dense-n", Integer.toString(s.n()),
                    "--rounds", Integer.toString(s.rounds().timed())));
            if (quick) {
                command.add("--quick");
            }
            System.out.println("[profile] child: " + s.title() + ", " + s.roundText() + ", -Xmx" + s.xmxMiB() + "m, JFR to " + jfr);
            try {
                Map<String, String> kv = runProfiled(command, Duration.ofMinutes(childTimeoutMin));
                Instant from = epoch(KeyValues.getLong(kv, "window_start_ns"));
                Instant to = epoch(KeyValues.getLong(kv, "window_end_ns"));
                Analysis a = analyse(jfr, from, to);
                System.out.println("[profile] " + w + ": " + a.javaSamples() + " Java samples, " + a.nativeSamples()
                        + " native samples in " + String.format(Locale.ROOT, "%.1f s", a.windowSeconds()));
                return new Section(s, a, kv, null);
            } catch (IllegalStateException | IllegalArgumentException | IOException e) {
                System.err.println("[profile] " + w + " failed: " + e.getMessage());
                return new Section(s, null, Map.of(), String.valueOf(e.getMessage()));
            }
        } finally {
            if (!keepRecording) {
                Files.deleteIfExists(jfr);
            }
        }
    }

    private int runChild(Spec s) {
        CohortWorkloads.Run run = switch (s.workload()) {
            case logreg -> {
                MacroData.LogReg data = MacroData.logreg(s.n(), s.cols(), 42);
                yield CohortWorkloads.logreg(CohortWorkloads.config(1), data.x(), data.y(), s.n(), s.cols(), 0.1, s.rounds());
            }
            case poisson -> CohortWorkloads.cgPoisson(CohortWorkloads.config(1), s.n(), s.rounds());
            case dense -> {
                MacroData.Dense data = MacroData.dense(s.n(), 42);
                yield CohortWorkloads.cgDense(CohortWorkloads.config(1), data.m(), data.b(), s.n(), s.rounds());
            }
            default -> throw new IllegalArgumentException("the profile suite covers logreg, poisson and dense, not " + s.workload());
        };
        System.out.println("window_start_ns=" + run.windowStartNs());
        System.out.println("window_end_ns=" + run.windowEndNs());
        System.out.println("seconds_per_iteration=" + Stats.median(run.samples()));
        System.out.println("samples=" + Arrays.toString(run.samples()).replaceAll("[\\[\\] ]", ""));
        run.checks().forEach((key, v) -> System.out.println(key + "=" + v));
        System.out.println("cpus=" + Runtime.getRuntime().availableProcessors());
        System.out.flush();
        return 0;
    }

    private static Map<String, String> runProfiled(List<String> command, Duration timeout) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(OpenBlasCore.childEnvironment()); // as bin/cohort starts a Cohort JVM
        Process p = builder.start();
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
     * @param waitSecondsByThread seconds of the window that threads spent in park, monitor wait/enter or sleep events
     *                          (recorded only when they last 10 ms or more), by thread group, most first
     */
    public record Analysis(double windowSeconds, double javaPeriodMs, long javaSamples, long nativeSamples,
                           List<Share> javaByCategory, List<Share> javaByMethod, List<Share> javaByThread,
                           List<Share> nativeByCategory, List<Share> nativeByMethod, long gcCount, double gcPauseSeconds,
                           double allocatedBytes, List<Map.Entry<String, Double>> allocationSites,
                           List<Map.Entry<String, Double>> waitSecondsByThread) {
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
        Map<String, Double> waits = new HashMap<>();
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
                if (WAIT_EVENTS.contains(type)) {
                    Instant a0 = e.getStartTime().isAfter(from) ? e.getStartTime() : from;
                    Instant a1 = e.getEndTime().isBefore(to) ? e.getEndTime() : to;
                    if (a1.isAfter(a0)) {
                        RecordedThread th = e.getThread();
                        waits.merge(threadGroup(th == null ? null : th.getJavaName()), Duration.between(a0, a1).toNanos() / 1e9, Double::sum);
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
        List<Map.Entry<String, Double>> waitList = new ArrayList<>(waits.entrySet());
        waitList.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        Map<String, String> methodNotes = new HashMap<>();
        callers.forEach((method, byCaller) -> byCaller.entrySet().stream().max(Map.Entry.comparingByValue())
                .ifPresent(top -> methodNotes.put(method, methodCategory.get(method) + "; mostly from `" + top.getKey() + "`")));
        return new Analysis(window, javaPeriodMs, javaSamples, nativeSamples, shares(javaCat, javaSamples, null),
                shares(javaMethod, javaSamples, methodNotes), shares(javaThread, javaSamples, null),
                shares(nativeCat, nativeSamples, null), shares(nativeMethod, nativeSamples, methodCategory), gcCount, gcPause,
                allocated, sites, waitList);
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

    /** Core-seconds of a window: Java, native, GC pauses x cores and the rest. */
    record Account(double coreSeconds, double java, double nativeCode, double gc, double rest) {
        static Account of(Analysis a, int cpus) {
            double core = a.windowSeconds() * cpus;
            double java = a.javaSamples() * a.javaPeriodMs() / 1e3;
            double nat = a.nativeSamples() * NATIVE_PERIOD_MS / 1e3;
            double gc = a.gcPauseSeconds() * cpus;
            return new Account(core, java, nat, gc, core - java - nat - gc);
        }

        double percent(double v) {
            return coreSeconds > 0 ? 100 * v / coreSeconds : Double.NaN;
        }
    }

    private static int cpus(Section s) {
        return s.kv().containsKey("cpus") ? Integer.parseInt(s.kv().get("cpus")) : Runtime.getRuntime().availableProcessors();
    }

    /**
     * The suite's section: how it measures, a summary of every workload (s/iteration, the core-seconds account, the
     * largest category and method), then one subsection per workload ({@link #section}).
     */
    static void write(SuiteOutput o, List<Section> sections, int top) {
        o.md("## Profile: where the time goes on Cohort (1 shard)\n\n");
        o.md(String.format(Locale.ROOT, "Each workload runs on Cohort 1 shard (every core a worker, Cohort's default "
                + "configuration), with the macro suite's runners and data (`CohortWorkloads`, `MacroData`, seed 42), in a child "
                + "JVM of its own recorded with `-XX:StartFlightRecording=...,settings=profile` (`dev.cohort.bench.Profile`; "
                + "`-Xmx` 12 GiB when the largest array is 64 MiB or more, else 4 GiB, as the macro suite's children). Only "
                + "events of the timed rounds count. JFR samples each thread running Java every 10 ms (`jdk.ExecutionSample`) "
                + "and one thread in native code every %.0f ms (`jdk.NativeMethodSample`); threads that are parked or blocked "
                + "are not sampled, and neither are GC threads. A sample's category is the package of the first Cohort or ND4J "
                + "frame from the top of its stack.%n%n", NATIVE_PERIOD_MS));
        StringBuilder t = new StringBuilder("| workload | s/iteration (median) | window s | Java % | native % | GC % | rest "
                + "(idle, waiting) % | largest Java category | top method |\n|---|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (Section s : sections) {
            if (s.failure() != null) {
                t.append("| ").append(s.spec().title()).append(" | failed | | | | | | | |\n");
                continue;
            }
            Analysis a = s.analysis();
            Account acc = Account.of(a, cpus(s));
            Share cat = a.javaByCategory().isEmpty() ? null : a.javaByCategory().get(0);
            Share m = a.javaByMethod().isEmpty() ? null : a.javaByMethod().get(0);
            t.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %s |%n", s.spec().title(),
                    g3(KeyValues.getDouble(s.kv(), "seconds_per_iteration")), a.windowSeconds(), acc.percent(acc.java()),
                    acc.percent(acc.nativeCode()), acc.percent(acc.gc()), acc.percent(acc.rest()),
                    cat == null ? "" : String.format(Locale.ROOT, "%s (%.0f %%)", cat.name(), cat.percent()),
                    m == null ? "" : String.format(Locale.ROOT, "`%s` (%.0f %%)", m.name(), m.percent())));
        }
        o.md(t.append("\n(% of the window's core-seconds; the per-workload tables below give the detail.)\n\n").toString());
        for (Section s : sections) {
            section(o, s, top);
        }
    }

    /** One workload's subsection of {@code profile.md} and its rows of {@code profile.csv} (benchmark = the workload). */
    static void section(SuiteOutput o, Section sec, int top) {
        Spec spec = sec.spec();
        String w = spec.workload().name();
        String size = spec.size();
        o.md("### " + spec.title() + "\n\n");
        if (sec.failure() != null) {
            o.md("The profiled run failed: " + sec.failure() + "\n\n");
            o.measurement(w, VARIANT, size, "failed", 1, "count");
            return;
        }
        Analysis a = sec.analysis();
        Map<String, String> kv = sec.kv();
        int cpus = cpus(sec);
        double spi = KeyValues.getDouble(kv, "seconds_per_iteration");
        o.measurement(w, VARIANT, size, "seconds_per_iteration_median", spi, "s");
        o.measurement(w, VARIANT, size, "window", a.windowSeconds(), "s");
        o.measurement(w, VARIANT, size, "java_samples", a.javaSamples(), "count");
        o.measurement(w, VARIANT, size, "native_samples", a.nativeSamples(), "count");
        for (Share s : a.javaByCategory()) {
            o.measurement(w, VARIANT, size, "java_share:" + s.name(), s.percent(), "%");
        }
        for (Share s : a.nativeByCategory()) {
            o.measurement(w, VARIANT, size, "native_share:" + s.name(), s.percent(), "%");
        }
        o.measurement(w, VARIANT, size, "gc_pause", a.gcPauseSeconds(), "s");
        o.measurement(w, VARIANT, size, "allocation_rate",
                a.windowSeconds() > 0 ? a.allocatedBytes() / a.windowSeconds() / 1e6 : Double.NaN, "MB/s");

        Account acc = Account.of(a, cpus);
        o.md(String.format(Locale.ROOT, "%s float64 on Cohort 1 shard (%d workers), %s: %s s/iteration (median of the "
                        + "profiled run). The timed rounds' window: %.1f s, %.1f core-seconds on %d cores.%n%n",
                spec.title(), cpus, spec.roundText(), g3(spi), a.windowSeconds(), acc.coreSeconds(), cpus));
        o.md("**Where the core-seconds of the window go** (estimates from the sample counts and GC pauses)\n\n"
                + "| account | core-seconds | % of the window's |\n|---|---:|---:|\n"
                + accountRow("running Java code (" + a.javaSamples() + " samples x " + g3(a.javaPeriodMs()) + " ms)", acc.java(), acc.coreSeconds())
                + accountRow("in native code (" + a.nativeSamples() + " samples x " + g3(NATIVE_PERIOD_MS) + " ms; a lower bound)", acc.nativeCode(), acc.coreSeconds())
                + accountRow("GC pauses x " + cpus + " cores (" + a.gcCount() + " collections)", acc.gc(), acc.coreSeconds())
                + accountRow("the rest: idle or waiting (parked workers, the program waiting for results) or "
                        + "taken by other processes on the machine", acc.rest(), acc.coreSeconds()) + "\n");
        o.measurement(w, VARIANT, size, "core_share:java", acc.percent(acc.java()), "%");
        o.measurement(w, VARIANT, size, "core_share:native", acc.percent(acc.nativeCode()), "%");
        o.measurement(w, VARIANT, size, "core_share:gc", acc.percent(acc.gc()), "%");
        o.measurement(w, VARIANT, size, "core_share:rest", acc.percent(acc.rest()), "%");

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

        if (a.waitSecondsByThread().isEmpty()) {
            o.md("**Waits of 10 ms or more:** none in the window (no thread parked, waited or slept that long at once).\n\n");
        } else {
            t = new StringBuilder("**Waits of 10 ms or more by thread** (`jdk.ThreadPark`, `JavaMonitorWait`/`Enter`, `ThreadSleep`, "
                    + "clipped to the window; shorter waits are not recorded, so these are lower bounds)\n\n"
                    + "| thread | seconds | % of the window (k threads of a group: up to k × 100) |\n|---|---:|---:|\n");
            for (Map.Entry<String, Double> e : a.waitSecondsByThread()) {
                t.append(String.format(Locale.ROOT, "| %s | %.2f | %.1f |%n", e.getKey(), e.getValue(),
                        a.windowSeconds() > 0 ? 100 * e.getValue() / a.windowSeconds() : Double.NaN));
                o.measurement(w, VARIANT, size, "wait_seconds:" + e.getKey(), e.getValue(), "s");
            }
            o.md(t.append('\n').toString());
        }

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
