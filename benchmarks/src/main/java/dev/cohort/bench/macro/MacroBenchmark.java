package dev.cohort.bench.macro;

import dev.cohort.bench.Charts;
import dev.cohort.bench.Report;
import dev.cohort.bench.Stats;
import dev.cohort.bench.SuiteOutput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * Macro benchmarks (issue 5): logistic regression and Jacobi-preconditioned CG (2-D Poisson with slices, dense) at
 * several sizes, run by Cohort (1 shard with every core as a worker, and 2 in-process shards of one worker each) and
 * by NumPy (and Dask when it imports) on the same data in the same run, printed side by side in seconds per
 * iteration with the ratio Cohort / NumPy.
 *
 * <p><b>What is measured.</b> Each system runs the same loop (see {@link CohortWorkloads} and
 * {@code benchmarks/python/*.py}) from the same start: warm-up rounds, then timed rounds; a round is 8 gradient steps
 * (logistic regression: the example waits for w every 8) or 1 CG iteration (the example fetches the residual norm
 * every iteration), and its sample is its wall time / its iterations. Reported: median and minimum of the samples,
 * seconds per iteration; ratio = Cohort median / NumPy median (lower is better; 0.25 means 4x faster than NumPy).
 * Checksums after all iterations (log-loss and sum(w); residual and sum(x)) must agree with NumPy's to a relative
 * 1e-6 (absolute 1e-9), or the table says they do not.
 *
 * <p>Writes {@link SuiteOutput} {@code macro} ({@code macro.csv}, {@code macro-targets.csv}, {@code macro.md}) and
 * {@code macro-<workload>.png} into {@code --out}.
 */
@Command(name = "macro", mixinStandardHelpOptions = true,
        description = "Logistic regression and CG on Cohort beside NumPy (and Dask) on the same data, s/iteration and ratios.")
public final class MacroBenchmark implements Callable<Integer> {
    /** Relative and absolute tolerance of the checksum comparison. */
    static final double RTOL = 1e-6;
    static final double ATOL = 1e-9;
    /** Gradient steps per logistic-regression round (the example's RUN_AHEAD). */
    static final int LOGREG_ROUND = 8;
    static final double LR = 0.1;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/results",
            description = "Directory for macro.csv, macro-targets.csv, macro.md and the charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "Small sizes only, fewer rounds (about a minute).")
    boolean quick;

    @Option(names = "--sizes", split = ",", paramLabel = "WORKLOAD:SIZE",
            description = "Cases to run, e.g. logreg:1000000x32,poisson:3163,dense:4096 (default: every size of the mode).")
    List<String> sizes;

    @Option(names = "--iterations", paramLabel = "K",
            description = "Timed rounds per system and case (default: logreg 5, poisson 20, dense 25; --quick 3, 8, 10).")
    Integer iterations;

    @Option(names = "--warmup", paramLabel = "K",
            description = "Untimed rounds before them (default: logreg 1, CG 3; --quick 1, 2).")
    Integer warmup;

    @Option(names = "--python", paramLabel = "CMD", defaultValue = "python3",
            description = "Python interpreter for the NumPy/Dask references, or 'none' (default: ${DEFAULT-VALUE}).")
    String python;

    @Option(names = "--scripts", paramLabel = "DIR", description = "Directory of the reference scripts (default: benchmarks/python).")
    Path scripts;

    @Option(names = "--shards", split = ",", paramLabel = "S", defaultValue = "1,2",
            description = "Cohort in-process shard counts (default: ${DEFAULT-VALUE}); each shard gets cores / shards workers.")
    List<Integer> shards;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the data (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--python-timeout-s", defaultValue = "900", description = "Limit per reference run (default: ${DEFAULT-VALUE}).")
    long pythonTimeoutS;

    /** The workloads. */
    public enum Workload {
        logreg("logistic regression", "rows x features"),
        poisson("CG 2-D Poisson (Jacobi, slices)", "grid side n (n^2 unknowns)"),
        dense("dense CG (Jacobi)", "matrix order n");

        final String title;
        final String sizeMeaning;

        Workload(String title, String sizeMeaning) {
            this.title = title;
            this.sizeMeaning = sizeMeaning;
        }
    }

    /** One workload at one size: {@code rows x cols} for logreg, {@code n} (in {@code rows}) for the CGs. */
    public record Case(Workload workload, long rows, int cols) {
        /** Parses {@code logreg:1000000x32}, {@code poisson:3163}, {@code dense:4096}. */
        public static Case parse(String text) {
            String[] parts = text.strip().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected WORKLOAD:SIZE, got '" + text + "'");
            }
            Workload w;
            try {
                w = Workload.valueOf(parts[0].strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown workload '" + parts[0] + "' (logreg, poisson, dense)");
            }
            String size = parts[1].strip().toLowerCase(Locale.ROOT);
            try {
                if (w == Workload.logreg) {
                    String[] rc = size.split("x");
                    if (rc.length != 2) {
                        throw new IllegalArgumentException("logreg size is ROWSxFEATURES, got '" + parts[1] + "'");
                    }
                    return new Case(w, (long) Double.parseDouble(rc[0]), Integer.parseInt(rc[1]));
                }
                return new Case(w, (long) Double.parseDouble(size), 0);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad size '" + parts[1] + "' in '" + text + "'");
            }
        }

        public Case {
            if (rows < 1 || workload == Workload.logreg && cols < 1) {
                throw new IllegalArgumentException("sizes must be positive");
            }
        }

        /** {@code 1000000x32} or {@code 3163}. */
        public String size() {
            return workload == Workload.logreg ? rows + "x" + cols : Long.toString(rows);
        }

        @Override
        public String toString() {
            return workload + ":" + size();
        }
    }

    /** Cases of a full run. */
    static final List<String> FULL = List.of("logreg:100000x32", "logreg:1000000x32", "poisson:1000", "poisson:3163",
            "dense:2048", "dense:4096");
    /** Cases of a quick run. */
    static final List<String> QUICK = List.of("logreg:100000x32", "poisson:1000", "dense:2048");

    /**
     * One system's result on one case.
     *
     * @param system  {@code numpy}, {@code dask}, {@code cohort-1shard}, {@code cohort-2shards}
     * @param samples seconds per iteration of the timed rounds (empty when it failed or did not run)
     * @param checks  checksums by name
     * @param error   why there are no samples, else null
     */
    public record Measured(Case c, String system, double[] samples, Map<String, Double> checks, String error) {
        public boolean ok() {
            return error == null && samples.length > 0;
        }

        public double median() {
            return ok() ? Stats.median(samples) : Double.NaN;
        }

        public double min() {
            return ok() ? Arrays.stream(samples).min().orElse(Double.NaN) : Double.NaN;
        }
    }

    /** An issue-5 target of this suite: Cohort / NumPy at one case must be at most {@code goal}. */
    record Target(String name, String caseText, double goal) {
    }

    static final List<Target> TARGETS = List.of(
            new Target("logistic regression 1e6x32, Cohort / NumPy s/iteration", "logreg:1000000x32", 0.25),
            new Target("CG 2-D Poisson n=3163 (1e7 unknowns), Cohort / NumPy s/iteration", "poisson:3163", 0.3),
            new Target("dense CG n=4096, Cohort / NumPy s/iteration", "dense:4096", 0.8));

    public static void main(String[] args) {
        System.exit(new CommandLine(new MacroBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Case> cases = new ArrayList<>();
        for (String s : sizes != null ? sizes : quick ? QUICK : FULL) {
            cases.add(Case.parse(s));
        }
        for (int s : shards) {
            if (s < 1) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--shards must be >= 1, got " + s);
            }
        }
        PythonRunner py = null;
        PythonRunner.Probe probe;
        if ("none".equals(python)) {
            probe = new PythonRunner.Probe(false, null, null, "--python none", null, null, "--python none");
        } else {
            py = new PythonRunner(python, scripts != null ? scripts.toAbsolutePath() : PythonRunner.defaultScripts());
            probe = py.probe();
        }
        log("reference: " + probe.describe());
        long start = System.nanoTime();
        List<Measured> results = new ArrayList<>();
        for (Case c : cases) {
            results.addAll(runCase(c, py, probe));
            System.gc();
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        SuiteOutput output = new SuiteOutput(out, "macro");
        write(output, cases, results, probe, minutes);
        output.write();
        System.out.print(textTable(cases, results));
        log("wrote " + out.resolve("macro.md") + " (" + String.format(Locale.ROOT, "%.1f", minutes) + " min)");
        return 0;
    }

    private CohortWorkloads.Rounds rounds(Workload w) {
        int timed = iterations != null ? iterations
                : switch (w) {
                    case logreg -> quick ? 3 : 5;
                    case poisson -> quick ? 8 : 20;
                    case dense -> quick ? 10 : 25;
                };
        int warm = warmup != null ? warmup : w == Workload.logreg ? 1 : quick ? 2 : 3;
        return new CohortWorkloads.Rounds(warm, timed, w == Workload.logreg ? LOGREG_ROUND : 1);
    }

    private List<Measured> runCase(Case c, PythonRunner py, PythonRunner.Probe probe) throws IOException {
        log("== " + c + " ==");
        CohortWorkloads.Rounds rounds = rounds(c.workload());
        List<Measured> out = new ArrayList<>();
        MacroData.LogReg lr = null;
        MacroData.Dense dense = null;
        long t0 = System.nanoTime();
        if (c.workload() == Workload.logreg) {
            lr = MacroData.logreg(Math.toIntExact(c.rows()), c.cols(), seed);
        } else if (c.workload() == Workload.dense) {
            dense = MacroData.dense(Math.toIntExact(c.rows()), seed);
        }
        log(String.format(Locale.ROOT, "data ready in %.1f s", (System.nanoTime() - t0) / 1e9));

        // the references first, from .npy files of the same data
        List<String> systems = new ArrayList<>();
        if (probe.numpy()) {
            systems.add("numpy");
        }
        if (probe.dask()) {
            systems.add("dask");
        }
        if (!systems.isEmpty()) {
            Path data = Files.createTempDirectory("cohort-macro-");
            try {
                List<String> common = new ArrayList<>(List.of("--warmup", Integer.toString(rounds.warmup()),
                        "--rounds", Integer.toString(rounds.timed()), "--round-length", Integer.toString(rounds.length())));
                String script;
                if (lr != null) {
                    Npy.write(data.resolve("X.npy"), lr.x(), lr.n(), lr.d());
                    Npy.write(data.resolve("y.npy"), lr.y(), lr.n());
                    script = "logreg.py";
                    common.addAll(List.of("--data", data.toString(), "--lr", Double.toString(LR)));
                } else if (dense != null) {
                    Npy.write(data.resolve("M.npy"), dense.m(), dense.n(), dense.n());
                    Npy.write(data.resolve("b.npy"), dense.b(), dense.n());
                    script = "cg_dense.py";
                    common.addAll(List.of("--data", data.toString()));
                } else {
                    script = "cg_poisson.py";
                    common.addAll(List.of("--n", Long.toString(c.rows())));
                }
                for (String system : systems) {
                    List<String> args = new ArrayList<>(common);
                    args.addAll(List.of("--system", system));
                    PythonRunner.Result r = py.run(script, args, Duration.ofSeconds(pythonTimeoutS));
                    Measured m = fromPython(c, system, r);
                    log(describe(m));
                    out.add(m);
                }
            } finally {
                deleteTree(data);
            }
        } else {
            out.add(new Measured(c, "numpy", new double[0], Map.of(), "not run: " + probe.numpyError()));
        }

        for (int s : shards) {
            String system = "cohort-" + s + (s == 1 ? "shard" : "shards");
            Measured m;
            try {
                CohortWorkloads.Run run = switch (c.workload()) {
                    case logreg -> CohortWorkloads.logreg(CohortWorkloads.config(s), lr.x(), lr.y(), lr.n(), lr.d(), LR, rounds);
                    case poisson -> CohortWorkloads.cgPoisson(CohortWorkloads.config(s), c.rows(), rounds);
                    case dense -> CohortWorkloads.cgDense(CohortWorkloads.config(s), dense.m(), dense.b(), dense.n(), rounds);
                };
                m = new Measured(c, system, run.samples(), run.checks(), null);
            } catch (RuntimeException | OutOfMemoryError e) {
                m = new Measured(c, system, new double[0], Map.of(), "failed: " + e);
            }
            log(describe(m));
            out.add(m);
            System.gc();
        }
        return out;
    }

    /** A reference run's result as a measurement (its error when the script failed or printed no samples). */
    static Measured fromPython(Case c, String system, PythonRunner.Result r) {
        if (!r.ok()) {
            return new Measured(c, system, new double[0], Map.of(), "exit status " + r.exitCode() + ": " + r.tail(3));
        }
        try {
            double[] samples = PythonRunner.samples(r.values());
            Map<String, Double> checks = new LinkedHashMap<>();
            for (String key : List.of("loss", "w_sum", "residual", "x_sum")) {
                if (r.values().containsKey(key)) {
                    checks.put(key, Double.parseDouble(r.values().get(key)));
                }
            }
            return new Measured(c, system, samples, checks, null);
        } catch (IllegalArgumentException e) {
            return new Measured(c, system, new double[0], Map.of(), "unreadable output: " + e.getMessage());
        }
    }

    /** Whether {@code a} and {@code b} agree: {@code |a - b| <= RTOL max(|a|, |b|) + ATOL}. */
    static boolean close(double a, double b) {
        return Math.abs(a - b) <= RTOL * Math.max(Math.abs(a), Math.abs(b)) + ATOL;
    }

    /**
     * {@code "agree"} when every checksum both have agrees (see {@link #close}), else which differ and by how much;
     * {@code "n/a"} when either has none.
     */
    static String compareChecks(Map<String, Double> cohort, Map<String, Double> reference) {
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, Double> e : reference.entrySet()) {
            Double mine = cohort.get(e.getKey());
            if (mine == null) {
                continue;
            }
            compared++;
            if (!close(mine, e.getValue())) {
                differ.add(String.format(Locale.ROOT, "%s %.10g vs %.10g", e.getKey(), mine, e.getValue()));
            }
        }
        if (compared == 0) {
            return "n/a";
        }
        return differ.isEmpty() ? "agree" : "DIFFER: " + String.join("; ", differ);
    }

    private void write(SuiteOutput o, List<Case> cases, List<Measured> results, PythonRunner.Probe probe, double minutes) {
        for (Measured m : results) {
            String v = m.c().size();
            String b = m.c().workload().name();
            if (!m.ok()) {
                continue;
            }
            o.measurement(b, m.system(), v, "seconds_per_iteration_median", m.median(), "s");
            o.measurement(b, m.system(), v, "seconds_per_iteration_min", m.min(), "s");
            o.measurement(b, m.system(), v, "timed_rounds", m.samples().length, "count");
            double ratio = Report.ratio(m.median(), reference(results, m.c()).median());
            if (m.system().startsWith("cohort") && !Double.isNaN(ratio)) {
                o.measurement(b, m.system(), v, "ratio_to_numpy", ratio, "x");
            }
            m.checks().forEach((k, x) -> o.measurement(b, m.system(), v, "check_" + k, x, ""));
        }
        for (Target t : TARGETS) {
            Case c = Case.parse(t.caseText());
            Measured np = find(results, c, "numpy");
            Measured best = results.stream().filter(m -> m.c().equals(c) && m.system().startsWith("cohort") && m.ok())
                    .min(Comparator.comparingDouble(Measured::median)).orElse(null);
            String goal = "<= " + Report.formatRatio(t.goal());
            if (!cases.contains(c)) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: size not run (" + (quick ? "--quick" : "--sizes") + ")");
            } else if (np == null || !np.ok()) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: NumPy " + (np == null ? "missing" : np.error()));
            } else if (best == null) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: every Cohort run failed");
            } else {
                double ratio = best.median() / np.median();
                StringBuilder note = new StringBuilder(String.format(Locale.ROOT, "%s %.4g s/iter vs NumPy %.4g s/iter",
                        best.system(), best.median(), np.median()));
                for (Measured other : results) {
                    if (other.c().equals(c) && other.system().startsWith("cohort") && other != best && other.ok()) {
                        note.append(String.format(Locale.ROOT, "; %s ratio %.2f", other.system(), other.median() / np.median()));
                    }
                }
                o.target(t.name(), ratio, goal, "x NumPy", ratio <= t.goal(), note.toString());
            }
        }

        o.md("## Macro benchmarks: Cohort beside NumPy" + (probe.dask() ? " and Dask" : "") + "\n\n");
        o.md("Logistic regression and Jacobi-preconditioned CG, the loops of `examples` (`LogisticRegression.train`, "
                + "`ConjugateGradient.poisson2d` / `dense` with `solve`), run by Cohort and by NumPy on the same data in the "
                + "same run (`dev.cohort.bench.macro.MacroBenchmark`, scripts in `benchmarks/python/`). Seconds per "
                + "iteration, **median (min)** of the timed rounds after warm-up; a round is " + LOGREG_ROUND
                + " gradient steps (logistic regression) or 1 CG iteration, timed until its result is back (w, or the "
                + "residual norm the CG loop tests). **Ratio = Cohort median / NumPy median**: lower is better. "
                + "Cohort 1 shard runs every core as a worker; 2 shards are in-process replicas with "
                + "cores / 2 workers each. Checksums (log-loss and sum(w); residual and sum(x)) after all iterations must "
                + "agree with NumPy's to a relative 1e-6 (absolute 1e-9).\n\n");
        o.md("References: " + probe.describe() + ". "
                + (probe.dask() ? "" : "**Dask was not importable here, so it has no column.** ")
                + "Data: float64, drawn in Java (seed " + seed + ") and handed to Python as `.npy` files. "
                + String.format(Locale.ROOT, "The suite took %.1f min.", minutes) + "\n\n");
        o.md(markdownTable(cases, results, probe.dask()) + "\n");

        List<String> problems = new ArrayList<>();
        for (Measured m : results) {
            if (!m.ok()) {
                problems.add("- " + m.c() + " " + m.system() + ": " + m.error());
            }
        }
        if (!problems.isEmpty()) {
            o.md("Runs without a result:\n\n" + String.join("\n", problems) + "\n\n");
        }

        StringBuilder checks = new StringBuilder("<details><summary>Checksums</summary>\n\n| case | system | checksums |\n|---|---|---|\n");
        for (Measured m : results) {
            if (m.ok()) {
                List<String> kv = new ArrayList<>();
                m.checks().forEach((k, v) -> kv.add(k + " = " + String.format(Locale.ROOT, "%.12g", v)));
                checks.append("| ").append(m.c()).append(" | ").append(m.system()).append(" | ")
                        .append(String.join(", ", kv)).append(" |\n");
            }
        }
        o.md(checks.append("\n</details>\n\n").toString());

        for (Workload w : Workload.values()) {
            List<Case> mine = cases.stream().filter(c -> c.workload() == w).toList();
            if (mine.isEmpty()) {
                continue;
            }
            Map<String, double[]> series = new LinkedHashMap<>();
            for (String system : systems(results)) {
                double[] v = new double[mine.size()];
                for (int i = 0; i < mine.size(); i++) {
                    Measured m = find(results, mine.get(i), system);
                    v[i] = m == null ? Double.NaN : m.median();
                }
                series.put(system, v);
            }
            String file = "macro-" + w.name() + ".png";
            try {
                Charts.bars(o.dir().resolve(file), w.title + ": seconds per iteration (median)", w.sizeMeaning,
                        "s / iteration", mine.stream().map(Case::size).toList(), series, Charts.Scale.AUTO);
                o.md("![" + w.title + "](" + file + ")\n\n");
            } catch (IllegalArgumentException | UncheckedIOException e) {
                o.md("(no chart for " + w.title + ": " + e.getMessage() + ")\n\n");
            }
        }
    }

    /** The systems in the order they first appear (references first). */
    static List<String> systems(List<Measured> results) {
        return results.stream().map(Measured::system).distinct()
                .sorted(Comparator.comparingInt(s -> s.startsWith("cohort") ? 1 : 0)).toList();
    }

    static Measured find(List<Measured> results, Case c, String system) {
        return results.stream().filter(m -> m.c().equals(c) && m.system().equals(system)).findFirst().orElse(null);
    }

    private static Measured reference(List<Measured> results, Case c) {
        Measured m = find(results, c, "numpy");
        return m != null ? m : new Measured(c, "numpy", new double[0], Map.of(), "missing");
    }

    /** The side-by-side markdown table: one row per case, median (min) per system, Cohort / NumPy ratios, checksums. */
    static String markdownTable(List<Case> cases, List<Measured> results, boolean dask) {
        List<String> cohort = systems(results).stream().filter(s -> s.startsWith("cohort")).toList();
        StringBuilder t = new StringBuilder("| workload | size | NumPy s/iter |");
        StringBuilder rule = new StringBuilder("|---|---|---:|");
        if (dask) {
            t.append(" Dask s/iter | Dask / NumPy |");
            rule.append("---:|---:|");
        }
        for (String s : cohort) {
            t.append(' ').append(label(s)).append(" s/iter | ").append(label(s)).append(" / NumPy |");
            rule.append("---:|---:|");
        }
        t.append(" checksums vs NumPy |\n");
        rule.append("---|\n");
        t.append(rule);
        for (Case c : cases) {
            Measured np = reference(results, c);
            t.append("| ").append(c.workload().title).append(" | ").append(c.size()).append(" | ").append(cell(np)).append(" |");
            if (dask) {
                Measured d = find(results, c, "dask");
                t.append(' ').append(cell(d)).append(" | ").append(ratioCell(d, np)).append(" |");
            }
            List<String> agreement = new ArrayList<>();
            for (String s : cohort) {
                Measured m = find(results, c, s);
                t.append(' ').append(cell(m)).append(" | ").append(ratioCell(m, np)).append(" |");
                if (m != null && m.ok() && np.ok()) {
                    agreement.add(label(s) + ": " + compareChecks(m.checks(), np.checks()));
                }
            }
            t.append(' ').append(agreement.isEmpty() ? "n/a" : String.join("; ", agreement)).append(" |\n");
        }
        return t.toString();
    }

    /** The same as text, for the console. */
    static String textTable(List<Case> cases, List<Measured> results) {
        List<String> systems = systems(results);
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("workload", "size"));
        for (String s : systems) {
            header.add(s + " med");
            header.add("min");
            if (!s.equals("numpy")) {
                header.add("/numpy");
            }
        }
        rows.add(header);
        for (Case c : cases) {
            Measured np = reference(results, c);
            List<String> row = new ArrayList<>(List.of(c.workload().name(), c.size()));
            for (String s : systems) {
                Measured m = find(results, c, s);
                row.add(m == null ? "n/a" : seconds(m.median()));
                row.add(m == null ? "n/a" : seconds(m.min()));
                if (!s.equals("numpy")) {
                    row.add(m == null ? "n/a" : Report.formatRatio(Report.ratio(m.median(), np.median())));
                }
            }
            rows.add(row);
        }
        return "Seconds per iteration (median and min of the timed rounds); /numpy = median / NumPy's median.\n"
                + Report.table(rows);
    }

    private static String label(String system) {
        return switch (system) {
            case "cohort-1shard" -> "Cohort 1 shard";
            case "numpy" -> "NumPy";
            case "dask" -> "Dask";
            default -> system.startsWith("cohort-") ? "Cohort " + system.substring(7).replace("shards", " shards") : system;
        };
    }

    private static String cell(Measured m) {
        if (m == null) {
            return "n/a";
        }
        if (!m.ok()) {
            return "not run";
        }
        return seconds(m.median()) + " (" + seconds(m.min()) + ")";
    }

    private static String ratioCell(Measured m, Measured np) {
        if (m == null || !m.ok() || np == null || !np.ok()) {
            return "n/a";
        }
        return "**" + Report.formatRatio(m.median() / np.median()) + "**";
    }

    /** Seconds with 3 significant digits ({@code 0.0432}, {@code 1.23}). */
    static String seconds(double s) {
        if (Double.isNaN(s)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.3g", s);
    }

    private static String describe(Measured m) {
        if (!m.ok()) {
            return m.system() + ": " + m.error();
        }
        return String.format(Locale.ROOT, "%s: median %.4g s/iter, min %.4g, %d rounds, checks %s", m.system(), m.median(),
                m.min(), m.samples().length, m.checks());
    }

    private static void log(String line) {
        System.out.println("[macro] " + line);
        System.out.flush();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
