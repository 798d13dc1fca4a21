package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Random operations: every strategy is one the runtime accepts and no kernel reaches outside its piece. */
class PartitionerPropertyTest {

    /** Any operation: either a legal strategy or one of the documented errors. */
    @Property(tries = 3000)
    void strategiesAreLegalOrRejectedForADocumentedReason(@ForAll long seed) {
        Random r = new Random(seed);
        Operation op = randomOperation(r, false);
        MachineView mv = randomMachine(r);
        Strategy s;
        try {
            s = Partitioner.partition(op, mv);
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            boolean negative = false;
            boolean skippingWriter = false;
            for (Operation.Operand o : op.operands()) {
                negative |= !o.access().hasPositiveSteps();
                if (o.role() == Role.WRITE || o.role() == Role.READ_WRITE) {
                    for (int d = 0; d < op.shape().length; d++) {
                        boolean follows = false;
                        for (int k : o.access().iterDim()) {
                            follows |= k == d;
                        }
                        skippingWriter |= !follows && op.shape()[d] > 1;
                    }
                }
            }
            assertTrue((msg.contains("negative step") && negative)
                    || (msg.contains("does not follow iteration dimension") && skippingWriter), msg);
            Statistics.collect("rejected");
            return;
        }
        Statistics.collect(kind(op, s));
        checkStrategy(op, s);
        checkBruteForce(op, s);
        assertEquals(s, Partitioner.partition(op, mv), "deterministic");
    }

    /** Well-formed operations (writers follow every dimension, positive steps) never fail. */
    @Property(tries = 3000)
    void wellFormedOperationsAlwaysGetALegalStrategy(@ForAll long seed) {
        Random r = new Random(seed);
        Operation op = randomOperation(r, true);
        MachineView mv = randomMachine(r);
        Strategy s = Partitioner.partition(op, mv);
        Statistics.collect(kind(op, s));
        checkStrategy(op, s);
        checkBruteForce(op, s);
    }

    private static String kind(Operation op, Strategy s) {
        boolean allReplicated = true;
        boolean key = false;
        for (int i = 0; i < s.partitions().size(); i++) {
            allReplicated &= s.isReplicated(i);
            Partition k = op.operands().get(i).keyPartition();
            key |= k instanceof Tiling t && s.isTiled(i) && s.tiling(i).withoutHalo().equals(t);
        }
        return (s.isSinglePoint() ? "one point" : "many points") + (allReplicated ? ", all replicated" : "")
                + (key ? ", key reused" : "");
    }

    /**
     * Without key partitions the tile shape respects the minimum volume and {@link MachineView#TILE_PARALLELISM},
     * and it is the same on another machine (shards and cores do not change the tiling).
     */
    @Property(tries = 1000)
    void defaultTilesRespectMinimumVolumeAndAreTheSameOnEveryMachine(@ForAll long seed) {
        Random r = new Random(seed);
        Operation op = randomOperation(r, true, false);
        MachineView mv = randomMachine(r);
        Strategy s = Partitioner.partition(op, mv);
        if (!s.isSinglePoint()) {
            long tileVolume = 1;
            for (long t : s.space().tile()) {
                tileVolume *= t;
            }
            assertTrue(tileVolume >= mv.minTileVolume(), Partitioner.describe(s));
            assertTrue(s.pointCount() <= mv.tilesFor(Long.MAX_VALUE), Partitioner.describe(s));
        }
        MachineView other = new MachineView(1 + r.nextInt(1000), 1 + r.nextInt(64), mv.minTileVolume(), mv.maxTileVolume());
        assertEquals(Partitioner.describe(s), Partitioner.describe(Partitioner.partition(op, other)),
                "the tiling changed with the machine");
        for (int d = 0; d < op.shape().length; d++) {
            if (op.isUntiled(d)) {
                assertEquals(1, s.launchDomain().extent(d), "broadcast dimension " + d + " tiled: " + Partitioner.describe(s));
            }
        }
    }

    // ------------------------------------------------------------------ checks

    /** The runtime's launch checks (Runtime.validate), plus bounds and piece coverage by tile corners. */
    static void checkStrategy(Operation op, Strategy s) {
        String what = Partitioner.describe(s);
        List<Operation.Operand> ops = op.operands();
        assertEquals(ops.size(), s.partitions().size(), what);
        assertEquals(ops.size(), s.projections().size(), what);
        assertEquals(new IterSpace(op.shape(), s.space().tile()), s.space(), what);
        Rect domain = s.launchDomain();
        assertEquals(Math.max(1, op.shape().length), domain.dim(), what);
        boolean replicatedWrite = false;
        boolean tiledWrite = false;
        for (int i = 0; i < ops.size(); i++) {
            Operation.Operand o = ops.get(i);
            Partition p = s.partition(i);
            Projection q = s.projection(i);
            assertEquals(o.bounds().dim(), q.colorDim(), what);
            q.checkLaunchDim(domain.dim());
            boolean writes = o.role() != Role.READ;
            if (p instanceof Tiling t) {
                assertEquals(o.bounds().dim(), t.dim(), what);
                if (writes) {
                    assertTrue(t.isDisjoint(), "operand " + i + " written through aliased tiling: " + what);
                    assertTrue(q.isInjectiveOn(domain), "operand " + i + " projection not injective: " + what);
                    tiledWrite = true;
                }
                if (op.halo(i) != null) {
                    for (int k = 0; k < t.dim(); k++) {
                        assertEquals(op.halo(i)[k], t.halo(k), what);
                    }
                }
            } else {
                assertTrue(p instanceof Replicated, what);
                if (o.role() == Role.WRITE || o.role() == Role.READ_WRITE) {
                    assertEquals(1, domain.volume(), "replicated write needs one point: " + what);
                    replicatedWrite = true;
                }
            }
            if (op.isReplicated(i) || op.alignClass(i) != op.alignClass(0)) {
                assertTrue(p instanceof Replicated, "operand " + i + " must be replicated: " + what);
            }
            final int idx = i;
            domain.forEach(c -> {
                Point color = q.apply(c);
                Rect piece = p.piece(color, o.bounds());
                assertTrue(o.bounds().contains(piece), "piece outside bounds: " + what);
                long[] lo = s.space().lo(c);
                long[] ext = s.space().extent(c);
                boolean empty = false;
                for (long e : ext) {
                    empty |= e == 0;
                }
                if (empty) {
                    return;
                }
                if (p instanceof Tiling t) {
                    assertTrue(t.colorSpace(o.bounds()).contains(color), "operand " + idx + " color " + color
                            + " of point " + c + " outside color space: " + what);
                }
                // affine access: the reached set lies in the box of the tile corners' images
                int dim = lo.length;
                for (int mask = 0; mask < (1 << dim); mask++) {
                    long[] it = new long[dim];
                    for (int d = 0; d < dim; d++) {
                        it[d] = lo[d] + (((mask >> d) & 1) == 0 ? 0 : ext[d] - 1);
                    }
                    Point sp = Point.of(o.access().apply(it));
                    assertTrue(piece.contains(sp), "operand " + idx + ": point " + c + " reaches " + sp
                            + " outside its piece " + piece + ": " + what);
                }
            });
        }
        assertFalse(replicatedWrite && tiledWrite, "replicated and tiled writes in one launch: " + what);
    }

    /** Every iteration point of every tile reaches only its piece (small spaces only). */
    static void checkBruteForce(Operation op, Strategy s) {
        if (IterSpace.whole(op.shape()).volume() > 4096) {
            return;
        }
        Rect domain = s.launchDomain();
        for (int i = 0; i < op.operands().size(); i++) {
            Operation.Operand o = op.operands().get(i);
            Partition p = s.partition(i);
            Projection q = s.projection(i);
            final int idx = i;
            domain.forEach(c -> {
                Rect piece = p.piece(q.apply(c), o.bounds());
                long[] lo = s.space().lo(c);
                long[] ext = s.space().extent(c);
                long[] hi = new long[lo.length];
                for (int d = 0; d < lo.length; d++) {
                    hi[d] = lo[d] + ext[d] - 1;
                }
                Rect tile = lo.length == 0 ? Rect.single(Point.zeros(0)) : Rect.of(lo, hi);
                tile.forEach(it -> {
                    Point sp = Point.of(o.access().apply(it.toArray()));
                    if (!piece.contains(sp)) {
                        fail("operand " + idx + ": iteration " + it + " of point " + c + " reaches " + sp + " outside "
                                + piece + ": " + Partitioner.describe(s));
                    }
                });
            });
        }
    }

    // ------------------------------------------------------------------ generators

    static MachineView randomMachine(Random r) {
        long[] mins = {1, 1, 1, 2, 3, 4, 8, 16, 64};
        return new MachineView(1 + r.nextInt(3), 1 + r.nextInt(4), mins[r.nextInt(mins.length)]);
    }

    static Operation randomOperation(Random r, boolean wellFormed) {
        return randomOperation(r, wellFormed, true);
    }

    static Operation randomOperation(Random r, boolean wellFormed, boolean keys) {
        int dim = r.nextInt(4);
        long[] shape = new long[dim];
        for (int d = 0; d < dim; d++) {
            shape[d] = r.nextInt(20) == 0 ? 0 : 1 + r.nextInt(9);
        }
        Operation.Builder b = Operation.builder(shape);
        for (int d = 0; d < dim; d++) {
            if (r.nextInt(5) == 0) {
                b.broadcast(d);
            }
        }
        int n = 1 + r.nextInt(4);
        Role[] roles = Role.values();
        for (int i = 0; i < n; i++) {
            Role role = i == 0 ? (r.nextBoolean() ? Role.WRITE : roles[r.nextInt(roles.length)]) : roles[r.nextInt(roles.length)];
            boolean writer = role == Role.WRITE || role == Role.READ_WRITE;
            Access a = randomAccess(r, shape, wellFormed && writer, wellFormed);
            long[] hi = new long[a.storeDim()];
            for (int k = 0; k < a.storeDim(); k++) {
                int d = a.iterDim()[k];
                long max = a.start()[k];
                if (d >= 0 && a.step()[k] > 0 && shape[d] > 0) {
                    max += a.step()[k] * (shape[d] - 1);
                }
                hi[k] = max + r.nextInt(3);
            }
            Rect bounds = Rect.of(new long[a.storeDim()], hi);
            Partition key = null;
            if (keys && r.nextInt(5) < 2) {
                key = randomKey(r, a, shape);
            }
            int idx = b.operand(bounds, a, role, key);
            if (i > 0 && r.nextInt(10) < 9) {
                b.align(r.nextInt(10) < 7 ? 0 : r.nextInt(i), idx);
            }
            if (r.nextInt(10) == 0 && !(wellFormed && writer)) {
                b.replicate(idx);
            }
            if (role == Role.READ && r.nextInt(5) == 0) {
                long[] h = new long[a.storeDim()];
                for (int k = 0; k < h.length; k++) {
                    h[k] = r.nextInt(3);
                }
                b.halo(idx, h);
            }
        }
        return b.build();
    }

    /** A random access; {@code allDims}: follows every iteration dimension; {@code positive}: steps > 0. */
    static Access randomAccess(Random r, long[] shape, boolean allDims, boolean positive) {
        int dim = shape.length;
        int[] perm = new int[dim];
        for (int d = 0; d < dim; d++) {
            perm[d] = d;
        }
        for (int d = dim - 1; d > 0; d--) {
            int j = r.nextInt(d + 1);
            int t = perm[d];
            perm[d] = perm[j];
            perm[j] = t;
        }
        int used = allDims ? dim : r.nextInt(dim + 1);
        int extra = r.nextInt(2);
        int storeDim = used + extra;
        int[] iterDim = new int[storeDim];
        long[] step = new long[storeDim];
        long[] start = new long[storeDim];
        // the used dims in random store positions, the rest -1
        int[] slots = new int[storeDim];
        for (int k = 0; k < storeDim; k++) {
            slots[k] = k < used ? perm[k] : -1;
        }
        for (int k = storeDim - 1; k > 0; k--) {
            int j = r.nextInt(k + 1);
            int t = slots[k];
            slots[k] = slots[j];
            slots[j] = t;
        }
        for (int k = 0; k < storeDim; k++) {
            iterDim[k] = slots[k];
            long[] steps = {1, 1, 1, 2, 3};
            step[k] = steps[r.nextInt(steps.length)];
            if (!positive && iterDim[k] >= 0 && r.nextInt(8) == 0) {
                step[k] = -step[k];
            }
            start[k] = r.nextInt(4);
            if (iterDim[k] >= 0 && step[k] < 0) {
                start[k] += -step[k] * Math.max(0, shape[iterDim[k]] - 1);
            }
        }
        return new Access(iterDim, step, start);
    }

    static Partition randomKey(Random r, Access a, long[] shape) {
        int n = a.storeDim();
        long[] ts = new long[n];
        long[] off = new long[n];
        long[] halo = new long[n];
        boolean fitting = r.nextBoolean();
        for (int k = 0; k < n; k++) {
            int d = a.iterDim()[k];
            if (fitting && d >= 0 && a.step()[k] > 0) {
                ts[k] = a.step()[k] * (1 + r.nextInt((int) Math.max(1, shape[d])));
                off[k] = a.start()[k] - (r.nextInt(4) == 0 ? ts[k] : 0);
            } else {
                ts[k] = 1 + r.nextInt(6);
                off[k] = r.nextInt(5) - 2;
            }
            if (r.nextInt(10) == 0) {
                halo[k] = 1;
            }
        }
        return r.nextInt(10) == 0 ? Replicated.INSTANCE : Tiling.of(ts, off, halo);
    }
}
