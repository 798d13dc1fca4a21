package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Strategy;
import dev.cohort.partitioner.StrategyAdvisor;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link StrategyAdvisor} that changes nothing and records every launch it sees, up to a limit: the launch sequence
 * a program issues, for the simulator ({@code bin/cohort simulate}, the accuracy table). Install it with
 * {@code Cohort.Config.strategyAdvisor(machine -> trace)} (one per shard).
 */
public final class LaunchTrace implements StrategyAdvisor {
    private final int limit;
    private final List<LaunchRecord> records = new ArrayList<>();
    private long seen;

    /** Records at most {@code limit} launches (the first ones). */
    public LaunchTrace(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
        this.limit = limit;
    }

    @Override
    public Strategy advise(LaunchRecord launch) {
        seen++;
        if (records.size() < limit) {
            records.add(launch);
        }
        return launch.strategy();
    }

    /** The launches recorded, in issue order. */
    public synchronized List<LaunchRecord> records() {
        return List.copyOf(records);
    }

    /** Launches seen (recorded or not). */
    public long seen() {
        return seen;
    }
}
