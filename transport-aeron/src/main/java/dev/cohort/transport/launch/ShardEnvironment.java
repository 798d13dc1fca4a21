package dev.cohort.transport.launch;

import dev.cohort.transport.JobEnvironment;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The variables a shard of this process reads its job from: the process environment, overlaid by what
 * {@link Launcher} sets when it runs the program in its own JVM under {@code srun} / {@code mpirun} (a JVM cannot
 * change its own environment, so {@code --hosts}, {@code --transport}, {@code --cpus}, … reach the shard this
 * way). Everywhere else the overlay is empty and this is {@link System#getenv()}.
 */
public final class ShardEnvironment {
    /** Worker threads of this process's shard (set by {@code bin/cohort run --cpus C}); default: automatic. */
    public static final String CPUS_ENV = "COHORT_CPUS";

    private static volatile Map<String, String> overlay = Map.of();
    private static Optional<JobEnvironment> job;

    private ShardEnvironment() {
    }

    /** The process environment with the launcher's overlay on top. */
    public static Map<String, String> variables() {
        Map<String, String> over = overlay;
        if (over.isEmpty()) {
            return System.getenv();
        }
        Map<String, String> merged = new HashMap<>(System.getenv());
        merged.putAll(over);
        return merged;
    }

    /**
     * This process's job ({@link JobEnvironment#parse} of {@link #variables()}, read once), or empty if no launcher
     * started this process as a shard.
     *
     * @throws IllegalArgumentException naming a malformed variable
     */
    public static synchronized Optional<JobEnvironment> job() {
        if (job == null) {
            job = JobEnvironment.parse(variables());
        }
        return job;
    }

    /**
     * {@value #CPUS_ENV}, if set.
     *
     * @throws IllegalArgumentException if it is not an integer >= 1
     */
    public static OptionalInt cpus() {
        return cpus(variables());
    }

    static OptionalInt cpus(Map<String, String> env) {
        String text = env.get(CPUS_ENV);
        if (text == null || text.isBlank()) {
            return OptionalInt.empty();
        }
        try {
            int cpus = Integer.parseInt(text.trim());
            if (cpus >= 1) {
                return OptionalInt.of(cpus);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(CPUS_ENV + " must be an integer >= 1, was '" + text + "'");
    }

    /** Sets the overlay (the launcher, before it calls the program's main in this JVM). */
    public static synchronized void overlay(Map<String, String> variables) {
        overlay = Map.copyOf(Objects.requireNonNull(variables, "variables"));
        job = null;
    }
}
