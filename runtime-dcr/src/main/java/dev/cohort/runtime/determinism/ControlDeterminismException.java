package dev.cohort.runtime.determinism;

/**
 * The shards of a replicated program made different sequences of runtime calls (DCR paper §3).
 * The message names the first call that differed, as this shard issued it.
 */
public final class ControlDeterminismException extends RuntimeException {
    private final long callIndex;

    public ControlDeterminismException(String message, long callIndex) {
        super(message);
        this.callIndex = callIndex;
    }

    /** Index (from 0) of the first runtime call that differed across shards. */
    public long callIndex() {
        return callIndex;
    }
}
