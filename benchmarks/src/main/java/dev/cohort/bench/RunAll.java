package dev.cohort.bench;

import dev.cohort.bench.macro.PythonRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs every benchmark suite, one after the other, each in a child JVM, and assembles {@code benchmarks/RESULTS.md}
 * from the files they leave ({@link SuiteOutput}): the machine, the command, one table of every issue-5 target
 * (measured, goal, met or missed by how much), then each suite's section, with its wall time. Run it through
 * {@code benchmarks/run-all}, from the repository root.
 *
 * <p>Children: this JVM's {@code java}, {@code --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED}, the suite's
 * {@code -Xmx}, the class path {@code benchmarks/target/classpath.txt} + {@code benchmarks/target/classes} (this JVM's
 * class path when those are not there), then {@code <main class> --out DIR [--quick]} (the macro suite also gets
 * {@code --python CMD --dask-python CMD}, the latency, io and opmix suites {@code --python CMD}). A suite whose main class is not
 * on that class path is reported as not run; one that exits non-zero is reported as failed with the last lines of its
 * standard error, and RunAll then exits 1 (after the others ran and the report is written).
 */
@Command(name = "run-all", mixinStandardHelpOptions = true,
        description = "Runs every benchmark suite and regenerates benchmarks/RESULTS.md.")
public final class RunAll implements Callable<Integer> {
    /** A suite: its name, main class and child heap. */
    public record Suite(String name, String mainClass, int xmxMiB) {
    }

    /** The suites, in the order they run. {@code transport} runs only with {@code --with-transport}. */
    public static final List<Suite> SUITES = List.of(
            new Suite("micro", "dev.cohort.bench.micro.MicroBenchmarks", 4096),
            new Suite("taskbench", "dev.cohort.bench.taskbench.TaskBench", 4096),
            // the macro suite's JVM only draws the data and writes it as .npy files: each Cohort run has a JVM of its own
            new Suite("macro", "dev.cohort.bench.macro.MacroBenchmark", 4096),
            new Suite("profile", "dev.cohort.bench.Profile", 2048),
            // small operations and the CG loop's memory run in child JVMs of their own
            new Suite("latency", "dev.cohort.bench.latency.LatencyBenchmark", 1024),
            // .npy save/load of a 1 GiB array: the Cohort runs have JVMs of their own, this one only writes the disk floor
            new Suite("io", "dev.cohort.bench.io.IoBenchmark", 1024),
            // every ufunc, reduction, matmul, slicing copy and where x 5 dtypes x 3 sizes: NumPy and a Cohort child JVM, case by case
            new Suite("opmix", "dev.cohort.bench.opmix.OpMixBenchmark", 1024),
            // issue 16: the simulator's predicted against measured iteration time, and the strategy search against the
            // rules; every job is a launcher child with one JVM per shard, this one only assembles
            new Suite("simulator", "dev.cohort.bench.simulator.SimulatorBenchmark", 1024),
            // issue 13: GpuBench on this machine's GPU, or else the newest committed run of a real device (results/gpu-*)
            new Suite("gpu", "dev.cohort.bench.gpu.GpuSection", 512),
            new Suite("transport", "dev.cohort.bench.TransportBenchmark", 1024));

    /** How a suite fared. */
    public enum Status {
        /** Ran and exited 0. */
        OK,
        /** Exited non-zero or ran past the timeout. */
        FAILED,
        /** Its main class is not on the class path. */
        CLASS_MISSING,
        /** Left out by {@code --only}, {@code --skip} or (transport) the lack of {@code --with-transport}. */
        SKIPPED
    }

    /**
     * A suite's outcome.
     *
     * @param seconds  wall time of its child JVM (0 when it did not run)
     * @param exitCode its exit status (0 when it did not run)
     * @param tail     its last lines of standard error (standard output when it wrote no error)
     */
    public record Outcome(Suite suite, Status status, double seconds, int exitCode, List<String> tail) {
    }

    /** What a child run gave: exit status and the last lines of output. */
    public record ChildResult(int exitCode, List<String> tail) {
    }

    /** Starts a suite's child JVM; a seam for tests. */
    @FunctionalInterface
    public interface Launcher {
        ChildResult run(List<String> command, Duration timeout);
    }

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/results",
            description = "Directory of the suites' files and charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--report", paramLabel = "FILE", defaultValue = "benchmarks/RESULTS.md",
            description = "The report to (re)write (default: ${DEFAULT-VALUE}).")
    Path report;

    @Option(names = "--quick", description = "Pass --quick to every suite (a smoke run of a few minutes).")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "SUITE", description = "Run only these suites (micro, taskbench, macro, profile, latency, io, opmix, simulator, gpu, transport).")
    List<String> only;

    @Option(names = "--skip", split = ",", paramLabel = "SUITE", description = "Do not run these suites.")
    List<String> skip;

    @Option(names = "--with-transport", description = "Also run TransportBenchmark (about 2 min; it writes only transport.csv).")
    boolean withTransport;

    @Option(names = "--python", paramLabel = "CMD", defaultValue = "python3",
            description = "Python of the NumPy reference (passed to the macro, latency, io and opmix suites) and of the machine description (default: ${DEFAULT-VALUE}).")
    String python;

    @Option(names = "--dask-python", paramLabel = "CMD", defaultValue = "auto",
            description = "Python of the Dask reference, passed to the macro suite: 'auto' (the first of --python, python3, "
                    + "/usr/bin/python3 that imports dask.array and numpy), a command, or 'none' (default: ${DEFAULT-VALUE}).")
    String daskPython;

    @Option(names = "--suite-timeout-min", defaultValue = "60", description = "Limit per suite (default: ${DEFAULT-VALUE}).")
    long suiteTimeoutMin;

    private String[] rawArgs = new String[0];
    private Launcher launcher = RunAll::launch;
    private Predicate<String> classPresent;
    private PrintStream log = System.out;

    public static void main(String[] args) {
        RunAll r = new RunAll();
        r.rawArgs = args.clone();
        System.exit(new CommandLine(r).execute(args));
    }

    /** A RunAll with the given seams, for tests. */
    static RunAll forTest(Launcher launcher, Predicate<String> classPresent, PrintStream log, String... args) {
        RunAll r = new RunAll();
        r.rawArgs = args.clone();
        r.launcher = launcher;
        r.classPresent = classPresent;
        r.log = log;
        new CommandLine(r).parseArgs(args);
        return r;
    }

    @Override
    public Integer call() throws IOException {
        Set<String> names = new LinkedHashSet<>();
        SUITES.forEach(s -> names.add(s.name()));
        for (List<String> l : new ArrayList<>(java.util.Arrays.asList(only, skip))) {
            if (l != null && !names.containsAll(l)) {
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "unknown suite in " + l + "; suites are " + names);
            }
        }
        List<Path> classPath = classPath();
        Predicate<String> present = classPresent != null ? classPresent : c -> classOnPath(c, classPath);
        String cp = String.join(java.io.File.pathSeparator, classPath.stream().map(Path::toString).toList());
        Instant started = Instant.now();
        String loadStart = loadAverage();
        Files.createDirectories(out);

        List<Outcome> outcomes = new ArrayList<>();
        for (Suite s : SUITES) {
            if (!selected(s)) {
                outcomes.add(new Outcome(s, Status.SKIPPED, 0, 0, List.of()));
                continue;
            }
            if (!present.test(s.mainClass())) {
                log.println("[run-all] " + s.name() + ": not run, class " + s.mainClass() + " missing from the class path");
                outcomes.add(new Outcome(s, Status.CLASS_MISSING, 0, 0, List.of()));
                continue;
            }
            for (String f : List.of(".csv", "-targets.csv", ".md")) {
                Files.deleteIfExists(out.resolve(s.name() + f)); // no stale results under a new run's name
            }
            List<String> command = new ArrayList<>(List.of(javaBinary()));
            command.addAll(dev.cohort.examples.launch.Launcher.JVM_OPTIONS);
            command.addAll(List.of("-Xmx" + s.xmxMiB() + "m", "-cp", cp, s.mainClass()));
            if (s.name().equals("transport")) {
                command.addAll(List.of("--csv", out.resolve("transport.csv").toString()));
            } else {
                if (s.name().equals("macro") || s.name().equals("latency") || s.name().equals("io") || s.name().equals("opmix")) {
                    command.addAll(List.of("--python", python));
                }
                if (s.name().equals("macro")) {
                    command.addAll(List.of("--dask-python", daskPython));
                }
                command.addAll(List.of("--out", out.toString()));
                if (quick) {
                    command.add("--quick");
                }
            }
            log.println("[run-all] " + s.name() + ": " + String.join(" ", command.subList(command.indexOf("-cp") + 3, command.size())));
            long t0 = System.nanoTime();
            ChildResult r = launcher.run(command, Duration.ofMinutes(suiteTimeoutMin));
            double seconds = (System.nanoTime() - t0) / 1e9;
            Status status = r.exitCode() == 0 ? Status.OK : Status.FAILED;
            log.printf(Locale.ROOT, "[run-all] %s: %s in %.1f s%n", s.name(), status == Status.OK ? "done" : "FAILED (exit " + r.exitCode() + ")", seconds);
            outcomes.add(new Outcome(s, status, seconds, r.exitCode(), r.tail()));
        }
        Machine machine = Machine.collect(python, daskPython, loadStart);
        String command = "benchmarks/run-all" + (rawArgs.length == 0 ? "" : " " + String.join(" ", rawArgs));
        String text = assemble(out, report, outcomes, machine, command, started, Instant.now());
        Path parent = report.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(report, text, StandardCharsets.UTF_8);
        log.println("[run-all] wrote " + report);
        boolean failed = outcomes.stream().anyMatch(o -> o.status() == Status.FAILED);
        if (failed) {
            log.println("[run-all] failed suites: " + outcomes.stream().filter(o -> o.status() == Status.FAILED)
                    .map(o -> o.suite().name()).toList());
        }
        return failed ? 1 : 0;
    }

    private boolean selected(Suite s) {
        if (only != null) {
            return only.contains(s.name());
        }
        if (skip != null && skip.contains(s.name())) {
            return false;
        }
        return !s.name().equals("transport") || withTransport;
    }

    /** {@code benchmarks/target/classpath.txt} + {@code benchmarks/target/classes}, or this JVM's class path. */
    static List<Path> classPath() {
        Path txt = Path.of("benchmarks", "target", "classpath.txt");
        Path classes = Path.of("benchmarks", "target", "classes");
        String cp;
        try {
            cp = Files.isRegularFile(txt) && Files.isDirectory(classes)
                    ? Files.readString(txt).strip() + java.io.File.pathSeparator + classes.toAbsolutePath()
                    : System.getProperty("java.class.path");
        } catch (IOException e) {
            cp = System.getProperty("java.class.path");
        }
        List<Path> entries = new ArrayList<>();
        for (String e : cp.split(java.io.File.pathSeparator)) {
            if (!e.isBlank()) {
                entries.add(Path.of(e));
            }
        }
        return entries;
    }

    /** Whether {@code className}'s class file is in one of {@code entries} (directories or jars). */
    static boolean classOnPath(String className, List<Path> entries) {
        String file = className.replace('.', '/') + ".class";
        for (Path e : entries) {
            if (Files.isDirectory(e)) {
                if (Files.isRegularFile(e.resolve(file))) {
                    return true;
                }
            } else if (Files.isRegularFile(e)) {
                try (JarFile jar = new JarFile(e.toFile())) {
                    if (jar.getEntry(file) != null) {
                        return true;
                    }
                } catch (IOException ignored) {
                    // not a jar
                }
            }
        }
        return false;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs {@code command}, echoing its output, keeping the last 30 lines of its standard error (or output). */
    static ChildResult launch(List<String> command, Duration timeout) {
        try {
            Process p = new ProcessBuilder(command).start();
            Deque<String> err = new ArrayDeque<>();
            Deque<String> outTail = new ArrayDeque<>();
            Thread a = pump(p.getInputStream(), System.out, outTail);
            Thread b = pump(p.getErrorStream(), System.err, err);
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            a.join(5_000);
            b.join(5_000);
            List<String> tail;
            synchronized (err) {
                synchronized (outTail) {
                    tail = new ArrayList<>(err.isEmpty() ? outTail : err);
                }
            }
            if (!done) {
                tail.add("killed after " + timeout.toMinutes() + " min");
                return new ChildResult(124, tail);
            }
            return new ChildResult(p.exitValue(), tail);
        } catch (IOException e) {
            return new ChildResult(-1, List.of("cannot start the suite's JVM: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ChildResult(-1, List.of("interrupted"));
        }
    }

    private static Thread pump(InputStream in, PrintStream echo, Deque<String> tail) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    echo.println(line);
                    synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > 30) {
                            tail.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                echo.println("(output lost: " + e + ")");
            }
        }, "run-all-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }

    // ---------------------------------------------------------------- the report

    /**
     * The machine the report names.
     *
     * @param python     the NumPy reference's interpreter: its path and the versions of Python, NumPy and its BLAS, Dask
     * @param daskPython the Dask reference's interpreter, the same facts, or why there is none
     */
    public record Machine(String cpu, String memory, String os, String java, String python, String daskPython, String git,
                          String loadStart, String loadEnd) {
        /** Reads /proc (or lscpu), runs {@code java -version}, the Python probes (as the macro suite chooses) and git. */
        static Machine collect(String python, String daskPython, String loadStart) {
            String pythonText;
            if ("none".equals(python)) {
                pythonText = "not used (--python none)";
            } else {
                pythonText = python + ": " + new PythonRunner(python, PythonRunner.defaultScripts()).probe().describe();
            }
            String daskText = PythonRunner.chooseDask(daskPython, python, PythonRunner.defaultScripts()).describe();
            return new Machine(readCpu(), readMemory(), readOs(), readJavaVersion(), pythonText, daskText, readGit(), loadStart,
                    loadAverage());
        }

        static String readCpu() {
            try {
                List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
                String model = lines.stream().filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                        .findFirst().orElse("unknown model");
                long logical = lines.stream().filter(l -> l.startsWith("processor")).count();
                Set<String> cores = new LinkedHashSet<>();
                String physical = "0";
                for (String l : lines) {
                    if (l.startsWith("physical id")) {
                        physical = l.substring(l.indexOf(':') + 1).strip();
                    } else if (l.startsWith("core id")) {
                        cores.add(physical + "/" + l.substring(l.indexOf(':') + 1).strip());
                    }
                }
                return model + "; " + logical + " logical processors" + (cores.isEmpty() ? "" : ", " + cores.size() + " cores")
                        + "; the JVM sees " + Runtime.getRuntime().availableProcessors();
            } catch (IOException e) {
                return run(List.of("lscpu")).lines().filter(l -> l.startsWith("Model name") || l.startsWith("CPU(s)"))
                        .reduce((x, y) -> x + "; " + y).orElse("unknown (" + e.getMessage() + ")");
            }
        }

        static String readMemory() {
            try {
                for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                    if (l.startsWith("MemTotal:")) {
                        long kib = Long.parseLong(l.replaceAll("[^0-9]", ""));
                        return String.format(Locale.ROOT, "%.1f GiB", kib / 1024.0 / 1024.0);
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // below
            }
            return "unknown";
        }

        static String readOs() {
            String pretty = System.getProperty("os.name");
            try {
                for (String l : Files.readAllLines(Path.of("/etc/os-release"))) {
                    if (l.startsWith("PRETTY_NAME=")) {
                        pretty = l.substring(12).replace("\"", "");
                    }
                }
            } catch (IOException e) {
                // keep os.name
            }
            return pretty + ", kernel " + System.getProperty("os.version") + ", " + System.getProperty("os.arch");
        }

        static String readJavaVersion() {
            String v = run(List.of(javaBinary(), "-version")).strip();
            return v.isEmpty() ? System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                    : String.join("; ", v.lines().toList());
        }

        static String readGit() {
            String head = run(List.of("git", "rev-parse", "--short", "HEAD")).strip();
            if (head.isEmpty() || head.contains("fatal") || head.contains(" ")) {
                return "unknown (not a git checkout)";
            }
            String dirty = run(List.of("git", "status", "--porcelain", "--untracked-files=no")).strip();
            return head + (dirty.isEmpty() ? "" : " with uncommitted changes");
        }
    }

    /** {@code /proc/loadavg}'s three load averages, or "unknown". */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    /** Standard output and error of {@code command}, or "" when it cannot run. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return text;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static final Pattern LOCAL_LINK = Pattern.compile("\\]\\(([A-Za-z0-9_.\\-]+\\.(?:png|csv|svg|md|txt|json))\\)");

    /**
     * RESULTS.md: title, machine, command, the targets of every suite that has a section, a table of the suites
     * (status, wall time), then each suite's section in order, its links to files in {@code outDir} rewritten relative
     * to {@code report}'s directory.
     */
    static String assemble(Path outDir, Path report, List<Outcome> outcomes, Machine m, String command, Instant started,
            Instant finished) throws IOException {
        Path reportDir = report.toAbsolutePath().normalize().getParent();
        String rel = reportDir.relativize(outDir.toAbsolutePath().normalize()).toString().replace('\\', '/');
        String prefix = rel.isEmpty() ? "" : rel + "/";
        DateTimeFormatter fmt = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

        StringBuilder md = new StringBuilder("# Cohort benchmark results\n\n");
        md.append("Generated by `").append(command).append("` (from the repository root), started ")
                .append(fmt.format(started)).append(String.format(Locale.ROOT, ", %.1f min in all. ",
                        Duration.between(started, finished).toMillis() / 60000.0))
                .append("Every number below was measured by that run unless its section says otherwise; nothing here is "
                        + "written by hand. How each suite measures: `benchmarks/README.md` and the sections below.\n\n");
        md.append("## Machine\n\n| | |\n|---|---|\n");
        md.append("| CPU | ").append(cell(m.cpu())).append(" |\n");
        md.append("| memory | ").append(cell(m.memory())).append(" |\n");
        md.append("| OS | ").append(cell(m.os())).append(" |\n");
        md.append("| Java | ").append(cell(m.java())).append(" |\n");
        md.append("| Python of the NumPy reference | ").append(cell(m.python())).append(" |\n");
        md.append("| Python of the Dask reference | ").append(cell(m.daskPython())).append(" |\n");
        md.append("| commit | ").append(cell(m.git())).append(" |\n");
        md.append("| load average (1, 5, 15 min) at start / end | ").append(cell(m.loadStart())).append(" / ")
                .append(cell(m.loadEnd())).append(" |\n\n");

        // which suites have a section, and from when
        List<String> notes = new ArrayList<>();
        List<Outcome> withSection = new ArrayList<>();
        for (Outcome o : outcomes) {
            if (o.status() == Status.OK || o.status() == Status.SKIPPED && hasFiles(outDir, o.suite())) {
                withSection.add(o);
            }
        }

        md.append("## Targets (issue 5)\n\n");
        List<String[]> targets = new ArrayList<>();
        for (Outcome o : withSection) {
            Path t = outDir.resolve(o.suite().name() + "-targets.csv");
            if (Files.isRegularFile(t)) {
                List<String> lines = Files.readAllLines(t, StandardCharsets.UTF_8);
                for (int i = 1; i < lines.size(); i++) {
                    if (lines.get(i).isBlank()) {
                        continue;
                    }
                    List<String> cells = parseCsvLine(lines.get(i));
                    while (cells.size() < 6) {
                        cells.add("");
                    }
                    String suite = o.suite().name() + (o.status() == Status.SKIPPED ? " (earlier run)" : "");
                    targets.add(new String[]{suite, cells.get(0), cells.get(1), cells.get(2), cells.get(3), cells.get(4), cells.get(5)});
                }
            }
        }
        if (targets.isEmpty()) {
            md.append("No suite of this run measured a target.\n\n");
        } else {
            md.append("| suite | target | measured | goal | result | note |\n|---|---|---:|---|---|---|\n");
            for (String[] t : targets) {
                md.append("| ").append(cell(t[0])).append(" | ").append(cell(t[1])).append(" | ")
                        .append(cell(formatMeasured(t[2]) + (t[4].isBlank() || formatMeasured(t[2]).equals("not measured") ? "" : " " + t[4])))
                        .append(" | ")
                        .append(cell(t[3])).append(" | ").append(verdict(t[2], t[3], t[5])).append(" | ")
                        .append(cell(t[6])).append(" |\n");
            }
            md.append('\n');
        }

        md.append("## Suites\n\n| suite | main class | status | wall time |\n|---|---|---|---:|\n");
        for (Outcome o : outcomes) {
            String status = switch (o.status()) {
                case OK -> "ran";
                case FAILED -> "**FAILED** (exit status " + o.exitCode() + ")";
                case CLASS_MISSING -> "not run: class missing";
                case SKIPPED -> hasFiles(outDir, o.suite())
                        ? "not run by this command; section from an earlier run (" + earlierRun(report, outDir, o.suite(), fmt) + ")"
                        : "not run (not selected)";
            };
            md.append("| ").append(o.suite().name()).append(" | `").append(o.suite().mainClass()).append("` | ")
                    .append(status).append(" | ")
                    .append(o.status() == Status.OK || o.status() == Status.FAILED ? String.format(Locale.ROOT, "%.1f s", o.seconds()) : "–")
                    .append(" |\n");
        }
        md.append('\n');

        for (Outcome o : outcomes) {
            Suite s = o.suite();
            switch (o.status()) {
                case FAILED -> {
                    md.append("## ").append(s.name()).append(": FAILED\n\n`").append(s.mainClass()).append("` exited with status ")
                            .append(o.exitCode()).append(String.format(Locale.ROOT, " after %.1f s. Last lines of its output:\n\n```\n", o.seconds()));
                    o.tail().forEach(l -> md.append(l.replace("```", "'''")).append('\n'));
                    md.append("```\n\n");
                }
                case CLASS_MISSING -> md.append("## ").append(s.name()).append(": not run\n\nnot run: class missing (`")
                        .append(s.mainClass()).append("` is not on the benchmarks class path).\n\n");
                case OK, SKIPPED -> {
                    if (!withSection.contains(o)) {
                        continue;
                    }
                    String section = section(outDir, s, prefix);
                    md.append(section.strip()).append("\n\n");
                    if (o.status() == Status.SKIPPED) {
                        md.append("_Suite `").append(s.name()).append("` was not run by this command: this section is from an earlier run (")
                                .append(earlierRun(report, outDir, s, fmt)).append(")._\n\n");
                    } else {
                        md.append(String.format(Locale.ROOT, "_Suite `%s` ran in %.1f s; data: ", s.name(), o.seconds()))
                                .append(dataLinks(outDir, s, prefix)).append("._\n\n");
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
        return md.toString();
    }

    private static String section(Path outDir, Suite s, String prefix) throws IOException {
        Path md = outDir.resolve(s.name() + ".md");
        String text;
        if (Files.isRegularFile(md)) {
            text = Files.readString(md, StandardCharsets.UTF_8);
        } else if (s.name().equals("transport") && Files.isRegularFile(outDir.resolve("transport.csv"))) {
            text = "## Transport\n\nAll-reduce latency and transfer throughput against raw Aeron (`TransportBenchmark`, see "
                    + "`benchmarks/README.md`): [transport.csv](transport.csv).\n";
        } else {
            text = "## " + s.name() + "\n\n(no report section)\n";
        }
        if (!text.stripLeading().startsWith("#")) {
            text = "## " + s.name() + "\n\n" + text;
        }
        return rewriteLinks(text, prefix);
    }

    /** Rewrites links to plain file names ({@code ](x.png)}) to {@code ](prefix x.png)}. */
    static String rewriteLinks(String markdown, String prefix) {
        if (prefix.isEmpty()) {
            return markdown;
        }
        Matcher m = LOCAL_LINK.matcher(markdown);
        return m.replaceAll(r -> Matcher.quoteReplacement("](" + prefix + r.group(1) + ")"));
    }

    private static String dataLinks(Path outDir, Suite s, String prefix) {
        List<String> links = new ArrayList<>();
        for (String f : List.of(s.name() + ".csv", s.name() + "-targets.csv")) {
            if (Files.isRegularFile(outDir.resolve(f))) {
                links.add("[" + f + "](" + prefix + f + ")");
            }
        }
        return links.isEmpty() ? "none" : String.join(", ", links);
    }

    private static boolean hasFiles(Path outDir, Suite s) {
        return Files.isRegularFile(outDir.resolve(s.name() + ".md"))
                || s.name().equals("transport") && Files.isRegularFile(outDir.resolve("transport.csv"));
    }

    /**
     * When suite {@code s}'s kept section was measured: as the report being replaced says (its own "from an earlier run
     * (DATE)" line, or the report's start when the suite ran in it), else the section file's modification time. The
     * report first: a fresh clone gives every file the checkout's time, which the sections of suites not run would
     * otherwise carry from then on.
     */
    static String earlierRun(Path report, Path outDir, Suite s, DateTimeFormatter fmt) {
        try {
            if (Files.isRegularFile(report)) {
                String old = Files.readString(report);
                Matcher kept = Pattern.compile("_Suite `" + Pattern.quote(s.name())
                        + "` was not run by this command: this section is from an earlier run \\(([^)]*)\\)\\._").matcher(old);
                if (kept.find()) {
                    return kept.group(1);
                }
                Matcher header = Pattern.compile("started (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC)").matcher(old);
                if (old.contains("_Suite `" + s.name() + "` ran in ") && header.find()) {
                    return header.group(1);
                }
            }
        } catch (IOException e) {
            // fall back to the file's time
        }
        return fmt.format(modified(outDir, s));
    }

    private static Instant modified(Path outDir, Suite s) {
        try {
            Path f = outDir.resolve(s.name() + ".md");
            if (!Files.isRegularFile(f)) {
                f = outDir.resolve(s.name() + ".csv");
            }
            return Files.getLastModifiedTime(f).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    /** A measured value with 3 significant digits, or "not measured" for NaN / empty. */
    static String formatMeasured(String measured) {
        try {
            double v = Double.parseDouble(measured.strip());
            if (Double.isNaN(v)) {
                return "not measured";
            }
            return String.format(Locale.ROOT, "%.3g", v);
        } catch (NumberFormatException e) {
            return measured.isBlank() ? "not measured" : measured;
        }
    }

    private static final Pattern GOAL = Pattern.compile("^\\s*(<=|≤|<|>=|≥|>)\\s*([0-9.eE+\\-]+)");

    /**
     * "✔ met", "✘ not measured", or "✘ missed by F×" where F is measured / goal for an upper bound ({@code <= g}) and
     * goal / measured for a lower bound ({@code >= g}); "✘ missed" when the goal is not of that form; "reported (no
     * goal)" when the goal starts with {@code none} (a ratio the issue asks to report without setting a goal).
     */
    static String verdict(String measured, String goal, String met) {
        double v;
        try {
            v = Double.parseDouble(measured.strip());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (Double.isNaN(v)) {
            return "✘ not measured";
        }
        if (goal.strip().toLowerCase(Locale.ROOT).startsWith("none")) {
            return "reported (no goal)";
        }
        if ("true".equalsIgnoreCase(met.strip())) {
            return "✔ met";
        }
        Matcher m = GOAL.matcher(goal);
        if (m.find()) {
            double g = Double.parseDouble(m.group(2));
            boolean upper = m.group(1).startsWith("<") || m.group(1).equals("≤");
            double factor = upper ? v / g : g / v;
            if (factor > 0 && !Double.isInfinite(factor)) {
                return String.format(Locale.ROOT, "✘ missed by %.2f×", factor);
            }
        }
        return "✘ missed";
    }

    /** One RFC 4180 line (quotes doubled inside quoted cells) as its cells. */
    public static List<String> parseCsvLine(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Text fit for a markdown table cell. */
    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
