package dev.cohort.runtime;

/**
 * One or more shards of a job failed. {@link #errors()} holds each shard's error by rank (null
 * for shards that succeeded); the cause is the first failing shard's.
 */
public final class ShardGroupException extends RuntimeException {
    private final Throwable[] errors;

    ShardGroupException(Throwable[] errors, Throwable first) {
        super(describe(errors), first);
        this.errors = errors.clone();
        for (Throwable t : errors) {
            if (t != null && t != first) {
                addSuppressed(t);
            }
        }
    }

    public Throwable[] errors() {
        return errors.clone();
    }

    private static String describe(Throwable[] errors) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < errors.length; s++) {
            if (errors[s] != null) {
                sb.append(sb.length() == 0 ? "" : "; ").append("shard ").append(s).append(": ").append(errors[s].getMessage());
            }
        }
        return sb.toString();
    }
}
