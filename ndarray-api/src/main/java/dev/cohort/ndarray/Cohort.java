package dev.cohort.ndarray;

import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.StrategyAdvisor;
import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeConfig;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The context arrays live in: one shard's {@link Runtime} plus what the array layer keeps per
 * shard (machine view for the partitioner, the random-number state). A program runs on every
 * shard with {@link #run}; outside such a program (jshell, a plain {@code main}) the first array
 * operation starts an embedded one-shard context (DESIGN.md §7: "Cohort.start() with no
 * configuration").
 */
public final class Cohort {
    /** Minimum tile volume in elements; a smaller array is replicated on every shard. */
    public static final String MIN_TILE_VOLUME_PROP_NAME = "cohort.min.tile.volume";
    /**
     * Cache budget of a tile in elements of an operation's largest array (see
     * {@link MachineView#maxTileVolume()}); 0 turns it off. Default {@link MachineView#DEFAULT_MAX_TILE_VOLUME}.
     */
    public static final String MAX_TILE_VOLUME_PROP_NAME = "cohort.max.tile.volume";

    private static final ThreadLocal<Cohort> CURRENT = new ThreadLocal<>();
    private static Cohort embedded;

    private final Runtime runtime;
    private final MachineView machine;
    /** Sees (and may replace) every tiled operation's strategy before it is issued; null: the rules alone. */
    private final StrategyAdvisor advisor;
    /**
     * The partitioner's strategies this program has asked for, by operation (a loop plans each shape once); null
     * with {@code -Dcohort.partition.memo=false}.
     */
    private final dev.cohort.partitioner.PartitionMemo partitionMemo = Boolean.parseBoolean(
            System.getProperty(PARTITION_MEMO_PROP_NAME, "true"))
            ? new dev.cohort.partitioner.PartitionMemo(dev.cohort.partitioner.PartitionMemo.DEFAULT_CAPACITY) : null;
    /** "false" plans every operation afresh instead of through the context's {@code PartitionMemo}. */
    public static final String PARTITION_MEMO_PROP_NAME = "cohort.partition.memo";
    private final boolean embeddedContext;
    /** Set when the program of a {@link #run} context returns: its arrays cannot be used any more. */
    private volatile boolean ended;
    private long seed;
    private long nextStream;
    /** Element-wise fusion state of this program ({@link Fusion}). */
    final Fusion.State fusion = new Fusion.State();
    /** Where eager arrays' host elements come from and go back to ({@link EagerPool}). */
    final EagerPool eagerPool;
    /** The most elements of an eager array ({@link Eager}); 0: none. */
    private final long eagerMaxVolume;
    /** Operations run eagerly so far (tests and reports). */
    long eagerOperations;
    /** Of those, the element-wise ones run through {@link Eager}'s dense fast path (tests). */
    long eagerDenseOperations;

    private Cohort(Runtime runtime, Config config, boolean embeddedContext) {
        this.runtime = runtime;
        this.machine = new MachineView(runtime.shards(), runtime.cpus(), config.minTileVolume,
                config.maxTileVolume == 0 ? Long.MAX_VALUE : Math.max(config.maxTileVolume, config.minTileVolume));
        // the partitioner gives an iteration space of fewer than 2 x minTileVolume points one tile (Partitioner,
        // "Default": volume / minTileVolume tiles at most): the launch an eager operation replaces is one point
        this.eagerMaxVolume = Math.min(config.eagerMaxVolume, 2 * machine.minTileVolume() - 1);
        this.embeddedContext = embeddedContext;
        this.eagerPool = new EagerPool(runtime.executor().memory(0).manager());
        this.advisor = config.advisors == null ? null : config.advisors.apply(this);
    }

    /** Settings of a job: shards, workers per shard, minimum tile volume, determinism checks. */
    public static final class Config {
        private int shards = 1;
        private int cpus = 0;
        private long minTileVolume = Long.getLong(MIN_TILE_VOLUME_PROP_NAME, MachineView.DEFAULT_MIN_TILE_VOLUME);
        private long maxTileVolume = Long.getLong(MAX_TILE_VOLUME_PROP_NAME, MachineView.DEFAULT_MAX_TILE_VOLUME);
        private long eagerMaxVolume = Long.getLong(Eager.MAX_VOLUME_PROP, Eager.DEFAULT_MAX_VOLUME);
        /** Default: on, unless {@code -Dcohort.determinism.check=false} ({@link RuntimeConfig#DETERMINISM_PROP_NAME}). */
        private boolean determinismChecks = !"false".equalsIgnoreCase(
                System.getProperty(RuntimeConfig.DETERMINISM_PROP_NAME, "true"));
        private java.nio.file.Path profile;
        private long sysmemMiB;
        private int memories;
        private int gpus = Integer.getInteger(RuntimeConfig.GPUS_PROP_NAME, 0);
        private long gpuMinElements = Long.getLong(RuntimeConfig.GPU_MIN_PROP_NAME, RuntimeConfig.GPU_MIN_DEFAULT);
        private java.util.function.Function<Cohort, StrategyAdvisor> advisors;

        /** In-process shards (>= 1); in a multi-process job, 1 or the job's shard count (see {@link Cohort#run(Config, Callable)}). */
        public Config shards(int shards) {
            if (shards < 1) {
                throw new IllegalArgumentException("shards must be >= 1, got " + shards);
            }
            this.shards = shards;
            return this;
        }

        /** Worker threads per shard; 0 = available processors / shards. */
        public Config cpus(int cpus) {
            if (cpus < 0) {
                throw new IllegalArgumentException("cpus must be >= 0, got " + cpus);
            }
            this.cpus = cpus;
            return this;
        }

        /** Arrays of fewer elements are replicated, not tiled (>= 1). */
        public Config minTileVolume(long elements) {
            if (elements < 1) {
                throw new IllegalArgumentException("minTileVolume must be >= 1, got " + elements);
            }
            this.minTileVolume = elements;
            return this;
        }

        /**
         * Cache budget of a tile, in elements of an operation's largest array: larger operations get
         * more tiles than processors so that each tile's chain of operations runs in cache; 0 = off.
         */
        public Config maxTileVolume(long elements) {
            if (elements < 0) {
                throw new IllegalArgumentException("maxTileVolume must be >= 0 (0 = no cache budget), got " + elements);
            }
            this.maxTileVolume = elements;
            return this;
        }

        /**
         * Arrays of at most this many elements run eagerly: their operations run at once on the program thread of
         * every shard instead of as launches (cuPyNumeric's eager arrays; see {@link #eagerMaxVolume()}). Capped
         * below twice {@link #minTileVolume} (a launch over fewer iteration points has one point task), so that the
         * bits are those of the launches they replace. 0 turns eager
         * execution off. Default {@value Eager#DEFAULT_MAX_VOLUME} ({@code -Dcohort.eager.max.volume}).
         *
         * @throws IllegalArgumentException if negative
         */
        public Config eagerMaxVolume(long elements) {
            if (elements < 0) {
                throw new IllegalArgumentException("eagerMaxVolume must be >= 0 (0 = off), got " + elements);
            }
            this.eagerMaxVolume = elements;
            return this;
        }

        public Config determinismChecks(boolean on) {
            this.determinismChecks = on;
            return this;
        }

        /**
         * Writes a Chrome/Perfetto trace (JSON trace-event format) of each shard's point tasks, copies,
         * transfers, collectives, analysis and waits to {@code file} when the program ends
         * ({@code name.r.json} for shard r of several) and prints a summary (time per task, idle share,
         * bytes moved) on stderr; null = off (default; {@code -Dcohort.profile=FILE} also turns it on).
         */
        public Config profile(java.nio.file.Path file) {
            this.profile = file;
            return this;
        }

        /**
         * Budget of each shard's SYSTEM memory in MiB (Legate's {@code --sysmem}): what its instances may
         * hold, live and pooled; an operation that cannot fit fails naming the memory and the budget.
         * 0 = automatic (3/4 of the heap divided by the shards in this JVM).
         *
         * @throws IllegalArgumentException if negative
         */
        public Config sysmemMiB(long mib) {
            if (mib < 0) {
                throw new IllegalArgumentException("sysmem must be >= 0 MiB (0 = automatic), got " + mib);
            }
            this.sysmemMiB = mib;
            return this;
        }

        /**
         * SYSTEM memories per shard (Realm's memories; one per NUMA socket is the real use), each with an equal
         * share of the {@link #sysmemMiB budget} and its own group of the shard's workers: worker {@code w} of
         * {@code W} is affine to memory {@code w * M / W}, and the {@code k}-th of a launch's {@code n} points on
         * the shard runs there with its instances in memory {@code k * M / n}. A point that reads data another
         * memory holds gets a copy in its own memory once (until the next write). Results are bit-identical for
         * every count. 0 = the default: {@code -Dcohort.memories}, else 1.
         *
         * @throws IllegalArgumentException if not in 0..64
         */
        public Config memories(int count) {
            if (count < 0 || count > 64) {
                throw new IllegalArgumentException("memories must be in 0..64 (0 = default), got " + count);
            }
            this.memories = count;
            return this;
        }

        /**
         * GPUs per shard (Legate's {@code --gpus}; {@code bin/cohort run --gpus G}): with 1 or more, launches of
         * operations that have a GPU variant (module gpu-kernels, registered only where a CUDA device answers) run on
         * the GPU when a launch point's piece holds at least {@link #gpuMinElements} elements
         * ({@code Mapper.gpuWhereLarge}); elsewhere, and on a machine without a GPU, on the CPU. Several shards may
         * share one GPU. Default {@code -Dcohort.gpus}, else 0.
         *
         * @throws IllegalArgumentException if negative
         */
        public Config gpus(int gpus) {
            if (gpus < 0) {
                throw new IllegalArgumentException("gpus must be >= 0, got " + gpus);
            }
            this.gpus = gpus;
            return this;
        }

        /**
         * The smallest piece, in elements, that runs on a GPU when {@link #gpus} is 1 or more (default
         * {@code -Dcohort.gpu.min.elements}, else 65 536, Legate's); 0 sends every launch with a GPU variant there.
         *
         * @throws IllegalArgumentException if negative
         */
        public Config gpuMinElements(long elements) {
            if (elements < 0) {
                throw new IllegalArgumentException("gpuMinElements must be >= 0, got " + elements);
            }
            this.gpuMinElements = elements;
            return this;
        }

        /**
         * Gives every shard's context a {@link StrategyAdvisor}, made by {@code perShard} from the shard's context
         * when it starts (before the program runs; it may use {@link Cohort#machine()} and {@link Cohort#broadcast}):
         * it sees every tiled operation before it is issued and may replace the rules' strategy (the simulator's
         * strategy search, {@code dev.cohort.simulator.SearchAdvisor}; a launch recorder,
         * {@code dev.cohort.simulator.LaunchTrace}). It must decide identically on every shard. Null: the rules alone
         * (the default).
         */
        public Config strategyAdvisor(java.util.function.Function<Cohort, StrategyAdvisor> perShard) {
            this.advisors = perShard;
            return this;
        }

        public int shards() {
            return shards;
        }

        RuntimeConfig runtimeConfig() {
            RuntimeConfig c = new RuntimeConfig().cpus(cpus).determinismChecks(determinismChecks);
            if (profile != null) {
                c.profile(profile);
            }
            if (sysmemMiB > 0) {
                c.sysmemMiB(sysmemMiB);
            }
            if (memories > 0) {
                c.memories(memories);
            }
            c.mapper(gpus > 0 ? dev.cohort.runtime.sharding.Mapper.gpuWhereLarge(gpuMinElements)
                    : dev.cohort.runtime.sharding.Mapper.DEFAULT);
            return c;
        }
    }

    /**
     * Runs {@code program} on {@code shards} in-process shards (each a replica of the program with
     * its own runtime; DCR) and returns each shard's result by rank.
     *
     * <p>In a multi-process job (a process started by {@code bin/cohort run}, {@code srun} or
     * {@code mpirun}; see {@link #jobShards}) each process runs its own shard only: the program runs
     * once here, as this process's shard of the job, and the result is a one-element list with this
     * shard's result. The shard count then is the job's; asking for another one (other than 1) is an
     * error.
     *
     * @throws dev.cohort.runtime.ShardGroupException if any shard fails (every shard is then aborted)
     * @throws IllegalArgumentException in a multi-process job, if {@code shards} is neither 1 nor the
     *     job's shard count
     */
    public static <T> List<T> run(int shards, Callable<T> program) {
        return run(new Config().shards(shards), program);
    }

    /** Runs {@code program} on the shards of {@code config}; see {@link #run(int, Callable)}. */
    public static <T> List<T> run(Config config, Callable<T> program) {
        if (Jobs.launched()) {
            int jobShards = Jobs.launchedShards();
            if (config.shards != 1 && config.shards != jobShards) {
                throw new IllegalArgumentException("the program asks for " + config.shards + " shards, but this "
                        + "process is one shard of a job of " + jobShards + " processes; in a multi-process job "
                        + "ask for 1 or " + jobShards + " shards (each process runs its own shard)");
            }
            return Collections.singletonList(Jobs.runLaunched(config.runtimeConfig(),
                    rt -> runAsCurrent(rt, config, program)));
        }
        return Jobs.runLocal(config.shards, config.runtimeConfig(), rt -> runAsCurrent(rt, config, program));
    }

    /**
     * The number of shards {@link #run(Config, Callable)} runs {@code config}'s program on: the job's
     * shard count in a multi-process job (this process is one of them), else {@code config.shards()}.
     */
    public static int jobShards(Config config) {
        return Jobs.launched() ? Jobs.launchedShards() : config.shards;
    }

    private static <T> T runAsCurrent(Runtime rt, Config config, Callable<T> program) throws Exception {
        Cohort previous = CURRENT.get();
        Cohort context = new Cohort(rt, config, false);
        CURRENT.set(context);
        try {
            return program.call();
        } finally {
            context.ended = true;
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }

    /** The context of the calling thread's program; starts the embedded one-shard context if there is none. */
    public static Cohort current() {
        Cohort c = CURRENT.get();
        return c != null ? c : start();
    }

    /** Starts (once) and returns the embedded one-shard context used outside {@link #run}. */
    public static synchronized Cohort start() {
        if (embedded == null) {
            Config cfg = new Config();
            Runtime rt = Jobs.embedded(cfg.runtimeConfig());
            embedded = new Cohort(rt, cfg, true);
            java.lang.Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    rt.shutdown();
                } catch (RuntimeException ignored) {
                    // the JVM is exiting
                }
            }, "cohort-embedded-shutdown"));
        }
        return embedded;
    }

    /**
     * This shard's runtime, for a call made by this context's own program: every operation on an array goes
     * through here, so an array used where it does not belong fails at the call, before anything is issued,
     * and neither context is touched.
     *
     * @throws IllegalStateException naming both contexts when the calling thread runs another context's
     *     program (an array of the embedded context captured inside {@code Cohort.run}, or one shard's array used
     *     by another shard or outside its program), or when this context's {@code Cohort.run} has ended
     */
    public Runtime runtime() {
        checkCaller();
        return runtime;
    }

    /** What this context is called in messages: {@code the embedded context}, {@code Cohort.run(4) shard 2}. */
    public String describe() {
        return embeddedContext ? "the embedded context" : "Cohort.run(" + runtime.shards() + ") shard " + runtime.shard();
    }

    /** Fails, naming both contexts, unless the calling thread may use this context's arrays (see {@link #runtime()}). */
    void checkCaller() {
        Cohort caller = CURRENT.get();
        if (caller == this) {
            if (ended) {
                throw ended();
            }
            return;
        }
        if (embeddedContext && caller == null) {
            return; // the embedded context serves every thread that runs no Cohort.run program
        }
        if (ended) {
            throw ended();
        }
        String where = caller == null ? "outside it (thread '" + Thread.currentThread().getName() + "' runs no Cohort program)"
                : "inside " + caller.describe();
        throw new IllegalStateException("an array created in " + describe() + " cannot be used " + where + "; "
                + (embeddedContext ? "pass data into a program as Java values (toArray(), then Np.array(...) inside it) "
                        + "or create the array inside the program"
                        : "return Java values (toArray(), item()) from the program and make new arrays from them"));
    }

    private IllegalStateException ended() {
        return new IllegalStateException("an array created in " + describe() + " cannot be used after that Cohort.run has "
                + "ended; return Java values (toArray(), item()) from the program instead");
    }

    /**
     * The most elements an array may hold to run eagerly ({@link Config#eagerMaxVolume}, at most twice the minimum
     * tile volume - 1): operations whose every array and iteration space are that small run at once on the program
     * thread, as the single point task their launch would be, on every shard (cuPyNumeric's eager arrays); 0 when
     * off.
     */
    public long eagerMaxVolume() {
        return eagerMaxVolume;
    }

    /** The machine as the partitioner sees it. */
    public MachineView machine() {
        return machine;
    }

    /**
     * Shard {@code root}'s {@code payload}, on every shard (every shard calls this at the same point of its program;
     * the others' payloads are ignored): for data only one shard can read, such as a calibration file.
     *
     * @throws IllegalArgumentException if {@code root} is not a shard
     */
    public byte[] broadcast(int root, byte[] payload) {
        return runtime.broadcast(root, payload);
    }

    /** This context's memo of the partitioner's strategies (used on its program thread only), or null when off. */
    dev.cohort.partitioner.PartitionMemo partitionMemo() {
        return partitionMemo;
    }

    /** This context's strategy advisor ({@link Config#strategyAdvisor}), or null. */
    public StrategyAdvisor advisor() {
        return advisor;
    }

    /** This shard's rank. */
    public int shard() {
        return runtime.shard();
    }

    /** Number of shards replicating the program. */
    public int shards() {
        return runtime.shards();
    }

    boolean isEmbedded() {
        return embeddedContext;
    }

    /** Re-seeds the random generator (NumPy {@code random.seed}); streams restart from 0. */
    void seed(long seed) {
        this.seed = seed;
        this.nextStream = 0;
    }

    long seed() {
        return seed;
    }

    /** A fresh random stream id: each random call draws from its own stream, the same on every shard. */
    long nextStream() {
        return nextStream++;
    }

    /** The next stream number {@link #nextStream()} would hand out (for {@link Generator}). */
    long streamCounter() {
        return nextStream;
    }

    /** Sets the key and the stream counter (a {@link Generator}'s state, swapped in for its calls). */
    void randomState(long seed, long nextStream) {
        this.seed = seed;
        this.nextStream = nextStream;
    }

    // ------------------------------------------------------------------ checkpoint and restart (issue 14)

    /**
     * Writes {@code arrays} as a checkpoint into the directory {@code dir} (created if missing), from
     * inside a program ({@link #run}); every shard calls it with the same names. Each shard writes
     * the tiles it owns, one plain file per tile with its CRC32C, forced to the device; once every
     * shard has seen every tile written, one shard writes the catalog (a Chronicle Map: per array its
     * shape, dtype and tiles; the shard count, operation count and determinism hash of this point of
     * the program) and renames the marker {@code COMPLETE} into place, then forces the directory. The
     * checkpoint exists only once the marker does: a failed or interrupted one leaves no valid
     * checkpoint (and a failed one deletes what it wrote). Views are written as their own values.
     * Blocks until the checkpoint is complete.
     *
     * @param dir    a directory with no checkpoint yet
     * @param arrays name to array; names are non-empty; scalars can be kept as 0-d arrays
     * @throws CheckpointException on every shard, naming the file, if a tile, the catalog or the
     *     marker cannot be written (e.g. no space left on device) or {@code dir} already holds a
     *     complete checkpoint
     * @throws IllegalArgumentException if a name is empty or an array is null or from another program
     */
    public static void checkpoint(java.nio.file.Path dir, java.util.Map<String, NdArray> arrays) {
        Checkpoint.checkpoint(current(), dir, arrays);
    }

    /**
     * Reads the checkpoint in {@code dir} back as arrays of this program, in name order, on any
     * number of shards: each new tile reads the overlapping parts of whichever old tile files
     * intersect it, and every tile file read has its length and CRC32C checked. Values are
     * bit-identical to those checkpointed. Blocks until the arrays are read.
     *
     * @return name to array, in name order
     * @throws CheckpointException on every shard, naming the file, if the marker is missing (a torn
     *     or unfinished checkpoint), the catalog is corrupted, or a tile file is missing, has the
     *     wrong length or a bad checksum
     */
    public static java.util.Map<String, NdArray> restore(java.nio.file.Path dir) {
        return Checkpoint.restore(current(), dir);
    }

    /**
     * The newest complete checkpoint among the subdirectories of {@code parent} (the last by name
     * among those with a {@code COMPLETE} marker), or null when there is none (or no {@code parent});
     * the same answer on every shard.
     */
    public static java.nio.file.Path latestCheckpoint(java.nio.file.Path parent) {
        return Checkpoint.latest(current(), parent);
    }

    /**
     * Deletes the complete checkpoints of {@code parent} but the newest {@code keep} (by name; each
     * loses its marker first, so it is never seen half-deleted as valid) and returns how many it deleted.
     *
     * @throws IllegalArgumentException if {@code keep < 1}
     */
    public static int pruneCheckpoints(java.nio.file.Path parent, int keep) {
        return Checkpoint.prune(current(), parent, keep);
    }
}
