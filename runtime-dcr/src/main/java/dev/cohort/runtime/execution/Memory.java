package dev.cohort.runtime.execution;

/**
 * A memory of one shard (Realm's model; DESIGN.md §3): storage of one kind that physical instances
 * live in, with its own {@link InstanceManager} and budget. A shard has at least one {@link Kind#SYSTEM}
 * memory (host RAM; one per NUMA socket where that matters, {@code cohort.memories}); the GPU path
 * adds a {@link Kind#FRAMEBUFFER} memory per GPU and pinned {@link Kind#ZERO_COPY} staging memory.
 * Memories are named {@code "<kind>#<index>"} on their shard, e.g. {@code SYSTEM#1}.
 */
public final class Memory {
    /** The kinds of memory (Realm: {@code SYSTEM_MEM}, {@code GPU_FB_MEM}, {@code Z_COPY_MEM}). */
    public enum Kind {
        /** Host memory, on the Java heap. */
        SYSTEM,
        /** Memory of one GPU. */
        FRAMEBUFFER,
        /** Pinned host memory that GPUs can address (staging for copies). */
        ZERO_COPY
    }

    private final int index;
    private final Kind kind;
    private final int shard;
    private final int siblings;
    private final InstanceManager manager;

    /**
     * @param index    this memory's position among its shard's memories (0 = the default memory)
     * @param budget   bytes the memory may hold in instances (live and pooled), see {@link InstanceManager}
     * @param siblings how many memories of this kind the shard has, this one included, sharing the shard's budget
     *     equally (named in an out-of-memory message)
     */
    public Memory(int index, Kind kind, int shard, long budget, boolean poison, int siblings) {
        if (siblings < 1 || index < 0 || index >= siblings) {
            throw new IllegalArgumentException("memory " + index + " of " + siblings + ": index must be in 0.." + (siblings - 1));
        }
        this.index = index;
        this.kind = kind;
        this.shard = shard;
        this.siblings = siblings;
        this.manager = new InstanceManager(this, budget, poison);
    }

    /** How many memories of this kind the shard has (they share its budget equally). */
    public int siblings() {
        return siblings;
    }

    public int index() {
        return index;
    }

    public Kind kind() {
        return kind;
    }

    public InstanceManager manager() {
        return manager;
    }

    @Override
    public String toString() {
        return kind + "#" + index + " of shard " + shard;
    }
}
