package dev.cohort.bench.taskbench;

import dev.cohort.bench.Report;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.RuntimeStats;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.transport.LocalCommunicator;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.region.FieldType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Task Bench DAG suite of the Parla paper (Table 3) on Cohort, with METG(50%) as Task Bench
 * defines it. For every pattern it sweeps the busy-loop kernel's iterations from about 10 ms of
 * work per task down to about 1 µs by a constant factor, times each whole graph (issue + execution,
 * after a warm-up), and computes efficiency against the bare kernel on every core measured in the
 * same run, task granularity and METG(50%). It also runs each graph with empty tasks (0 iterations)
 * to show the runtime's cost per point task. Writes {@link SuiteOutput} "taskbench" and a PNG chart.
 */
@Command(name = "taskbench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Task Bench DAGs (Parla Table 3) on Cohort: efficiency vs task granularity and METG(50%)."})
public final class TaskBench implements Callable<Integer> {
    static final List<Pattern> DEFAULT_PATTERNS = List.of(Pattern.TRIVIAL, Pattern.STENCIL, Pattern.SWEEP, Pattern.FFT,
            Pattern.TREE, Pattern.MAP_REDUCE, Pattern.CHOLESKY);

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/bench-results",
            description = "Directory for taskbench.csv, taskbench-targets.csv, taskbench.md and the chart (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "A coarser, shorter sweep (factor 4, 4 ms .. 1 µs, smaller graphs, 1 repeat).")
    boolean quick;

    @Option(names = "--patterns", split = ",", paramLabel = "P",
            description = "Patterns: trivial,stencil_1d,sweep,fft,tree,map_reduce,cholesky (default) and all_to_all.")
    List<String> patterns;

    @Option(names = "--width", paramLabel = "W", defaultValue = "0",
            description = "Tasks per step of the steps x width patterns and maps per round (default 0 = 2 x workers x shards).")
    int width;

    @Option(names = "--tree-width", paramLabel = "W", defaultValue = "64",
            description = "Nodes at the widest level of the scatter-reduction tree, a power of 2 (default: ${DEFAULT-VALUE}).")
    int treeWidth;

    @Option(names = "--cholesky-tiles", paramLabel = "T", defaultValue = "12",
            description = "Tiles per side of the Cholesky graph (default: ${DEFAULT-VALUE}; Parla uses 40).")
    int choleskyTiles;

    @Option(names = "--steps", paramLabel = "S", defaultValue = "1000",
            description = "Most time steps of one graph (Task Bench/Parla: 1,000); other patterns repeat up to S x width tasks (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--shards", paramLabel = "N", defaultValue = "1",
            description = "In-process shards (1 or 2); the workers of the machine are split between them (default: ${DEFAULT-VALUE}).")
    int shards;

    @Option(names = "--budget-ms", paramLabel = "MS", defaultValue = "0",
            description = "Kernel work of one graph, ms of all cores' time; graphs shrink to it at large task sizes (default 0 = 250, quick 60).")
    double budgetMs;

    @Option(names = "--repeats", paramLabel = "R", defaultValue = "0",
            description = "Timed runs of each graph; the fastest counts (default 0 = 2, quick 1).")
    int repeats;

    @Option(names = "--overhead-only", description = "Only the empty-task graphs (0 iterations), repeated --repeats times, "
            + "printed as µs per point task; no sweep, no files. For profiling the runtime's per-task cost.")
    boolean overheadOnly;

    @Option(names = "--determinism-checks", description = "Keep the runtime's control-determinism checks on (default: off, as for benchmarks).")
    boolean determinismChecks;

    private String loadStart = "n/a";
    private String loadEnd = "n/a";

    /** /proc/loadavg's first three fields, or n/a. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    /** One timed graph. */
    record Measurement(Pattern pattern, int width, long iterations, double nominalTaskUs, int units, long tasks,
                       long launches, double wallSeconds, double issueSeconds, long pointTasksRun) {
    }

    /** What one shard's program returns. */
    record ShardResult(List<Measurement> sweep, List<Measurement> empty, List<String> checks, List<Double> peaks) {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(new CommandLine(new TaskBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Pattern> chosen = new ArrayList<>();
        if (patterns == null || patterns.isEmpty()) {
            chosen.addAll(DEFAULT_PATTERNS);
        } else {
            for (String p : patterns) {
                chosen.add(Pattern.byName(p.trim()));
            }
        }
        if (shards < 1 || shards > 2) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--shards must be 1 or 2, got " + shards);
        }
        int processors = java.lang.Runtime.getRuntime().availableProcessors();
        int workersPerShard = Math.max(1, processors / shards);
        int cores = workersPerShard * shards;
        int w = width > 0 ? width : 2 * cores;
        double budget = (budgetMs > 0 ? budgetMs : quick ? 60 : 250) / 1e3;
        int reps = repeats > 0 ? repeats : quick ? 1 : 2;
        double factor = quick ? 4 : 2;
        double topUs = quick ? 4000 : 10_000;
        int maxSteps = quick ? Math.min(steps, 250) : steps;

        long started = System.nanoTime();
        loadStart = loadAverage();
        System.out.printf(Locale.ROOT, "Task Bench on Cohort: %d shard(s) x %d worker(s), %d processors, width %d, tree width %d, "
                + "Cholesky %dx%d tiles, at most %d steps, determinism checks %s%n", shards, workersPerShard, processors, w,
                treeWidth, choleskyTiles, choleskyTiles, maxSteps, determinismChecks ? "on" : "off");
        double nsPerIter = Peak.nanosPerIteration();
        double peakStart = Peak.iterationsPerSecond(cores, quick ? 0.3 : 0.6);
        System.out.printf(Locale.ROOT, "kernel: %.3f ns/iteration on one thread; peak %.1f M iterations/s on %d threads%n",
                nsPerIter, peakStart / 1e6, cores);

        List<Long> sweepIterations = new ArrayList<>();
        for (double us = topUs; us >= 0.9; us /= factor) {
            sweepIterations.add(Math.max(1, Math.round(us * 1e3 / nsPerIter)));
        }

        RuntimeConfig config = new RuntimeConfig().registry(TaskBenchTasks.registry()).cpus(workersPerShard)
                .determinismChecks(determinismChecks).blockingTimeout(Duration.ofSeconds(600));
        Plan plan = new Plan(chosen, w, treeWidth, choleskyTiles, maxSteps, budget, cores, nsPerIter,
                overheadOnly ? List.of() : sweepIterations, reps, sweepIterations.get(sweepIterations.size() - 1));
        List<ShardResult> results = ShardGroup.runShards(LocalCommunicator.create(shards), config, rt -> plan.run(rt));
        ShardResult r0 = results.get(0);
        if (overheadOnly) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("pattern", "tasks", "launches", "wall µs/task", "core µs/task", "issue µs/task"));
            for (Measurement m : r0.empty()) {
                rows.add(List.of(m.pattern().id(), Long.toString(m.tasks()), Long.toString(m.launches()),
                        Report.format(m.wallSeconds() * 1e6 / m.tasks(), 1), Report.format(m.wallSeconds() * 1e6 * cores / m.tasks(), 1),
                        Report.format(m.issueSeconds() * 1e6 / m.tasks(), 1)));
            }
            System.out.print(Report.table(rows));
            return 0;
        }
        double peakEnd = Peak.iterationsPerSecond(cores, quick ? 0.3 : 0.6);
        double peak = Math.max(peakStart, peakEnd);
        for (double p : r0.peaks()) {
            peak = Math.max(peak, p);
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        loadEnd = loadAverage();
        for (String c : r0.checks()) {
            System.out.println(c);
        }
        System.out.printf(Locale.ROOT, "peak at the end: %.1f M iterations/s; peak used: %.1f M/s%n", peakEnd / 1e6, peak / 1e6);
        Summary summary = summarize(r0, chosen, peak, cores);
        System.out.print(summary.text());
        write(summary, r0, chosen, peakStart, peakEnd, peak, nsPerIter, cores, workersPerShard, processors, w, elapsed, reps,
                budget, factor, maxSteps);
        System.out.printf(Locale.ROOT, "wrote %s (%.0f s)%n", out.toAbsolutePath(), elapsed);
        return 0;
    }

    // ------------------------------------------------------------------ the replicated program

    /** The replicated program: checks, warm-up, sweeps; every shard runs it, shard 0's timings are reported. */
    record Plan(List<Pattern> patterns, int width, int treeWidth, int choleskyTiles, int maxSteps, double budgetSeconds,
                int cores, double nsPerIteration, List<Long> sweepIterations, int repeats, long finest) {

        int widthOf(Pattern p) {
            return switch (p) {
                case TREE -> treeWidth;
                case CHOLESKY -> choleskyTiles;
                default -> width;
            };
        }

        /** Units of one graph: enough for {@code budgetSeconds} of kernel work on all cores, within the pattern's bounds. */
        int unitsFor(Pattern p, long iterations) {
            int w = widthOf(p);
            long perUnit = Math.max(1, p.tasks(w, 1));
            if (p == Pattern.SWEEP) {
                perUnit = w;
            }
            long maxTasks = (long) maxSteps * width;
            int min = switch (p) {
                case SWEEP -> 2 * w;
                case TREE, MAP_REDUCE, CHOLESKY -> 1;
                default -> 4;
            };
            int max = switch (p) {
                case TREE, CHOLESKY -> (int) Math.max(1, maxTasks / perUnit);
                default -> maxSteps;
            };
            double taskSeconds = iterations * nsPerIteration * 1e-9;
            double want = taskSeconds <= 0 ? Double.MAX_VALUE : budgetSeconds * cores / (perUnit * taskSeconds);
            long u = (long) Math.ceil(Math.min(want, 1e9));
            return (int) Math.max(min, Math.min(max, u));
        }

        ShardResult run(Runtime rt) {
            List<String> checks = new ArrayList<>();
            // 1. each pattern's values against the sequential evaluation, on this runtime
            for (Pattern p : patterns) {
                int w = widthOf(p);
                int u = p == Pattern.SWEEP ? 3 * w : p == Pattern.CHOLESKY || p == Pattern.TREE ? 1 : 6;
                Map<String, long[]> want = p.reference(w, u, 16);
                String diff = GraphRun.firstDifference(want, GraphRun.runAndRead(rt, p, w, u, 16));
                if (diff != null) {
                    throw new IllegalStateException(p.id() + ": the runtime's result differs from the sequential evaluation: " + diff);
                }
                checks.add(String.format(Locale.ROOT, "check %-10s width %d x %d units: %d tasks equal to the sequential evaluation",
                        p.id(), w, u, p.tasks(w, u)));
            }
            // 2. warm-up: every pattern at the finest size, so the runtime's and the kernel's code is compiled
            for (int k = 0; k < 2; k++) {
                for (Pattern p : patterns) {
                    time(rt, p, finest, unitsFor(p, finest));
                    time(rt, p, 0, unitsFor(p, finest));
                }
            }
            // 3. the sweeps, and the same graphs with empty tasks
            List<Measurement> sweep = new ArrayList<>();
            List<Measurement> empty = new ArrayList<>();
            List<Double> peaks = new ArrayList<>();
            for (Pattern p : patterns) {
                peaks.add(peakBetween(rt));
                for (long it : sweepIterations) {
                    sweep.add(best(rt, p, it, unitsFor(p, it)));
                    if (rt.shard() == 0) {
                        Measurement m = sweep.get(sweep.size() - 1);
                        System.out.printf(Locale.ROOT, "  %-10s %9.1f µs/task nominal: %6d tasks in %8.4f s%n", p.id(),
                                m.nominalTaskUs(), m.tasks(), m.wallSeconds());
                    }
                }
                empty.add(best(rt, p, 0, unitsFor(p, finest)));
            }
            peaks.add(peakBetween(rt));
            return new ShardResult(sweep, empty, checks, peaks);
        }

        Measurement best(Runtime rt, Pattern p, long iterations, int units) {
            Measurement best = null;
            for (int r = 0; r < repeats; r++) {
                Measurement m = time(rt, p, iterations, units);
                if (best == null || m.wallSeconds() < best.wallSeconds()) {
                    best = m;
                }
            }
            return best;
        }

        Measurement time(Runtime rt, Pattern p, long iterations, int units) {
            int w = widthOf(p);
            rt.sync();
            barrier(rt);
            long before = rt.stats().pointTasks();
            long t0 = System.nanoTime();
            GraphIssuer g = new GraphIssuer(rt, iterations, false);
            p.issue(g, w, units);
            long t1 = System.nanoTime();
            rt.sync();
            barrier(rt);
            long t2 = System.nanoTime();
            RuntimeStats after = rt.stats();
            return new Measurement(p, w, iterations, iterations * nsPerIteration / 1e3, units, g.tasks(), g.launches(),
                    (t2 - t0) / 1e9, (t1 - t0) / 1e9, after.pointTasks() - before);
        }

        /**
         * The bare kernel's rate on every core, measured by shard 0 while the runtime is idle (all shards wait
         * at a barrier): on a shared machine the peak is measured again before every pattern and the largest
         * measurement counts, so efficiency is never flattered by a peak taken in a busy moment.
         */
        double peakBetween(Runtime rt) {
            rt.sync();
            barrier(rt);
            double v = 0;
            if (rt.shard() == 0) {
                try {
                    v = Peak.iterationsPerSecond(cores, 0.3);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted measuring the peak", e);
                }
            }
            barrier(rt);
            return v;
        }

        /** With several shards: a launch with one point per shard whose future every shard reads. */
        static void barrier(Runtime rt) {
            if (rt.shards() == 1) {
                return;
            }
            rt.execute(GroupLaunch.builder(TaskBenchTasks.BARRIER, Rect.ofExtents(rt.shards()))
                    .reduceResult(ReductionOp.SUM, FieldType.INT64).build()).getLong();
        }
    }

    // ------------------------------------------------------------------ results

    record PatternSummary(Pattern pattern, List<Measurement> measured, List<Metg.Point> points, Metg.Result metg, double bestEfficiency,
                          Measurement emptyRun, double emptyWallUsPerTask, double emptyCoreUsPerTask, double emptyIssueUsPerTask,
                          Measurement finest, double finestOverheadUs) {
    }

    record Summary(Map<Pattern, PatternSummary> patterns, String text) {
    }

    static Summary summarize(ShardResult r, List<Pattern> chosen, double peak, int cores) {
        Map<Pattern, PatternSummary> map = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("pattern", "task µs", "tasks", "wall s", "efficiency", "granularity µs"));
        for (Pattern p : chosen) {
            List<Metg.Point> pts = new ArrayList<>();
            List<Measurement> measured = new ArrayList<>();
            double bestEff = 0;
            Measurement finest = null;
            for (Measurement m : r.sweep()) {
                if (m.pattern() != p) {
                    continue;
                }
                double e = Metg.efficiency(m.tasks(), m.iterations(), m.wallSeconds(), peak);
                double g = Metg.granularityUs(m.wallSeconds(), cores, m.tasks());
                pts.add(new Metg.Point(g, e));
                measured.add(m);
                bestEff = Math.max(bestEff, e);
                finest = m;
                rows.add(List.of(p.id(), Report.format(m.nominalTaskUs(), 1), Long.toString(m.tasks()),
                        Report.format(m.wallSeconds(), 4), Report.format(e, 3), Report.format(g, 1)));
            }
            Measurement em = null;
            for (Measurement m : r.empty()) {
                if (m.pattern() == p) {
                    em = m;
                }
            }
            double wallPer = em.wallSeconds() * 1e6 / em.tasks();
            double corePer = wallPer * cores;
            double issuePer = em.issueSeconds() * 1e6 / em.tasks();
            double finestG = Metg.granularityUs(finest.wallSeconds(), cores, finest.tasks());
            map.put(p, new PatternSummary(p, measured, pts, Metg.metg(pts, 0.5), bestEff, em, wallPer, corePer, issuePer, finest,
                    finestG - finest.nominalTaskUs()));
        }
        text.append(Report.table(rows)).append('\n');
        List<List<String>> sum = new ArrayList<>();
        sum.add(List.of("pattern", "METG(50%) µs", "best eff.", "empty tasks: wall µs/task", "core µs/task", "issue µs/task",
                "overhead µs/task at finest"));
        for (PatternSummary s : map.values()) {
            sum.add(List.of(s.pattern().id(), s.metg().format(), Report.format(s.bestEfficiency(), 3),
                    Report.format(s.emptyWallUsPerTask(), 1), Report.format(s.emptyCoreUsPerTask(), 1),
                    Report.format(s.emptyIssueUsPerTask(), 1), Report.format(s.finestOverheadUs(), 1)));
        }
        text.append(Report.table(sum)).append('\n');
        return new Summary(map, text.toString());
    }

    private void write(Summary summary, ShardResult r, List<Pattern> chosen, double peakStart, double peakEnd, double peak,
                       double nsPerIter, int cores, int workersPerShard, int processors, int w, double elapsed, int reps,
                       double budget, double factor, int maxSteps) throws IOException {
        SuiteOutput so = new SuiteOutput(out, "taskbench");
        String variant = "cohort-" + shards + (shards == 1 ? "shard" : "shards");
        so.measurement("peak", "bare-kernel", cores + "threads", "iterations_per_second", peak, "1/s");
        so.measurement("peak", "bare-kernel", "1thread", "ns_per_iteration", nsPerIter, "ns");
        for (Measurement m : r.sweep()) {
            String size = "width=" + m.width() + ";units=" + m.units() + ";iterations=" + m.iterations();
            String b = m.pattern().id();
            double e = Metg.efficiency(m.tasks(), m.iterations(), m.wallSeconds(), peak);
            so.measurement(b, variant, size, "task_us_nominal", m.nominalTaskUs(), "us");
            so.measurement(b, variant, size, "tasks", m.tasks(), "tasks");
            so.measurement(b, variant, size, "wall", m.wallSeconds(), "s");
            so.measurement(b, variant, size, "efficiency", e, "ratio");
            so.measurement(b, variant, size, "granularity", Metg.granularityUs(m.wallSeconds(), cores, m.tasks()), "us");
        }
        for (PatternSummary s : summary.patterns().values()) {
            String b = s.pattern().id();
            Measurement em = s.emptyRun();
            String size = "width=" + em.width() + ";units=" + em.units() + ";iterations=0";
            so.measurement(b, variant, "sweep", "metg50", s.metg().us(), "us");
            so.measurement(b, variant, size, "empty_task_wall_per_task", s.emptyWallUsPerTask(), "us");
            so.measurement(b, variant, size, "empty_task_core_time_per_task", s.emptyCoreUsPerTask(), "us");
            so.measurement(b, variant, size, "empty_task_issue_per_task", s.emptyIssueUsPerTask(), "us");
        }
        PatternSummary stencil = summary.patterns().get(Pattern.STENCIL);
        if (stencil != null) {
            boolean met = stencil.metg().kind() != Metg.Result.Kind.ABOVE && stencil.metg().us() <= 20;
            so.target("Task Bench stencil METG(50%)", stencil.metg().us(), "<= 20", "us", met,
                    String.format(Locale.ROOT, "%s µs (%s); empty tasks cost %.1f µs of core time each (%.1f µs of it issuing); %d shard(s), width %d",
                            stencil.metg().format(), stencil.metg().kind().name().toLowerCase(Locale.ROOT),
                            stencil.emptyCoreUsPerTask(), stencil.emptyIssueUsPerTask(), shards, w));
        }
        String chart = "taskbench-efficiency" + (shards == 1 ? "" : "-" + shards + "shards") + ".png";
        Files.createDirectories(out);
        chart(summary, out.resolve(chart));
        so.md(markdown(summary, chosen, chart, peakStart, peakEnd, peak, nsPerIter, cores, workersPerShard, processors, w,
                elapsed, reps, budget, factor, maxSteps, r.checks()));
        so.write();
    }

    private String markdown(Summary summary, List<Pattern> chosen, String chart, double peakStart, double peakEnd, double peak,
                            double nsPerIter, int cores, int workersPerShard, int processors, int w, double elapsed, int reps,
                            double budget, double factor, int maxSteps, List<String> checks) {
        StringBuilder md = new StringBuilder();
        md.append("## Task Bench DAGs (Parla Table 3): METG(50%)\n\n");
        md.append(String.format(Locale.ROOT, "%s, %d processors (%s), Java %s; %d in-process shard(s) x %d worker thread(s); "
                        + "control-determinism checks %s; run of %s, %.0f s%s.%n%n",
                System.getProperty("os.name"), processors, cpuModel(), System.getProperty("java.version"), shards, workersPerShard,
                determinismChecks ? "on" : "off", LocalDate.now(), elapsed, quick ? " (--quick)" : ""));
        md.append(String.format(Locale.ROOT, "Load average at the start and the end: %s / %s (a shared machine: other "
                + "processes' load lowers efficiency and makes single points noisy).%n%n", loadStart, loadEnd));
        md.append("| pattern | Parla Table 3 | graph here | METG(50%) µs | best efficiency | empty task: core µs/task | of which issue µs/task | overhead µs/task at the finest size |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        for (PatternSummary s : summary.patterns().values()) {
            Pattern p = s.pattern();
            md.append("| ").append(p.id()).append(" | ").append(parla(p)).append(" | ").append(shapeHere(p, s.emptyRun()))
                    .append(" | ").append(s.metg().format()).append(" | ").append(Report.format(s.bestEfficiency(), 2))
                    .append(" | ").append(Report.format(s.emptyCoreUsPerTask(), 1))
                    .append(" | ").append(Report.format(s.emptyIssueUsPerTask(), 1))
                    .append(" | ").append(Report.format(s.finestOverheadUs(), 1)).append(" |\n");
        }
        md.append("\n");
        PatternSummary st = summary.patterns().get(Pattern.STENCIL);
        if (st != null) {
            boolean met = st.metg().kind() != Metg.Result.Kind.ABOVE && st.metg().us() <= 20;
            md.append(String.format(Locale.ROOT, "**Target** (issue 5): Task Bench stencil METG(50%%) ≤ 20 µs — measured %s µs: **%s**.%n%n",
                    st.metg().format(), met ? "met" : "missed"));
        }
        md.append("Reference systems: Parla's Table 3 gives the DAG shapes only, no METG. For scale: Parla §5.2 measures about 150 µs ")
                .append("of end-to-end overhead per task for CyRun (map-reduce, 15 workers, 16 ms tasks); Task Bench (Slaughter et al., ")
                .append("SC'20) finds 100 µs the finest granularity any of 15 systems runs efficiently at scale (256 Cori nodes); ")
                .append("issue 5 puts efficient systems at 5–100 µs.\n\n");
        md.append("![efficiency vs task granularity](").append(chart).append(")\n\n");
        // the sweep as one table: efficiency per nominal task duration and pattern
        md.append("Efficiency by nominal task duration (kernel time of one task on one core):\n\n| task µs |");
        for (Pattern p : chosen) {
            md.append(' ').append(p.id()).append(" |");
        }
        md.append("\n|---:|");
        md.append("---:|".repeat(chosen.size()));
        md.append('\n');
        Map<Long, Map<Pattern, String>> byIter = new LinkedHashMap<>();
        for (PatternSummary s : summary.patterns().values()) {
            for (int k = 0; k < s.points().size(); k++) {
                Metg.Point pt = s.points().get(k);
                long it = s.measured().get(k).iterations();
                byIter.computeIfAbsent(it, x -> new LinkedHashMap<>()).put(s.pattern(),
                        String.format(Locale.ROOT, "%.2f (%s µs)", pt.efficiency(), fmtUs(pt.granularityUs())));
            }
        }
        for (Map.Entry<Long, Map<Pattern, String>> e : byIter.entrySet()) {
            md.append("| ").append(fmtUs(e.getKey() * nsPerIter / 1e3)).append(" |");
            for (Pattern p : chosen) {
                md.append(' ').append(e.getValue().getOrDefault(p, "")).append(" |");
            }
            md.append('\n');
        }
        md.append("\nEach cell: efficiency (granularity = wall time × cores / tasks).\n\n");
        md.append("### How it measures\n\n");
        md.append(String.format(Locale.ROOT,
                "- **Kernel**: Task Bench's compute-bound busy loop — `Kernel.run(iterations, seed)`, a chain of dependent 64-bit "
                        + "multiply-adds (%.3f ns per iteration on one thread here) whose result is the task's output, so it cannot be "
                        + "skipped. Every task is one point task of a group launch of `taskbench.point`.%n", nsPerIter));
        md.append(String.format(Locale.ROOT,
                "- **Peak**: the same kernel on %d plain threads, no runtime, for 0.3–0.6 s: at the start (%.1f M iterations/s), "
                        + "before each pattern's sweep while the runtime idles, and at the end (%.1f M/s); the largest, %.1f M/s, "
                        + "is the peak (on a shared machine a peak taken in a busy moment would flatter efficiency).%n",
                cores, peakStart / 1e6, peakEnd / 1e6, peak / 1e6));
        md.append("- **Efficiency** = tasks × iterations / wall time / peak. **Task granularity** = wall time × cores / tasks. "
                + "**METG(50%)** (Task Bench): the smallest granularity at which efficiency is still ≥ 50%: the finest sweep point "
                + "with efficiency ≥ 50% and the next finer one (below 50%) are interpolated linearly in efficiency against "
                + "log(granularity). `<= x`: even the finest point was at least 50% efficient; `> x`: no point was.\n");
        md.append(String.format(Locale.ROOT,
                "- **Sweep**: nominal task durations from %s µs down to about 1 µs, each a factor %.0f below the last. Graphs "
                        + "are sized so one holds about %.0f ms of kernel work on all cores (at least 4 steps, 2 × width for sweep, "
                        + "one tree / round / factorization; at most %d steps, or %d × width tasks for tree and Cholesky). Each "
                        + "graph is timed from the first launch issued to the end of `Runtime.sync()` (with 2 shards, between two "
                        + "barrier launches whose future every shard reads); fastest of %d runs, after a warm-up of every pattern at "
                        + "the finest size, twice, with and without work.%n",
                fmtUs(topUs(summary)), factor, budget * 1e3, maxSteps, maxSteps, reps));
        md.append("- **Empty tasks**: the finest graph again with 0 iterations: its wall time per task, its core time per task "
                + "(wall × cores / tasks: the runtime's cost of one point task when nothing else runs), and the part spent "
                + "issuing (the program thread's time in `Runtime.execute`: determinism hash, coarse and fine analysis). "
                + "'Overhead at the finest size' = granularity − nominal task duration at the smallest sweep point.\n");
        md.append("- **Checks**: before timing, each pattern's graph runs with every store kept and each task's value "
                + "(a hash of the task's identity and of every value it read, through the kernel) is compared with a plain "
                + "sequential Java evaluation of the pattern's definition; the unit test `PatternDependencesTest` does the same "
                + "on 1 and 2 shards.\n\n");
        md.append("### How each pattern is expressed\n\n");
        md.append("One INT64 store per step (per tree level, per round; four per factorization), one element per task; a point "
                + "writes its element through `Tiling(1)` and reads exactly its dependences, so the runtime's analysis derives "
                + "every edge. Stores are created per step and deleted after their last reader is issued.\n\n");
        md.append("- **trivial**: one launch per step, no inputs.\n");
        md.append("- **stencil_1d**: one launch per step; the previous store through `Tiling(1)` with halo 1: [i−1, i+1] clipped.\n");
        md.append("- **sweep** (Task Bench `dom`): a launch over the step's points [offset, offset + width); inputs `Tiling(1)` "
                + "shifted by −1 and unshifted. Where a point's i or i−1 is not a task of the previous step (the band's edges), "
                + "the step is split into runs of points with the same inputs: 1–2 launches per step.\n");
        md.append("- **fft**: one launch per step, three inputs `Tiling(1)` shifted by −2^k, 0, +2^k; a partner outside the width "
                + "is a colour outside the store, an empty piece: no dependence.\n");
        md.append("- **tree** (Parla scatter-reduction): level l is stored bit-reversed, node n at position bitrev_l(n); then "
                + "the children of the parent at position p sit at p and p + 2^(l−1), so scatter levels are two launches "
                + "(`shift(0)` and `shift(2^(l−1))` outputs, parent read unshifted) and reduction levels one launch reading "
                + "`shift(0)` and `shift(2^l)`. A projection cannot halve a point (i → i/2), hence the layout.\n");
        md.append("- **map_reduce** (Parla fan-out/fan-in rather than Task Bench `all_to_all`, because it is the Parla table's DAG "
                + "and its W+1 edges per round isolate the cost of a global join): maps read the last reduce through a constant "
                + "projection; the reduce is a one-point launch reading the whole map store as one tile. `all_to_all` is "
                + "available with `--patterns all_to_all`.\n");
        md.append("- **cholesky**: per k, one-point POTRF, one TRSM launch over the column, one SYRK launch, and one GEMM launch "
                + "per column j (a launch domain is a rectangle, the GEMMs of a k a triangle). Diagonal tiles live in their own "
                + "store (a projection cannot map i to (i, i)) and factored tiles in another (a launch may not read and write "
                + "one store through different projections). Updates are READ_WRITE; repeats are independent factorizations.\n\n");
        md.append("Checks of this run:\n\n");
        for (String c : checks) {
            md.append("- ").append(c).append('\n');
        }
        return md.toString();
    }

    private static double topUs(Summary summary) {
        double top = 0;
        for (PatternSummary s : summary.patterns().values()) {
            for (Measurement m : s.measured()) {
                top = Math.max(top, m.nominalTaskUs());
            }
        }
        return top;
    }

    private static String fmtUs(double us) {
        return us >= 100 ? String.format(Locale.ROOT, "%.0f", us) : String.format(Locale.ROOT, "%.1f", us);
    }

    private static String parla(Pattern p) {
        return switch (p) {
            case TRIVIAL -> "Independent: 1,000 tasks";
            case STENCIL -> "32 wide, 1,000 deep";
            case SWEEP -> "32 wide, 1,000 deep";
            case FFT -> "257 wide, 9 steps";
            case TREE -> "256 nodes at the widest point";
            case MAP_REDUCE -> "500 + 500m tasks (m workers)";
            case CHOLESKY -> "40 × 40 blocks";
            case ALL_TO_ALL -> "—";
        };
    }

    private static String shapeHere(Pattern p, Measurement m) {
        return switch (p) {
            case TREE -> m.width() + " nodes at the widest, ≤ " + m.units() + " trees";
            case CHOLESKY -> m.width() + " × " + m.width() + " tiles, ≤ " + m.units() + " factorizations";
            case MAP_REDUCE -> m.width() + " maps, ≤ " + m.units() + " rounds";
            default -> m.width() + " wide, ≤ " + m.units() + " deep";
        };
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    static void chart(Summary summary, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560).title("Task Bench on Cohort: efficiency vs task granularity")
                .xAxisTitle("task granularity (µs) = wall × cores / tasks").yAxisTitle("efficiency").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.05);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        double gMin = Double.MAX_VALUE;
        double gMax = 0;
        for (PatternSummary s : summary.patterns().values()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Metg.Point p : s.points()) {
                x.add(p.granularityUs());
                y.add(p.efficiency());
                gMin = Math.min(gMin, p.granularityUs());
                gMax = Math.max(gMax, p.granularityUs());
            }
            XYSeries series = chart.addSeries(s.pattern().id() + " (METG " + s.metg().format() + " µs)", x, y);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        if (gMax > 0) {
            XYSeries half = chart.addSeries("50%", List.of(gMin, gMax), List.of(0.5, 0.5));
            half.setMarker(SeriesMarkers.NONE);
            half.setLineStyle(SeriesLines.DASH_DASH);
            half.setLineColor(java.awt.Color.GRAY);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
