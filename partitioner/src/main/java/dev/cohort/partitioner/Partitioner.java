package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Turns an {@link Operation} and its constraints into a {@link Strategy} (Legate: the constraint
 * solver). A pure, deterministic function of its arguments: every shard computes the same strategy
 * (no hash-order iteration, no randomness, no clocks).
 *
 * <h2>Operand partitions, for a chosen tile shape {@code T} of the iteration space</h2>
 * Launch point {@code c} iterates {@code [c*T, (c+1)*T - 1]} (clipped). Operand {@code i}, reached by
 * {@code s[k] = start[k] + step[k] * i[iterDim[k]]}, is
 * <ul>
 *   <li><b>Replicated</b> (projection {@code Projection.constant(0...)}) when it carries a
 *       {@code replicate} constraint; or it is not in operand 0's alignment class; or it is a READ or
 *       REDUCE operand with fewer than {@link MachineView#minTileVolume()} elements; or it is a REDUCE
 *       operand whose access skips an iteration dimension that has more than one tile (the partials
 *       are then folded by the runtime's REDUCE-through-Replicated);</li>
 *   <li>otherwise <b>tiled</b>: through its key partition when that is a disjoint tiling whose tiles are
 *       exactly the images of the iteration tiles (see below), else through
 *       {@code Tiling(extent, offset)} with, per store dimension {@code k} following iteration
 *       dimension {@code d} with {@code step > 0}: extent {@code step*T[d]}, offset {@code start[k]},
 *       projection source {@code d}; for {@code iterDim == -1}: extent 1, offset {@code start[k]},
 *       constant color 0. A negative step is allowed only along an iteration dimension of one tile
 *       (one piece covering the reached range); along a tiled dimension it is an
 *       {@link IllegalArgumentException} (the array layer copies such views first). A halo
 *       constraint grows the tiling ({@link Tiling#withHalo}); it is legal on READ operands only.</li>
 * </ul>
 * A WRITE or READ_WRITE operand whose access skips an iteration dimension with more than one tile is
 * an error (its projection would not be injective). A REDUCE operand that ends up tiled is returned
 * tiled: each of its elements is reached from one launch point only, and the caller launches it with
 * a write privilege. A READ operand with the same bounds, access and key partition as a written
 * operand, both in operand 0's alignment class, without a halo or replicate constraint (the same
 * store read and written, e.g. {@code a += b}) gets the written operand's partition and projection,
 * because the runtime lets a written store appear again only that way.
 *
 * <h2>Single-point, all-replicated launches</h2>
 * The launch is one point ({@link IterSpace#whole}) with <em>every</em> operand Replicated (each shard
 * runs it on its own copies, no communication: DESIGN.md §3, small stores) when the iteration volume
 * is below {@code minTileVolume}, or the operation writes (WRITE / READ_WRITE) and every written
 * operand is below {@code minTileVolume}, or some written operand must be Replicated (a {@code
 * replicate} constraint, or it is outside operand 0's alignment class): the runtime writes a
 * replicated store only from a single-point launch. REDUCE-only operations (sum, dot, X^T v) are not
 * affected: a small REDUCE output becomes Replicated in a many-point launch. Exception: a READ operand
 * of operand 0's class without a replicate or halo constraint whose access reaches at most half of its store
 * ({@code a[5].item()}, a small slice of a large array) gets one tile, the bounding box of the reached
 * elements, at color 0, so that the runtime brings every shard that box rather than the whole store. Likewise a
 * written operand that reaches at most half of a store of at least {@code minTileVolume} elements ({@code a[5] = v},
 * {@code a[10:20] = b}) gets that one tile when every written operand does and no other operand reaches the same
 * store differently: the launch then runs on the one shard that owns color 0 and writes only that box, where a
 * replicated write would make every shard copy the whole store.
 *
 * <h2>Choosing T</h2>
 * <ol>
 *   <li><b>Key partition reuse.</b> Operands of operand 0's alignment class with at least
 *       {@code minTileVolume} elements and no replicate constraint are tried, largest store first
 *       (ties: lowest index). Such an operand's key partition, if a disjoint tiling, fixes
 *       {@code T[d] = keyTile[k] / step[k]} for each store dimension {@code k} following iteration
 *       dimension {@code d} with {@code step > 0}, provided {@code keyTile[k] % step[k] == 0} and
 *       {@code (start[k] - keyOffset[k]) % keyTile[k] == 0} (normally {@code keyOffset == start}; a
 *       multiple of the tile shifts the projection); other iteration dimensions stay whole. The
 *       candidate is taken when no dimension with several tiles is a broadcast dimension, the tile
 *       count is at most {@code max(4 * TILE_PARALLELISM, tilesFor(largest store))} or the tiles average at
 *       least {@code minTileVolume / KEY_TILE_SHRINK} iteration points, the operand is then accessed through exactly its key
 *       partition, and every other rule above holds. Any operand whose own key partition fits the
 *       chosen T in the same way is also accessed through it (dimensions with {@code iterDim == -1}
 *       then use the key tile containing {@code start[k]} as a constant color).</li>
 *   <li><b>Default.</b> {@code N = min(MachineView.tilesFor(largest store), volume / minTileVolume)} tiles
 *       are aimed for: {@link MachineView#TILE_PARALLELISM} (the same on every machine, so that floating-point
 *       reductions give the same bits on any number of shards and cores), or more when the largest store would
 *       not fit the cache budget {@code maxTileVolume} per tile; no tile shape has fewer than {@code minTileVolume} iteration points. Tileable dimensions are
 *       those not marked by {@code broadcast} with extent > 1; if some of them are followed by every
 *       WRITE / READ_WRITE operand and by every REDUCE operand of operand 0's class that has at
 *       least {@code minTileVolume} elements (no replicate constraint), only those are tiled, so
 *       that outputs stay tiled and large reductions need no all-reduce (matvec: rows only). Then, splitting the leading tileable dimension first: {@code k = min(extent, N)}
 *       pieces, {@code T[d] = ceil(extent / k)}, {@code N = N / k}, and on to the next tileable
 *       dimension while {@code N > 1}. Exception (near-square blocks): when exactly two dimensions
 *       are tileable, the leading one alone gives all N pieces, and its tiles would be more than
 *       {@link #ELONGATION} times wider (second extent) than tall, N is factored as
 *       {@code k0 * k1 = N} (k0 dividing N, {@code k0 <= extent0}, {@code k1 <= extent1}) choosing the
 *       tile closest to square (smallest long/short side ratio; ties: larger {@code k0}).</li>
 * </ol>
 */
public final class Partitioner {
    /** Row-only tiles wider than this many times their height switch to near-square 2-d blocks. */
    public static final double ELONGATION = 4.0;
    /** A key partition is reused only when it has at most this many times {@link MachineView#TILE_PARALLELISM} tiles. */
    public static final int KEY_TILES_PER_PROCESSOR = 4;
    /**
     * A key partition with more tiles than that is still reused while its tiles average at least
     * {@code minTileVolume / KEY_TILE_SHRINK} iteration points: the small vectors of a chain that
     * started from a large cache-tiled store (z = X @ w) keep its tiles, so the chain runs tile by tile.
     */
    public static final int KEY_TILE_SHRINK = 16;

    private Partitioner() {
    }

    /** The strategy for {@code op} on {@code machine}; see the class comment for the rules. */
    public static Strategy partition(Operation op, MachineView machine) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(machine, "machine");
        List<Operation.Operand> ops = op.operands();
        for (int i = 0; i < ops.size(); i++) {
            if (op.halo(i) != null && ops.get(i).role() != Role.READ) {
                throw new IllegalArgumentException("operand " + i + " (" + ops.get(i).role() + ", " + ops.get(i).access()
                        + "): a halo is allowed on READ operands only");
            }
        }
        long[] shape = op.shape();
        if (allReplicated(op, machine)) {
            return replicatedEverywhere(op, tilesSmallWrites(op, machine));
        }
        long m = machine.minTileVolume();
        long maxTiles = Math.max(KEY_TILES_PER_PROCESSOR * MachineView.TILE_PARALLELISM, machine.tilesFor(largestVolume(op)));

        // 1. key partition reuse
        for (int i : keyCandidates(op, m)) {
            Operation.Operand o = ops.get(i);
            Tiling key = (Tiling) o.keyPartition();
            long[] t = tileFromKey(o.access(), key, shape);
            if (t == null) {
                continue;
            }
            long[] counts = counts(shape, t);
            long n = 1;
            boolean ok = true;
            for (int d = 0; d < shape.length; d++) {
                if (counts[d] > 1 && op.isUntiled(d)) {
                    ok = false;
                }
                n = n > Long.MAX_VALUE / counts[d] ? Long.MAX_VALUE : n * counts[d];
            }
            if (!ok || (n > maxTiles && volume(shape) / n < m / KEY_TILE_SHRINK)) {
                continue;
            }
            Assignment a = assign(op, machine, new IterSpace(shape, t));
            if (a.error != null) {
                continue;
            }
            Tiling want = op.halo(i) == null ? key : key.withHalo(op.halo(i));
            if (!want.equals(a.strategy.partitions().get(i))) {
                continue;
            }
            return a.strategy;
        }

        // 2. default tiling
        long[] t = defaultTile(op, machine);
        Assignment a = assign(op, machine, new IterSpace(shape, t));
        if (a.error != null) {
            throw new IllegalArgumentException(a.error);
        }
        return a.strategy;
    }

    /**
     * The strategy for {@code op} with the iteration space tiled by {@code tile} (one launch point per tile) instead
     * of the tile the rules would choose: every operand's partition and projection follow from it by the rules
     * above (alignment, replication of small and unaligned reads, reductions through Replicated, halos). This is the
     * configuration space of the strategy search (FlexFlow's per-operator parallelization configurations).
     *
     * @throws IllegalArgumentException when {@code tile} has the wrong rank or a non-positive extent, or the tiling
     *                                  is not legal for the operation (a written operand skipping a split
     *                                  dimension, a split broadcast dimension, a split negative-step access)
     */
    public static Strategy partition(Operation op, MachineView machine, long[] tile) {
        Objects.requireNonNull(op, "op");
        long[] shape = op.shape();
        if (tile.length != shape.length) {
            throw new IllegalArgumentException("tile " + Arrays.toString(tile) + " for a " + shape.length
                    + "-d iteration space " + Arrays.toString(shape));
        }
        long[] t = new long[tile.length];
        for (int d = 0; d < tile.length; d++) {
            if (tile[d] < 1) {
                throw new IllegalArgumentException("tile " + Arrays.toString(tile) + " has a non-positive extent");
            }
            t[d] = Math.min(tile[d], Math.max(1, shape[d]));
            if (t[d] < Math.max(1, shape[d]) && op.isUntiled(d)) {
                throw new IllegalArgumentException("tile " + Arrays.toString(tile) + " splits broadcast dimension " + d);
            }
        }
        Assignment a = assign(op, machine, new IterSpace(shape, t));
        if (a.error != null) {
            throw new IllegalArgumentException(a.error);
        }
        return a.strategy;
    }

    /** The one-point strategy with every operand {@code Replicated}: each shard runs the whole operation on its copies. */
    public static Strategy replicated(Operation op) {
        return replicatedEverywhere(op, false);
    }

    /** A multi-line human-readable rendering of {@code s} (for logs and test failures). */
    public static String describe(Strategy s) {
        StringBuilder sb = new StringBuilder();
        sb.append("Strategy ").append(s.space()).append(", launch domain ").append(s.launchDomain())
                .append(" (").append(s.launchDomain().volume()).append(s.isSinglePoint() ? " point)" : " points)");
        for (int i = 0; i < s.partitions().size(); i++) {
            sb.append("\n  operand ").append(i).append(": ").append(s.partitions().get(i));
            if (!(s.partitions().get(i) instanceof Replicated)) {
                sb.append(" via ").append(s.projections().get(i));
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ single point, all replicated

    private static boolean isWriter(Role r) {
        return r == Role.WRITE || r == Role.READ_WRITE;
    }

    private static boolean allReplicated(Operation op, MachineView machine) {
        if (volume(op.shape()) < machine.minTileVolume()) {
            return true;
        }
        int[] writers = writers(op);
        boolean allWritersSmall = true;
        for (int i : writers) {
            if (op.operands().get(i).volume() >= machine.minTileVolume()) {
                allWritersSmall = false;
            }
            if (op.isReplicated(i) || op.alignClass(i) != op.alignClass(0)) {
                return true;
            }
        }
        return writers.length > 0 && allWritersSmall;
    }

    /** The indices of {@code op}'s written (WRITE or READ_WRITE) operands, in order. */
    private static int[] writers(Operation op) {
        List<Operation.Operand> ops = op.operands();
        int[] out = new int[ops.size()];
        int n = 0;
        for (int i = 0; i < ops.size(); i++) {
            if (isWriter(ops.get(i).role())) {
                out[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * Whether the single-point launch of {@code op} writes its written operands through one tile each (their reach)
     * instead of Replicated: when every written operand is a small part (at most half, {@link #smallReach}) of a store
     * of at least {@code minTileVolume} elements, of operand 0's class, without a replicate or halo constraint, and no
     * other operand looks like the same store (same bounds and key partition) reached differently. A replicated write
     * makes every shard hold the whole store: {@code a[5] = v} on a large array copied all of it, on every shard.
     */
    private static boolean tilesSmallWrites(Operation op, MachineView machine) {
        List<Operation.Operand> ops = op.operands();
        int[] writers = writers(op);
        for (int i : writers) {
            Operation.Operand o = ops.get(i);
            if (op.isReplicated(i) || op.alignClass(i) != op.alignClass(0) || op.halo(i) != null
                    || o.bounds().volume() < machine.minTileVolume() || smallReach(o, op.shape()) == null) {
                return false;
            }
            for (int j = 0; j < ops.size(); j++) {
                Operation.Operand other = ops.get(j);
                if (j != i && other.bounds().equals(o.bounds()) && java.util.Objects.equals(other.keyPartition(), o.keyPartition())
                        && !other.access().equals(o.access())) {
                    return false;
                }
            }
        }
        return writers.length > 0;
    }

    private static Strategy replicatedEverywhere(Operation op, boolean tileWrites) {
        List<Partition> parts = new ArrayList<>();
        List<Projection> projs = new ArrayList<>();
        for (int i = 0; i < op.operands().size(); i++) {
            Operation.Operand o = op.operands().get(i);
            // an operand with a replicate constraint or outside operand 0's class is read whole (it may be looked up)
            // (and a halo means the kernel reads around its access: whole too); a small part of a large store that
            // the launch writes is one tile when tilesSmallWrites says so
            boolean tiled = o.role() == Role.READ || tileWrites && isWriter(o.role());
            Tiling reach = tiled && !op.isReplicated(i) && op.alignClass(i) == op.alignClass(0)
                    && op.halo(i) == null ? smallReach(o, op.shape()) : null;
            parts.add(reach != null ? reach : Replicated.INSTANCE);
            projs.add(replicatedProjection(o));
        }
        return new Strategy(IterSpace.whole(op.shape()), parts, projs);
    }

    /**
     * A READ operand of a one-point launch (aligned with operand 0, no replicate constraint) that reaches at most half of its store ({@code a[5].item()}, a small
     * slice of a large array): one tile, the bounding box of the elements its access reaches, at color 0 —
     * so the runtime brings every shard that box, not the whole store. Null when the reach is most of the store.
     */
    private static Tiling smallReach(Operation.Operand o, long[] space) {
        Access a = o.access();
        int dim = o.bounds().dim();
        long[] lo = new long[dim];
        long[] ext = new long[dim];
        long volume = 1;
        for (int k = 0; k < dim; k++) {
            int d = a.iterDim()[k];
            long n = d < 0 ? 1 : Math.max(1, space[d]);
            long first = a.start()[k];
            long last = d < 0 ? first : first + a.step()[k] * (n - 1);
            lo[k] = Math.min(first, last);
            ext[k] = Math.abs(last - first) + 1;
            volume *= ext[k];
        }
        if (volume * 2 > o.bounds().volume()) {
            return null;
        }
        return Tiling.of(ext, lo, new long[dim]);
    }

    private static Projection replicatedProjection(Operation.Operand o) {
        return Projection.constant(Point.zeros(o.bounds().dim()));
    }

    // ------------------------------------------------------------------ key partitions

    /** Operands whose key partition may fix T: largest volume first, ties by lowest index. */
    private static int[] keyCandidates(Operation op, long minTile) {
        List<Operation.Operand> ops = op.operands();
        List<Integer> c = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Operation.Operand o = ops.get(i);
            if (op.alignClass(i) == op.alignClass(0) && !op.isReplicated(i) && o.volume() >= minTile
                    && o.keyPartition() instanceof Tiling key && key.isDisjoint() && key.dim() == o.bounds().dim()) {
                c.add(i);
            }
        }
        c.sort((a, b) -> {
            int byVolume = Long.compare(ops.get(b).volume(), ops.get(a).volume());
            return byVolume != 0 ? byVolume : Integer.compare(a, b);
        });
        return c.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The tile shape under which {@code key} is exactly the image of the iteration tiles, or null. */
    private static long[] tileFromKey(Access a, Tiling key, long[] shape) {
        long[] t = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            t[d] = Math.max(1, shape[d]);
        }
        for (int k = 0; k < a.storeDim(); k++) {
            int d = a.iterDim()[k];
            long step = a.step()[k];
            if (d < 0 || step < 0) {
                continue; // constant color / single tile along d: checked when the operand is assigned
            }
            long kt = key.shape(k);
            if (kt % step != 0 || Math.floorMod(a.start()[k] - key.offset(k), kt) != 0) {
                return null;
            }
            t[d] = kt / step;
        }
        return t;
    }

    /**
     * The key tiling and a projection onto it when every iteration tile reaches inside one key tile
     * that way, else null.
     */
    private static Projection keyProjection(Access a, Tiling key, IterSpace space, long[] counts) {
        long[] shape = space.shape();
        long[] t = space.tile();
        int n = a.storeDim();
        int[] src = new int[n];
        long[] off = new long[n];
        for (int k = 0; k < n; k++) {
            int d = a.iterDim()[k];
            long step = a.step()[k];
            long start = a.start()[k];
            long kt = key.shape(k);
            long ko = key.offset(k);
            if (d >= 0 && step > 0) {
                if (kt != step * t[d] || Math.floorMod(start - ko, kt) != 0) {
                    return null;
                }
                src[k] = d;
                off[k] = Math.floorDiv(start - ko, kt);
            } else if (d >= 0) {
                if (counts[d] > 1) {
                    return null;
                }
                long lo = start + step * (shape[d] - 1);
                long c = Math.floorDiv(lo - ko, kt);
                if (c != Math.floorDiv(start - ko, kt)) {
                    return null;
                }
                src[k] = -1;
                off[k] = c;
            } else {
                src[k] = -1;
                off[k] = Math.floorDiv(start - ko, kt);
            }
        }
        return Projection.of(src, off);
    }

    // ------------------------------------------------------------------ default tile shape

    private static long[] defaultTile(Operation op, MachineView machine) {
        long[] shape = op.shape();
        int dim = shape.length;
        long[] t = new long[dim];
        for (int d = 0; d < dim; d++) {
            t[d] = Math.max(1, shape[d]);
        }
        long n = Math.min(machine.tilesFor(largestVolume(op)), volume(shape) / machine.minTileVolume());
        if (n <= 1) {
            return t;
        }
        boolean[] tileable = new boolean[dim];
        boolean any = false;
        for (int d = 0; d < dim; d++) {
            tileable[d] = !op.isUntiled(d) && shape[d] > 1;
            any |= tileable[d];
        }
        if (!any) {
            return t;
        }
        // prefer the dimensions that every written operand and every large REDUCE operand follows
        boolean[] preferred = tileable.clone();
        List<Operation.Operand> ops = op.operands();
        for (int i = 0; i < ops.size(); i++) {
            Operation.Operand o = ops.get(i);
            boolean constrains = isWriter(o.role())
                    || (o.role() == Role.REDUCE && !op.isReplicated(i) && op.alignClass(i) == op.alignClass(0)
                    && o.volume() >= machine.minTileVolume());
            if (!constrains) {
                continue;
            }
            boolean[] used = new boolean[dim];
            for (int d : o.access().iterDim()) {
                if (d >= 0) {
                    used[d] = true;
                }
            }
            for (int d = 0; d < dim; d++) {
                preferred[d] &= used[d];
            }
        }
        boolean anyPreferred = false;
        for (boolean p : preferred) {
            anyPreferred |= p;
        }
        boolean[] dims = anyPreferred ? preferred : tileable;
        int[] order = new int[dim];
        int cnt = 0;
        for (int d = 0; d < dim; d++) {
            if (dims[d]) {
                order[cnt++] = d;
            }
        }
        if (cnt == 2 && shape[order[0]] >= n) {
            int d0 = order[0];
            int d1 = order[1];
            long rowTile = ceilDiv(shape[d0], n);
            if (shape[d1] > ELONGATION * rowTile) {
                long best0 = n;
                long best1 = 1;
                double bestRatio = Double.MAX_VALUE;
                for (long k0 = n; k0 >= 1; k0--) {
                    if (n % k0 != 0) {
                        continue;
                    }
                    long k1 = n / k0;
                    if (k0 > shape[d0] || k1 > shape[d1]) {
                        continue;
                    }
                    double a = ceilDiv(shape[d0], k0);
                    double b = ceilDiv(shape[d1], k1);
                    double ratio = Math.max(a, b) / Math.min(a, b);
                    if (ratio < bestRatio) {
                        bestRatio = ratio;
                        best0 = k0;
                        best1 = k1;
                    }
                }
                t[d0] = ceilDiv(shape[d0], best0);
                t[d1] = ceilDiv(shape[d1], best1);
                return t;
            }
        }
        long rem = n;
        for (int j = 0; j < cnt && rem > 1; j++) {
            int d = order[j];
            long k = Math.min(shape[d], rem);
            t[d] = ceilDiv(shape[d], k);
            rem /= k;
        }
        return t;
    }

    /** Elements of the operation's largest store. */
    private static long largestVolume(Operation op) {
        long v = 0;
        for (Operation.Operand o : op.operands()) {
            v = Math.max(v, o.volume());
        }
        return v;
    }

    /** The number of iteration points, saturating at {@code Long.MAX_VALUE}. */
    static long volume(long[] shape) {
        long v = 1;
        for (long s : shape) {
            if (s == 0) {
                return 0;
            }
        }
        for (long s : shape) {
            v = v > Long.MAX_VALUE / s ? Long.MAX_VALUE : v * s;
        }
        return v;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static long[] counts(long[] shape, long[] tile) {
        long[] c = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            c[d] = Math.max(1, ceilDiv(shape[d], tile[d]));
        }
        return c;
    }

    /**
     * A WRITE operand's tiling, limited to the box its view spans ({@link Tiling#withLimit}) when its last tiles would
     * reach past it: the task writes its view alone, and without the limit the valid-data map would hold the rest of
     * those tiles (the border of {@code padded[1:-1, 1:-1]}) as written by it, undefined. Unchanged otherwise (a whole
     * store, a view the tiles end with, a tiling with a halo).
     */
    static Tiling limitedToView(Tiling t, Projection proj, IterSpace space, Access a, long[] shape, Rect bounds) {
        if (!t.isDisjoint() || t.limit() != null) {
            return t;
        }
        int n = a.storeDim();
        long[] lo = new long[n];
        long[] hi = new long[n];
        for (int k = 0; k < n; k++) {
            int d = a.iterDim()[k];
            long start = a.start()[k];
            long reach = d < 0 ? 0 : a.step()[k] * (shape[d] - 1);
            lo[k] = Math.min(start, start + reach);
            hi[k] = Math.max(start, start + reach);
        }
        Rect box = Rect.of(lo, hi);
        Rect colors = proj.image(space.launchDomain());
        if (colors.isEmpty()) {
            return t;
        }
        Rect reached = t.tile(colors.lo(), bounds).boundingBox(t.tile(colors.hi(), bounds));
        return box.contains(reached) ? t : t.withLimit(box);
    }

    // ------------------------------------------------------------------ per-operand assignment

    private record Assignment(Strategy strategy, String error) {
    }

    private static Assignment fail(String error) {
        return new Assignment(null, error);
    }

    /** Partitions every operand for the iteration tiling {@code space}; an error message instead of throwing. */
    private static Assignment assign(Operation op, MachineView machine, IterSpace space) {
        List<Operation.Operand> ops = op.operands();
        long[] shape = space.shape();
        long[] counts = counts(shape, space.tile());
        int primary = op.alignClass(0);
        long m = machine.minTileVolume();
        Partition[] parts = new Partition[ops.size()];
        Projection[] projs = new Projection[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            Operation.Operand o = ops.get(i);
            Access a = o.access();
            Role role = o.role();
            int skipped = skippedTiledDim(a, counts);
            boolean replicate = op.isReplicated(i) || op.alignClass(i) != primary
                    || (role == Role.READ && o.volume() < m)
                    || (role == Role.REDUCE && (o.volume() < m || skipped >= 0));
            if (replicate) {
                if (isWriter(role)) {
                    // unreachable through partition(): allReplicated() sends such operations to one point
                    return fail("operand " + i + " (" + role + ", " + a + ") must be Replicated, which needs a single-point launch");
                }
                parts[i] = Replicated.INSTANCE;
                projs[i] = replicatedProjection(o);
                continue;
            }
            if (skipped >= 0 && role != Role.READ) {
                return fail("operand " + i + " (" + role + ", " + a + ") does not follow iteration dimension " + skipped
                        + ", which is split into " + counts[skipped] + " tiles: its projection would not be injective");
            }
            long[] halo = op.halo(i);
            if (o.keyPartition() instanceof Tiling key && key.isDisjoint() && key.dim() == a.storeDim()) {
                Projection p = keyProjection(a, key, space, counts);
                if (p != null) {
                    parts[i] = halo == null ? key : key.withHalo(halo);
                    projs[i] = p;
                    continue;
                }
            }
            int n = a.storeDim();
            long[] ext = new long[n];
            long[] off = new long[n];
            int[] src = new int[n];
            for (int k = 0; k < n; k++) {
                int d = a.iterDim()[k];
                long step = a.step()[k];
                long start = a.start()[k];
                if (d < 0) {
                    ext[k] = 1;
                    off[k] = start;
                    src[k] = -1;
                } else if (step > 0) {
                    ext[k] = Math.multiplyExact(step, space.tile()[d]);
                    off[k] = start;
                    src[k] = d;
                } else {
                    if (counts[d] > 1) {
                        return fail("operand " + i + " (" + role + ", " + a + ") has a negative step along store dimension " + k
                                + " but iteration dimension " + d + " is split into " + counts[d]
                                + " tiles; negative steps cannot be tiled (copy the view first)");
                    }
                    long reach = -step * (shape[d] - 1);
                    ext[k] = reach + 1;
                    off[k] = start - reach;
                    src[k] = d;
                }
            }
            parts[i] = Tiling.of(ext, off, halo == null ? new long[n] : halo);
            projs[i] = Projection.of(src, new long[n]);
        }
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).role() == Role.WRITE && parts[i] instanceof Tiling t) {
                parts[i] = limitedToView(t, projs[i], space, ops.get(i).access(), shape, ops.get(i).bounds());
            }
        }
        // a store read and written in one launch must appear with one partition and projection
        for (int i = 0; i < ops.size(); i++) {
            Operation.Operand o = ops.get(i);
            if (o.role() != Role.READ || op.halo(i) != null || op.isReplicated(i) || op.alignClass(i) != primary) {
                continue;
            }
            for (int j = 0; j < ops.size(); j++) {
                Operation.Operand w = ops.get(j);
                if (w.role() != Role.READ && op.alignClass(j) == primary && w.bounds().equals(o.bounds()) && w.access().equals(o.access())
                        && Objects.equals(w.keyPartition(), o.keyPartition())) {
                    parts[i] = parts[j];
                    projs[i] = projs[j];
                    break;
                }
            }
        }
        return new Assignment(new Strategy(space, Arrays.asList(parts), Arrays.asList(projs)), null);
    }

    /** The first iteration dimension with more than one tile that {@code a} does not follow, or -1. */
    private static int skippedTiledDim(Access a, long[] counts) {
        for (int d = 0; d < counts.length; d++) {
            if (counts[d] <= 1) {
                continue;
            }
            boolean used = false;
            for (int k = 0; k < a.storeDim(); k++) {
                used |= a.iterDim()[k] == d;
            }
            if (!used) {
                return d;
            }
        }
        return -1;
    }
}
