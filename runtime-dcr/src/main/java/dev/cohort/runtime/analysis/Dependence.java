package dev.cohort.runtime.analysis;

/**
 * A dependence found by the coarse stage between two operations on one store, at partition
 * granularity. {@code shardLocal}: same partition, projection, launch domain and sharding function,
 * so point {@code i} depends only on point {@code i}, on the same shard (no transfer, no fence).
 */
public record Dependence(long fromOp, long toOp, long storeId, int requirement, Kind kind, boolean shardLocal) {
    public enum Kind { RAW, WAR, WAW }
}
