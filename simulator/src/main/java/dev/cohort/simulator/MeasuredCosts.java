package dev.cohort.simulator;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeStats;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * Costs the running program measured of itself, as the strategy search reads them: the data collectives completed so
 * far on shard 0 and their wall-clock time together ({@link RuntimeStats#collectivesCompleted()},
 * {@link RuntimeStats#collectiveNanos()}: each from shard 0's contribution being ready to the result's arrival). The
 * difference of two readings is what the collectives between them cost; {@link #applyTo} makes it the link latency
 * of the search's cost model, FlexFlow's way of costing an operator by measuring it on the device (seed 002 §5) where
 * the calibration's idle two-process link is far from the loop's: four shard processes of a loop on two cores wait
 * 3-9 ms for an all-gather of one number (a Bruck round each 2-4 ms, against the calibration's 41 µs IPC latency),
 * because a message waits for its receiver to be scheduled.
 *
 * @param collectives     data collectives completed on shard 0 so far (>= 0)
 * @param collectiveNanos their wall-clock time together, ns (>= 0)
 */
public record MeasuredCosts(long collectives, long collectiveNanos) {
    /** Fewest collectives between two readings whose mean replaces the calibration's link latency. */
    public static final int MIN_COLLECTIVES = 2;

    public MeasuredCosts {
        if (collectives < 0 || collectiveNanos < 0) {
            throw new IllegalArgumentException("measured costs must be >= 0; got " + collectives + " collectives, "
                    + collectiveNanos + " ns");
        }
    }

    /** What happened between {@code earlier} and this reading. */
    public MeasuredCosts since(MeasuredCosts earlier) {
        return new MeasuredCosts(Math.max(0, collectives - earlier.collectives),
                Math.max(0, collectiveNanos - earlier.collectiveNanos));
    }

    /** The mean wall time of one collective, ns (NaN when none completed). */
    public double meanCollectiveNanos() {
        return collectives == 0 ? Double.NaN : (double) collectiveNanos / collectives;
    }

    /**
     * {@code cost} with the latency of the link class between the shards of its (one-node) topology set to the
     * measured mean collective time over the ⌈log₂ N⌉ rounds of Bruck's all-gather (the transport's algorithm), the
     * bandwidth kept; {@code cost} itself when fewer than {@link #MIN_COLLECTIVES} collectives were measured or the
     * topology has one shard. The mean includes what shard 0 waited for slower shards, which the task graph also
     * models: a measured latency is an upper bound of the messages' own.
     */
    public CostModel applyTo(CostModel cost) {
        Topology t = cost.topology();
        if (collectives < MIN_COLLECTIVES || t.shards() < 2) {
            return cost;
        }
        int rounds = 64 - Long.numberOfLeadingZeros(t.shards() - 1L);
        Topology.LinkClass link = t.linkClass(0, 1);
        Calibration.LinkCost old = cost.calibration().link(link);
        Calibration c = cost.calibration().withLink(link,
                new Calibration.LinkCost(meanCollectiveNanos() / rounds, old.bytesPerNano()));
        return cost.withCalibration(c);
    }

    /** 16 bytes: the two counters. */
    byte[] encode() {
        return ByteBuffer.allocate(16).putLong(collectives).putLong(collectiveNanos).array();
    }

    static MeasuredCosts decode(byte[] b) {
        if (b.length != 16) {
            throw new IllegalArgumentException("measured costs are 16 bytes, got " + b.length);
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        return new MeasuredCosts(buf.getLong(), buf.getLong());
    }

    /**
     * A reader for {@link SearchAdvisor}: on every shard of the job, shard 0's counters, broadcast (a collective:
     * every shard must call it at the same point of the program, as the advisor does), so that every shard searches
     * with the same costs. {@code runtimes} gives the calling shard's runtime when the reader runs (on its program
     * thread; an advisor is made before its program starts).
     */
    public static Supplier<MeasuredCosts> broadcastFromShard0(Supplier<Runtime> runtimes) {
        return () -> {
            Runtime runtime = runtimes.get();
            byte[] mine = new byte[0];
            if (runtime.shard() == 0) {
                RuntimeStats s = runtime.stats();
                mine = new MeasuredCosts(s.collectivesCompleted(), s.collectiveNanos()).encode();
            }
            return decode(runtime.broadcast(0, mine));
        };
    }
}
