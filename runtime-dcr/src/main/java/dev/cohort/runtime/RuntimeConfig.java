package dev.cohort.runtime;

import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.sharding.Mapper;
import java.time.Duration;

/**
 * Configuration of a shard's runtime (Aeron style: documented property names and defaults, fluent
 * setters, {@link #conclude()} validates once and names the setting at fault).
 */
public final class RuntimeConfig {
    /** Worker threads per shard. Default: available processors divided by the shards in this JVM, at least 1. */
    public static final String CPUS_PROP_NAME = "cohort.cpus";
    /** Control-determinism checks (DCR paper §3): "true" (default) or "false" for benchmarks. */
    public static final String DETERMINISM_PROP_NAME = "cohort.determinism.check";
    /** Runtime calls between asynchronous determinism checks. */
    public static final String CHECK_INTERVAL_PROP_NAME = "cohort.determinism.interval";
    public static final int CHECK_INTERVAL_DEFAULT = 64;
    /** Longest time a blocking call waits before failing with a timeout, in seconds. */
    public static final String BLOCKING_TIMEOUT_PROP_NAME = "cohort.blocking.timeout.s";
    public static final long BLOCKING_TIMEOUT_DEFAULT_S = 300;

    /**
     * Automatic tracing: memoise the shape-dependent analysis of every launch in a runtime-wide table
     * keyed by launch shape and replay it for later launches of the same shape, "true" (default) or "false".
     */
    public static final String MEMOIZE_PROP_NAME = "cohort.trace.auto";

    private boolean memoizeLaunches = !"false".equalsIgnoreCase(System.getProperty(MEMOIZE_PROP_NAME, "true"));
    private int cpus = Integer.getInteger(CPUS_PROP_NAME, 0);
    private boolean determinismChecks = !"false".equalsIgnoreCase(System.getProperty(DETERMINISM_PROP_NAME, "true"));
    private int checkInterval = Integer.getInteger(CHECK_INTERVAL_PROP_NAME, CHECK_INTERVAL_DEFAULT);
    private Duration blockingTimeout = Duration.ofSeconds(Long.getLong(BLOCKING_TIMEOUT_PROP_NAME, BLOCKING_TIMEOUT_DEFAULT_S));
    private Mapper mapper = Mapper.DEFAULT;
    private TaskRegistry registry;
    private EventRecorder recorder;
    private int deletionIntervalMin = 16;
    private int deletionIntervalMax = 1024;

    public RuntimeConfig cpus(int cpus) {
        this.cpus = cpus;
        return this;
    }

    public RuntimeConfig determinismChecks(boolean on) {
        this.determinismChecks = on;
        return this;
    }

    /** Automatic tracing on or off (see {@link #MEMOIZE_PROP_NAME}); explicit {@code Runtime.trace} works either way. */
    public RuntimeConfig memoizeLaunches(boolean on) {
        this.memoizeLaunches = on;
        return this;
    }

    public boolean memoizeLaunches() {
        return memoizeLaunches;
    }

    public RuntimeConfig checkInterval(int calls) {
        this.checkInterval = calls;
        return this;
    }

    public RuntimeConfig blockingTimeout(Duration timeout) {
        this.blockingTimeout = timeout;
        return this;
    }

    public RuntimeConfig mapper(Mapper mapper) {
        this.mapper = mapper;
        return this;
    }

    public RuntimeConfig registry(TaskRegistry registry) {
        this.registry = registry;
        return this;
    }

    public RuntimeConfig recorder(EventRecorder recorder) {
        this.recorder = recorder;
        return this;
    }

    /** Bounds of the exponential back-off between deletion agreement rounds, in runtime calls. */
    public RuntimeConfig deletionInterval(int min, int max) {
        this.deletionIntervalMin = min;
        this.deletionIntervalMax = max;
        return this;
    }

    /** Fills defaults for a JVM running {@code shardsInJvm} shards and validates. */
    public RuntimeConfig conclude(int shardsInJvm) {
        if (cpus < 0) {
            throw new IllegalArgumentException(CPUS_PROP_NAME + " must be >= 0 (0 = automatic), got " + cpus);
        }
        if (cpus == 0) {
            cpus = Math.max(1, java.lang.Runtime.getRuntime().availableProcessors() / Math.max(1, shardsInJvm));
        }
        if (checkInterval < 1) {
            throw new IllegalArgumentException(CHECK_INTERVAL_PROP_NAME + " must be >= 1, got " + checkInterval);
        }
        if (blockingTimeout == null || blockingTimeout.isNegative() || blockingTimeout.isZero()) {
            throw new IllegalArgumentException(BLOCKING_TIMEOUT_PROP_NAME + " must be positive, got " + blockingTimeout);
        }
        if (deletionIntervalMin < 1 || deletionIntervalMax < deletionIntervalMin) {
            throw new IllegalArgumentException("deletion interval must satisfy 1 <= min <= max, got " + deletionIntervalMin + ".." + deletionIntervalMax);
        }
        if (mapper == null) {
            throw new IllegalArgumentException("mapper must not be null");
        }
        if (registry == null) {
            registry = TaskRegistry.withProviders();
        }
        return this;
    }

    public int cpus() {
        return cpus;
    }

    public boolean determinismChecks() {
        return determinismChecks;
    }

    public int checkInterval() {
        return checkInterval;
    }

    public Duration blockingTimeout() {
        return blockingTimeout;
    }

    public Mapper mapper() {
        return mapper;
    }

    public TaskRegistry registry() {
        return registry;
    }

    public EventRecorder recorder() {
        return recorder;
    }

    public int deletionIntervalMin() {
        return deletionIntervalMin;
    }

    public int deletionIntervalMax() {
        return deletionIntervalMax;
    }

    /** A copy, so each shard concludes its own. */
    public RuntimeConfig copy() {
        RuntimeConfig c = new RuntimeConfig();
        c.cpus = cpus;
        c.determinismChecks = determinismChecks;
        c.memoizeLaunches = memoizeLaunches;
        c.checkInterval = checkInterval;
        c.blockingTimeout = blockingTimeout;
        c.mapper = mapper;
        c.registry = registry;
        c.recorder = recorder;
        c.deletionIntervalMin = deletionIntervalMin;
        c.deletionIntervalMax = deletionIntervalMax;
        return c;
    }
}
