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
    private final Map<Long, Frags> stores = new HashMap<>();
    private final BitSet blockAfter = new BitSet();
    /** Whether the launches' data streams from memory (their footprint per node exceeds the calibration's). */
    private boolean fromMemory;
    /**
     * Per shard: the program thread's last task — the last launch's analysis, or the resumption after a blocking
     * read — which the next launch's analysis follows (the program issues its launches in order), or -1.
     */
    private final int[] programTail;
    private int launch;
    private int ordinal;

    /**
     * The newest data of one piece of a store: where it is valid and which task made it so there. Per shard, the task
     * after which the data is there, {@link #NOT_VALID} or {@link #VALID_AT_START}; kept sparse (most pieces are
     * valid on one shard and a few it was sent to), as a shared per-shard default (an all-gather's or a fold's tasks),
     * or dense once many shards have their own entry, so that a graph of many pieces on many shards stays small.
     * Entries are never {@link #NOT_VALID}.
     */
    private static final class Fragment {
        private static final int[] NONE = new int[0];
        /** Entries beyond which the per-shard values become dense. */
        private static final int SPARSE_MAX = 8;

        final Rect rect;
        /** The shard that wrote it, or -1 when it was written (or is valid) on every shard. */
        final int owner;
        private final int shards;
        /** The value of a shard without an entry when {@link #base} is null. */
        private int fallback = NOT_VALID;
        /** Per shard, the value of a shard without an entry (shared, never written), or null. */
        private int[] base;
        /** Per shard, every value, or null while sparse. */
        private int[] dense;
        private int[] shard = NONE;
        private int[] value = NONE;
        private int entries;

        Fragment(Rect rect, int owner, int shards) {
            this.rect = rect;
            this.owner = owner;
            this.shards = shards;
        }

        /** The task after which the data is on shard {@code s}, {@link #NOT_VALID} or {@link #VALID_AT_START}. */
        int avail(int s) {
            if (dense != null) {
                return dense[s];
            }
            for (int i = 0; i < entries; i++) {
                if (shard[i] == s) {
                    return value[i];
                }
            }
            return base != null ? base[s] : fallback;
        }

        /** The data is on shard {@code s} after task {@code v} (or from the start). */
        void set(int s, int v) {
            if (dense != null) {
                dense[s] = v;
                return;
            }
            for (int i = 0; i < entries; i++) {
                if (shard[i] == s) {
                    value[i] = v;
                    return;
                }
            }
            if (entries == SPARSE_MAX) {
                int[] d = new int[shards];
                for (int t = 0; t < shards; t++) {
                    d[t] = avail(t);
                }
                d[s] = v;
                dense = d;
                shard = NONE;
                value = NONE;
                entries = 0;
                return;
            }
            if (entries == shard.length) {
                shard = java.util.Arrays.copyOf(shard, Math.max(2, 2 * entries));
                value = java.util.Arrays.copyOf(value, shard.length);
            }
            shard[entries] = s;
            value[entries] = v;
            entries++;
        }

        /** Every shard has the data from the start. */
        void validEverywhereAtStart() {
            fallback = VALID_AT_START;
        }

        /** Every shard without the data gets it after {@code perShard[s]} (never written afterwards). */
        void fillMissing(int[] perShard) {
            if (dense != null) {
                for (int s = 0; s < shards; s++) {
                    if (dense[s] == NOT_VALID) {
                        dense[s] = perShard[s];
                    }
                }
            } else if (base == null && fallback == NOT_VALID) {
                base = perShard;
            }
        }

        /** True when some shard does not have the data. */
        boolean missingSomewhere() {
            if (dense != null) {
                for (int a : dense) {
                    if (a == NOT_VALID) {
                        return true;
                    }
                }
                return false;
            }
            return base == null && fallback == NOT_VALID && entries < shards;
        }

        /** The first shard that has the data, or -1. */
        int firstValid() {
            if (dense != null) {
                for (int s = 0; s < shards; s++) {
                    if (dense[s] != NOT_VALID) {
                        return s;
                    }
                }
                return -1;
            }
            if (base != null || fallback != NOT_VALID) {
                return 0;
            }
            int first = -1;
            for (int i = 0; i < entries; i++) {
                if (first < 0 || shard[i] < first) {
                    first = shard[i];
                }
            }
            return first;
        }
    }

    /**
     * The fragments of a store, in the order they were made, with an index for the ones a rectangle overlaps: a
     * uniform grid over the fragments' bounding box whose cells are about one typical fragment wide (the median
     * extent per dimension), each cell listing the fragments that cover it; fragments that cover many cells (a
     * store's initial whole-store fragment) are checked always. The fragments a tile of a tiled store overlaps are
     * then found in time proportional to the few cells it covers, not to all the store's fragments.
     */
    private static final class Frags {
        /** Fragments from which the index is worth building. */
        private static final int INDEX_FROM = 16;
        /** A fragment covering more cells than this is checked on every query instead. */
        private static final int BIG_CELLS = 16;

        final List<Fragment> list;
        private boolean indexed;
        private long[] origin;
        private long[] cell;
        private long[] cells;
        /** Per grid cell (row-major), the positions of the fragments covering it: {@code items[start[c] .. start[c+1])}. */
        private int[] start;
        private int[] items;
        /** Positions of the fragments covering more than {@link #BIG_CELLS} cells. */
        private int[] big;

        Frags(List<Fragment> list) {
            this.list = list;
        }

        /** Steps the grid cell {@code at} to the next one of the box {@code lo..hi} in row-major order; false after the last. */
        private static boolean advance(long[] at, long[] lo, long[] hi) {
            int d = at.length - 1;
            while (d >= 0 && at[d] == hi[d]) {
                at[d] = lo[d];
                d--;
            }
            if (d < 0) {
                return false;
            }
            at[d]++;
            return true;
        }

        /** Puts in {@code out} the positions (ascending) of the fragments that {@code r} overlaps; returns the count. */
        int overlapping(Rect r, IntBuffer out) {
            out.clear();
            int n = list.size();
            if (n >= INDEX_FROM && r.dim() > 0 && !r.isEmpty() && !indexed) {
                index();
            }
            if (cells == null || r.dim() == 0 || r.isEmpty() || coveredCells(r) > n) {
                for (int i = 0; i < n; i++) {
                    if (list.get(i).rect.overlaps(r)) {
                        out.add(i);
                    }
                }
                return out.size;
            }
            for (int i : big) {
                if (list.get(i).rect.overlaps(r)) {
                    out.add(i);
                }
            }
            int dims = cells.length;
            long[] lo = new long[dims];
            long[] hi = new long[dims];
            for (int d = 0; d < dims; d++) {
                lo[d] = cellOf(r.lo(d), d);
                hi[d] = cellOf(r.hi(d), d);
            }
            long[] at = lo.clone();
            int first = out.size;
            while (true) {
                int c = linear(at);
                for (int j = start[c]; j < start[c + 1]; j++) {
                    out.add(items[j]);
                }
                if (!advance(at, lo, hi)) {
                    break;
                }
            }
            // candidates from the cells: unique, then only those that overlap
            java.util.Arrays.sort(out.a, first, out.size);
            int m = first;
            for (int j = first; j < out.size; j++) {
                int i = out.a[j];
                if ((j == first || i != out.a[j - 1]) && list.get(i).rect.overlaps(r)) {
                    out.a[m++] = i;
                }
            }
            out.size = m;
            out.sort();
            return out.size;
        }

        /** The grid cells {@code r} covers (clamped to the grid). */
        private long coveredCells(Rect r) {
            long c = 1;
            for (int d = 0; d < cells.length; d++) {
                c *= cellOf(r.hi(d), d) - cellOf(r.lo(d), d) + 1;
            }
            return c;
        }

        private long cellOf(long x, int d) {
            long c = Math.floorDiv(x - origin[d], cell[d]);
            return Math.max(0, Math.min(cells[d] - 1, c));
        }

        private int linear(long[] at) {
            long c = 0;
            for (int d = 0; d < at.length; d++) {
                c = c * cells[d] + at[d];
            }
            return (int) c;
        }

        private void index() {
            indexed = true;
            int n = list.size();
            int dims = list.get(0).rect.dim();
            if (dims == 0) {
                return;
            }
            origin = new long[dims];
            cell = new long[dims];
            cells = new long[dims];
            long[] top = new long[dims];
            for (int d = 0; d < dims; d++) {
                long[] ext = new long[n];
                origin[d] = Long.MAX_VALUE;
                top[d] = Long.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    Rect f = list.get(i).rect;
                    origin[d] = Math.min(origin[d], f.lo(d));
                    top[d] = Math.max(top[d], f.hi(d));
                    ext[i] = f.hi(d) - f.lo(d) + 1;
                }
                java.util.Arrays.sort(ext);
                cell[d] = Math.max(1, ext[n / 2]);
            }
            // at most 4 cells per fragment: widen the cells of the dimension with the most
            while (true) {
                double total = 1;
                int widest = 0;
                for (int d = 0; d < dims; d++) {
                    cells[d] = (top[d] - origin[d]) / cell[d] + 1;
                    total *= cells[d];
                    if (cells[d] > cells[widest]) {
                        widest = d;
                    }
                }
                if (total <= 4.0 * n + 64) {
                    break;
                }
                cell[widest] *= 2;
            }
            int grid = 1;
            for (long c : cells) {
                grid *= (int) c;
            }
            int[] count = new int[grid + 1];
            IntBuffer bigOnes = new IntBuffer();
            boolean[] isBig = new boolean[n];
            for (int pass = 0; pass < 2; pass++) {
                int[] fill = pass == 1 ? count.clone() : null;
                for (int i = 0; i < n; i++) {
                    Rect f = list.get(i).rect;
                    if (pass == 0) {
                        isBig[i] = coveredCells(f) > BIG_CELLS;
                        if (isBig[i]) {
                            bigOnes.add(i);
                        }
                    }
                    if (isBig[i]) {
                        continue;
                    }
                    long[] lo = new long[dims];
                    long[] hi = new long[dims];
                    for (int d = 0; d < dims; d++) {
                        lo[d] = cellOf(f.lo(d), d);
                        hi[d] = cellOf(f.hi(d), d);
                    }
                    long[] at = lo.clone();
                    while (true) {
                        int c = linear(at);
                        if (pass == 0) {
                            count[c + 1]++;
                        } else {
                            items[fill[c]++] = i;
                        }
                        if (!advance(at, lo, hi)) {
                            break;
                        }
                    }
                }
                if (pass == 0) {
                    for (int c = 0; c < grid; c++) {
                        count[c + 1] += count[c];
                    }
                    items = new int[count[grid]];
                }
            }
            start = count;
            big = java.util.Arrays.copyOf(bigOnes.a, bigOnes.size);
        }
    }

    /** A growable list of ints (fragment positions). */
    private static final class IntBuffer {
        int[] a = new int[16];
        int size;

        void clear() {
            size = 0;
        }

        void add(int v) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, 2 * size);
            }
            a[size++] = v;
        }

        void sort() {
            java.util.Arrays.sort(a, 0, size);
        }
    }

    private final IntBuffer hits = new IntBuffer();

    /** One transfer of a launch: a fragment (by identity), a destination shard, the part moved. */
    private record TransferKey(Fragment fragment, int dst, Rect rect) {
    }

    private GraphBuilder(Topology topo, CostModel cost) {
        this.topo = topo;
        this.cost = cost;
        this.shards = topo.shards();
        this.g = TaskGraph.builder(topo.devices());
        this.programTail = new int[shards];
        java.util.Arrays.fill(programTail, -1);
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
        b.fromMemory = cost.calibration().fromMemory(footprintPerNode(launches, cost.topology()));
        for (LaunchRecord r : launches) {
            b.add(r);
        }
        return b.g.build();
    }

    /**
     * The bytes of the distinct stores {@code launches} touch, per node: the working set a loop of them cycles through
     * (stores are spread over the nodes, so each node holds its share).
     */
    public static long footprintPerNode(List<LaunchRecord> launches, Topology topo) {
        Map<Long, Long> bytes = new HashMap<>();
        for (LaunchRecord r : launches) {
            List<Operation.Operand> ops = r.operation().operands();
            for (int k = 0; k < ops.size(); k++) {
                bytes.put(r.storeId(k), ops.get(k).bounds().volume() * r.type(k).size());
            }
        }
        long total = 0;
        for (long b : bytes.values()) {
            total += b;
        }
        return total / Math.max(1, topo.nodes());
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
            if (programTail[s] >= 0) {
                g.edge(programTail[s], analysis[s]);
            }
            programTail[s] = analysis[s];
        }
        List<Operation.Operand> operands = op.operands();
        int n = operands.size();
        // Replicated reads of stores spread over several shards: one all-gather each
        for (int k = 0; k < n; k++) {
            if (reads(operands.get(k).role()) && !(st.partition(k) instanceof Tiling) && shards > 1) {
                List<Fragment> frags = fragments(r, k).list;
                if (spread(frags)) {
                    allGatherStore(frags, r.type(k).size(), analysis);
                }
            }
        }
        // point tasks, with their reads
        boolean transposed = PointWork.transposed(r);
        Map<TransferKey, Integer> transfers = new HashMap<>();
        int[] points = new int[pointsPerShardSlots];
        for (int i = 0; i < pointsPerShardSlots; i++) {
            int s = owner[i];
            Point p = everywhere ? domain.lo() : domain.delinearize(i);
            long tilePoints = PointWork.points(space, p);
            long bytes = 0;
            long gathered = 0;
            int copies = 0;
            List<Integer> preds = new ArrayList<>();
            Rect largest = null;
            preds.add(analysis[s]);
            for (int k = 0; k < n; k++) {
                Rect piece = PointWork.piece(st, k, p, operands.get(k).bounds());
                bytes += piece.volume() * r.type(k).size();
                if (largest == null || piece.volume() > largest.volume()) {
                    largest = piece;
                }
                if (!reads(operands.get(k).role())) {
                    continue;
                }
                Frags frags = fragments(r, k);
                int found = frags.overlapping(piece, hits);
                boolean whole = false;
                int parts = 0;
                for (int h = 0; h < found; h++) {
                    Fragment f = frags.list.get(hits.a[h]);
                    Rect x = f.rect.intersect(piece);
                    if (x.isEmpty()) {
                        continue;
                    }
                    parts++;
                    whole |= x.equals(piece);
                    int a = f.avail(s);
                    if (a == NOT_VALID) {
                        a = transfer(f, s, x, r.type(k).size(), transfers, analysis);
                    }
                    if (a >= 0) {
                        preds.add(a);
                    }
                }
                if (!whole && !piece.isEmpty()) {
                    // no one instance holds the piece: the runtime gathers it into a new one first
                    gathered += piece.volume() * r.type(k).size();
                    copies += parts;
                }
            }
            long rows = largest == null ? 1 : PointWork.rows(largest); // as PointWork.rows(r, p), from the pieces above
            double exe = cost.pointNanos(r.taskId(), transposed, r.type(0), tilePoints, rows, bytes, fromMemory)
                    + cost.gatherNanos(copies, gathered, fromMemory);
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
                    f.set(owner[i], points[i]);
                    written.add(f);
                }
                overwrite(storeId, bounds, written);
            } else if (everywhere) {
                Fragment f = new Fragment(bounds, -1, shards);
                int[] at = new int[shards];
                java.util.Arrays.fill(at, NOT_VALID);
                for (int i = 0; i < pointsPerShardSlots; i++) {
                    at[owner[i]] = points[i];
                }
                f.fillMissing(at);
                overwrite(storeId, bounds, List.of(f));
            } else {
                // a reduction through Replicated: every point's partial is all-gathered and folded on every shard
                long[] blockBytes = new long[shards];
                for (int s = 0; s < shards; s++) {
                    blockBytes[s] = owned[s] * bounds.volume() * size;
                }
                int[] folded = gatherAndFold(points, owner, analysis, blockBytes, bounds.volume() * size * volume);
                Fragment f = new Fragment(bounds, -1, shards);
                f.fillMissing(folded.clone());
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
                resultReady = gatherAndFold(points, owner, analysis, blockBytes, (long) r.resultBytes() * volume);
            }
        }
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
                programTail[s] = w;
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

    private static boolean spread(List<Fragment> frags) {
        for (Fragment f : frags) {
            if (f.missingSomewhere()) {
                return true;
            }
        }
        return false;
    }

    /** The store's fragments, made from the operand's key partition when the sequence has not written it yet. */
    private Frags fragments(LaunchRecord r, int k) {
        long id = r.storeId(k);
        Frags have = stores.get(id);
        if (have != null) {
            return have;
        }
        List<Fragment> f;
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
                fr.set(s, VALID_AT_START);
                f.add(fr);
            }
        } else {
            Fragment fr = new Fragment(bounds, -1, shards);
            fr.validEverywhereAtStart();
            f.add(fr);
        }
        Frags made = new Frags(f);
        stores.put(id, made);
        return made;
    }

    /** Records {@code written} as the newest data of store {@code id}, dropping the fragments they cover. */
    private void overwrite(long id, Rect bounds, List<Fragment> written) {
        long covered = 0;
        for (Fragment f : written) {
            covered += f.rect.volume();
        }
        Frags old = stores.get(id);
        List<Fragment> now = new ArrayList<>();
        if (old != null && covered < bounds.volume()) {
            Frags w = new Frags(written);
            IntBuffer found = new IntBuffer();
            for (Fragment f : old.list) {
                boolean hidden = false;
                int c = w.overlapping(f.rect, found);
                for (int h = 0; h < c && !hidden; h++) {
                    hidden = written.get(found.a[h]).rect.contains(f.rect);
                }
                if (!hidden) {
                    now.add(f);
                }
            }
        }
        now.addAll(written);
        stores.put(id, new Frags(now));
    }

    /**
     * A transfer of {@code x} (part of {@code f}) to shard {@code dst}; one per (fragment, shard, rect) per launch. It
     * starts once the data is valid on the sender and the sender's program thread has analysed the launch (the
     * fine stage pushes it then: a transfer never runs ahead of the launch that needs it).
     */
    private int transfer(Fragment f, int dst, Rect x, int size, Map<TransferKey, Integer> cache, int[] analysis) {
        TransferKey k = new TransferKey(f, dst, x);
        Integer have = cache.get(k);
        if (have != null) {
            return have;
        }
        int src = f.owner;
        if (src < 0 || f.avail(src) == NOT_VALID) {
            src = f.firstValid();
            if (src < 0) {
                return VALID_AT_START;   // nowhere valid: the data was never written (reads of garbage cost nothing)
            }
        }
        long bytes = x.volume() * size;
        int t = g.task(key(TaskGraph.Kind.TRANSFER), TaskGraph.Kind.TRANSFER, topo.link(src),
                cost.transferNanos(src, dst, bytes), launch, bytes);
        if (f.avail(src) >= 0) {
            g.edge(f.avail(src), t);
        }
        g.edge(analysis[src], t);   // the sender pushes the piece when its program thread has analysed the launch
        cache.put(k, t);
        if (x.equals(f.rect)) {
            f.set(dst, t);
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
            if (f.avail(s) >= 0) {
                ready.get(s).add(f.avail(s));
            }
        }
        int[] done = bruck(ready, blockBytes);
        for (Fragment f : frags) {
            f.fillMissing(done);
        }
    }

    private static int firstValid(Fragment f) {
        return f.firstValid();
    }

    /**
     * All-gathers each shard's block of partials (from its points) and folds them on every shard; returns, per shard,
     * the fold task after which the folded value is there. A shard joins once it has analysed the launch (a shard
     * without points sends its empty block then, not before).
     */
    private int[] gatherAndFold(int[] points, int[] owner, int[] analysis, long[] blockBytes, long totalBytes) {
        List<List<Integer>> ready = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            ready.add(new ArrayList<>());
            ready.get(s).add(analysis[s]);   // a shard joins the collective once it has analysed the launch
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
        // circular prefix sums of the blocks: the bytes of blocks r .. r + b - 1 (mod n) in O(1)
        long[] prefix = new long[2 * n + 1];
        for (int i = 0; i < 2 * n; i++) {
            prefix[i + 1] = prefix[i] + blockBytes[i % n];
        }
        while (dist < n) {
            int[] send = new int[n];
            int blocks = Math.min(dist, n - dist);
            for (int r = 0; r < n; r++) {
                long bytes = prefix[r + blocks] - prefix[r];
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
