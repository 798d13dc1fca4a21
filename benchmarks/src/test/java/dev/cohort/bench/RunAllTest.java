package dev.cohort.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.macro.CohortWorkloads;
import dev.cohort.bench.macro.MacroBenchmark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunAllTest {
    @TempDir
    Path dir;

    private static final RunAll.Machine MACHINE = new RunAll.Machine("Test CPU @ 1 GHz; 2 logical processors", "24.0 GiB",
            "TestOS, kernel 1.0, amd64", "openjdk version \"17\"", "python3: Python 3.11, NumPy 2.4, Dask not importable: nope",
            "/usr/bin/python3: Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2, Dask 2022.12.1", "abc1234", "1.00 1.00 1.00", "2.00 2.00 2.00");

    private static RunAll.Suite suite(String name) {
        return RunAll.SUITES.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    /** What a suite leaves: a section with a chart link, targets (one quoted), measurements. */
    private static void fakeSuiteFiles(Path out, String name, String sectionTitle, List<String> targetLines) {
        try {
            Files.createDirectories(out);
            Files.writeString(out.resolve(name + ".md"), "## " + sectionTitle + "\n\nSome table.\n\n![chart](" + name + "-chart.png)\n"
                    + "[raw](https://example.org/x.png) and [nested](sub/y.png) stay as they are.\n");
            List<String> t = new ArrayList<>(List.of(SuiteOutput.TARGET_HEADER));
            t.addAll(targetLines);
            Files.write(out.resolve(name + "-targets.csv"), t);
            Files.write(out.resolve(name + ".csv"), List.of(SuiteOutput.MEASUREMENT_HEADER, name + ",b,v,s,m,1.0,s"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theReportNamesTheMachineListsEveryTargetAndIncludesEachSectionWithLinksFromTheReportsDirectory() throws IOException {
        Path out = dir.resolve("benchmarks/results");
        Path report = dir.resolve("benchmarks/RESULTS.md");
        fakeSuiteFiles(out, "macro", "Macro benchmarks", List.of(
                "\"logistic regression 1e6x32, Cohort / NumPy s/iteration\",0.800000,<= 0.25,x NumPy,false,\"cohort-1shard 0.04 s/iter, vs NumPy\"",
                "dense CG n=4096,0.500000,<= 0.80,x NumPy,true,",
                "CG 2-D Poisson n=3163,NaN,<= 0.30,x NumPy,false,not measured: size not run (--quick)"));
        fakeSuiteFiles(out, "micro", "Micro benchmarks", List.of("elementwise add bandwidth,0.450000,>= 0.9,x bare loop,false,"));
        List<RunAll.Outcome> outcomes = List.of(
                new RunAll.Outcome(suite("micro"), RunAll.Status.OK, 61.5, 0, List.of()),
                new RunAll.Outcome(suite("taskbench"), RunAll.Status.CLASS_MISSING, 0, 0, List.of()),
                new RunAll.Outcome(suite("macro"), RunAll.Status.OK, 300.0, 0, List.of()),
                new RunAll.Outcome(suite("profile"), RunAll.Status.FAILED, 12.0, 1, List.of("Exception in thread \"main\"", "java.lang.OutOfMemoryError")),
                new RunAll.Outcome(suite("transport"), RunAll.Status.SKIPPED, 0, 0, List.of()));
        String md = RunAll.assemble(out, report, outcomes, MACHINE, "benchmarks/run-all --quick", Instant.parse("2026-11-21T10:00:00Z"),
                Instant.parse("2026-11-21T10:06:30Z"));

        assertTrue(md.startsWith("# Cohort benchmark results\n"), md);
        assertTrue(md.contains("`benchmarks/run-all --quick`") && md.contains("2026-11-21 10:00 UTC") && md.contains("6.5 min"), md);
        for (String fact : List.of("Test CPU @ 1 GHz", "24.0 GiB", "TestOS", "openjdk version", "Dask not importable: nope", "abc1234")) {
            assertTrue(md.contains(fact), "machine fact " + fact);
        }
        assertTrue(md.contains("| Python of the NumPy reference | python3: Python 3.11, NumPy 2.4, Dask not importable: nope |"), md);
        assertTrue(md.contains("| Python of the Dask reference | /usr/bin/python3: Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2, Dask 2022.12.1 |"), md);
        assertTrue(md.contains("| macro | logistic regression 1e6x32, Cohort / NumPy s/iteration | 0.800 x NumPy | <= 0.25 | ✘ missed by 3.20× | cohort-1shard 0.04 s/iter, vs NumPy |"), md);
        assertTrue(md.contains("| macro | dense CG n=4096 | 0.500 x NumPy | <= 0.80 | ✔ met |"), md);
        assertTrue(md.contains("| macro | CG 2-D Poisson n=3163 | not measured | <= 0.30 | ✘ not measured | not measured: size not run (--quick) |"), md);
        assertTrue(md.contains("| micro | elementwise add bandwidth | 0.450 x bare loop | >= 0.9 | ✘ missed by 2.00× |"), md);
        assertTrue(md.indexOf("## Micro benchmarks") < md.indexOf("## Macro benchmarks"), "sections in suite order");
        assertTrue(md.contains("![chart](results/macro-chart.png)") && md.contains("![chart](results/micro-chart.png)"), md);
        assertTrue(md.contains("(https://example.org/x.png)") && md.contains("(sub/y.png)"), "only plain file names are rewritten");
        assertTrue(md.contains("[macro.csv](results/macro.csv)"), md);
        assertTrue(md.contains("| taskbench | `dev.cohort.bench.taskbench.TaskBench` | not run: class missing | – |"), md);
        assertTrue(md.contains("| macro | `dev.cohort.bench.macro.MacroBenchmark` | ran | 300.0 s |"), md);
        assertTrue(md.contains("## profile: FAILED") && md.contains("java.lang.OutOfMemoryError"), md);
        assertTrue(md.contains("| transport | `dev.cohort.bench.TransportBenchmark` | not run (not selected) | – |"), md);
    }

    @Test
    void aSuiteLeftOutKeepsItsSectionFromAnEarlierRunMarkedAsSuch() throws IOException {
        Path out = dir.resolve("results");
        fakeSuiteFiles(out, "micro", "Micro benchmarks", List.of());
        List<RunAll.Outcome> outcomes = List.of(new RunAll.Outcome(suite("micro"), RunAll.Status.SKIPPED, 0, 0, List.of()));
        String md = RunAll.assemble(out, dir.resolve("RESULTS.md"), outcomes, MACHINE, "benchmarks/run-all --only macro",
                Instant.now(), Instant.now());
        assertTrue(md.contains("## Micro benchmarks"), md);
        assertTrue(md.contains("section from an earlier run"), md);
        assertTrue(md.contains("![chart](results/micro-chart.png)"), md);
        assertTrue(md.contains("No suite of this run measured a target."), md);
    }

    @Test
    @Timeout(120)
    void runningRecordsMissingClassesAndFailuresWritesTheReportAndExitsNonZero() throws Exception {
        Path out = dir.resolve("results");
        Path report = dir.resolve("RESULTS.md");
        List<List<String>> commands = new ArrayList<>();
        RunAll.Launcher launcher = (command, timeout) -> {
            commands.add(command);
            String main = command.get(command.indexOf("-cp") + 2);
            if (main.endsWith("TaskBench")) {
                return new RunAll.ChildResult(3, List.of("taskbench exploded", "at line 7"));
            }
            String name = main.endsWith("MacroBenchmark") ? "macro" : main.endsWith("LatencyBenchmark") ? "latency"
                    : main.endsWith("IoBenchmark") ? "io" : main.endsWith("OpMixBenchmark") ? "opmix"
                    : main.endsWith("SimulatorBenchmark") ? "simulator" : "profile";
            fakeSuiteFiles(Path.of(command.get(command.indexOf("--out") + 1)), name, name + " section",
                    List.of(name + " target,1.0,<= 2,x,true,"));
            return new RunAll.ChildResult(0, List.of());
        };
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RunAll r = RunAll.forTest(launcher, c -> !c.endsWith("MicroBenchmarks"), new PrintStream(log, true, StandardCharsets.UTF_8),
                "--out", out.toString(), "--report", report.toString(), "--quick", "--python", "none");
        int status = r.call();

        assertEquals(1, status, "a failed suite makes RunAll fail");
        assertEquals(7, commands.size(), "taskbench, macro, profile, latency, io, opmix and simulator ran; micro is missing; transport is not selected");
        for (List<String> c : commands) {
            assertTrue(c.contains("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"), c.toString());
            assertEquals(List.of("--out", out.toString(), "--quick"), c.subList(c.size() - 3, c.size()));
        }
        assertTrue(commands.get(1).contains("-Xmx4096m"), "macro's own JVM only draws the data; its Cohort runs have JVMs of their own");
        List<String> macro = commands.get(1);
        assertEquals(List.of("--python", "none", "--dask-python", "auto"), macro.subList(macro.indexOf("--python"), macro.indexOf("--python") + 4),
                "the macro suite gets the interpreters");
        assertFalse(commands.get(0).contains("--dask-python"), "only the macro suite");
        List<String> latency = commands.get(3);
        assertEquals(List.of("--python", "none", "--out"), latency.subList(latency.indexOf("--python"), latency.indexOf("--python") + 3),
                "the latency suite gets the NumPy interpreter only");
        assertTrue(latency.contains("-Xmx1024m"), "its own JVM only starts the children");
        List<String> io = commands.get(4);
        assertEquals("dev.cohort.bench.io.IoBenchmark", io.get(io.indexOf("-cp") + 2));
        assertEquals(List.of("--python", "none", "--out"), io.subList(io.indexOf("--python"), io.indexOf("--python") + 3),
                "the io suite gets the NumPy interpreter only");
        assertTrue(io.contains("-Xmx1024m"), "its Cohort runs have JVMs of their own");
        List<String> opmix = commands.get(5);
        assertEquals("dev.cohort.bench.opmix.OpMixBenchmark", opmix.get(opmix.indexOf("-cp") + 2));
        assertEquals(List.of("--python", "none", "--out"), opmix.subList(opmix.indexOf("--python"), opmix.indexOf("--python") + 3),
                "the opmix suite gets the NumPy interpreter only");
        assertTrue(opmix.contains("-Xmx1024m"), "its Cohort cases run in a JVM of their own");
        List<String> simulator = commands.get(6);
        assertEquals("dev.cohort.bench.simulator.SimulatorBenchmark", simulator.get(simulator.indexOf("-cp") + 2));
        assertFalse(simulator.contains("--python"), "the simulator suite runs no Python");
        String md = Files.readString(report);
        assertTrue(md.contains("| simulator | simulator target |"), md);
        assertTrue(md.contains("not run: class missing (`dev.cohort.bench.micro.MicroBenchmarks`"), md);
        assertTrue(md.contains("## taskbench: FAILED") && md.contains("taskbench exploded"), md);
        assertTrue(md.contains("| macro | macro target | 1.00 x | <= 2 | ✔ met |"), md);
        assertTrue(md.contains("| profile | profile target |"), md);
        assertTrue(md.contains("| latency | latency target |"), md);
        assertTrue(md.contains("| io | io target |"), md);
        assertTrue(md.contains("| opmix | opmix target |"), md);
        assertTrue(md.contains("`benchmarks/run-all --out " + out + " --report " + report + " --quick --python none`"), md);
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("failed suites: [taskbench]"), log.toString(StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(60)
    void onlyAndSkipChooseSuitesAndUnknownNamesAreRefused() throws Exception {
        List<String> mains = new ArrayList<>();
        RunAll.Launcher launcher = (command, timeout) -> {
            mains.add(command.get(command.indexOf("-cp") + 2));
            return new RunAll.ChildResult(0, List.of());
        };
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        String[] common = {"--out", dir.resolve("r").toString(), "--report", dir.resolve("R.md").toString(), "--python", "none"};
        RunAll.forTest(launcher, c -> true, quiet, concat(common, "--skip", "micro,taskbench", "--with-transport")).call();
        assertEquals(List.of("dev.cohort.bench.macro.MacroBenchmark", "dev.cohort.bench.Profile",
                "dev.cohort.bench.latency.LatencyBenchmark", "dev.cohort.bench.io.IoBenchmark", "dev.cohort.bench.opmix.OpMixBenchmark",
                "dev.cohort.bench.simulator.SimulatorBenchmark", "dev.cohort.bench.TransportBenchmark"), mains);
        mains.clear();
        assertEquals(0, RunAll.forTest(launcher, c -> true, quiet, concat(common, "--only", "transport")).call());
        assertEquals(List.of("dev.cohort.bench.TransportBenchmark"), mains);
        assertThrows(CommandLine.ParameterException.class,
                () -> RunAll.forTest(launcher, c -> true, quiet, concat(common, "--only", "macro,nonsense")).call());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void verdictsSayHowFarATargetIsMissed() {
        assertEquals("✔ met", RunAll.verdict("0.2", "<= 0.25", "true"));
        assertEquals("✘ missed by 4.00×", RunAll.verdict("1.0", "<= 0.25", "false"));
        assertEquals("✘ missed by 1.25×", RunAll.verdict("0.72", ">= 0.9", "false"));
        assertEquals("✘ missed by 2.00×", RunAll.verdict("40", "≤ 20", "false"));
        assertEquals("✘ not measured", RunAll.verdict("NaN", "<= 0.25", "false"));
        assertEquals("✘ not measured", RunAll.verdict("", "<= 0.25", "false"));
        assertEquals("✘ missed", RunAll.verdict("3", "as fast as possible", "false"));
        assertEquals("reported (no goal)", RunAll.verdict("1.7", "none (reported)", "false"));
        assertEquals("✘ not measured", RunAll.verdict("NaN", "none (reported)", "false"));
        assertEquals("not measured", RunAll.formatMeasured("NaN"));
        assertEquals("0.123", RunAll.formatMeasured("0.123456"));
    }

    @Test
    void csvLinesWithQuotesAndCommasSplitIntoCells() {
        assertEquals(List.of("a, b", "say \"hi\"", "", "x"), RunAll.parseCsvLine("\"a, b\",\"say \"\"hi\"\"\",,x"));
        List<String> cells = List.of("t,1", "0.5", "<= 1", "x", "true", "n\"o");
        assertEquals(cells, RunAll.parseCsvLine(Report.csvLine(cells)));
    }

    @Test
    void classesAreFoundInDirectoriesAndJarsOfTheClassPath() {
        List<Path> cp = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            cp.add(Path.of(e));
        }
        assertTrue(RunAll.classOnPath(RunAll.class.getName(), cp), "a class of target/classes");
        assertTrue(RunAll.classOnPath(CommandLine.class.getName(), cp), "a class in picocli's jar");
        assertFalse(RunAll.classOnPath("dev.cohort.bench.NoSuchSuite", cp));
        assertFalse(RunAll.classOnPath(RunAll.class.getName(), List.of()));
    }

    @Test
    void linksToPlainFileNamesAreRewritten() {
        assertEquals("![a](results/a.png) [b](results/b.csv) [c](http://x/c.png) [d](../d.png)",
                RunAll.rewriteLinks("![a](a.png) [b](b.csv) [c](http://x/c.png) [d](../d.png)", "results/"));
        assertEquals("![a](a.png)", RunAll.rewriteLinks("![a](a.png)", ""));
    }

    /** The profile suite's summarising helpers. */
    @Nested
    class ProfileSummary {
        @Test
        void samplesAreFiledUnderTheFirstCohortOrNd4jFrameFromTheTop() {
            assertEquals(Profile.KERNELS, Profile.category(List.of("java.util.Arrays", "dev.cohort.tasks.Loops", "dev.cohort.runtime.Worker"),
                    "java.util.Arrays.fill", false));
            assertEquals(Profile.RUNTIME, Profile.category(List.of("java.util.HashMap", "dev.cohort.runtime.FineStage"), "java.util.HashMap.get", false));
            assertEquals(Profile.ND4J, Profile.category(List.of("org.bytedeco.openblas.global.openblas", "dev.cohort.tasks.Nd4jGemm"),
                    "org.bytedeco.openblas.global.openblas.cblas_dgemm", true));
            assertEquals(Profile.WAITING, Profile.category(List.of("jdk.internal.misc.Unsafe", "dev.cohort.runtime.Worker"),
                    "jdk.internal.misc.Unsafe.park", true));
            assertEquals(Profile.RUNTIME, Profile.category(List.of("jdk.internal.misc.Unsafe", "dev.cohort.runtime.Worker"),
                    "jdk.internal.misc.Unsafe.park", false), "a Java sample is never 'waiting'");
            assertEquals(Profile.OTHER, Profile.category(List.of("java.lang.Thread"), "java.lang.Thread.run", false));
            assertEquals(Profile.NDARRAY, Profile.category(List.of("dev.cohort.ndarray.Elementwise"), "dev.cohort.ndarray.Elementwise.binary", false));
            assertEquals(Profile.PARTITIONER, Profile.category(List.of("dev.cohort.partitioner.Solver"), "x", false));
            assertEquals(Profile.TRANSPORT, Profile.category(List.of("dev.cohort.transport.LocalCommunicator"), "x", false));
            assertEquals(Profile.PROGRAM, Profile.category(List.of("dev.cohort.bench.macro.CohortWorkloads"), "x", false));
        }

        @Test
        void periodsThreadsAndSharesAreSummarised() {
            assertEquals(10.0, Profile.periodMillis("10 ms"));
            assertEquals(1000.0, Profile.periodMillis("1 s"));
            assertEquals(0.02, Profile.periodMillis("20 us"), 1e-12);
            assertEquals(null, Profile.periodMillis("everyChunk"));
            assertEquals("cohort-1-shard0-worker-N", Profile.threadGroup("cohort-1-shard0-worker-1"));
            assertEquals("main", Profile.threadGroup("main"));
            List<Profile.Share> s = Profile.shares(Map.of("a", 3L, "b", 1L), 4, Map.of("a", "kernels"));
            assertEquals("a", s.get(0).name());
            assertEquals(75.0, s.get(0).percent());
            assertEquals("kernels", s.get(0).category());
            assertEquals("", s.get(1).category());
        }

        @Test
        void everyWorkloadHasItsSizeRoundsAndTheMacroSuitesHeap() {
            Profile full = new Profile();
            new CommandLine(full).parseArgs();
            assertEquals(List.of(MacroBenchmark.Workload.logreg, MacroBenchmark.Workload.poisson, MacroBenchmark.Workload.dense), full.workloads);
            Profile.Spec logreg = full.spec(MacroBenchmark.Workload.logreg);
            assertEquals("1000000x32", logreg.size());
            assertEquals(new CohortWorkloads.Rounds(1, 6, 8), logreg.rounds());
            assertEquals(12288, logreg.xmxMiB());
            Profile.Spec poisson = full.spec(MacroBenchmark.Workload.poisson);
            assertEquals("3163", poisson.size());
            assertEquals(new CohortWorkloads.Rounds(3, 20, 1), poisson.rounds());
            assertEquals(12288, poisson.xmxMiB());
            assertEquals("4096", full.spec(MacroBenchmark.Workload.dense).size());

            Profile quick = new Profile();
            new CommandLine(quick).parseArgs("--quick", "--workloads", "dense,poisson", "--rounds", "3");
            assertEquals(List.of(MacroBenchmark.Workload.dense, MacroBenchmark.Workload.poisson), quick.workloads);
            assertEquals("100000x32", quick.spec(MacroBenchmark.Workload.logreg).size());
            assertEquals("1000", quick.spec(MacroBenchmark.Workload.poisson).size());
            Profile.Spec dense = quick.spec(MacroBenchmark.Workload.dense);
            assertEquals("2048", dense.size());
            assertEquals(3, dense.rounds().timed());
            assertEquals(4096, dense.xmxMiB(), "2048^2 float64 is 32 MiB");
            assertEquals("Dense CG (Jacobi) n=2048", dense.title());
        }

        private Profile.Analysis fakeAnalysis(String topMethod) {
            return new Profile.Analysis(2.0, 10, 300, 10,
                    List.of(new Profile.Share(Profile.KERNELS, 240, 80, ""), new Profile.Share(Profile.RUNTIME, 60, 20, "")),
                    List.of(new Profile.Share(topMethod, 200, 66.7, Profile.KERNELS + "; mostly from `x.Caller.run`")),
                    List.of(new Profile.Share("cohort-1-shard0-worker-N", 300, 100, "")),
                    List.of(new Profile.Share(Profile.WAITING, 10, 100, "")),
                    List.of(new Profile.Share("jdk.internal.misc.Unsafe.park", 10, 100, Profile.WAITING)),
                    3, 0.1, 4e8, List.of(Map.entry("dev.cohort.tasks.Loops.binaryD", 3e8)),
                    List.of(Map.entry("main", 1.5)));
        }

        @Test
        void everyWorkloadGetsItsSubsectionAndTaggedMeasurements() throws IOException {
            Profile.Spec logreg = new Profile.Spec(MacroBenchmark.Workload.logreg, 1000, 4, new CohortWorkloads.Rounds(1, 2, 8), 4096);
            Profile.Spec poisson = new Profile.Spec(MacroBenchmark.Workload.poisson, 10, 0, new CohortWorkloads.Rounds(1, 2, 1), 4096);
            Profile.Spec dense = new Profile.Spec(MacroBenchmark.Workload.dense, 16, 0, new CohortWorkloads.Rounds(1, 2, 1), 4096);
            Map<String, String> kv = Map.of("seconds_per_iteration", "0.5", "cpus", "2");
            SuiteOutput o = new SuiteOutput(dir, "profile");
            Profile.write(o, List.of(new Profile.Section(logreg, fakeAnalysis("dev.cohort.tasks.ReductionKernels.dot"), kv, null),
                    new Profile.Section(poisson, fakeAnalysis("dev.cohort.tasks.Loops.binaryD"), kv, null),
                    new Profile.Section(dense, null, Map.of(), "the profiled run exited with status 1")), 5);
            o.write();
            String md = Files.readString(dir.resolve("profile.md"));
            int l = md.indexOf("### Logistic regression 1000x4\n");
            int p = md.indexOf("### CG 2-D Poisson (Jacobi, slices) n=10\n");
            int d = md.indexOf("### Dense CG (Jacobi) n=16\n");
            assertTrue(l > 0 && p > l && d > p, md);
            assertTrue(md.indexOf("| Logistic regression 1000x4 | 0.500 | 2.0 | 75.0 | 5.0 | 5.0 | 15.0 | " + Profile.KERNELS + " (80 %) | "
                    + "`dev.cohort.tasks.ReductionKernels.dot` (67 %) |") < l, "the summary row comes first: " + md);
            assertTrue(md.contains("| Dense CG (Jacobi) n=16 | failed |"), md);
            String poissonPart = md.substring(p, d);
            assertTrue(poissonPart.contains("**Where the core-seconds of the window go**"), poissonPart);
            assertTrue(poissonPart.contains("| `dev.cohort.tasks.Loops.binaryD` | " + Profile.KERNELS + "; mostly from `x.Caller.run` | 200 | 66.7 |"), poissonPart);
            assertTrue(poissonPart.contains("| main | 1.50 | 75.0 |"), poissonPart);
            assertTrue(poissonPart.contains("| `dev.cohort.tasks.Loops.binaryD` | 300 | 75.0 |"), "allocation sites: " + poissonPart);
            assertTrue(md.substring(d).contains("The profiled run failed: the profiled run exited with status 1"), md);

            List<String> csv = Files.readAllLines(dir.resolve("profile.csv"));
            assertEquals(SuiteOutput.MEASUREMENT_HEADER, csv.get(0));
            assertTrue(csv.contains("profile,logreg,cohort-1shard-jfr,1000x4,seconds_per_iteration_median,0.500000,s"), csv.toString());
            assertTrue(csv.contains("profile,poisson,cohort-1shard-jfr,10,core_share:java,75.0000,%"), csv.toString());
            assertTrue(csv.contains("profile,poisson,cohort-1shard-jfr,10,wait_seconds:main,1.50000,s"), csv.toString());
            assertTrue(csv.contains("profile,dense,cohort-1shard-jfr,16,failed,1.00000,count"), csv.toString());
            assertEquals(csv.stream().filter(r -> r.startsWith("profile,logreg,")).count(),
                    csv.stream().filter(r -> r.startsWith("profile,poisson,")).count(), "the same rows for the same fake analysis");
        }

        @Test
        @Timeout(60)
        void aRecordingsWindowIsSummarisedWithItsWaits() throws Exception {
            Path jfr = dir.resolve("t.jfr");
            Instant from;
            Instant to;
            try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
                r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(10));
                r.enable("jdk.ThreadSleep").withThreshold(java.time.Duration.ofMillis(10));
                r.start();
                from = Instant.now();
                Thread sleeper = new Thread(() -> {
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "sleeper-1");
                sleeper.start();
                double acc = 0;
                long end = System.nanoTime() + 200_000_000L;
                while (System.nanoTime() < end) {
                    acc += Math.sqrt(acc + 1);
                }
                sleeper.join();
                to = Instant.now();
                r.stop();
                r.dump(jfr);
                assertTrue(acc > 0);
            }
            Profile.Analysis a = Profile.analyse(jfr, from, to);
            assertTrue(a.windowSeconds() >= 0.2, "window " + a.windowSeconds());
            assertEquals(10.0, a.javaPeriodMs());
            double slept = a.waitSecondsByThread().stream().filter(e -> e.getKey().equals("sleeper-N"))
                    .mapToDouble(Map.Entry::getValue).sum();
            assertTrue(slept >= 0.1 && slept <= a.windowSeconds(), "sleeper-N waited " + slept + " s: " + a.waitSecondsByThread());
        }
    }
}
