package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;

import java.nio.file.Path;
import java.util.Map;

/**
 * An iterative example's checkpoints ({@code --checkpoint-every K --checkpoint-dir D}, {@code
 * --restart-from D}): after every K-th iteration the loop state goes into {@code D/ckpt-<iteration>}
 * (a complete checkpoint appears only once all of it is on disk; see {@link Cohort#checkpoint}),
 * and the older ones are pruned to the newest {@link #KEEP}. A restarted run reads the newest
 * complete checkpoint of its {@code --restart-from} directory, on any number of shards.
 *
 * <p>Every call is made by every shard of the replicated program and returns the same on each.
 *
 * @param every       checkpoint after every this many iterations; 0 = never
 * @param dir         where checkpoints go (null when {@code every == 0})
 * @param restartFrom the directory whose newest checkpoint the run starts from, or null
 * @param solution    where the final solution goes as a {@code .npy} file ({@code --save-solution}), or null
 */
public record Checkpointing(int every, Path dir, Path restartFrom, Path solution) {
    /** Checkpoints kept in {@link #dir}. */
    public static final int KEEP = 3;
    /** The loop state entry holding the iteration count (a 0-d int64 array). */
    public static final String ITERATION = "iteration";

    /** No checkpoints, no restart. */
    public static final Checkpointing NONE = new Checkpointing(0, null, null, null);

    /** Checkpoints and restart, no solution file. */
    public Checkpointing(int every, Path dir, Path restartFrom) {
        this(every, dir, restartFrom, null);
    }

    public Checkpointing {
        if (every < 0) {
            throw new IllegalArgumentException("--checkpoint-every must be >= 0, got " + every);
        }
        if (every > 0 && dir == null) {
            throw new IllegalArgumentException("--checkpoint-every needs --checkpoint-dir");
        }
    }

    /** The name of the checkpoint taken after {@code iteration} iterations (names sort by iteration). */
    public static String name(long iteration) {
        return String.format("ckpt-%09d", iteration);
    }

    /** True when a checkpoint is due after {@code iteration} iterations. */
    public boolean due(long iteration) {
        return every > 0 && iteration % every == 0;
    }

    /** Writes {@code state} as the checkpoint of {@code iteration} and prunes the older ones. */
    public void save(long iteration, Map<String, NdArray> state) {
        Cohort.checkpoint(dir.resolve(name(iteration)), state);
        Cohort.pruneCheckpoints(dir, KEEP);
    }

    /**
     * The state of the newest complete checkpoint in {@link #restartFrom}, or null without a restart.
     *
     * @throws IllegalArgumentException if that directory holds no complete checkpoint
     */
    public Map<String, NdArray> restore() {
        if (restartFrom == null) {
            return null;
        }
        Path latest = Cohort.latestCheckpoint(restartFrom);
        if (latest == null) {
            throw new IllegalArgumentException("--restart-from " + restartFrom + ": no complete checkpoint there "
                    + "(no subdirectory with a COMPLETE marker)");
        }
        return Cohort.restore(latest);
    }

    /** Saves {@code x} as {@link #solution} ({@code Np.save}: each shard writes its own tiles) when one is asked for. */
    public void saveSolution(NdArray x) {
        if (solution != null) {
            dev.cohort.ndarray.Np.save(solution, x);
        }
    }

    /** The iteration count a restored state holds. */
    public static int iteration(Map<String, NdArray> state) {
        NdArray k = state.get(ITERATION);
        if (k == null) {
            throw new IllegalArgumentException("the checkpoint has no '" + ITERATION + "' entry: not an example's checkpoint");
        }
        return Math.toIntExact(((Number) k.item()).longValue());
    }

    /** {@code state}'s entry {@code name}, which a checkpoint of this example must have. */
    public static NdArray require(Map<String, NdArray> state, String name, String example) {
        NdArray a = state.get(name);
        if (a == null) {
            throw new IllegalArgumentException("the checkpoint has no '" + name + "' entry: not a checkpoint of " + example);
        }
        return a;
    }
}
