package dev.cohort.runtime;

import dev.cohort.runtime.execution.EventRecorder;
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
    /**
     * Budget of a shard's SYSTEM memory in MiB (Legate's {@code --sysmem}): instances live and pooled.
     * Default: 3/4 of the JVM's maximum heap divided by the shards in this JVM.
     */
    public static final String SYSMEM_PROP_NAME = "cohort.sysmem.mib";
    /**
     * SYSTEM memories per shard (e.g. one per NUMA socket), 1..64, default 1; the budget is split evenly. Worker
     * {@code w} of {@code W} is affine to memory {@code w * M / W}; the {@code k}-th of a launch's {@code n} points on
     * a shard runs with its instances in memory {@code k * M / n}; data read in another memory is copied there once
     * per write (runtime-dcr's README, "Memories and instances").
     */
    public static final String MEMORIES_PROP_NAME = "cohort.memories";
    /**
     * Largest total element count of a launch's pieces on this shard for the small-operation fast path
     * (run on the program thread when its inputs are ready); 0 turns it off. Default 524288 (2^19): every
     * single-point launch of up to four operands of arrays too small to split in two (the default minimum tile volume
     * is 65536 elements), which one core runs either way. Measured against 32768 (the op-mix suite at 1e5, two runs
     * each, the faster of each case's two medians): the median case 105 -> 91 µs; the time a single-point launch no
     * longer spends waking a parked worker.
     */
    public static final String INLINE_PROP_NAME = "cohort.inline.max.elements";
    public static final long INLINE_DEFAULT = 1L << 19;
    /** Unfinished events the program may run ahead of execution by (back-pressure), default 4096. */
    public static final String MAX_OUTSTANDING_PROP_NAME = "cohort.max.outstanding";
    public static final int MAX_OUTSTANDING_DEFAULT = 4096;
    /**
     * Bytes of new stores after which a deletion round runs at once (see {@code DeletionAgreement});
     * must be equal on every shard (it is checked with the program's determinism hash). Default: an
     * eighth of one SYSTEM memory's budget (the SYSTEM budget divided by {@link #MEMORIES_PROP_NAME}: a shard
     * that runs one point per launch puts everything in memory 0).
     */
    public static final String DELETION_BYTES_PROP_NAME = "cohort.deletion.bytes";
    /** "true": reused instance storage is filled with garbage first (tests that no task reads what it did not write). */
    public static final String POISON_PROP_NAME = "cohort.instance.poison";
    /** A file to write a Chrome/Perfetto trace of each shard to (see {@link #profile(java.nio.file.Path)}). */
    public static final String PROFILE_PROP_NAME = "cohort.profile";

    /**
     * GPUs per shard (Legate's {@code --gpus}): with 1 or more, and no mapper set, the mapper is
     * {@link Mapper#gpuWhereLarge} with {@link #GPU_MIN_PROP_NAME}'s threshold, so launches of tasks with a GPU
     * variant (gpu-kernels, registered only where a CUDA device answers) run there. Default 0.
     */
    public static final String GPUS_PROP_NAME = "cohort.gpus";
    /** Smallest piece in elements that goes to a GPU, default 65536 (Legate's); 0 sends every launch there. */
    public static final String GPU_MIN_PROP_NAME = "cohort.gpu.min.elements";
    public static final long GPU_MIN_DEFAULT = 65_536;

    private boolean memoizeLaunches = !"false".equalsIgnoreCase(System.getProperty(MEMOIZE_PROP_NAME, "true"));
    private int cpus = Integer.getInteger(CPUS_PROP_NAME, 0);
    private boolean determinismChecks = !"false".equalsIgnoreCase(System.getProperty(DETERMINISM_PROP_NAME, "true"));
    private int checkInterval = Integer.getInteger(CHECK_INTERVAL_PROP_NAME, CHECK_INTERVAL_DEFAULT);
    private Duration blockingTimeout = Duration.ofSeconds(Long.getLong(BLOCKING_TIMEOUT_PROP_NAME, BLOCKING_TIMEOUT_DEFAULT_S));
    private Mapper mapper = Integer.getInteger(GPUS_PROP_NAME, 0) > 0
            ? Mapper.gpuWhereLarge(Long.getLong(GPU_MIN_PROP_NAME, GPU_MIN_DEFAULT)) : Mapper.DEFAULT;
    private TaskRegistry registry;
    private EventRecorder recorder;
    private int deletionIntervalMin = 16;
    private int deletionIntervalMax = 1024;
    private long sysmemMiB = Long.getLong(SYSMEM_PROP_NAME, 0);
    private int memories = Integer.getInteger(MEMORIES_PROP_NAME, 1);
    private long inlineMaxElements = Long.getLong(INLINE_PROP_NAME, INLINE_DEFAULT);
    private int maxOutstanding = Integer.getInteger(MAX_OUTSTANDING_PROP_NAME, MAX_OUTSTANDING_DEFAULT);
    private long deletionBytes = Long.getLong(DELETION_BYTES_PROP_NAME, 0);
    private boolean poisonInstances = Boolean.getBoolean(POISON_PROP_NAME);
    private java.nio.file.Path profile = System.getProperty(PROFILE_PROP_NAME) == null ? null
            : java.nio.file.Path.of(System.getProperty(PROFILE_PROP_NAME));

    /** Budget of each shard's SYSTEM memory in MiB, 0 = automatic (see {@link #SYSMEM_PROP_NAME}). */
    public RuntimeConfig sysmemMiB(long mib) {
        this.sysmemMiB = mib;
        return this;
    }

    /** SYSTEM memories per shard (see {@link #MEMORIES_PROP_NAME}). */
    public RuntimeConfig memories(int count) {
        this.memories = count;
        return this;
    }

    /** The small-operation fast path's limit in elements, 0 = off (see {@link #INLINE_PROP_NAME}). */
    public RuntimeConfig inlineMaxElements(long elements) {
        this.inlineMaxElements = elements;
        return this;
    }

    /** Back-pressure bound in unfinished events (see {@link #MAX_OUTSTANDING_PROP_NAME}). */
    public RuntimeConfig maxOutstanding(int events) {
        this.maxOutstanding = events;
        return this;
    }

    /** Bytes of new stores that trigger a deletion round, 0 = automatic (see {@link #DELETION_BYTES_PROP_NAME}). */
    public RuntimeConfig deletionBytes(long bytes) {
        this.deletionBytes = bytes;
        return this;
    }

    /** Poisons reused storage (see {@link #POISON_PROP_NAME}). */
    public RuntimeConfig poisonInstances(boolean on) {
        this.poisonInstances = on;
        return this;
    }

    /**
     * Writes a Chrome/Perfetto trace (JSON trace-event format) of each shard to {@code file} when the
     * program ends ({@code name.r.json} for shard r of several) and prints a summary on stderr; null = off.
     */
    public RuntimeConfig profile(java.nio.file.Path file) {
        this.profile = file;
        return this;
    }

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
        if (sysmemMiB < 0) {
            throw new IllegalArgumentException(SYSMEM_PROP_NAME + " must be >= 0 (0 = automatic), got " + sysmemMiB);
        }
        if (sysmemMiB == 0) {
            sysmemMiB = Math.max(16, java.lang.Runtime.getRuntime().maxMemory() / 4 * 3 / Math.max(1, shardsInJvm) >> 20);
        }
        if (memories < 1 || memories > 64) {
            throw new IllegalArgumentException(MEMORIES_PROP_NAME + " must be 1..64, got " + memories);
        }
        if (inlineMaxElements < 0) {
            throw new IllegalArgumentException(INLINE_PROP_NAME + " must be >= 0 (0 = off), got " + inlineMaxElements);
        }
        if (maxOutstanding < 16) {
            throw new IllegalArgumentException(MAX_OUTSTANDING_PROP_NAME + " must be >= 16, got " + maxOutstanding);
        }
        if (deletionBytes < 0) {
            throw new IllegalArgumentException(DELETION_BYTES_PROP_NAME + " must be >= 0 (0 = automatic), got " + deletionBytes);
        }
        if (deletionBytes == 0) {
            deletionBytes = Math.max(1 << 20, (sysmemMiB << 20) / memories / 8);
        }
        return this;
    }

    public long sysmemBytes() {
        return sysmemMiB << 20;
    }

    public int memories() {
        return memories;
    }

    public long inlineMaxElements() {
        return inlineMaxElements;
    }

    public int maxOutstanding() {
        return maxOutstanding;
    }

    public long deletionBytes() {
        return deletionBytes;
    }

    public boolean poisonInstances() {
        return poisonInstances;
    }

    public java.nio.file.Path profile() {
        return profile;
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
        c.sysmemMiB = sysmemMiB;
        c.memories = memories;
        c.inlineMaxElements = inlineMaxElements;
        c.maxOutstanding = maxOutstanding;
        c.deletionBytes = deletionBytes;
        c.poisonInstances = poisonInstances;
        c.profile = profile;
        return c;
    }
}
