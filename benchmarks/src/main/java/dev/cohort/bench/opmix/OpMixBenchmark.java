package dev.cohort.bench.opmix;

import dev.cohort.bench.Report;
import dev.cohort.bench.Stats;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.MacroBenchmark;
import dev.cohort.bench.macro.PythonRunner;
import dev.cohort.bench.opmix.OpMixCases.Case;
import dev.cohort.bench.opmix.OpMixCases.Kind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The op-mix suite (issue 12): every element-wise ufunc, reduction, matmul, a slicing copy and {@code where} of Cohort's
 * {@code Np}/{@code NdArray}, on each of the five dtypes, at 1e3, 1e5 and 1e7 elements ({@link OpMixCases}), Cohort on
 * 1 shard in a child JVM ({@link OpMixChild}) beside NumPy ({@code benchmarks/python/opmix.py}) in the same run. Each
 * case's program is the operation and the read-back of one value; the table gives Cohort's median over NumPy's, and
 * each value read back is checked against NumPy's ({@link #agree}). Writes {@link SuiteOutput} "opmix", the per-case
 * CSV {@code opmix-cases.csv} (op, dtype, size, cohort_s, numpy_s, ratio, ...) and a chart per size.
 */
@Command(name = "opmix", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Every ufunc, reduction, matmul, slicing copy and where x 5 dtypes x 3 sizes: Cohort (1 shard) / NumPy.")
public final class OpMixBenchmark implements Callable<Integer> {
    /** Goals of issue 12: at 1e7 every case, at 1e3 every case and the median, in x NumPy's time. */
    static final double GOAL_LARGE = 1.0;
    static final double GOAL_SMALL_WORST = 5.0;
    static final double GOAL_SMALL_MEDIAN = 3.0;
    static final long LARGE = 10_000_000L;
    static final long SMALL = 1_000L;
    /** Header of {@code opmix-cases.csv}. */
    static final String CASES_HEADER = "op,dtype,size,cohort_s,numpy_s,ratio,value_ok,cohort_value,numpy_value,cohort_dtype,numpy_dtype,error";

    @Option(names = "--out", defaultValue = "benchmarks/results", description = "Directory of opmix.csv, -targets.csv, .md, -cases.csv and the charts.")
    Path out;
    @Option(names = "--quick", description = "Fewer ops (" + "add, multiply, less, logical_and, exp, sqrt, sum, argmax, matvec, matmul, slice_copy, where), "
            + "sizes 1e3 and 1e5, fewer calls.")
    boolean quick;
    @Option(names = "--python", defaultValue = "python3", description = "Python of the NumPy reference, or 'none'.")
    String python;
    @Option(names = "--ops", split = ",", description = "Only these operations (default: all; --quick: its subset).")
    List<String> ops;
    @Option(names = "--dtypes", split = ",", description = "Only these dtypes (default: float64,float32,int64,int32,bool).")
    List<String> dtypes;
    @Option(names = "--sizes", split = ",", description = "Sizes (default 1000,100000,10000000; --quick 1000,100000).")
    List<Long> sizes;
    @Option(names = "--child-xmx-mib", defaultValue = "3072", description = "Heap of the Cohort child JVM (default: ${DEFAULT-VALUE}).")
    int childXmxMiB;
    @Option(names = "--case-timeout-s", defaultValue = "300", description = "Limit of one case on one side, and of the Cohort child's warm-up (default: ${DEFAULT-VALUE}).")
    long caseTimeoutSeconds;

    /** Untimed calls of every (op, dtype) on 1000 elements with which the Cohort child warms its JIT up first. */
    static int warmCalls(boolean quick) {
        return quick ? 100 : 200;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new OpMixBenchmark()).execute(args));
    }

    /** One system's reading of a case: samples (s per call), value and result dtype, or an error. */
    record Reading(double[] samples, double value, String dtype, String error) {
        static Reading failed(String error) {
            return new Reading(new double[0], Double.NaN, "", error);
        }

        boolean ok() {
            return error == null;
        }

        double median() {
            return ok() && samples.length > 0 ? Stats.median(samples) : Double.NaN;
        }
    }

    /** A case's readings on both sides. */
    record Row(Case c, Reading cohort, Reading numpy) {
        double ratio() {
            return Report.ratio(cohort.median(), numpy.median());
        }

        /** Both measured, and the values agree ({@link #agree}). */
        boolean valueOk() {
            return cohort.ok() && numpy.ok() && agree(c.operation().kind(), numpy.dtype(), cohort.value(), numpy.value());
        }

        boolean measured() {
            return !Double.isNaN(ratio());
        }
    }

    @Option(names = "--from-csv", split = ",", paramLabel = "FILE", description = "Measure nothing: write the suite's files again "
            + "from these opmix-cases.csv files (a later file's case replaces an earlier file's); --ops, --dtypes, --sizes "
            + "default to the files' cases.")
    List<Path> fromCsv;
    @Option(names = "--note", description = "With --from-csv: a sentence on where the files come from, added to the section.")
    String note;

    @Override
    public Integer call() throws IOException {
        if (fromCsv != null) {
            return rewrite();
        }
        List<String> opList = ops != null ? ops : quick ? OpMixCases.QUICK_OPS : OpMixCases.opNames();
        List<String> dtypeList = OpMixCases.dtypes(dtypes);
        List<Long> sizeList = sizes != null ? sizes : quick ? OpMixCases.QUICK_SIZES : OpMixCases.SIZES;
        List<Case> cases = OpMixCases.cases(opList, dtypeList, sizeList, quick);
        Duration timeout = Duration.ofSeconds(caseTimeoutSeconds);
        Path casesFile = Files.createTempFile("opmix-cases", ".txt");
        String pythonText;
        CaseServer numpyServer;
        if ("none".equals(python)) {
            pythonText = "not run: --python none";
            numpyServer = null;
        } else {
            PythonRunner py = new PythonRunner(python, PythonRunner.defaultScripts());
            PythonRunner.Probe probe = py.probe();
            pythonText = probe.numpy() ? python + ": Python " + probe.pythonVersion() + ", NumPy " + probe.numpyVersion()
                    : probe.describe();
            numpyServer = CaseServer.start("NumPy", List.of(python, py.scripts().resolve("opmix.py").toString()), true);
        }
        OpMixCases.write(casesFile, cases);
        List<String> command = MacroBenchmark.javaCommand(childXmxMiB, List.of(), OpMixChild.class);
        command.add("cases=" + casesFile);
        command.add("warm_calls=" + warmCalls(quick));
        long t0 = System.nanoTime();
        Map<String, Reading> numpy = new LinkedHashMap<>();
        Map<String, Reading> cohort = new LinkedHashMap<>();
        double[] seconds = new double[3];
        try (CaseServer cohortServer = CaseServer.start("Cohort", command, false); CaseServer np = numpyServer) {
            Map<String, String> ready = cohortServer.await("ready", timeout);
            seconds[2] = (System.nanoTime() - t0) / 1e9;
            System.err.printf(Locale.ROOT, "[opmix] Cohort child ready (JIT warm-up) after %.1f s%n", seconds[2]);
            if (ready != null && ready.containsKey("vector_kernels")) {
                String k = ready.get("vector_kernels");
                int left = k.indexOf("left on the scalar loops");
                System.err.println("[opmix] vector kernels " + (left >= 0 ? k.substring(left) : "all compiled"));
            }
            int done = 0;
            for (Case c : cases) {
                String line = OpMixCases.line(c);
                long a = System.nanoTime();
                numpy.put(c.key(), np == null ? Reading.failed("NumPy not run (--python none)")
                        : reading(c.key(), np.request(line, c.key(), timeout), np.failure()));
                long b = System.nanoTime();
                Map<String, String> answer = cohortServer.request(line, c.key(), timeout);
                if (answer != null && answer.containsKey(c.key() + ".vector_gates_closed")) {
                    System.err.println("[opmix] " + c.key() + ": a vector kernel's gate closed again (C2 dropped its code; "
                            + answer.get(c.key() + ".vector_gates_closed") + " so far), the scalar loops served until it recompiled");
                }
                cohort.put(c.key(), reading(c.key(), answer, cohortServer.failure()));
                seconds[0] += (b - a) / 1e9;
                seconds[1] += (System.nanoTime() - b) / 1e9;
                if (++done % 50 == 0 || done == cases.size()) {
                    System.err.printf(Locale.ROOT, "[opmix] %d of %d cases after %.0f s%n", done, cases.size(), (System.nanoTime() - t0) / 1e9);
                }
            }
        } finally {
            Files.deleteIfExists(casesFile);
        }
        List<Row> rows = new ArrayList<>();
        for (Case c : cases) {
            rows.add(new Row(c, cohort.get(c.key()), numpy.get(c.key())));
        }
        SuiteOutput o = new SuiteOutput(out, "opmix");
        write(o, rows, OpMixCases.skipped(opList, dtypeList), sizeList, dtypeList, pythonText, childXmxMiB, quick,
                String.format(Locale.ROOT, "NumPy's cases took %.0f s, Cohort's %.0f s with its start and warm-up.", seconds[0],
                        seconds[1] + seconds[2]));
        o.write();
        System.out.print(Report.table(summaryRows(rows, sizeList)));
        return 0;
    }

    /** {@code --from-csv}: the suite's files from earlier runs' {@code opmix-cases.csv}. */
    private int rewrite() throws IOException {
        Map<String, Row> byKey = new LinkedHashMap<>();
        for (Path f : fromCsv) {
            for (Row r : readRows(Files.readAllLines(f, StandardCharsets.UTF_8), quick)) {
                byKey.put(r.c().key(), r);
            }
        }
        List<Row> rows = byKey.values().stream().sorted(Comparator.<Row>comparingLong(r -> r.c().size())
                .thenComparingInt(r -> OpMixCases.DTYPES.indexOf(r.c().dtype()))
                .thenComparingInt(r -> OpMixCases.opNames().indexOf(r.c().op()))).toList();
        List<String> opList = ops != null ? ops : OpMixCases.opNames().stream().filter(n -> rows.stream().anyMatch(r -> r.c().op().equals(n))).toList();
        List<String> dtypeList = dtypes != null ? dtypes : OpMixCases.DTYPES.stream().filter(d -> rows.stream().anyMatch(r -> r.c().dtype().equals(d))).toList();
        List<Long> sizeList = sizes != null ? sizes : rows.stream().map(r -> r.c().size()).distinct().toList();
        List<Row> kept = rows.stream().filter(r -> opList.contains(r.c().op()) && dtypeList.contains(r.c().dtype())
                && sizeList.contains(r.c().size())).toList();
        String pythonText = "none".equals(python) ? "Python not named" : describe(new PythonRunner(python, PythonRunner.defaultScripts()).probe(), python);
        SuiteOutput o = new SuiteOutput(out, "opmix");
        write(o, kept, OpMixCases.skipped(opList, dtypeList), sizeList, dtypeList, pythonText, childXmxMiB, quick,
                "This section was written again from the per-case CSV files of " + fromCsv.size() + " run(s) (`--from-csv`; a later "
                        + "file's case replaces an earlier file's)" + (note == null ? "." : ": " + note));
        o.write();
        System.out.print(Report.table(summaryRows(kept, sizeList)));
        return 0;
    }

    private static String describe(PythonRunner.Probe probe, String python) {
        return probe.numpy() ? python + ": Python " + probe.pythonVersion() + ", NumPy " + probe.numpyVersion() : probe.describe();
    }

    /** The rows of an {@code opmix-cases.csv} (its header first). */
    static List<Row> readRows(List<String> lines, boolean quick) {
        List<Row> rows = new ArrayList<>();
        if (lines.isEmpty() || !lines.get(0).equals(CASES_HEADER)) {
            throw new IllegalArgumentException("not an opmix-cases.csv: its header is not " + CASES_HEADER);
        }
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> f = dev.cohort.bench.RunAll.parseCsvLine(line);
            if (f.size() != 12) {
                throw new IllegalArgumentException("expected 12 cells in opmix-cases.csv, got " + f.size() + ": " + line);
            }
            long size = Long.parseLong(f.get(2));
            Case c = new Case(f.get(0), f.get(1), size, OpMixCases.plan(size, quick));
            String error = f.get(11);
            Reading cohort = f.get(3).isEmpty() ? Reading.failed(error.replaceFirst("^cohort: ", ""))
                    : new Reading(new double[]{Double.parseDouble(f.get(3))}, parseValue(f.get(7)), f.get(9), null);
            Reading numpy = f.get(4).isEmpty() ? Reading.failed(error.replaceFirst("^numpy: ", ""))
                    : new Reading(new double[]{Double.parseDouble(f.get(4))}, parseValue(f.get(8)), f.get(10), null);
            rows.add(new Row(c, cohort, numpy));
        }
        return rows;
    }

    /**
     * A case's reading from a server's answer ({@code values}, null when it gave none: then failed with
     * {@code failure}).
     */
    static Reading reading(String key, Map<String, String> values, String failure) {
        if (values == null) {
            return Reading.failed(failure == null ? "no answer" : failure);
        }
        if (values.containsKey(key + ".error")) {
            return Reading.failed(values.get(key + ".error"));
        }
        try {
            return new Reading(PythonRunner.samples(values, key + ".samples"), parseValue(values.get(key + ".value")),
                    values.getOrDefault(key + ".dtype", "?"), null);
        } catch (IllegalArgumentException e) {
            return Reading.failed("unreadable answer: " + e.getMessage());
        }
    }

    /** A value printed by Java ({@code NaN}, {@code Infinity}) or Python ({@code nan}, {@code inf}). */
    static double parseValue(String s) {
        if (s == null) {
            throw new IllegalArgumentException("no value");
        }
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "nan" -> Double.NaN;
            case "inf", "infinity", "+inf" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s.strip());
        };
    }

    /**
     * Whether Cohort's value agrees with NumPy's: equal (NaN with NaN, infinities by sign) for integer and bool
     * results; else within a relative tolerance (with the same absolute floor) by NumPy's result dtype: float64
     * 1e-12 element-wise, 1e-9 for reductions and matmul; float32 1e-6 and 1e-4 (NumPy's float32 sums and products
     * accumulate in float32, Cohort's may not); float16 (NumPy's result of a transcendental ufunc on bool) 2e-3.
     */
    static boolean agree(Kind kind, String numpyDtype, double cohort, double numpy) {
        if (Double.isNaN(cohort) || Double.isNaN(numpy)) {
            return Double.isNaN(cohort) && Double.isNaN(numpy);
        }
        if (Double.isInfinite(cohort) || Double.isInfinite(numpy)) {
            return cohort == numpy;
        }
        boolean accumulates = kind == Kind.REDUCE || kind == Kind.MATVEC || kind == Kind.MATMUL;
        double tol = switch (numpyDtype) {
            case "float64" -> accumulates ? 1e-9 : 1e-12;
            case "float32" -> accumulates ? 1e-4 : 1e-6;
            case "float16" -> 2e-3;
            default -> 0;
        };
        return Math.abs(cohort - numpy) <= tol * Math.max(1, Math.max(Math.abs(cohort), Math.abs(numpy)));
    }

    /** {@code 1e3}, {@code 1e7}, or the number. */
    static String sizeLabel(long size) {
        long p = 1;
        for (int e = 0; e <= 18; e++) {
            if (p == size) {
                return "1e" + e;
            }
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
            p *= 10;
        }
        return Long.toString(size);
    }

    /** The measured rows of {@code size}. */
    static List<Row> measured(List<Row> rows, long size) {
        return rows.stream().filter(r -> r.c().size() == size && r.measured()).toList();
    }

    /** The measured ratios of {@code size}, ascending. */
    static double[] ratios(List<Row> rows, long size) {
        return measured(rows, size).stream().mapToDouble(Row::ratio).sorted().toArray();
    }

    /** The measured row of {@code size} with the largest ratio, or null. */
    static Row worst(List<Row> rows, long size) {
        return measured(rows, size).stream().max(Comparator.comparingDouble(Row::ratio)).orElse(null);
    }

    /** One line per size: cases, measured, mismatches, how many within 1x / 3x / 5x, median and worst. */
    static List<List<String>> summaryRows(List<Row> rows, List<Long> sizes) {
        List<List<String>> t = new ArrayList<>();
        t.add(List.of("size", "cases", "measured", "value differs", "<= 1x", "<= 3x", "<= 5x", "median x NumPy", "worst x NumPy", "worst case"));
        for (long size : sizes) {
            long cases = rows.stream().filter(r -> r.c().size() == size).count();
            double[] q = ratios(rows, size);
            long differ = rows.stream().filter(r -> r.c().size() == size && r.cohort().ok() && r.numpy().ok() && !r.valueOk()).count();
            Row w = worst(rows, size);
            t.add(List.of(sizeLabel(size), Long.toString(cases), Integer.toString(q.length), Long.toString(differ),
                    Long.toString(count(q, 1)), Long.toString(count(q, 3)), Long.toString(count(q, 5)),
                    q.length == 0 ? "n/a" : Report.formatRatio(Stats.median(q)), w == null ? "n/a" : Report.formatRatio(w.ratio()),
                    w == null ? "" : w.c().op() + " " + w.c().dtype()));
        }
        return t;
    }

    private static long count(double[] q, double limit) {
        return java.util.Arrays.stream(q).filter(v -> v <= limit).count();
    }

    /** A table cell of a row: its ratio, with a mark when the value differs, or why it has none. */
    static String cell(Row r) {
        if (r == null) {
            return "–";
        }
        if (!r.cohort().ok()) {
            return "Cohort failed";
        }
        if (!r.numpy().ok()) {
            return "NumPy failed";
        }
        return Report.formatRatio(r.ratio()) + (r.valueOk() ? "" : " ✘ value");
    }

    /** The suite's measurements, targets, per-case CSV, charts and section. */
    static void write(SuiteOutput o, List<Row> rows, List<OpMixCases.Skipped> skipped, List<Long> sizes, List<String> dtypes,
            String python, int childXmxMiB, boolean quick, String provenance) {
        // measurements and the per-case CSV
        List<String> csv = new ArrayList<>();
        csv.add(CASES_HEADER);
        for (Row r : rows) {
            String k = r.c().op() + "." + r.c().dtype();
            String size = Long.toString(r.c().size());
            if (r.cohort().ok()) {
                o.measurement(k, MacroBenchmark.cohortSystem(1), size, "median_s", r.cohort().median(), "s");
            }
            if (r.numpy().ok()) {
                o.measurement(k, "numpy", size, "median_s", r.numpy().median(), "s");
            }
            if (r.measured()) {
                o.measurement(k, MacroBenchmark.cohortSystem(1), size, "ratio_to_numpy", r.ratio(), "x");
                o.measurement(k, MacroBenchmark.cohortSystem(1), size, "value_matches_numpy", r.valueOk() ? 1 : 0, "flag");
            }
            String error = !r.cohort().ok() ? "cohort: " + r.cohort().error() : !r.numpy().ok() ? "numpy: " + r.numpy().error() : "";
            csv.add(Report.csvLine(List.of(r.c().op(), r.c().dtype(), size, Report.csvNumber(r.cohort().median(), 9),
                    Report.csvNumber(r.numpy().median(), 9), Report.csvNumber(r.ratio(), 4),
                    Boolean.toString(r.valueOk()), r.cohort().ok() ? Double.toString(r.cohort().value()) : "",
                    r.numpy().ok() ? Double.toString(r.numpy().value()) : "", r.cohort().dtype(), r.numpy().dtype(), error)));
        }
        try {
            Files.createDirectories(o.dir());
            Files.write(o.dir().resolve("opmix-cases.csv"), csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("writing opmix-cases.csv to " + o.dir(), e);
        }

        // targets
        double[] large = ratios(rows, LARGE);
        double[] small = ratios(rows, SMALL);
        long differ = rows.stream().filter(r -> r.cohort().ok() && r.numpy().ok() && !r.valueOk()).count();
        if (sizes.contains(LARGE)) {
            target(o, "op-mix at 1e7: every case <= 1.0 x NumPy (worst case)", rows, LARGE, large, GOAL_LARGE);
        }
        if (sizes.contains(SMALL)) {
            target(o, "op-mix at 1e3: every case <= 5 x NumPy (worst case)", rows, SMALL, small, GOAL_SMALL_WORST);
            double median = small.length == 0 ? Double.NaN : Stats.median(small);
            o.target("op-mix at 1e3: median case <= 3 x NumPy", median, "<= " + Report.format(GOAL_SMALL_MEDIAN, 0), "x NumPy",
                    median <= GOAL_SMALL_MEDIAN, String.format(Locale.ROOT, "median of %d cases; %d of them <= 3 x", small.length,
                            count(small, GOAL_SMALL_MEDIAN)));
        }
        o.target("op-mix: values read back that differ from NumPy's", differ, "<= 0", "cases", differ == 0,
                differ == 0 ? "every measured case's value agrees" : "see the op-mix section's mismatch list");

        // charts: ratio per op, one series per dtype, one chart per size
        List<String> charts = new ArrayList<>();
        for (long size : sizes) {
            List<String> opNames = rows.stream().filter(r -> r.c().size() == size).map(r -> r.c().op()).distinct().toList();
            Map<String, double[]> series = new LinkedHashMap<>();
            for (String d : dtypes) {
                double[] v = new double[opNames.size()];
                for (int i = 0; i < v.length; i++) {
                    String op = opNames.get(i);
                    v[i] = rows.stream().filter(r -> r.c().size() == size && r.c().dtype().equals(d) && r.c().op().equals(op))
                            .mapToDouble(Row::ratio).findFirst().orElse(Double.NaN);
                }
                series.put(d, v);
            }
            if (series.values().stream().flatMapToDouble(java.util.Arrays::stream).anyMatch(x -> x > 0 && !Double.isInfinite(x))) {
                String name = "opmix-" + sizeLabel(size) + ".png";
                OpMixChart.ratios(o.dir().resolve(name), "Cohort (1 shard) / NumPy, " + sizeLabel(size) + " elements (lower is better; 1 = NumPy)",
                        opNames, series);
                charts.add(name);
            }
        }

        // section
        o.md("## NumPy op mix (issue 12)\n\n");
        o.md(String.format(Locale.ROOT, "Every element-wise ufunc, reduction, matmul, a slicing copy and `where` of Cohort's `Np`/`NdArray`"
                + " on each of %s, at %s elements%s: Cohort on 1 shard (`Cohort.run(1, ...)`, default configuration, child JVM "
                + "`OpMixChild`, `-Xmx%dm`) beside NumPy (`benchmarks/python/opmix.py`, %s) in the same run: both stay up, and the suite sends each case to NumPy, "
                + "then to Cohort, so that the two measure it within seconds of each other (the load of a shared machine changes). "
                + "A case's program is the operation and the read-back of one value as a double (`.item()` of element 2n/3+1, of "
                + "the reduction, of element n/2 of `A @ v` or (m/2, 5) of `B @ C`); inputs are built once per dtype and size, "
                + "untimed, from the same formulas on both sides (`OpMixCases`: x = (i %% 97 + 1) / 16 for floats, i %% 97 + 1 for "
                + "integers, i %% 3 != 0 for bool; y likewise with 89 and / 8, i %% 7 + 1, i %% 5 != 0; prod's operand stays near 1). "
                + "matvec: (n, n) @ (n,) with n = round(sqrt(size)); matmul: (size/64, 64) @ (64, 64); slice_copy: `x[::2].copy()`; "
                + "clip: `clip(x, 1.0, 4.0)`, integers `clip(x, 10, 60)`. Timing: the Cohort child first warms its JIT up with %d untimed calls of every (op, dtype) on 1e3 elements (eager execution on the program thread) and a quarter as many on 1e5 (launches), then waits until the Vector API kernels' background warm-up has compiled them (`VectorWarmup.awaitAll`, as the kernel benchmarks do); "
                + "then per case untimed calls, and more of them in windows of 20 ms until one in which the JVM compiled nothing (`OpMixChild.settle`, at most 1 s: "
                + "the first cases of each dtype and size were timed while C2 still compiled them), then rounds of calls timed together "
                + "(`System.nanoTime` / `time.perf_counter_ns`), a sample per round; the medians' ratio Cohort / NumPy is shown "
                + "(lower is better). Calls per case (warm-up, rounds x calls): %s. %s\n\n",
                String.join(", ", dtypes), String.join(", ", sizes.stream().map(OpMixBenchmark::sizeLabel).toList()),
                quick ? " (`--quick`: fewer operations, sizes and calls)" : "", childXmxMiB, python, warmCalls(quick),
                String.join("; ", sizes.stream().map(s -> {
                    OpMixCases.Plan p = OpMixCases.plan(s, quick);
                    return sizeLabel(s) + ": " + p.warmup() + ", " + p.rounds() + " x " + p.inner();
                }).toList()), provenance));
        o.md("Targets: at 1e7 every case <= 1.0 x NumPy; at 1e3 every case <= 5 x and the median <= 3 x. Every value read back is "
                + "checked against NumPy's (exactly for integer and bool results, else to a relative 1e-12 element-wise and 1e-9 "
                + "for reductions in float64, 1e-6 and 1e-4 in float32, 2e-3 for NumPy's float16); a case whose value differs is "
                + "marked **✘ value** and listed below. NumPy's `argmax`, `argmin`, `any`, `all`, `max` and `min` of bool stop at the "
                + "first element that decides (x = i % 3 != 0 decides at element 0 or 1), so their ratios compare a full pass with a "
                + "few elements.\n\n");
        o.md("### Summary per size\n\n");
        o.md(Report.markdownTable(summaryRows(rows, sizes)));
        o.md("\n");
        for (long size : sizes) {
            o.md(summaryLine(rows, size) + "\n");
        }
        o.md("\n### Cohort / NumPy per case\n\n");
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("op", "dtype"));
        sizes.forEach(s -> header.add(sizeLabel(s)));
        long biggest = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
        header.add("Cohort ms at " + sizeLabel(biggest));
        header.add("NumPy ms at " + sizeLabel(biggest));
        table.add(header);
        List<String> opOrder = rows.stream().map(r -> r.c().op()).distinct().sorted(Comparator.comparingInt(OpMixCases.opNames()::indexOf)).toList();
        for (String op : opOrder) {
            for (String d : dtypes) {
                List<String> line = new ArrayList<>(List.of(op, d));
                boolean any = false;
                for (long s : sizes) {
                    Row r = find(rows, op, d, s);
                    any |= r != null;
                    line.add(cell(r));
                }
                if (!any) {
                    continue;
                }
                Row big = find(rows, op, d, biggest);
                line.add(big == null ? "" : Report.format(big.cohort().median() * 1e3, 3));
                line.add(big == null ? "" : Report.format(big.numpy().median() * 1e3, 3));
                table.add(line);
            }
        }
        o.md(Report.markdownTable(table));
        o.md("\n");
        for (String c : charts) {
            o.md("![" + c + "](" + c + ")\n");
        }
        o.md("\n### The worst cases per size\n\n");
        List<List<String>> worstTable = new ArrayList<>();
        worstTable.add(List.of("size", "op", "dtype", "Cohort / NumPy", "Cohort ms", "NumPy ms", "result dtype Cohort / NumPy"));
        for (long size : sizes) {
            measured(rows, size).stream().sorted(Comparator.comparingDouble(Row::ratio).reversed()).limit(8).forEach(r ->
                    worstTable.add(List.of(sizeLabel(size), r.c().op(), r.c().dtype(), Report.formatRatio(r.ratio()),
                            Report.format(r.cohort().median() * 1e3, 4), Report.format(r.numpy().median() * 1e3, 4),
                            r.cohort().dtype() + " / " + r.numpy().dtype())));
        }
        o.md(Report.markdownTable(worstTable));
        List<Row> mismatches = rows.stream().filter(r -> r.cohort().ok() && r.numpy().ok() && !r.valueOk()).toList();
        o.md("\n### Values that differ from NumPy's\n\n");
        if (mismatches.isEmpty()) {
            o.md("None: every measured case read back the value NumPy did (within the tolerances above).\n");
        } else {
            for (Row r : mismatches) {
                o.md(String.format(Locale.ROOT, "- %s %s %s: Cohort %s (%s), NumPy %s (%s)\n", r.c().op(), r.c().dtype(),
                        sizeLabel(r.c().size()), r.cohort().value(), r.cohort().dtype(), r.numpy().value(), r.numpy().dtype()));
            }
        }
        List<Row> failures = rows.stream().filter(r -> !r.cohort().ok() || !r.numpy().ok()).toList();
        if (!failures.isEmpty()) {
            o.md("\n### Cases that did not run\n\n");
            Map<String, List<String>> byError = new LinkedHashMap<>();
            for (Row r : failures) {
                String why = !r.cohort().ok() ? "Cohort: " + r.cohort().error() : "NumPy: " + r.numpy().error();
                byError.computeIfAbsent(why, w -> new ArrayList<>()).add(r.c().op() + " " + r.c().dtype() + " " + sizeLabel(r.c().size()));
            }
            byError.forEach((why, which) -> o.md("- " + String.join(", ", which) + ": " + why + "\n"));
        }
        o.md("\n### Combinations left out\n\n");
        if (skipped.isEmpty()) {
            o.md("None.\n");
        } else {
            for (OpMixCases.Skipped s : skipped) {
                o.md("- " + s.op() + " " + s.dtype() + ": " + s.why() + "\n");
            }
        }
        o.md("\nData: [opmix-cases.csv](opmix-cases.csv) (op, dtype, size, cohort_s, numpy_s, ratio, value_ok, the values and "
                + "result dtypes, errors).\n");
    }

    private static void target(SuiteOutput o, String name, List<Row> rows, long size, double[] q, double goal) {
        Row w = worst(rows, size);
        double measured = q.length == 0 ? Double.NaN : q[q.length - 1];
        o.target(name, measured, "<= " + Report.format(goal, goal == Math.rint(goal) ? 0 : 1), "x NumPy", measured <= goal,
                w == null ? "not measured" : String.format(Locale.ROOT, "%d of %d cases meet it; worst %s %s (%.3g ms vs NumPy %.3g ms); median %s x",
                        count(q, goal), q.length, w.c().op(), w.c().dtype(), w.cohort().median() * 1e3, w.numpy().median() * 1e3,
                        Report.formatRatio(Stats.median(q))));
    }

    /** The summary line of a size for the section and the report. */
    static String summaryLine(List<Row> rows, long size) {
        double[] q = ratios(rows, size);
        if (q.length == 0) {
            return "- " + sizeLabel(size) + ": no case measured.";
        }
        Row w = worst(rows, size);
        String goal = size == LARGE ? String.format(Locale.ROOT, " (target: all <= %.1f x)", GOAL_LARGE)
                : size == SMALL ? String.format(Locale.ROOT, " (targets: all <= %.0f x, median <= %.0f x)", GOAL_SMALL_WORST, GOAL_SMALL_MEDIAN) : "";
        return String.format(Locale.ROOT, "- **%s**: %d cases measured; %d <= 1 x NumPy, %d <= 3 x, %d <= 5 x; median %s x, worst %s x (%s %s)%s.",
                sizeLabel(size), q.length, count(q, 1), count(q, 3), count(q, 5), Report.formatRatio(Stats.median(q)),
                Report.formatRatio(w.ratio()), w.c().op(), w.c().dtype(), goal);
    }

    private static Row find(List<Row> rows, String op, String dtype, long size) {
        for (Row r : rows) {
            if (r.c().op().equals(op) && r.c().dtype().equals(dtype) && r.c().size() == size) {
                return r;
            }
        }
        return null;
    }
}
