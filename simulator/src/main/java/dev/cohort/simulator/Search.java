package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Strategy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The strategy search of FlexFlow §6 (the seed's "MCMC" search) over a traced loop: a state is a
 * {@link Configuration} of the loop body's launch positions (the same configuration in every iteration); a proposal
 * changes one random configurable position to a random candidate tile ({@link #candidates}: tile counts per
 * splittable dimension, or one replicated point, or back to the rules); its cost is the simulated time of the second
 * of two iterations ({@link #secondIteration}), obtained by rebuilding the task graph ({@link Replay}, {@link GraphBuilder}) and re-timing it with
 * {@link DeltaSimulation}; it is accepted with the Metropolis probability {@code min(1, exp(β (cost - cost')))} with
 * {@code β = ln 2 / (TEMPERATURE × rules' cost)} (a proposal 20 % worse is accepted half the time). The search
 * runs a chain from the rules' strategy and one from every launch replicated, and returns the best state seen.
 *
 * <p>Deterministic: a function of the records, the machine view, the cost model, the seed and the step count, so
 * every shard that runs it finds the same strategy.
 */
public final class Search {
    /** At most this many candidate tiles per launch (the smallest tile counts are kept). */
    public static final int MAX_CANDIDATES = 96;
    /** A proposal this much worse (a share of the rules' cost) is accepted half the time. */
    public static final double TEMPERATURE = 0.20;

    private final Replay replay;
    private final int period;
    private final CostModel cost;
    private final BitSet blockAfter;
    private final List<Integer> positions = new ArrayList<>();
    private final List<List<long[]>> candidates = new ArrayList<>();

    /**
     * A search over the loop whose two recorded iterations {@code replay} holds ({@code 2 * period} launches).
     *
     * @throws IllegalArgumentException if the replay does not hold two iterations of {@code period} launches
     */
    public Search(Replay replay, int period, CostModel cost, BitSet blockAfter) {
        if (period < 1 || replay.recorded().size() != 2 * period) {
            throw new IllegalArgumentException("a search needs two iterations of the loop: " + replay.recorded().size()
                    + " launches recorded for a period of " + period);
        }
        this.replay = replay;
        this.period = period;
        this.cost = cost;
        this.blockAfter = (BitSet) blockAfter.clone();
        List<LaunchRecord> rules = replay.apply(Configuration.RULES);
        for (int i = 0; i < period; i++) {
            if (replay.configurable(i) && replay.configurable(i + period)) {
                List<long[]> c = candidates(rules.get(i).operation(), replay.machine(), rules.get(i).strategy());
                if (!c.isEmpty()) {
                    positions.add(i);
                    candidates.add(c);
                }
            }
        }
    }

    /** The outcome of a search ({@code replicatedNanos}: the simulated iteration with every configurable launch replicated, NaN when none is). */
    public record Result(Configuration best, double rulesNanos, double bestNanos, int steps, int accepted,
                         long taskUpdates, long graphTasks, double replicatedNanos) {
        /** {@code (rules - best) / rules}: the predicted gain of the best strategy. */
        public double gain() {
            return rulesNanos <= 0 ? 0 : (rulesNanos - bestNanos) / rulesNanos;
        }
    }

    /** Launch positions of the loop body that the search may configure. */
    public List<Integer> positions() {
        return List.copyOf(positions);
    }

    /** The candidate tiles of configurable position {@code positions().get(j)} ({@link Configuration#REPLICATED} included). */
    public List<long[]> candidatesAt(int j) {
        return List.copyOf(candidates.get(j));
    }

    /**
     * The cost of {@code c}: the simulated time of the second of the two iterations (ns, a full simulation), see
     * {@link #secondIteration}.
     */
    public double cost(Configuration c) {
        TaskGraph g = graph(c);
        return secondIteration(g, FullSimulation.run(g));
    }

    /**
     * The time the second iteration adds ({@link IterationPrediction#steadyNanos}: the makespan minus the last end of
     * a task of the first iteration, at least the busiest device's work in the second). The first iteration reads
     * the loop-carried arrays where the recorded program left them (the rules' placement); the second reads them
     * where the first, under the configuration evaluated, wrote them — the steady state.
     */
    double secondIteration(TaskGraph g, Timeline t) {
        return IterationPrediction.steadyNanos(g, t, period);
    }

    /** The task graph of two iterations under {@code c}. */
    public TaskGraph graph(Configuration c) {
        return GraphBuilder.build(replay.apply(expand(c)), cost, blockAfter);
    }

    /** The simulated time of one iteration under {@code c} in the steady state, ns ({@link #cost}). */
    public double iterationNanos(Configuration c) {
        return cost(c);
    }

    /** {@code c}'s positions of the loop body applied to both recorded iterations (a configuration of the replay). */
    public Configuration expand(Configuration c) {
        Configuration e = Configuration.RULES;
        for (var entry : c.entries().entrySet()) {
            e = e.with(entry.getKey(), entry.getValue()).with(entry.getKey() + period, entry.getValue());
        }
        return e;
    }

    /**
     * Runs {@code steps} MCMC proposals with random seed {@code seed}: half from the rules' strategy, half from every
     * configurable launch replicated (FlexFlow starts from data parallelism and from other given strategies: a single
     * change away from the rules can be worse although several together are better, as when small arrays stop moving
     * only once every launch on them is replicated).
     */
    public Result run(long seed, int steps) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double rules = cost(Configuration.RULES);
        Configuration replicated = Configuration.RULES;
        for (int pos : positions) {
            replicated = replicated.with(pos, Configuration.REPLICATED);
        }
        Chain best = new Chain(Configuration.RULES, rules);
        double replicatedCost = Double.NaN;
        int accepted = 0;
        long updates = 0;
        int done = 0;
        long tasks = 0;
        Configuration[] starts = positions.isEmpty() ? new Configuration[0] : new Configuration[] {Configuration.RULES, replicated};
        for (int k = 0; k < starts.length; k++) {
            Configuration current = starts[k];
            DeltaSimulation state;
            try {
                state = DeltaSimulation.of(graph(current));
            } catch (IllegalArgumentException e) {
                continue;
            }
            tasks = state.graph().size();
            double currentCost = secondIteration(state.graph(), state.timeline());
            if (k == 1) {
                replicatedCost = currentCost;
            }
            double beta = Math.log(2) / (TEMPERATURE * Math.max(rules, 1));
            if (currentCost < best.cost) {
                best = new Chain(current, currentCost);
            }
            int share = (k + 1) * steps / starts.length - k * steps / starts.length;
            for (int i = 0; i < share; i++, done++) {
                int j = rnd.nextInt(positions.size());
                int pos = positions.get(j);
                List<long[]> c = candidates.get(j);
                int pick = rnd.nextInt(c.size() + 1);
                long[] tile = pick == c.size() ? null : c.get(pick);
                Configuration proposal = current.with(pos, tile);
                if (proposal.equals(current)) {
                    continue;
                }
                TaskGraph g;
                try {
                    g = graph(proposal);
                } catch (IllegalArgumentException e) {
                    continue;   // not a legal tiling with the key partitions the launches before it leave
                }
                DeltaSimulation next = state.update(g);
                updates += next.updatedTasks();
                double nextCost = secondIteration(next.graph(), next.timeline());
                if (nextCost <= currentCost || rnd.nextDouble() < Math.exp(beta * (currentCost - nextCost))) {
                    current = proposal;
                    currentCost = nextCost;
                    state = next;
                    accepted++;
                    if (nextCost < best.cost) {
                        best = new Chain(proposal, nextCost);
                    }
                }
            }
        }
        return new Result(best.config, rules, best.cost, done, accepted, updates, tasks, replicatedCost);
    }

    /** A configuration and its simulated cost. */
    private record Chain(Configuration config, double cost) {
    }

    /**
     * The candidate tiles of {@code op} on {@code machine}: for up to three splittable iteration dimensions (not
     * broadcast, extent > 1), tile counts of powers of two (and the rules' count) whose product is at most
     * {@code max(64, 4 × rules' points, 2 × processors)}, each kept when {@link Partitioner#partition(Operation,
     * MachineView, long[])} accepts it; plus {@link Configuration#REPLICATED}. Sorted by point count, then tile.
     */
    public static List<long[]> candidates(Operation op, MachineView machine, Strategy rules) {
        long[] shape = op.shape();
        int dim = shape.length;
        List<Integer> dims = new ArrayList<>();
        for (int d = 0; d < dim && dims.size() < 3; d++) {
            if (!op.isUntiled(d) && shape[d] > 1) {
                dims.add(d);
            }
        }
        long maxPoints = Math.max(64, Math.max(4 * rules.pointCount(), 2L * machine.processors()));
        long[] ruleCounts = new long[dim];
        long[] ruleTile = rules.space().tile();
        for (int d = 0; d < dim; d++) {
            ruleCounts[d] = (Math.max(1, shape[d]) + ruleTile[d] - 1) / ruleTile[d];
        }
        List<long[]> out = new ArrayList<>();
        long[] counts = new long[dim];
        Arrays.fill(counts, 1);
        enumerate(op, machine, shape, dims, 0, counts, 1, maxPoints, ruleCounts, out);
        out.sort((a, b) -> {
            int c = Long.compare(points(shape, a), points(shape, b));
            return c != 0 ? c : Arrays.compare(a, b);
        });
        List<long[]> dedup = new ArrayList<>();
        for (long[] t : out) {
            if (dedup.isEmpty() || !Arrays.equals(dedup.get(dedup.size() - 1), t)) {
                dedup.add(t);
            }
        }
        List<long[]> kept = new ArrayList<>(dedup.subList(0, Math.min(MAX_CANDIDATES - 1, dedup.size())));
        kept.add(Configuration.REPLICATED);
        return kept;
    }

    private static void enumerate(Operation op, MachineView machine, long[] shape, List<Integer> dims, int j,
                                  long[] counts, long product, long maxPoints, long[] ruleCounts, List<long[]> out) {
        if (j == dims.size()) {
            if (product == 1) {
                return;   // one point: the replicated candidate covers it
            }
            long[] tile = new long[shape.length];
            for (int d = 0; d < shape.length; d++) {
                tile[d] = (Math.max(1, shape[d]) + counts[d] - 1) / counts[d];
            }
            try {
                Partitioner.partition(op, machine, tile);
                out.add(tile);
            } catch (IllegalArgumentException e) {
                // not legal for this operation (a written operand skips the dimension, ...)
            }
            return;
        }
        int d = dims.get(j);
        List<Long> options = new ArrayList<>();
        for (long c = 1; c <= shape[d] && product * c <= maxPoints; c *= 2) {
            options.add(c);
        }
        if (ruleCounts[d] > 1 && product * ruleCounts[d] <= maxPoints && !options.contains(ruleCounts[d])) {
            options.add(ruleCounts[d]);
        }
        for (long c : options) {
            counts[d] = c;
            enumerate(op, machine, shape, dims, j + 1, counts, product * c, maxPoints, ruleCounts, out);
        }
        counts[d] = 1;
    }

    private static long points(long[] shape, long[] tile) {
        long p = 1;
        for (int d = 0; d < shape.length; d++) {
            p *= (Math.max(1, shape[d]) + tile[d] - 1) / tile[d];
        }
        return p;
    }
}
