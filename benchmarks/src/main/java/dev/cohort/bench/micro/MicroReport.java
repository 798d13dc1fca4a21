package dev.cohort.bench.micro;

import dev.cohort.bench.SuiteOutput;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.openjdk.jmh.results.RunResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * Turns the JMH scores of the micro suite into the suite's measurements, targets, markdown section
 * and charts ({@link SuiteOutput} "micro"). Pure arithmetic over the scores, so it is unit-tested
 * with made-up scores.
 */
public final class MicroReport {
    /** Elementwise kernels: the target "≥ 0.9 × bare loop bandwidth" applies to these. */
    public static final List<String> ELEMENTWISE = List.of("add", "mul", "divs", "exp", "sqrt");
    /** Reductions and matrix-vector products (bare loop with one accumulator; information). */
    public static final List<String> REDUCTIONS = List.of("sum", "dot", "matvec", "vecmat");
    public static final double KERNEL_GOAL = 0.9;
    public static final double GEMM_GOAL = 0.9;
    public static final double OVERHEAD_GOAL_US = 5.0;

    private static final Map<String, String> OP_NAMES = Map.of(
            "add", "add a + b", "mul", "multiply a * b", "divs", "divide a / 3.0", "exp", "exp(a)", "sqrt", "sqrt(a)",
            "sum", "sum(a)", "dot", "dot(a, b)", "matvec", "X @ w (n/32 x 32)", "vecmat", "X.T @ r (n/32 x 32)");

    /** The percentile of the per-call times (JMH SampleTime) that ratios and targets use. */
    public static final double PERCENTILE = 10.0;

    /**
     * One JMH score: {@code clazz} is the benchmark class's simple name, {@code ns} the
     * {@link #PERCENTILE}th percentile of the per-call times (JMH SampleTime, per operation),
     * {@code meanNs} their mean. Ratios and targets use the percentile: on a shared 2-core machine
     * other processes preempt single calls and slow them by up to several times, and a low
     * percentile measures the calls that ran undisturbed (the mean is recorded beside it).
     */
    public record Score(String clazz, String method, Map<String, String> params, double ns, double meanNs) {
        static Score of(RunResult r) {
            String full = r.getParams().getBenchmark();
            int dot = full.lastIndexOf('.');
            String cls = full.substring(0, dot);
            cls = cls.substring(cls.lastIndexOf('.') + 1);
            Map<String, String> p = new LinkedHashMap<>();
            for (String k : r.getParams().getParamsKeys()) {
                p.put(k, r.getParams().getParam(k));
            }
            String unit = r.getPrimaryResult().getScoreUnit();
            if (!"ns/op".equals(unit)) {
                throw new IllegalStateException("expected ns/op scores, got " + unit + " for " + full);
            }
            double best = r.getPrimaryResult().getStatistics().getPercentile(PERCENTILE);
            double mean = r.getPrimaryResult().getScore();
            return new Score(cls, full.substring(dot + 1), p, Double.isNaN(best) ? mean : best, mean);
        }

        String variant() {
            int u = method.indexOf('_');
            return u < 0 ? method : method.substring(0, u);
        }

        String op() {
            int u = method.indexOf('_');
            return u < 0 ? method : method.substring(u + 1);
        }
    }

    private final List<Score> scores;

    public MicroReport(List<Score> scores) {
        this.scores = List.copyOf(scores);
    }

    /** Bytes a kernel moves per call on {@code n} elements (reads + writes of float64). */
    public static double bytes(String op, long n) {
        long rows = n / KernelBench.COLS;
        return 8.0 * switch (op) {
            case "add", "mul" -> 3 * n;
            case "divs", "exp", "sqrt", "dot" -> 2 * n;
            case "sum" -> n;
            case "matvec", "vecmat" -> n + rows + KernelBench.COLS;
            default -> throw new IllegalArgumentException("unknown kernel " + op);
        };
    }

    /** Mean ns per call of {@code KernelBench.<variant>_<op>} at {@code elements}, if measured. */
    public OptionalDouble kernelNs(String variant, String op, long elements) {
        return find("KernelBench", variant + "_" + op, "elements", Long.toString(elements));
    }

    public OptionalDouble kernelGbs(String variant, String op, long elements) {
        OptionalDouble ns = kernelNs(variant, op, elements);
        return ns.isPresent() ? OptionalDouble.of(bytes(op, elements) / ns.getAsDouble()) : OptionalDouble.empty();
    }

    /** Cohort's bandwidth over the reference's (bare or nd4j), from the same run. */
    public OptionalDouble kernelRatio(String op, long elements, String reference) {
        OptionalDouble c = kernelNs("cohort", op, elements);
        OptionalDouble r = kernelNs(reference, op, elements);
        return c.isPresent() && r.isPresent() ? OptionalDouble.of(r.getAsDouble() / c.getAsDouble()) : OptionalDouble.empty();
    }

    public OptionalDouble gemmGflops(String variant, int n) {
        OptionalDouble ns = find("GemmBench", variant + "_gemm", "n", Integer.toString(n));
        return ns.isPresent() ? OptionalDouble.of(2.0 * n * n * n / ns.getAsDouble()) : OptionalDouble.empty();
    }

    /** µs per point task of launches of {@code width} empty points. */
    public OptionalDouble launchMicros(int width, boolean checks) {
        for (Score s : scores) {
            if (s.clazz.equals("RuntimeOverheadBench") && s.method.equals("launch_points")
                    && Integer.toString(width).equals(s.params.get("width")) && Boolean.toString(checks).equals(s.params.get("checks"))) {
                return OptionalDouble.of(s.ns / 1e3);
            }
        }
        return OptionalDouble.empty();
    }

    public OptionalDouble ndarrayOpMicros(boolean checks) {
        return find("RuntimeOverheadBench", "ndarray_op", "checks", Boolean.toString(checks)).stream()
                .map(v -> v / 1e3).findFirst();
    }

    private OptionalDouble find(String clazz, String method, String param, String value) {
        for (Score s : scores) {
            if (s.clazz.equals(clazz) && s.method.equals(method) && value.equals(s.params.get(param))) {
                return OptionalDouble.of(s.ns);
            }
        }
        return OptionalDouble.empty();
    }

    private TreeSet<Long> kernelSizes() {
        TreeSet<Long> t = new TreeSet<>();
        for (Score s : scores) {
            if (s.clazz.equals("KernelBench") && s.params.containsKey("elements")) {
                t.add(Long.parseLong(s.params.get("elements")));
            }
        }
        return t;
    }

    private TreeSet<Integer> gemmSizes() {
        TreeSet<Integer> t = new TreeSet<>();
        for (Score s : scores) {
            if (s.clazz.equals("GemmBench")) {
                t.add(Integer.parseInt(s.params.get("n")));
            }
        }
        return t;
    }

    private TreeSet<Integer> widths() {
        TreeSet<Integer> t = new TreeSet<>();
        for (Score s : scores) {
            if (s.clazz.equals("RuntimeOverheadBench") && s.params.containsKey("width")) {
                t.add(Integer.parseInt(s.params.get("width")));
            }
        }
        return t;
    }

    /** Writes the suite's files and charts into {@code dir}; returns the measurement CSV. */
    public Path write(Path dir, boolean quick, double seconds) {
        SuiteOutput out = new SuiteOutput(dir, "micro");
        record(out);
        targets(out);
        section(out, quick, seconds);
        Path csv = out.write();
        charts(dir);
        return csv;
    }

    void record(SuiteOutput out) {
        for (Score s : scores) {
            switch (s.clazz) {
                case "KernelBench" -> {
                    long n = Long.parseLong(s.params.get("elements"));
                    String size = Long.toString(n);
                    out.measurement("kernel-" + s.op(), s.variant(), size, "ns_per_call", s.ns, "ns");
                    out.measurement("kernel-" + s.op(), s.variant(), size, "ns_per_call_mean", s.meanNs, "ns");
                    out.measurement("kernel-" + s.op(), s.variant(), size, "bandwidth", bytes(s.op(), n) / s.ns, "GB/s");
                }
                case "GemmBench" -> {
                    int n = Integer.parseInt(s.params.get("n"));
                    String size = n + "x" + n + "x" + n;
                    out.measurement("gemm", s.variant(), size, "ms_per_call", s.ns / 1e6, "ms");
                    out.measurement("gemm", s.variant(), size, "ms_per_call_mean", s.meanNs / 1e6, "ms");
                    out.measurement("gemm", s.variant(), size, "throughput", 2.0 * n * n * n / s.ns, "GFLOP/s");
                }
                case "RuntimeOverheadBench" -> {
                    String checks = "true".equals(s.params.get("checks")) ? "checks-on" : "checks-off";
                    if (s.method.equals("launch_points")) {
                        out.measurement("runtime-empty-point-task", checks, "width=" + s.params.get("width"), "us_per_point_task",
                                s.ns / 1e3, "us");
                        out.measurement("runtime-empty-point-task", checks, "width=" + s.params.get("width"), "us_per_point_task_mean",
                                s.meanNs / 1e3, "us");
                    } else {
                        out.measurement("runtime-ndarray-op", checks, "16 elements", "us_per_op", s.ns / 1e3, "us");
                        out.measurement("runtime-ndarray-op", checks, "16 elements", "us_per_op_mean", s.meanNs / 1e3, "us");
                    }
                }
                default -> out.measurement(s.clazz + "." + s.method, "", s.params.toString(), "ns_per_op", s.ns, "ns");
            }
        }
        for (long n : kernelSizes()) {
            for (String op : allOps()) {
                kernelRatio(op, n, "bare").ifPresent(r -> out.measurement("kernel-" + op, "cohort/bare", Long.toString(n),
                        "bandwidth_ratio", r, "x"));
                kernelRatio(op, n, "nd4j").ifPresent(r -> out.measurement("kernel-" + op, "cohort/nd4j", Long.toString(n),
                        "bandwidth_ratio", r, "x"));
            }
        }
        for (int n : gemmSizes()) {
            OptionalDouble c = gemmGflops("cohort", n);
            OptionalDouble d = gemmGflops("nd4j", n);
            OptionalDouble m = gemmGflops("nd4jmmul", n);
            if (c.isPresent() && d.isPresent()) {
                out.measurement("gemm", "cohort/nd4j", n + "x" + n + "x" + n, "throughput_ratio", c.getAsDouble() / d.getAsDouble(), "x");
            }
            if (c.isPresent() && m.isPresent()) {
                out.measurement("gemm", "cohort/nd4jmmul", n + "x" + n + "x" + n, "throughput_ratio", c.getAsDouble() / m.getAsDouble(), "x");
            }
        }
    }

    private static List<String> allOps() {
        List<String> l = new ArrayList<>(ELEMENTWISE);
        l.addAll(REDUCTIONS);
        return l;
    }

    void targets(SuiteOutput out) {
        double worst = Double.POSITIVE_INFINITY;
        String worstWhat = "";
        List<String> each = new ArrayList<>();
        for (String op : ELEMENTWISE) {
            double opWorst = Double.POSITIVE_INFINITY;
            List<String> per = new ArrayList<>();
            for (long n : kernelSizes()) {
                OptionalDouble r = kernelRatio(op, n, "bare");
                if (r.isEmpty()) {
                    continue;
                }
                per.add(sizeName(n) + " " + f2(r.getAsDouble()));
                opWorst = Math.min(opWorst, r.getAsDouble());
                if (r.getAsDouble() < worst) {
                    worst = r.getAsDouble();
                    worstWhat = op + " at " + sizeName(n);
                }
            }
            if (!per.isEmpty()) {
                each.add(op + " " + String.join(" / ", per));
                out.target("elementwise " + op + " >= 0.9 x bare loop bandwidth (worst size)", opWorst, ">= 0.9", "x bare loop",
                        opWorst >= KERNEL_GOAL, "cohort/bare bandwidth: " + String.join(", ", per));
            }
        }
        if (!each.isEmpty()) {
            out.target("elementwise kernels >= 0.9 x bare loop bandwidth (worst op and size)", worst, ">= 0.9", "x bare loop",
                    worst >= KERNEL_GOAL, "worst: " + worstWhat + "; each: " + String.join("; ", each));
        }
        for (int n : gemmSizes()) {
            OptionalDouble c = gemmGflops("cohort", n);
            OptionalDouble d = gemmGflops("nd4j", n);
            OptionalDouble m = gemmGflops("nd4jmmul", n);
            if (c.isPresent() && d.isPresent()) {
                double r = c.getAsDouble() / d.getAsDouble();
                String note = String.format(Locale.ROOT, "Cohort %.1f GFLOP/s, ND4J on the same double[] data %.1f GFLOP/s", c.getAsDouble(),
                        d.getAsDouble());
                if (m.isPresent()) {
                    note += String.format(Locale.ROOT, ", BLAS alone on prebuilt INDArrays %.1f GFLOP/s (ratio %.2f)", m.getAsDouble(),
                            c.getAsDouble() / m.getAsDouble());
                }
                out.target("GEMM " + n + "^3 >= 0.9 x ND4J GFLOP/s", r, ">= 0.9", "x ND4J", r >= GEMM_GOAL, note);
            }
        }
        for (int w : widths()) {
            OptionalDouble on = launchMicros(w, true);
            OptionalDouble off = launchMicros(w, false);
            if (on.isPresent()) {
                String note = "empty task, group launches of " + w + " points, default config (determinism checks on)";
                if (off.isPresent()) {
                    note += String.format(Locale.ROOT, "; checks off %.2f us", off.getAsDouble());
                }
                out.target("runtime overhead <= 5 us per point task, 1 shard, launches of " + w + " points", on.getAsDouble(), "<= 5",
                        "us per point task", on.getAsDouble() <= OVERHEAD_GOAL_US, note);
            }
        }
    }

    void section(SuiteOutput out, boolean quick, double seconds) {
        out.md("## Micro-benchmarks (JMH)\n");
        out.md(String.format(Locale.ROOT, "JMH 1.37, one fork per benchmark, one thread, %s; %.0f s in all. "
                + "bandwidth = bytes read + written by the kernel / time (GB/s = 10^9 B/s). Every figure is the "
                + "10th percentile of the per-call times (JMH SampleTime): the machine is shared, and a low percentile measures "
                + "the calls that ran undisturbed (`micro.csv` has the means too). "
                + "Ratios are Cohort / reference from the same run (higher is better).\n", quick ? "`--quick` (" + MicroBenchmarks.QUICK.describe() + ", GEMM at order "
                + MicroBenchmarks.QUICK_GEMM_ORDERS + " only)" : MicroBenchmarks.FULL.describe(), seconds));
        TreeSet<Long> sizes = kernelSizes();
        if (!sizes.isEmpty()) {
            out.md("\n### Kernels on one tile\n");
            out.md("`cohort` is the task-library kernel run as a point task runs it (the public `CpuTasks.body(op)` with the "
                    + "launch's encoded arguments and the instances); `bare` is a bare Java loop over the same `double[]` arrays "
                    + "(one accumulator for sums); `nd4j` is ND4J 1.0.0-M2.1 on one thread with preallocated outputs. "
                    + "`X` is (n/32) x 32, as in logistic regression.\n");
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("kernel", "elements", "Cohort GB/s", "bare loop GB/s", "ND4J GB/s", "Cohort / bare", "Cohort / ND4J"));
            for (String op : allOps()) {
                for (long n : sizes) {
                    if (kernelNs("cohort", op, n).isEmpty() && kernelNs("bare", op, n).isEmpty()) {
                        continue;
                    }
                    rows.add(List.of(OP_NAMES.getOrDefault(op, op), sizeName(n), f2(kernelGbs("cohort", op, n)), f2(kernelGbs("bare", op, n)),
                            f2(kernelGbs("nd4j", op, n)), f2(kernelRatio(op, n, "bare")), f2(kernelRatio(op, n, "nd4j"))));
                }
            }
            out.md(table(rows));
            for (long n : sizes) {
                out.md("\n![kernel bandwidth, " + sizeName(n) + "](" + chartName(n) + ")\n");
            }
        }
        if (!gemmSizes().isEmpty()) {
            out.md("\n### GEMM\n");
            out.md("`cohort`: the GEMM task on one (n, n, n) tile of heap instances; `ND4J direct`: `Nd4j.create` of the same "
                    + "`double[]` A and B, `Nd4j.gemm` into a new row-major result, copied back into C's array (the target's "
                    + "reference); `BLAS alone`: `Nd4j.gemm` on INDArrays built once, into a preallocated result. One thread "
                    + "throughout.\n");
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("n", "Cohort GFLOP/s", "ND4J direct GFLOP/s", "BLAS alone GFLOP/s", "Cohort / ND4J direct",
                    "Cohort / BLAS alone"));
            for (int n : gemmSizes()) {
                OptionalDouble c = gemmGflops("cohort", n);
                OptionalDouble d = gemmGflops("nd4j", n);
                OptionalDouble m = gemmGflops("nd4jmmul", n);
                rows.add(List.of(n + "^3", f2(c), f2(d), f2(m), f2(div(c, d)), f2(div(c, m))));
            }
            out.md(table(rows));
            out.md("\n![GEMM GFLOP/s](micro-gemm.png)\n");
        }
        if (!widths().isEmpty() || ndarrayOpMicros(true).isPresent() || ndarrayOpMicros(false).isPresent()) {
            out.md("\n### Runtime overhead, 1 shard\n");
            out.md("A one-shard runtime (default workers) kept alive across invocations; each invocation issues "
                    + RuntimeOverheadBench.POINTS + " point tasks of an empty registered task as group launches of W points back "
                    + "to back, then `sync()`: µs per point task = launch + analysis + scheduling + an empty body. The NdArray row "
                    + "is " + RuntimeOverheadBench.OPS + " `x = x.add(1.0)` on a 16-element array (one replicated point) per "
                    + "invocation: µs per NdArray operation.\n");
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("workload", "checks on µs", "checks off µs"));
            for (int w : widths()) {
                rows.add(List.of("empty task, launches of " + w + " points, per point task", f2(launchMicros(w, true)),
                        f2(launchMicros(w, false))));
            }
            rows.add(List.of("NdArray `x.add(1.0)`, 16 elements, per operation", f2(ndarrayOpMicros(true)), f2(ndarrayOpMicros(false))));
            out.md(table(rows));
            out.md("\n![runtime overhead](micro-runtime.png)\n");
        }
    }

    private static OptionalDouble div(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent() ? OptionalDouble.of(a.getAsDouble() / b.getAsDouble()) : OptionalDouble.empty();
    }

    static String chartName(long n) {
        return "micro-kernels-" + n + ".png";
    }

    static String sizeName(long n) {
        if (n % (1L << 20) == 0) {
            return (n >> 20) + " Mi";
        }
        if (n % 1024 == 0) {
            return (n >> 10) + " Ki";
        }
        return Long.toString(n);
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String f2(OptionalDouble v) {
        return v.isPresent() ? f2(v.getAsDouble()) : "–";
    }

    static String table(List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            sb.append("| ").append(String.join(" | ", rows.get(i))).append(" |\n");
            if (i == 0) {
                sb.append("|");
                for (int c = 0; c < rows.get(0).size(); c++) {
                    sb.append(c == 0 ? "---|" : "---:|");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    void charts(Path dir) {
        System.setProperty("java.awt.headless", "true");
        try {
            for (long n : kernelSizes()) {
                CategoryChart chart = new CategoryChartBuilder().width(900).height(450)
                        .title("Kernels on one tile of " + sizeName(n) + " float64 elements").xAxisTitle("kernel").yAxisTitle("GB/s").build();
                List<String> ops = new ArrayList<>();
                for (String op : allOps()) {
                    if (kernelNs("cohort", op, n).isPresent()) {
                        ops.add(op);
                    }
                }
                if (ops.isEmpty()) {
                    continue;
                }
                for (String[] v : new String[][] {{"cohort", "Cohort"}, {"bare", "bare Java loop"}, {"nd4j", "ND4J"}}) {
                    List<Double> ys = new ArrayList<>();
                    for (String op : ops) {
                        ys.add(kernelGbs(v[0], op, n).orElse(0));
                    }
                    chart.addSeries(v[1], ops, ys);
                }
                BitmapEncoder.saveBitmap(chart, dir.resolve(chartName(n)).toString(), BitmapEncoder.BitmapFormat.PNG);
            }
            if (!gemmSizes().isEmpty()) {
                CategoryChart chart = new CategoryChartBuilder().width(700).height(400).title("GEMM, float64, one thread")
                        .xAxisTitle("n (n x n x n)").yAxisTitle("GFLOP/s").build();
                List<String> xs = new ArrayList<>();
                for (int n : gemmSizes()) {
                    xs.add(Integer.toString(n));
                }
                for (String[] v : new String[][] {{"cohort", "Cohort"}, {"nd4j", "ND4J direct"}, {"nd4jmmul", "BLAS alone"}}) {
                    List<Double> ys = new ArrayList<>();
                    for (int n : gemmSizes()) {
                        ys.add(gemmGflops(v[0], n).orElse(0));
                    }
                    chart.addSeries(v[1], xs, ys);
                }
                BitmapEncoder.saveBitmap(chart, dir.resolve("micro-gemm.png").toString(), BitmapEncoder.BitmapFormat.PNG);
            }
            if (!widths().isEmpty()) {
                CategoryChart chart = new CategoryChartBuilder().width(700).height(400).title("Runtime overhead per point task, 1 shard")
                        .xAxisTitle("points per group launch").yAxisTitle("µs per point task").build();
                List<String> xs = new ArrayList<>();
                for (int w : widths()) {
                    xs.add(Integer.toString(w));
                }
                for (boolean checks : new boolean[] {true, false}) {
                    List<Double> ys = new ArrayList<>();
                    for (int w : widths()) {
                        ys.add(launchMicros(w, checks).orElse(0));
                    }
                    chart.addSeries(checks ? "determinism checks on" : "checks off", xs, ys);
                }
                BitmapEncoder.saveBitmap(chart, dir.resolve("micro-runtime.png").toString(), BitmapEncoder.BitmapFormat.PNG);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing the micro charts to " + dir, e);
        }
    }

    /** A few lines for the console. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        for (long n : kernelSizes()) {
            for (String op : allOps()) {
                OptionalDouble r = kernelRatio(op, n, "bare");
                if (r.isPresent()) {
                    sb.append(String.format(Locale.ROOT, "%-7s %6s  cohort %7.2f GB/s  bare %7.2f GB/s  nd4j %7s GB/s  cohort/bare %.2f%n", op,
                            sizeName(n), kernelGbs("cohort", op, n).orElse(Double.NaN), kernelGbs("bare", op, n).orElse(Double.NaN),
                            f2(kernelGbs("nd4j", op, n)), r.getAsDouble()));
                }
            }
        }
        for (int n : gemmSizes()) {
            sb.append(String.format(Locale.ROOT, "gemm %d^3: cohort %s, nd4j direct %s, blas alone %s GFLOP/s%n", n, f2(gemmGflops("cohort", n)),
                    f2(gemmGflops("nd4j", n)), f2(gemmGflops("nd4jmmul", n))));
        }
        for (int w : widths()) {
            sb.append(String.format(Locale.ROOT, "empty point task, width %d: %s us (checks on), %s us (off)%n", w, f2(launchMicros(w, true)),
                    f2(launchMicros(w, false))));
        }
        sb.append(String.format(Locale.ROOT, "ndarray op: %s us (checks on), %s us (off)%n", f2(ndarrayOpMicros(true)), f2(ndarrayOpMicros(false))));
        return sb.toString();
    }
}
