package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import dev.cohort.partitioner.StrategyAdvisor;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.MeasuredCosts;
import dev.cohort.simulator.SearchAdvisor;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code --partitioning rules|search}: how the examples' operations are partitioned. {@code rules} (the default) is
 * the partitioner's rules alone; {@code search} gives every shard a {@link SearchAdvisor} that finds the program's
 * loop, searches its strategies by simulation with this machine's calibration ({@code bin/cohort calibrate}, else the
 * reference one) and the collective costs the loop measured of itself, and adopts a strategy predicted at least 10 %
 * faster (issue 16). Shard 0 reads the calibration and its measurements and broadcasts them, so every shard decides
 * alike.
 */
public enum Partitioning {
    /** The partitioner's rules. */
    RULES,
    /** The simulator's strategy search ({@link SearchAdvisor}). */
    SEARCH;

    /** The seed of every shard's search (the same on every shard). */
    public static final long SEED = 0x5EA5C4L;

    /**
     * Parses {@code rules} or {@code search} (any case).
     *
     * @throws IllegalArgumentException naming the value otherwise
     */
    public static Partitioning parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--partitioning must be rules or search, got '" + s + "'");
        }
    }

    /**
     * Each shard's advisor for this mode (null for the rules); with {@code report} non-null, shard 0's searches are
     * reported there.
     */
    public Function<Cohort, StrategyAdvisor> advisors(PrintStream report) {
        if (this == RULES) {
            return null;
        }
        boolean inProcess = dev.cohort.transport.launch.ShardEnvironment.job().isEmpty();
        return ctx -> {
            byte[] mine = ctx.shard() == 0 ? Calibration.loadOrReference().format().getBytes(StandardCharsets.UTF_8) : new byte[0];
            Calibration c = Calibration.parse(new String(ctx.broadcast(0, mine), StandardCharsets.UTF_8), "shard 0's calibration");
            return new SearchAdvisor(ctx.machine(), c, inProcess, SEED,
                    report != null && ctx.shard() == 0 ? report::println : null,
                    MeasuredCosts.broadcastFromShard0(ctx::runtime));
        };
    }
}
