package dev.cohort.runtime;

import dev.cohort.transport.LocalCommunicator;

import java.util.List;

/** The runtime's tests: a program on in-process shards over {@link LocalCommunicator}s ({@link ShardGroup#runShards}). */
public final class LocalShards {
    private LocalShards() {
    }

    public static <T> List<T> run(int shards, RuntimeConfig config, ShardGroup.Program<T> program) {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, got " + shards);
        }
        return ShardGroup.runShards(LocalCommunicator.create(shards), config, program);
    }
}
