package dev.cohort.simulator;

/**
 * The device topology 𝒟 of a simulation (FlexFlow §5.1): {@code nodes × shardsPerNode} shards, each with
 * {@code processorsPerShard} processors, one program thread (the replicated top-level program and the runtime's
 * analysis, DCR paper §3) and one outbound link. Devices are numbered:
 * <ul>
 *   <li>processor {@code p} of shard {@code s}: {@code s * processorsPerShard + p};</li>
 *   <li>program thread of shard {@code s}: {@code shards * processorsPerShard + s} (or a core it shares, see
 *       {@code coresPerNode});</li>
 *   <li>outbound link of shard {@code s}: {@code shards * (processorsPerShard + 1) + s}.</li>
 * </ul>
 * A transfer occupies the sender's link for {@code latency + bytes / bandwidth} of the link class between the two
 * shards: {@link LinkClass#IN_PROCESS} between shards of one JVM, {@link LinkClass#IPC} between shard processes on
 * one node, {@link LinkClass#NETWORK} between nodes.
 *
 * @param nodes              nodes (>= 1)
 * @param shardsPerNode      shards on each node (>= 1)
 * @param processorsPerShard processors (worker threads, or GPUs) per shard (>= 1)
 * @param inProcess          true when the shards of a node share one JVM (in-process shards), false for one process each
 * @param coresPerNode       the cores a node's processors share (0: one core each): with fewer cores than processors
 *                           (4 shards of 1 worker on a 2-core machine), processor {@code i} of a node runs on core
 *                           {@code i mod coresPerNode}, so their point tasks take turns; with fewer cores than processors
 *                           and program threads together (one shard of 2 workers on 2 cores), each shard's program
 *                           thread runs on the core of its processor 0, so its analysis takes turns with point tasks
 */
public record Topology(int nodes, int shardsPerNode, int processorsPerShard, boolean inProcess, int coresPerNode) {
    /** How two shards reach each other. */
    public enum LinkClass {
        /** Shards in one JVM: a copy through memory. */
        IN_PROCESS,
        /** Shard processes on one node: Aeron IPC (shared memory). */
        IPC,
        /** Shards on different nodes: Aeron UDP or the network given to the projection. */
        NETWORK
    }

    public Topology {
        if (coresPerNode < 0) {
            throw new IllegalArgumentException("cores per node must be >= 0 (0 = a core per processor), got " + coresPerNode);
        }
        if (nodes < 1 || shardsPerNode < 1 || processorsPerShard < 1) {
            throw new IllegalArgumentException("a topology needs nodes, shards per node and processors per shard >= 1; got "
                    + nodes + ", " + shardsPerNode + ", " + processorsPerShard);
        }
        if ((long) nodes * shardsPerNode * (processorsPerShard + 2) > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("topology too large: " + nodes + " nodes x " + shardsPerNode + " shards x "
                    + processorsPerShard + " processors");
        }
    }

    /** A topology with a core for every processor. */
    public Topology(int nodes, int shardsPerNode, int processorsPerShard, boolean inProcess) {
        this(nodes, shardsPerNode, processorsPerShard, inProcess, 0);
    }

    /** {@code shards} shards on one node, in one JVM or one process each. */
    public static Topology oneNode(int shards, int processorsPerShard, boolean inProcess) {
        return new Topology(1, shards, processorsPerShard, inProcess);
    }

    /** All shards. */
    public int shards() {
        return nodes * shardsPerNode;
    }

    /** All devices (processors, program threads, links). */
    public int devices() {
        return shards() * (processorsPerShard + 2);
    }

    /** The device of processor {@code p} of shard {@code s} (its node's core, when cores are fewer than processors). */
    public int processor(int s, int p) {
        int perNode = shardsPerNode * processorsPerShard;
        if (coresPerNode == 0 || coresPerNode >= perNode) {
            return s * processorsPerShard + p;
        }
        return node(s) * perNode + ((s % shardsPerNode) * processorsPerShard + p) % coresPerNode;
    }

    /**
     * The device of shard {@code s}'s program thread: its own, or, when the node's processors and program threads
     * together outnumber its cores, the core of the shard's processor 0.
     */
    public int programThread(int s) {
        if (coresPerNode > 0 && (long) shardsPerNode * (processorsPerShard + 1) > coresPerNode) {
            return processor(s, 0);
        }
        return shards() * processorsPerShard + s;
    }

    /** The device of shard {@code s}'s outbound link. */
    public int link(int s) {
        return shards() * (processorsPerShard + 1) + s;
    }

    /** The node of shard {@code s}. */
    public int node(int s) {
        return s / shardsPerNode;
    }

    /** How shards {@code a} and {@code b} reach each other. */
    public LinkClass linkClass(int a, int b) {
        if (node(a) != node(b)) {
            return LinkClass.NETWORK;
        }
        return inProcess ? LinkClass.IN_PROCESS : LinkClass.IPC;
    }

    @Override
    public String toString() {
        return nodes + " node" + (nodes == 1 ? "" : "s") + " x " + shardsPerNode + " shard" + (shardsPerNode == 1 ? "" : "s")
                + " x " + processorsPerShard + " processor" + (processorsPerShard == 1 ? "" : "s")
                + (inProcess ? " (in-process shards)" : "") + (coresPerNode > 0 ? " on " + coresPerNode + " cores per node" : "");
    }
}
