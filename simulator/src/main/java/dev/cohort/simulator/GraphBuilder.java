package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.sharding.ShardingFunction;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BUILDTASKGRAPH of the seed's Algorithm 1 for Cohort: the task graph of a sequence of launches, each with its
 * strategy, on a {@link Topology}, timed by a {@link CostModel}. It mirrors what the runtime does with a launch:
 * <ul>
 *   <li>every shard's program thread analyses the launch ({@link TaskGraph.Kind#ANALYSIS}; the program runs ahead of
 *       the workers unless it blocks on a result, {@link #blockAfter});</li>
 *   <li>the launch's points are dealt to shards by the BLOCKED sharding function and, within a shard, to its
 *       processors in turn ({@link TaskGraph.Kind#POINT}); a one-point launch whose stores are all Replicated runs
 *       on every shard, each on its own copies;</li>
 *   <li>a point that reads a piece whose newest data lives on another shard waits for a transfer over the sender's
 *       link ({@link TaskGraph.Kind#TRANSFER}); a Replicated read of a store whose pieces live on several shards, the
 *       partial results of a reduction through Replicated, and a launch's folded result are all-gathered with
 *       Bruck's algorithm, as {@code AeronCommunicator} does ({@link TaskGraph.Kind#COLLECTIVE}, ⌈log₂ N⌉
 *       rounds), and folded on every shard;</li>
 *   <li>the data each launch writes becomes the newest data of its pieces, on the writing shard (the symbolic
 *       valid-data map of the runtime's coarse stage).</li>
 * </ul>
 * A store read before any launch of the sequence writes it is where its key partition says (tile {@code c} on the
 * shard that BLOCKED gives color {@code c}), or valid on every shard when it has none.
 *
 * <p>Task keys are {@code (launch index, kind, ordinal within the launch)}, so a graph rebuilt after one launch's
 * strategy changed shares the keys of every task before it ({@link DeltaSimulation}).
 */
public final class GraphBuilder {
    private static final int NOT_VALID = -1;
    private static final int VALID_AT_START = -2;

    private final Topology topo;
    private final CostModel cost;
    private final int shards;
    private final TaskGraph.Builder g;
    private final Map<Long, List<Fragment>> stores = new HashMap<>();
    private final BitSet blockAfter = new BitSet();
    /** Per shard: the task the next launch's analysis waits for (a blocking read), or -1. */
    private final int[] resume;
    private int launch;
    private int ordinal;

    /** The newest data of one piece of a store: where it is valid and which task made it so there. */
    private static final class Fragment {
        final Rect rect;
        /** The shard that wrote it, or -1 when it was written (or is valid) on every shard. */
        final int owner;
        /** Per shard: the task after which the data is there, {@link #NOT_VALID} or {@link #VALID_AT_START}. */
        final int[] avail;

        Fragment(Rect rect, int owner, int shards) {
            this.rect = rect;
            this.owner = owner;
            this.avail = new int[shards];
            java.util.Arrays.fill(avail, NOT_VALID);
        }
    }

    /** One transfer of a launch: a fragment (by identity), a destination shard, the part moved. */
    private record TransferKey(Fragment fragment, int dst, Rect rect) {
    }

    private GraphBuilder(Topology topo, CostModel cost) {
        this.topo = topo;
        this.cost = cost;
        this.shards = topo.shards();
        this.g = TaskGraph.builder(topo.devices());
        this.resume = new int[shards];
        java.util.Arrays.fill(resume, -1);
    }

    /**
     * The task graph of {@code launches} (each with the strategy it is issued with) on {@code cost}'s topology.
     *
     * @param blockAfter indices of launches after which the program thread blocks on the launch's result (or, when it
     *                   has none, on its points) before analysing the next launch, as a program that reads a value does
     */
    public static TaskGraph build(List<LaunchRecord> launches, CostModel cost, BitSet blockAfter) {
        GraphBuilder b = new GraphBuilder(cost.topology(), cost);
        b.blockAfter.or(blockAfter);
        for (LaunchRecord r : launches) {
            b.add(r);
        }
        return b.g.build();
    }

    private long key(TaskGraph.Kind kind) {
        return ((long) launch << 42) | ((long) kind.ordinal() << 40) | ordinal++;
    }

    private void add(LaunchRecord r) {
        ordinal = 0;
        Strategy st = r.strategy();
        Operation op = r.operation();
        IterSpace space = st.space();
        Rect domain = st.launchDomain();
        long volume = domain.volume();
        boolean everywhere = volume == 1 && allReplicated(st);
        int pointsPerShardSlots = everywhere ? shards : (int) volume;
        // owners and processors of the points
        int[] owner = new int[pointsPerShardSlots];
        int[] proc = new int[pointsPerShardSlots];
        long[] owned = new long[shards];
        for (int i = 0; i < pointsPerShardSlots; i++) {
            int s = everywhere ? i : ShardingFunction.BLOCKED.shard(i, volume, shards);
            owner[i] = s;
            proc[i] = (int) (owned[s] % topo.processorsPerShard());
            owned[s]++;
        }
        // analysis on every shard's program thread
        int[] analysis = new int[shards];
        for (int s = 0; s < shards; s++) {
            analysis[s] = g.task(key(TaskGraph.Kind.ANALYSIS), TaskGraph.Kind.ANALYSIS, topo.programThread(s),
                    cost.analysisNanos(owned[s]), launch, 0);
            if (resume[s] >= 0) {
                g.edge(resume[s], analysis[s]);
            }
        }
        List<Operation.Operand> operands = op.operands();
        int n = operands.size();
        // Replicated reads of stores spread over several shards: one all-gather each
        for (int k = 0; k < n; k++) {
            if (reads(operands.get(k).role()) && !(st.partition(k) instanceof Tiling) && shards > 1) {
                List<Fragment> frags = fragments(r, k);
                if (spread(frags)) {
                    allGatherStore(frags, r.type(k).size(), analysis);
                }
            }
        }
        // point tasks, with their reads
        Map<TransferKey, Integer> transfers = new HashMap<>();
        int[] points = new int[pointsPerShardSlots];
        for (int i = 0; i < pointsPerShardSlots; i++) {
            int s = owner[i];
            Point p = everywhere ? domain.lo() : domain.delinearize(i);
            long tilePoints = tileVolume(space, p);
            long bytes = 0;
            List<Integer> preds = new ArrayList<>();
            preds.add(analysis[s]);
            for (int k = 0; k < n; k++) {
                Rect piece = piece(st, k, p, operands.get(k).bounds());
                bytes += piece.volume() * r.type(k).size();
                if (!reads(operands.get(k).role())) {
                    continue;
                }
                for (Fragment f : fragments(r, k)) {
                    Rect x = f.rect.intersect(piece);
                    if (x.isEmpty()) {
                        continue;
                    }
                    int a = f.avail[s];
                    if (a == NOT_VALID) {
                        a = transfer(f, s, x, r.type(k).size(), transfers);
                    }
                    if (a >= 0) {
                        preds.add(a);
                    }
                }
            }
            double exe = cost.pointNanos(r.taskId(), r.type(0), tilePoints, bytes);
            int t = g.task(key(TaskGraph.Kind.POINT), TaskGraph.Kind.POINT, topo.processor(s, proc[i]), exe, launch, 0);
            for (int q : preds) {
                g.edge(q, t);
            }
            points[i] = t;
        }
        // writes: the pieces' newest data
        int[] resultReady = null;
        for (int k = 0; k < n; k++) {
            Role role = operands.get(k).role();
            if (role == Role.READ) {
                continue;
            }
            Rect bounds = operands.get(k).bounds();
            long storeId = r.storeId(k);
            int size = r.type(k).size();
            Partition part = st.partition(k);
            if (part instanceof Tiling tiling) {
                List<Fragment> written = new ArrayList<>();
                Tiling plain = tiling.withoutHalo();
                for (int i = 0; i < pointsPerShardSlots; i++) {
                    Point p = everywhere ? domain.lo() : domain.delinearize(i);
                    Rect piece = plain.piece(st.projection(k).apply(p), bounds);
                    if (piece.isEmpty()) {
                        continue;
                    }
                    Fragment f = new Fragment(piece, owner[i], shards);
                    f.avail[owner[i]] = points[i];
                    written.add(f);
                }
                overwrite(storeId, bounds, written);
            } else if (everywhere) {
                Fragment f = new Fragment(bounds, -1, shards);
                for (int i = 0; i < pointsPerShardSlots; i++) {
                    f.avail[owner[i]] = points[i];
                }
                overwrite(storeId, bounds, List.of(f));
            } else {
                // a reduction through Replicated: every point's partial is all-gathered and folded on every shard
                long[] blockBytes = new long[shards];
                for (int s = 0; s < shards; s++) {
                    blockBytes[s] = owned[s] * bounds.volume() * size;
                }
                int[] folded = gatherAndFold(points, owner, blockBytes, bounds.volume() * size * volume);
                Fragment f = new Fragment(bounds, -1, shards);
                System.arraycopy(folded, 0, f.avail, 0, shards);
                overwrite(storeId, bounds, List.of(f));
                resultReady = folded;
            }
        }
        if (r.resultBytes() > 0) {
            if (everywhere) {
                resultReady = points.clone();
            } else {
                long[] blockBytes = new long[shards];
                for (int s = 0; s < shards; s++) {
                    blockBytes[s] = owned[s] * r.resultBytes();
                }
                resultReady = gatherAndFold(points, owner, blockBytes, (long) r.resultBytes() * volume);
            }
        }
        java.util.Arrays.fill(resume, -1);
        if (blockAfter.get(launch)) {
            for (int s = 0; s < shards; s++) {
                int w = g.task(key(TaskGraph.Kind.ANALYSIS), TaskGraph.Kind.ANALYSIS, topo.programThread(s),
                        cost.waitNanos(), launch, 0);
                if (resultReady != null) {
                    g.edge(resultReady[s], w);
                } else {
                    for (int i = 0; i < pointsPerShardSlots; i++) {
                        if (owner[i] == s) {
                            g.edge(points[i], w);
                        }
                    }
                }
                g.edge(analysis[s], w);
                resume[s] = w;
            }
        }
        launch++;
    }

    private static boolean reads(Role role) {
        return role == Role.READ || role == Role.READ_WRITE;
    }

    private static boolean allReplicated(Strategy st) {
        for (Partition p : st.partitions()) {
            if (p instanceof Tiling) {
                return false;
            }
        }
        return true;
    }

    private static long tileVolume(IterSpace space, Point p) {
        long v = 1;
        for (long e : space.extent(p)) {
            v *= e;
        }
        return v;
    }

    private static Rect piece(Strategy st, int k, Point p, Rect bounds) {
        Partition part = st.partition(k);
        if (part instanceof Tiling t) {
            return t.piece(st.projection(k).apply(p), bounds);
        }
        return bounds;
    }

    private static boolean spread(List<Fragment> frags) {
        for (Fragment f : frags) {
            for (int a : f.avail) {
                if (a == NOT_VALID) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The store's fragments, made from the operand's key partition when the sequence has not written it yet. */
    private List<Fragment> fragments(LaunchRecord r, int k) {
        long id = r.storeId(k);
        List<Fragment> f = stores.get(id);
        if (f != null) {
            return f;
        }
        Operation.Operand o = r.operation().operands().get(k);
        Rect bounds = o.bounds();
        f = new ArrayList<>();
        if (o.keyPartition() instanceof Tiling key && shards > 1) {
            Tiling plain = key.withoutHalo();
            Rect colors = plain.colorSpace(bounds);
            long volume = colors.volume();
            for (long c = 0; c < volume; c++) {
                Rect tile = plain.tile(colors.delinearize(c), bounds);
                if (tile.isEmpty()) {
                    continue;
                }
                int s = ShardingFunction.BLOCKED.shard(c, volume, shards);
                Fragment fr = new Fragment(tile, s, shards);
                fr.avail[s] = VALID_AT_START;
                f.add(fr);
            }
        } else {
            Fragment fr = new Fragment(bounds, -1, shards);
            java.util.Arrays.fill(fr.avail, VALID_AT_START);
            f.add(fr);
        }
        stores.put(id, f);
        return f;
    }

    /** Records {@code written} as the newest data of store {@code id}, dropping the fragments they cover. */
    private void overwrite(long id, Rect bounds, List<Fragment> written) {
        long covered = 0;
        for (Fragment f : written) {
            covered += f.rect.volume();
        }
        List<Fragment> old = stores.get(id);
        List<Fragment> now = new ArrayList<>();
        if (old != null && covered < bounds.volume()) {
            for (Fragment f : old) {
                boolean hidden = false;
                for (Fragment w : written) {
                    if (w.rect.contains(f.rect)) {
                        hidden = true;
                        break;
                    }
                }
                if (!hidden) {
                    now.add(f);
                }
            }
        }
        now.addAll(written);
        stores.put(id, now);
    }

    /** A transfer of {@code x} (part of {@code f}) to shard {@code dst}; one per (fragment, shard, rect) per launch. */
    private int transfer(Fragment f, int dst, Rect x, int size, Map<TransferKey, Integer> cache) {
        TransferKey k = new TransferKey(f, dst, x);
        Integer have = cache.get(k);
        if (have != null) {
            return have;
        }
        int src = f.owner;
        if (src < 0 || f.avail[src] == NOT_VALID) {
            src = -1;
            for (int s = 0; s < shards; s++) {
                if (f.avail[s] != NOT_VALID) {
                    src = s;
                    break;
                }
            }
            if (src < 0) {
                return VALID_AT_START;   // nowhere valid: the data was never written (reads of garbage cost nothing)
            }
        }
        long bytes = x.volume() * size;
        int t = g.task(key(TaskGraph.Kind.TRANSFER), TaskGraph.Kind.TRANSFER, topo.link(src),
                cost.transferNanos(src, dst, bytes), launch, bytes);
        if (f.avail[src] >= 0) {
            g.edge(f.avail[src], t);
        }
        cache.put(k, t);
        if (x.equals(f.rect)) {
            f.avail[dst] = t;
        }
        return t;
    }

    /** All-gathers the fragments of a store to every shard (each shard contributes the fragments it owns). */
    private void allGatherStore(List<Fragment> frags, int size, int[] analysis) {
        long[] blockBytes = new long[shards];
        List<List<Integer>> ready = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            ready.add(new ArrayList<>());
            ready.get(s).add(analysis[s]);
        }
        for (Fragment f : frags) {
            int s = f.owner >= 0 ? f.owner : firstValid(f);
            if (s < 0) {
                continue;
            }
            blockBytes[s] += f.rect.volume() * size;
            if (f.avail[s] >= 0) {
                ready.get(s).add(f.avail[s]);
            }
        }
        int[] done = bruck(ready, blockBytes);
        for (Fragment f : frags) {
            for (int s = 0; s < shards; s++) {
                if (f.avail[s] == NOT_VALID) {
                    f.avail[s] = done[s];
                }
            }
        }
    }

    private int firstValid(Fragment f) {
        for (int s = 0; s < shards; s++) {
            if (f.avail[s] != NOT_VALID) {
                return s;
            }
        }
        return -1;
    }

    /**
     * All-gathers each shard's block of partials (from its points) and folds them on every shard; returns, per shard,
     * the fold task after which the folded value is there.
     */
    private int[] gatherAndFold(int[] points, int[] owner, long[] blockBytes, long totalBytes) {
        List<List<Integer>> ready = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            ready.add(new ArrayList<>());
        }
        for (int i = 0; i < points.length; i++) {
            ready.get(owner[i]).add(points[i]);
        }
        int[] gathered = shards > 1 ? bruck(ready, blockBytes) : null;
        int[] fold = new int[shards];
        for (int s = 0; s < shards; s++) {
            fold[s] = g.task(key(TaskGraph.Kind.POINT), TaskGraph.Kind.POINT, topo.processor(s, 0),
                    cost.foldNanos(totalBytes), launch, 0);
            if (gathered != null && gathered[s] >= 0) {
                g.edge(gathered[s], fold[s]);
            }
            for (int q : ready.get(s)) {
                g.edge(q, fold[s]);
            }
        }
        return fold;
    }

    /**
     * Bruck's all-gather over all shards: in round {@code k} shard {@code r} sends what it holds (its block and those
     * received so far, {@code min(2^k, N - 2^k)} blocks) to shard {@code r - 2^k}. A send waits for the sender's own
     * contribution ({@code ready}) and for what it received in the previous round. Returns per shard a join task
     * after which it holds every block.
     */
    private int[] bruck(List<List<Integer>> ready, long[] blockBytes) {
        int n = shards;
        int[] prev = null;
        int dist = 1;
        int[] lastRecv = new int[n];
        java.util.Arrays.fill(lastRecv, -1);
        while (dist < n) {
            int[] send = new int[n];
            int blocks = Math.min(dist, n - dist);
            for (int r = 0; r < n; r++) {
                long bytes = 0;
                for (int b = 0; b < blocks; b++) {
                    bytes += blockBytes[(r + b) % n];
                }
                int dst = Math.floorMod(r - dist, n);
                send[r] = g.task(key(TaskGraph.Kind.COLLECTIVE), TaskGraph.Kind.COLLECTIVE, topo.link(r),
                        cost.transferNanos(r, dst, bytes), launch, bytes);
                if (prev == null) {
                    for (int q : ready.get(r)) {
                        g.edge(q, send[r]);
                    }
                } else {
                    g.edge(prev[r], send[r]);
                    g.edge(prev[(r + dist / 2) % n], send[r]);
                }
            }
            for (int r = 0; r < n; r++) {
                lastRecv[Math.floorMod(r - dist, n)] = send[r];
            }
            prev = send;
            dist *= 2;
        }
        // shard r holds every block once its last receive and its own last send (which waited for its earlier
        // receives) are done: a join of 1 ns on its link
        int[] done = new int[n];
        for (int r = 0; r < n; r++) {
            done[r] = g.task(key(TaskGraph.Kind.COLLECTIVE), TaskGraph.Kind.COLLECTIVE, topo.link(r), CostModel.MIN_NANOS,
                    launch, 0);
            g.edge(lastRecv[r], done[r]);
            g.edge(prev[r], done[r]);
        }
        return done;
    }
}
