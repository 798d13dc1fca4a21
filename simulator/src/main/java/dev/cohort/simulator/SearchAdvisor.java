package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Strategy;
import dev.cohort.partitioner.StrategyAdvisor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code --partitioning search}: a {@link StrategyAdvisor} that finds the loop a program runs, searches its
 * strategies by simulation and adopts the best one for the following iterations (issue 16, item 3).
 * <ol>
 *   <li><b>Loop detection.</b> It keeps the signatures ({@link LaunchShapes#signature}) of the launches it sees;
 *       once the last {@link #REPEATS} × P of them repeat with a period P (the same as the runtime's trace memo:
 *       store ids do not count), the last two periods are the two recorded iterations of the loop.</li>
 *   <li><b>Budget.</b> The search may cost {@link #BUDGET_SHARE} of the loop's run time so far — its
 *       <em>predicted</em> run time (the rules' simulated iteration time × iterations seen), not a clock reading,
 *       so that every shard computes the same budget — at the calibration's measured cost per simulated task;
 *       fewer than {@link #MIN_STEPS} affordable steps postpone the search to a later iteration.</li>
 *   <li><b>Measured costs.</b> With a {@link MeasuredCosts} reader, the advisor reads the program's own costs
 *       (shard 0's collectives, point tasks, clock and JIT compilation time, broadcast) in windows
 *       ({@link MeasurementWindows}) until one is settled, out of the JIT compiler's warm-up; that window's
 *       collectives price the links of the search's cost model and its point tasks scale each op code's kernels
 *       ({@link MeasuredCosts#applyTo}).</li>
 *   <li><b>Search.</b> {@link Search#run} with a fixed seed.</li>
 *   <li><b>Adoption.</b> When the best strategy's predicted time is at least {@link #MIN_GAIN} below the rules',
 *       the following launches at configured positions of the loop get its tiles
 *       ({@link Partitioner#partition(dev.cohort.partitioner.Operation, MachineView, long[])} of their own
 *       operation). A launch whose signature differs from the loop's at its position keeps the rules' strategy: a
 *       loop may issue a launch of its own now and then (a deferred chain flushed every few iterations, a restart);
 *       after a few such launches in a row, one that matches the loop's first launch starts the next iteration there
 *       (sooner, a flushed launch of the first launch's shape would move the position into the middle of the
 *       iteration: dense CG 512 fell back to the rules that way). Only more than one iteration's
 *       worth of launches outside the loop in a row ends the adoption (the program left the loop), and detection
 *       starts again.</li>
 *   <li><b>Trial.</b> With a {@link MeasuredCosts} reader, an adopted strategy is on trial: the advisor measures the
 *       loop under it in windows as before the search ({@link MeasurementWindows}, read at the end of iterations of
 *       the adopted body) and, once a window counts, compares shard 0's wall time per iteration with the rules'
 *       window the search used. A strategy that measured no faster than the rules is dropped for the rules, and
 *       the loop keeps them from then on (the simulator predicts, the loop's clock decides: a 2-D stencil's strips
 *       of 32 rows were predicted 16 % faster and ran 10 % slower, the search's kernel rates being measured on the
 *       rules' tiles).</li>
 *   <li><b>Memory.</b> The advisor remembers the body it searched last and what it decided: when the same loop is
 *       detected again (the same signatures, from any launch of the body on) it re-adopts the strategy without a
 *       new search, or keeps the rules as it did.</li>
 * </ol>
 * Every decision is a function of the launch sequence (identical on every shard, control determinism) and of the
 * calibration and measured costs, which must be identical on every shard (the same file, or one broadcast from shard
 * 0).
 */
public final class SearchAdvisor implements StrategyAdvisor {
    /** Iterations seen before a loop counts as one. */
    public static final int REPEATS = 3;
    /** The longest loop body recognised, in launches. */
    public static final int MAX_PERIOD = 256;
    /** Share of the loop's predicted run time so far the search may cost. */
    public static final double BUDGET_SHARE = 0.02;
    /** Fewest proposals worth a search. */
    public static final int MIN_STEPS = 24;
    /** Most proposals of one search. */
    public static final int MAX_STEPS = 400;
    /** Least predicted gain for adopting a searched strategy. */
    public static final double MIN_GAIN = 0.10;
    private final MachineView machine;
    private final CostModel cost;
    /** The windows of the loop's own costs, or null (the calibration alone). */
    private final MeasurementWindows measured;
    /** Reads the loop's own costs, or null. */
    private final Supplier<MeasuredCosts> measure;
    /** The windows of the adopted strategy on trial, or null (none on trial). */
    private MeasurementWindows trial;
    /** Whether {@link #searchedBest} still has its trial to pass (a new trial starts whenever it is adopted). */
    private boolean untried;
    /** Shard 0's wall time per iteration of the rules in the window the search used, ns (for the trial). */
    private double rulesWallNanos;
    /** Whether the last trial kept its strategy; null while none was judged. */
    private Boolean trialKept;
    /** Launches seen. */
    private long launches;
    private final long seed;
    private final Consumer<String> log;
    private final List<String> signatures = new ArrayList<>();
    private final List<LaunchRecord> records = new ArrayList<>();
    private long iterationsSeen;
    /** The body of the loop searched last (its signatures) and the configuration adopted for it, null for the rules. */
    private List<String> searchedBody;
    private Configuration searchedBest;
    /** Set once a strategy is adopted: the loop body's signatures and the configuration. */
    private List<String> body;
    private Configuration adopted;
    private int position;
    /** Launches outside the adopted loop since its last launch. */
    private int strays;
    private Search.Result lastResult;
    private String lastReport = "no search yet";

    /**
     * An advisor for one shard whose machine view is {@code machine}, with costs from {@code calibration} on one node
     * of {@code machine.shards()} shards ({@code inProcess}: in one JVM), searching with {@code seed}; {@code log}
     * receives a readable report of each search (null: none).
     */
    public SearchAdvisor(MachineView machine, Calibration calibration, boolean inProcess, long seed, Consumer<String> log) {
        this(machine, calibration, inProcess, seed, log, null);
    }

    /**
     * An advisor as {@link #SearchAdvisor(MachineView, Calibration, boolean, long, Consumer)} that also prices the
     * links and kernels with what the loop itself measured, read by {@code measure} (null: the calibration alone), which
     * must give every shard the same reading ({@link MeasuredCosts#broadcastFromShard0}) and is called on the program
     * thread of every shard at the same launches.
     */
    public SearchAdvisor(MachineView machine, Calibration calibration, boolean inProcess, long seed, Consumer<String> log,
                         Supplier<MeasuredCosts> measure) {
        this.machine = machine;
        // one node (the shards of this job): its processors share the cores this process sees
        this.cost = new CostModel(calibration, new Topology(1, machine.shards(), machine.cpusPerShard(), inProcess,
                inProcess ? Runtime.getRuntime().availableProcessors() : 0));
        this.seed = seed;
        this.log = log;
        this.measured = measure == null ? null : new MeasurementWindows(measure);
        this.measure = measure;
    }

    @Override
    public Strategy advise(LaunchRecord launch) {
        launches++;
        String sig = LaunchShapes.signature(launch);
        if (adopted != null) {
            // the expected launch, or after a few strays the loop's first (it started over); an inserted launch that
            // looks like the first (a flushed chain of the same shape) must not move the position
            int pos = sig.equals(body.get(position)) ? position
                    : strays >= Math.max(2, body.size() / 2) && sig.equals(body.get(0)) ? 0 : -1;
            if (pos >= 0) {
                strays = 0;
                position = (pos + 1) % body.size();
                if (position == 0 && trial != null && !judgeTrial()) {
                    return launch.strategy();   // measured no faster: the rules from this launch on
                }
                return adoptedStrategy(pos, launch);
            }
            if (++strays <= body.size()) {
                return launch.strategy();   // a launch of the loop's own now and then: the rules for it
            }
            log("launches outside the loop: back to the rules");
            adopted = null;
            trial = null;   // a trial not over starts again if the loop is adopted again
            body = null;
            strays = 0;
            signatures.clear();
            records.clear();
        }
        signatures.add(sig);
        records.add(launch);
        if (signatures.size() > REPEATS * MAX_PERIOD + MAX_PERIOD) {
            signatures.subList(0, MAX_PERIOD).clear();
            records.subList(0, MAX_PERIOD).clear();
        }
        int p = LaunchShapes.period(signatures, REPEATS, MAX_PERIOD);
        if (p > 0 && signatures.size() % p == 0) {
            iterationsSeen = signatures.size() / p;
            maybeSearch(p);
        }
        return launch.strategy();
    }

    /**
     * At the end of an iteration of the adopted loop: offers the trial's windows a reading and, once one counts,
     * keeps the strategy if it measured faster per iteration than the rules, else goes back to the rules for good.
     * Returns false when the strategy was dropped.
     */
    private boolean judgeTrial() {
        MeasuredCosts w = trial.offer(body, launches);
        if (w == null) {
            return true;
        }
        double iterations = (double) trial.lastLaunches() / body.size();
        double adoptedWall = w.wallNanos() / Math.max(1, iterations);
        trial = null;
        untried = false;
        boolean faster = adoptedWall < rulesWallNanos;
        trialKept = faster;
        String verdict = String.format(java.util.Locale.ROOT,
                "measured on trial over %.0f iterations: %.3f ms an iteration, the rules %.3f ms: %s", iterations,
                adoptedWall / 1e6, rulesWallNanos / 1e6, faster ? "kept" : "back to the rules");
        lastReport = lastReport + "\n" + verdict;
        log(verdict);
        if (faster) {
            return true;
        }
        searchedBest = null;   // the same loop detected again keeps the rules
        adopted = null;
        body = null;
        strays = 0;
        signatures.clear();
        records.clear();
        return false;
    }

    private Strategy adoptedStrategy(int pos, LaunchRecord launch) {
        long[] tile = adopted.tile(pos);
        if (tile == null) {
            return launch.strategy();
        }
        Strategy rules;
        try {
            rules = Partitioner.partition(launch.operation(), machine);
        } catch (IllegalArgumentException e) {
            return launch.strategy();
        }
        if (!Replay.sameStrategy(rules, launch.strategy())) {
            return launch.strategy();   // not the rules' (fused, or one point asked for): leave it
        }
        try {
            return tile.length == 0 ? Partitioner.replicated(launch.operation())
                    : Partitioner.partition(launch.operation(), machine, tile);
        } catch (IllegalArgumentException e) {
            return launch.strategy();
        }
    }

    private void maybeSearch(int p) {
        List<String> window = signatures.subList(signatures.size() - p, signatures.size());
        int k = searchedBody == null ? -1 : rotation(searchedBody, window);
        if (k >= 0) {
            // this loop was searched already: its decision stands (window[i] is body[(k + i) % p], so the next
            // launch is body[k])
            if (searchedBest != null) {
                adopted = searchedBest;
                body = searchedBody;
                position = k;
                strays = 0;
                trial = untried ? new MeasurementWindows(measure) : null;
                log("the searched loop again: its strategy re-adopted");
            }
            return;
        }
        MeasuredCosts costs = null;
        if (measured != null && (costs = measured.offer(window, launches)) == null) {
            return;   // measuring the loop's own costs
        }
        List<LaunchRecord> two = new ArrayList<>(records.subList(records.size() - 2 * p, records.size()));
        BitSet block = blockingLaunches(two, p);
        int measuredIterations = costs == null ? 0 : (int) Math.min(Integer.MAX_VALUE, measured.lastLaunches() / p);
        CostModel model = costs == null ? cost : costs.applyTo(cost, two, p, block, measuredIterations);
        Replay replay = new Replay(two, machine);
        Search search = new Search(replay, p, model, block);
        double iteration = search.iterationNanos(Configuration.RULES);
        long tasks = search.graph(Configuration.RULES).size();
        double perStep = Math.max(1, model.calibration().simulatorNanosPerTask()) * 2 * tasks;
        long steps = (long) (BUDGET_SHARE * iteration * iterationsSeen / perStep);
        if (steps < MIN_STEPS && iterationsSeen < 64) {
            return;   // not enough time has passed to pay for a search: try again after more iterations
        }
        Search.Result r = search.run(seed, (int) Math.max(MIN_STEPS, Math.min(MAX_STEPS, steps)));
        lastResult = r;
        lastReport = describe(search, two, r) + (costs == null ? "" : "\n" + costs.describe(measuredIterations, model));
        searchedBody = List.copyOf(window);
        if (r.gain() >= MIN_GAIN) {
            adopted = r.best();
            searchedBest = adopted;
            body = searchedBody;
            position = 0;
            strays = 0;
            untried = costs != null && costs.wallNanos() > 0 && measured.lastLaunches() > 0;
            if (untried) {
                rulesWallNanos = (double) costs.wallNanos() * p / measured.lastLaunches();
                trial = new MeasurementWindows(measure);
            }
            log(lastReport + "\nadopted for the following iterations" + (trial != null ? ", on trial" : ""));
        } else {
            searchedBest = null;
            untried = false;
            log(lastReport + "\nkept the rules (gain below " + Math.round(MIN_GAIN * 100) + " %)");
        }
    }

    /**
     * The k with {@code window[i] = body[(k + i) % n]} for every i, or -1 when {@code window} is no rotation of
     * {@code body}.
     */
    static int rotation(List<String> body, List<String> window) {
        int n = body.size();
        if (window.size() != n) {
            return -1;
        }
        for (int k = 0; k < n; k++) {
            boolean ok = true;
            for (int i = 0; i < n && ok; i++) {
                ok = window.get(i).equals(body.get((k + i) % n));
            }
            if (ok) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Per iteration, the last launch that makes a value a program reads — a folded result, or a reduction through
     * Replicated (a 0-d or small array such as {@code a.sum()}): where a loop's program reads its convergence value
     * and waits.
     */
    public static BitSet blockingLaunches(List<LaunchRecord> two, int period) {
        BitSet b = new BitSet();
        for (int it = 0; it < 2; it++) {
            for (int i = it * period + period - 1; i >= it * period; i--) {
                if (makesValue(two.get(i))) {
                    b.set(i);
                    break;
                }
            }
        }
        return b;
    }

    private static boolean makesValue(LaunchRecord r) {
        if (r.resultBytes() > 0) {
            return true;
        }
        for (int k = 0; k < r.operation().operands().size(); k++) {
            if (r.operation().operands().get(k).role() == dev.cohort.partitioner.Role.REDUCE && r.strategy().isReplicated(k)) {
                return true;
            }
        }
        return false;
    }

    /** A readable account of a search: the loop, each configured launch's rules and searched tiling, the predicted times. */
    static String describe(Search search, List<LaunchRecord> two, Search.Result r) {
        StringBuilder b = new StringBuilder();
        int period = two.size() / 2;
        b.append(String.format("strategy search: loop of %d launches, %d configurable; %d proposals, %d accepted;%n",
                period, search.positions().size(), r.steps(), r.accepted()));
        b.append(String.format("  predicted iteration: rules %.3f ms, searched %.3f ms (gain %.1f %%), every launch replicated %.3f ms%n",
                r.rulesNanos() / 1e6, r.bestNanos() / 1e6, 100 * r.gain(), r.replicatedNanos() / 1e6));
        for (Map.Entry<Integer, long[]> e : r.best().entries().entrySet()) {
            LaunchRecord l = two.get(e.getKey());
            long[] t = e.getValue();
            b.append(String.format("  #%d task %d over %s: rules %d points (tile %s) -> %s%n", e.getKey(), l.taskId(),
                    Arrays.toString(l.operation().shape()), l.strategy().pointCount(),
                    Arrays.toString(l.strategy().space().tile()),
                    t.length == 0 ? "one replicated point" : "tile " + Arrays.toString(t)));
        }
        return b.toString().stripTrailing();
    }

    private void log(String s) {
        if (log != null) {
            log.accept(s);
        }
    }

    /** The position in the adopted loop of the launch expected next (tests). */
    int position() {
        return position;
    }

    /** The configuration adopted, or null (rules). */
    public Configuration adopted() {
        return adopted;
    }

    /**
     * True once a search ran and its outcome stands: the rules kept, or a strategy adopted whose trial is over (or
     * that has none, without a reader). A trial cut short by the program leaving the loop is not over: it starts
     * again when the loop is adopted again.
     */
    public boolean decided() {
        return lastResult != null && !untried;
    }

    /** Whether the last trial kept its adopted strategy (false: measured no faster, back to the rules); null while none was judged. */
    public Boolean trialKept() {
        return trialKept;
    }

    /** The last search's result, or null when none ran. */
    public Search.Result lastResult() {
        return lastResult;
    }

    /** The last search's readable report. */
    public String report() {
        return lastReport;
    }
}
