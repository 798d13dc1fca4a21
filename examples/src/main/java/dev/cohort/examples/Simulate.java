package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.Configuration;
import dev.cohort.simulator.CostModel;
import dev.cohort.simulator.LaunchShapes;
import dev.cohort.simulator.LaunchTrace;
import dev.cohort.simulator.PaperFigure;
import dev.cohort.simulator.Projection;
import dev.cohort.simulator.Replay;
import dev.cohort.simulator.Search;
import dev.cohort.simulator.SearchAdvisor;
import dev.cohort.simulator.Topology;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * {@code bin/cohort simulate}: how logistic regression and CG would weak-scale to machines we do not have (issue
 * 16, item 6). The example's own loop ({@link LogisticRegression#step}, {@link ConjugateGradient#step}) runs a few
 * iterations on one in-process shard at a small size with a {@link LaunchTrace}; two consecutive iterations whose
 * launches have the same shapes (the loop's steady state) are the recorded workload, which
 * {@link Projection#project} rescales to each node count (the problem grows with the nodes, as in the DCR paper's
 * Figs. 19 and 20), gives the rules' strategies, builds the task graph and simulates it with the calibrated costs
 * of one node and the given network. It prints a table (nodes, tasks per iteration, simulated seconds per
 * iteration, throughput per node, parallel efficiency, and the DCR paper's number at that node count where it has
 * one) and, with {@code --png}, plots throughput per node and efficiency against the nodes.
 *
 * <p>Weak-scaling rules: logistic regression keeps {@code --rows} rows of {@code --features} features per node
 * ({@code n -> n * N} rows on {@code N} nodes; work = rows); CG Poisson keeps about {@code --n}² unknowns per node
 * on a square grid ({@code n -> round(n * sqrt(N))}; work = unknowns, the grid's {@code n²}).
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Projects the weak scaling of logreg or cg to many nodes with the task-graph simulator.")
final class Simulate implements Callable<Integer> {
    /** The workloads. */
    enum Bench { logreg, cg }

    /** Iterations run while recording: enough to reach a steady state and find two equal ones in it. */
    static final int RECORDED_ITERATIONS = 6;
    /** The largest row count (logreg) recorded; larger --rows are projected from it. */
    static final long MAX_RECORDED_ROWS = 1 << 16;
    /** The largest grid side (cg) recorded. */
    static final long MAX_RECORDED_SIDE = 256;

    /** Seed of the projection's searches. */
    static final long SEARCH_SEED = 0x5EA5C4L;

    /**
     * The strategy compared with the rules at each size: the MCMC search ({@link Search}) of the two rescaled
     * iterations on that machine ({@code steps} proposals), adopted when predicted >= {@link SearchAdvisor#MIN_GAIN}
     * faster, as {@code --partitioning search} would.
     */
    static Function<Replay, Configuration> searched(Calibration cal, int steps) {
        return replay -> {
            int period = replay.recorded().size() / 2;
            var mv = replay.machine();
            CostModel cost = new CostModel(cal, new Topology(mv.shards(), 1, mv.cpusPerShard(), false));
            Search s = new Search(replay, period, cost, SearchAdvisor.blockingLaunches(replay.recorded(), period));
            Search.Result r = s.run(SEARCH_SEED, steps);
            return r.gain() >= SearchAdvisor.MIN_GAIN ? s.expand(r.best()) : Configuration.RULES;
        };
    }

    @Option(names = "--search", description = "Also search a strategy at each size (MCMC over the simulated task graph) "
            + "and show it beside the rules.")
    boolean search;

    @Option(names = "--search-steps", paramLabel = "K", defaultValue = "24",
            description = "Proposals of each --search (default: ${DEFAULT-VALUE}; each rebuilds and re-times the graph).")
    int searchSteps;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "logreg|cg", description = "The workload: logreg or cg (Poisson 2-D).")
    Bench bench;

    @Option(names = "--nodes", paramLabel = "N1,N2,...", defaultValue = "1,2,4,8,16,32,64,128,256,512,1024",
            split = ",", description = "Node counts (default: ${DEFAULT-VALUE}).")
    int[] nodes;

    @Option(names = "--cpus-per-node", paramLabel = "C", defaultValue = "4",
            description = "CPU worker processors per node, each with the calibration's kernel costs (default: ${DEFAULT-VALUE}).")
    int cpusPerNode;

    @Option(names = "--gpus-per-node", paramLabel = "G", defaultValue = "0",
            description = "GPUs per node instead of CPUs (needs --gpu): G processors per node whose kernels take --gpu's time.")
    int gpusPerNode;

    @Option(names = "--gpu", paramLabel = "\"NAME: BW, LATENCY\"",
            description = "A GPU's kernel model, e.g. \"v100: 900 GB/s, 5 us\": each point task takes LATENCY + bytes / BW. "
                    + "A model, not a measurement.")
    String gpu;

    @Option(names = "--network", paramLabel = "\"NAME: BW, LATENCY\"",
            description = "The network between nodes, e.g. \"ib-hdr: 25 GB/s, 1.5 us\" (default: the calibration's NETWORK link).")
    String network;

    @Option(names = "--calibration", paramLabel = "FILE",
            description = "A calibration file (default: this machine's, from bin/cohort calibrate, else the reference one).")
    Path calibration;

    @Option(names = "--png", paramLabel = "FILE", description = "Write a PNG plot of throughput per node and efficiency.")
    Path png;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "1000000", description = "logreg: rows per node (default: ${DEFAULT-VALUE}).")
    long rows;

    @Option(names = "--features", paramLabel = "D", defaultValue = "32", description = "logreg: features (default: ${DEFAULT-VALUE}).")
    int features;

    @Option(names = "--n", paramLabel = "N", defaultValue = "2048",
            description = "cg: grid side per node, N² unknowns per node (default: ${DEFAULT-VALUE}).")
    long n;

    @Override
    public Integer call() {
        require(nodes.length > 0, "--nodes needs at least one node count");
        for (int k : nodes) {
            require(k >= 1, "--nodes must be >= 1, got " + k);
        }
        require(cpusPerNode >= 1, "--cpus-per-node must be >= 1, got " + cpusPerNode);
        require(gpusPerNode >= 0, "--gpus-per-node must be >= 0, got " + gpusPerNode);
        require(gpusPerNode == 0 || gpu != null, "--gpus-per-node needs --gpu \"NAME: BW, LATENCY\" (the GPU's kernel model)");
        require(gpu == null || gpusPerNode > 0, "--gpu needs --gpus-per-node G > 0");
        require(rows >= 2, "--rows must be >= 2, got " + rows);
        require(features >= 1, "--features must be >= 1, got " + features);
        require(n >= 3, "--n must be >= 3, got " + n);
        Calibration cal;
        try {
            cal = calibration != null ? Calibration.load(calibration) : Calibration.loadOrReference();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("no calibration (" + e.getMessage() + "): run bin/cohort calibrate, "
                    + "or pass --calibration FILE", e);
        }
        String networkText = "calibration's NETWORK link";
        if (network != null) {
            Projection.Rate r = parse("--network", network);
            cal = cal.withLink(Topology.LinkClass.NETWORK, r.link());
            networkText = r.toString();
        }
        String processors = cpusPerNode + " CPU workers";
        int procs = cpusPerNode;
        if (gpusPerNode > 0) {
            Projection.Rate g = parse("--gpu", gpu);
            cal = Projection.withKernels(cal, g.kernel(), "GPU " + g + " (a model, not measured)");
            procs = gpusPerNode;
            processors = gpusPerNode + " GPUs modelled as " + g;
        }
        Projection.Workload w = bench == Bench.logreg ? logreg(rows, features) : cg(n);
        Projection.Node node = new Projection.Node(procs, cal);
        require(searchSteps >= 1, "--search-steps must be >= 1, got " + searchSteps);
        Report report = report(w, nodes, node, search ? searched(cal, searchSteps) : null);
        PrintWriter out = spec.commandLine().getOut();
        String size = bench == Bench.logreg ? rows + " rows x " + features + " features per node"
                : n + " x " + n + " grid per node";
        out.println("# " + w.name() + ", weak scaling: " + size + "; node = " + processors + ", one shard; network "
                + networkText);
        out.println("# calibration: " + cal.machine() + (calibration != null ? " (" + calibration + ")" : ""));
        out.println("# " + w.launchesPerIteration() + " launches per iteration (recorded on 1 shard, "
                + (w.blocksEachIteration() ? "the program waits for each iteration's last launch" : "no wait in the loop")
                + "); strategy: the partitioner's rules at each size");
        report.print(out, w.workUnit());
        if (png != null) {
            Path written = report.plot(png, w.name() + " weak scaling (simulated)", w.workUnit());
            out.println("# plot: " + written);
        }
        out.flush();
        return 0;
    }

    private Projection.Rate parse(String option, String text) {
        try {
            return Projection.parseRate(option, text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /** The projection of {@code w}: the rules', and {@code searched}'s when given, with the paper's figures. */
    static Report report(Projection.Workload w, int[] nodes, Projection.Node node, Function<Replay, Configuration> searched) {
        List<Projection.Point> rules = Projection.project(w, nodes, node);
        List<Projection.Point> search = searched == null ? null : Projection.project(w, nodes, node, searched);
        return new Report(w.name(), rules, search, PaperFigure.of(w.name()));
    }

    /**
     * What {@code bin/cohort simulate} prints and plots.
     *
     * @param workload the workload's name
     * @param rules    the projection with the rules' strategies
     * @param searched the projection with the searched strategies, or null
     * @param paper    the DCR paper's figures for the workload
     */
    record Report(String workload, List<Projection.Point> rules, List<Projection.Point> searched, List<PaperFigure> paper) {
        void print(PrintWriter out, String unit) {
            String head = String.format(Locale.ROOT, "%6s %10s %12s %14s %10s", "nodes", "tasks/iter", "s/iter",
                    unit + "/s/node", "efficiency");
            if (searched != null) {
                head += String.format(Locale.ROOT, " %12s %10s  %s", "searched s", "efficiency", "searched strategy");
            }
            out.println(head + "  DCR paper (Legate NumPy)");
            double simNanos = 0;
            long tasks = 0;
            for (int i = 0; i < rules.size(); i++) {
                Projection.Point p = rules.get(i);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%6d %10d %12.6g %14.6g %10.4f", p.nodes(),
                        p.tasksPerIteration(), p.secondsPerIteration(), p.workPerSecondPerNode(), p.efficiency()));
                if (searched != null) {
                    Projection.Point s = searched.get(i);
                    line.append(String.format(Locale.ROOT, " %12.6g %10.4f  %s", s.secondsPerIteration(), s.efficiency(),
                            s.strategy()));
                }
                List<String> cited = new ArrayList<>();
                for (PaperFigure f : paper) {
                    if (f.nodes() == p.nodes()) {
                        cited.add(f.cite());
                    }
                }
                line.append("  ").append(cited.isEmpty() ? "-" : String.join("; ", cited));
                out.println(line);
                simNanos += p.simulatorNanosPerTask() * p.tasksPerIteration();
                tasks += p.tasksPerIteration();
            }
            out.println(String.format(Locale.ROOT, "# simulator: %.0f ns per task (graph build and full simulation)",
                    simNanos / Math.max(1, tasks)));
            int relaxed = rules.stream().mapToInt(Projection.Point::relaxedLaunches).max().orElse(0);
            if (relaxed > 0) {
                out.println("# " + relaxed + " launch(es) recorded with a strategy other than the rules' were given the rules' at every size");
            }
            for (PaperFigure f : paper) {
                out.println("# DCR paper: " + f.cite() + "; " + f.howRead());
            }
        }

        /** Writes the plot (XChart, headless) to {@code file}; returns the file written. */
        Path plot(Path file, String title, String unit) {
            System.setProperty("java.awt.headless", "true");
            for (PaperFigure f : paper) {
                if (!f.unit().equals("efficiency") && !f.unit().equals(unit + "/s/node")) {
                    // not on these axes: cited in the title
                    title += "; DCR paper: " + Double.toString(f.value()).replaceFirst("\\.0$", "") + " " + f.unit()
                            + " at " + f.nodes() + " nodes (" + f.source().replace("DCR paper, ", "") + ")";
                }
            }
            XYChart chart = new XYChartBuilder().width(900).height(520).title(title).xAxisTitle("nodes")
                    .yAxisTitle(unit + " per second per node").build();
            chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideSW);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setToolTipsEnabled(false);
            chart.setYAxisGroupTitle(1, "parallel efficiency");
            chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
            chart.getStyler().setYAxisMin(1, 0.0);
            chart.getStyler().setYAxisMax(1, 1.05);
            chart.getStyler().setYAxisMin(0, 0.0);
            addSeries(chart, "throughput/node (rules)", rules, false);
            addSeries(chart, "efficiency (rules)", rules, true);
            if (searched != null) {
                addSeries(chart, "throughput/node (searched)", searched, false);
                addSeries(chart, "efficiency (searched)", searched, true);
            }
            Map<String, List<PaperFigure>> plotted = new HashMap<>();
            for (PaperFigure f : paper) {
                if (f.unit().equals("efficiency") || f.unit().equals(unit + "/s/node")) {
                    plotted.computeIfAbsent(f.unit(), u -> new ArrayList<>()).add(f);
                }
            }
            for (Map.Entry<String, List<PaperFigure>> e : plotted.entrySet()) {
                double[] x = e.getValue().stream().mapToDouble(PaperFigure::nodes).toArray();
                double[] y = e.getValue().stream().mapToDouble(PaperFigure::value).toArray();
                XYSeries s = chart.addSeries("DCR paper " + e.getKey() + " (" + e.getValue().get(0).source() + ")", x, y);
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                s.setMarker(SeriesMarkers.DIAMOND);
                s.setYAxisGroup(e.getKey().equals("efficiency") ? 1 : 0);
            }
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the plot " + file + ": " + e.getMessage(), e);
            }
            return file.toString().endsWith(".png") ? file : Path.of(file + ".png");
        }

        private static void addSeries(XYChart chart, String name, List<Projection.Point> points, boolean efficiency) {
            double[] x = points.stream().mapToDouble(Projection.Point::nodes).toArray();
            double[] y = points.stream().mapToDouble(efficiency ? Projection.Point::efficiency
                    : Projection.Point::workPerSecondPerNode).toArray();
            XYSeries s = chart.addSeries(name, x, y);
            s.setYAxisGroup(efficiency ? 1 : 0);
            s.setMarker(efficiency ? SeriesMarkers.SQUARE : SeriesMarkers.CIRCLE);
        }
    }

    /**
     * Logistic regression's workload: {@link LogisticRegression#step} on synthetic standardised data of
     * {@code min(rowsPerNode, 2^16)} rows recorded on one shard, rows scaled to {@code rowsPerNode * N} on {@code N}
     * nodes. The program does not wait inside the loop.
     */
    static Projection.Workload logreg(long rowsPerNode, int features) {
        long recorded = Math.min(rowsPerNode, MAX_RECORDED_ROWS);
        if (recorded == features || recorded == 1) {
            recorded++;
        }
        long r0 = recorded;
        Recording rec = record(() -> {
            LogisticRegression.Data d = LogisticRegression.synthetic(r0, features, 1);
            NdArray X = LogisticRegression.standardize(d.X());
            X.sum().item();
            NdArray[] w = {Np.zeros(features)};
            return () -> w[0] = LogisticRegression.step(X, d.y(), w[0], 0.1);
        });
        return rec.workload("logreg", false, nodes -> e -> e == r0 ? rowsPerNode * nodes : e,
                nodes -> (double) rowsPerNode * nodes, "rows");
    }

    /**
     * CG Poisson's workload: {@link ConjugateGradient#step} with {@link ConjugateGradient#poissonLaplacian} and the
     * residual norm the loop reads back each iteration, on a {@code min(nPerNode, 256)}² grid recorded on one shard;
     * the grid side becomes {@code round(nPerNode * sqrt(N))} on {@code N} nodes (its padded store's side with it).
     */
    static Projection.Workload cg(long nPerNode) {
        long n0 = Math.min(nPerNode, MAX_RECORDED_SIDE);
        Recording rec = record(() -> {
            NdArray b = Np.ones(n0, n0);
            UnaryOperator<NdArray> laplacian = ConjugateGradient.poissonLaplacian(n0);
            UnaryOperator<NdArray> minv = r -> r.multiply(0.25);
            NdArray r = b.copy();
            NdArray z = minv.apply(r);
            ConjugateGradient.State[] s = {new ConjugateGradient.State(Np.zeros_like(b), r, z, r.multiply(z).sum())};
            s[0].rz().item();
            return () -> {
                s[0] = ConjugateGradient.step(laplacian, minv, s[0]);
                Np.linalg.norm(s[0].r()).itemDouble(); // the loop's residual: the program waits for it
            };
        });
        return rec.workload("cg", true, nodes -> {
            long side = side(nPerNode, nodes);
            return e -> e == n0 ? side : e == n0 + 2 ? side + 2 : e;
        }, nodes -> (double) side(nPerNode, nodes) * side(nPerNode, nodes), "unknowns");
    }

    /** The grid side on {@code nodes} nodes: {@code round(n * sqrt(nodes))}. */
    static long side(long nPerNode, int nodes) {
        return Math.round(nPerNode * Math.sqrt(nodes));
    }

    /** A set-up that returns the loop's body (both run in the recording program). */
    interface Setup {
        Runnable run();
    }

    /** The launches of {@link #RECORDED_ITERATIONS} iterations and where each iteration's launches start. */
    record Recording(List<LaunchRecord> launches, List<Integer> marks, MachineView machine) {
        /**
         * The first two consecutive iterations after the first whose launches have the same signatures
         * ({@link LaunchShapes#signature}), as a workload.
         *
         * @throws IllegalStateException when no two consecutive iterations issue the same launches
         */
        Projection.Workload workload(String name, boolean blocks, java.util.function.IntFunction<java.util.function.LongUnaryOperator> extents,
                                     java.util.function.IntToDoubleFunction work, String unit) {
            for (int i = 1; i + 2 < marks.size(); i++) {
                List<String> a = signatures(marks.get(i), marks.get(i + 1));
                List<String> b = signatures(marks.get(i + 1), marks.get(i + 2));
                if (!a.isEmpty() && a.equals(b)) {
                    return new Projection.Workload(name, launches.subList(marks.get(i), marks.get(i + 2)), machine, a.size(),
                            blocks, extents, work, unit);
                }
            }
            throw new IllegalStateException(name + ": no two consecutive iterations of " + (marks.size() - 1)
                    + " issued the same launches (launches per iteration: " + counts() + ")");
        }

        private List<String> signatures(int from, int to) {
            return launches.subList(from, to).stream().map(LaunchShapes::signature).toList();
        }

        private List<Integer> counts() {
            List<Integer> c = new ArrayList<>();
            for (int i = 0; i + 1 < marks.size(); i++) {
                c.add(marks.get(i + 1) - marks.get(i));
            }
            return c;
        }
    }

    /** Runs {@code setup} and {@link #RECORDED_ITERATIONS} of its loop body on one in-process shard, recording. */
    static Recording record(Setup setup) {
        LaunchTrace trace = new LaunchTrace(1 << 20);
        MachineView[] machine = new MachineView[1];
        List<Integer> marks = new ArrayList<>();
        Cohort.run(new Cohort.Config().eagerMaxVolume(0).shards(1).strategyAdvisor(ctx -> {
            machine[0] = ctx.machine();
            return trace;
        }), () -> {
            Runnable body = setup.run();
            for (int i = 0; i < RECORDED_ITERATIONS; i++) {
                marks.add(trace.records().size());
                body.run();
            }
            marks.add(trace.records().size());
            return null;
        });
        return new Recording(trace.records(), List.copyOf(marks), machine[0]);
    }
}
