package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PartitionerTest {
    /** 2 shards x 4 cpus = 8 processors, min tile volume 2^16. */
    static final MachineView M8 = new MachineView(2, 4, MachineView.DEFAULT_MIN_TILE_VOLUME);
    /** Tiles aimed for on every machine. */
    static final long P = MachineView.TILE_PARALLELISM;
    static final long MIN = MachineView.DEFAULT_MIN_TILE_VOLUME;

    static Access access(int[] iterDim, long[] step, long[] start) {
        return new Access(iterDim, step, start);
    }

    /** Store dims follow the given iteration dims with step 1 from 0. */
    static Access follow(int... iterDims) {
        long[] step = new long[iterDims.length];
        java.util.Arrays.fill(step, 1);
        return new Access(iterDims, step, new long[iterDims.length]);
    }

    static Rect box(long... extents) {
        return Rect.ofExtents(extents);
    }

    static Projection proj(int... src) {
        return Projection.of(src, new long[src.length]);
    }

    static Tiling tiling(long... shape) {
        return Tiling.of(shape);
    }

    static void checkLegal(Operation op, Strategy s) {
        PartitionerPropertyTest.checkStrategy(op, s);
    }

    @Test
    void elementwiseWithSmallBroadcastVector() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n, 32);
        int c = b.operand(box(n, 32), Access.identity(2), Role.WRITE, null);
        int a = b.operand(box(n, 32), Access.identity(2), Role.READ, null);
        int v = b.operand(box(32), follow(1), Role.READ, null);
        Operation op = b.align(c, a).align(c, v).build();
        Strategy s = Partitioner.partition(op, M8);
        assertArrayEquals(new long[] {n / P, 32}, s.space().tile());
        assertEquals(P, s.pointCount());
        assertEquals(tiling(n / P, 32), s.partition(c));
        assertEquals(proj(0, 1), s.projection(c));
        assertEquals(tiling(n / P, 32), s.partition(a));
        assertEquals(Replicated.INSTANCE, s.partition(v));
        assertEquals(Projection.constant(Point.zeros(1)), s.projection(v));
        checkLegal(op, s);
    }

    @Test
    void wideElementwiseWithLargeVectorIsTiledByColumns() {
        long rows = 64;
        long cols = 1 << 16;
        Operation.Builder b = Operation.builder(rows, cols);
        int c = b.operand(box(rows, cols), Access.identity(2), Role.WRITE, null);
        int a = b.operand(box(rows, cols), Access.identity(2), Role.READ, null);
        int v = b.operand(box(cols), follow(1), Role.READ, null);
        Operation op = b.align(c, a).align(c, v).build();
        Strategy s = Partitioner.partition(op, M8);
        // rows alone would give 8 x 65536 strips; the near-square rule picks the squarest grid, 1 x 8
        assertArrayEquals(new long[] {rows, cols / P}, s.space().tile());
        assertEquals(tiling(rows, cols / P), s.partition(c));
        assertEquals(tiling(cols / P), s.partition(v));
        assertEquals(proj(1), s.projection(v));
        checkLegal(op, s);
    }

    @Test
    void matvecWithLargeOutputKeepsOutputTiledByRows() {
        long n = 1 << 16;
        long k = 1 << 10;
        Operation.Builder b = Operation.builder(n, k);
        int out = b.operand(box(n), follow(0), Role.REDUCE, null);
        int mat = b.operand(box(n, k), Access.identity(2), Role.READ, null);
        int x = b.operand(box(k), follow(1), Role.READ, null);
        Operation op = b.align(out, mat).align(out, x).build();
        Strategy s = Partitioner.partition(op, M8);
        assertArrayEquals(new long[] {n / P, k}, s.space().tile());
        assertEquals(tiling(n / P), s.partition(out));
        assertEquals(proj(0), s.projection(out));
        assertEquals(tiling(n / P, k), s.partition(mat));
        assertTrue(s.isReplicated(x));
        checkLegal(op, s);
    }

    @Test
    void squareMatvecStillTilesRowsOnly() {
        long n = 1 << 14;
        Operation.Builder b = Operation.builder(n, n);
        int out = b.operand(box(n), follow(0), Role.REDUCE, null);
        int mat = b.operand(box(n, n), Access.identity(2), Role.READ, null);
        int x = b.operand(box(n), follow(1), Role.READ, null);
        Operation op = b.align(out, mat).align(out, x).build();
        Strategy s = Partitioner.partition(op, new MachineView(1, 8, 1));
        // the near-square rule would split columns too and turn the output into an all-reduce
        assertArrayEquals(new long[] {n / P, n}, s.space().tile());
        assertTrue(s.isTiled(out));
        assertEquals(tiling(n / P, n), s.partition(mat));
        assertEquals(tiling(n), s.partition(x));
        checkLegal(op, s);
    }

    @Test
    void matvecWithSmallOutputReducesThroughReplicated() {
        long n = 1 << 10;
        long k = 1 << 16;
        Operation.Builder b = Operation.builder(n, k);
        int out = b.operand(box(n), follow(0), Role.REDUCE, null);
        int mat = b.operand(box(n, k), Access.identity(2), Role.READ, null);
        int x = b.operand(box(k), follow(1), Role.READ, null);
        Operation op = b.align(out, mat).align(out, x).build();
        Strategy s = Partitioner.partition(op, M8);
        // columns: (1024 x 8192) blocks are the squarest factorisation of 8 tiles
        assertArrayEquals(new long[] {n, k / P}, s.space().tile());
        assertEquals(P, s.pointCount());
        assertTrue(s.isReplicated(out));
        assertEquals(tiling(n, k / P), s.partition(mat));
        assertEquals(tiling(k / P), s.partition(x));
        checkLegal(op, s);
    }

    @Test
    void vectorMatrixReducesSmallOutputThroughReplicated() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n, 32);
        int out = b.operand(box(32), follow(1), Role.REDUCE, null);
        int xs = b.operand(box(n, 32), Access.identity(2), Role.READ, null);
        int v = b.operand(box(n), follow(0), Role.READ, null);
        Operation op = b.align(out, xs).align(out, v).build();
        Strategy s = Partitioner.partition(op, M8);
        assertFalse(s.isSinglePoint());
        assertEquals(P, s.pointCount());
        assertTrue(s.isReplicated(out));
        assertEquals(tiling(n / P, 32), s.partition(xs));
        assertEquals(tiling(n / P), s.partition(v));
        assertEquals(proj(0), s.projection(v));
        checkLegal(op, s);
    }

    @Test
    void dotOfLargeVectorsIsManyPointsWithReplicatedScalar() {
        long n = 1 << 22;
        Operation.Builder b = Operation.builder(n);
        int out = b.operand(Rect.ofExtents(), new Access(new int[0], new long[0], new long[0]), Role.REDUCE, null);
        int x = b.operand(box(n), follow(0), Role.READ, null);
        int y = b.operand(box(n), follow(0), Role.READ, null);
        Operation op = b.align(out, x).align(out, y).build();
        Strategy s = Partitioner.partition(op, M8);
        assertEquals(P, s.pointCount());
        assertTrue(s.isReplicated(out));
        assertEquals(0, s.projection(out).colorDim());
        assertEquals(tiling(n / P), s.partition(x));
        checkLegal(op, s);
    }

    @Test
    void smallOperationRunsOnOnePointWithEverythingReplicated() {
        Operation.Builder b = Operation.builder(100, 32);
        int c = b.operand(box(100, 32), Access.identity(2), Role.WRITE, null);
        int a = b.operand(box(100, 32), Access.identity(2), Role.READ, tiling(10, 32));
        int v = b.operand(box(32), follow(1), Role.READ, null);
        Operation op = b.align(c, a).align(c, v).build();
        Strategy s = Partitioner.partition(op, M8);
        assertTrue(s.isSinglePoint());
        assertEquals(IterSpace.whole(100, 32), s.space());
        for (int i = 0; i < 3; i++) {
            assertTrue(s.isReplicated(i), "operand " + i);
        }
        checkLegal(op, s);
    }

    @Test
    void zeroDimensionalOperationHasOneDimensionalLaunchDomain() {
        Operation.Builder b = Operation.builder();
        Access scalar = new Access(new int[0], new long[0], new long[0]);
        b.operand(Rect.ofExtents(), scalar, Role.WRITE, null);
        b.operand(Rect.ofExtents(), scalar, Role.READ, null);
        Operation op = b.align(0, 1).build();
        Strategy s = Partitioner.partition(op, M8);
        assertEquals(1, s.launchDomain().dim());
        assertTrue(s.isSinglePoint());
        assertTrue(s.isReplicated(0) && s.isReplicated(1));
        checkLegal(op, s);
    }

    @Test
    void allWritersSmallMakesOnePointEvenForLargeIteration() {
        // out[i] = max_j in[i, j] written directly, j broadcast: out is a small store
        long n = 1000;
        long k = 1 << 12;
        Operation.Builder b = Operation.builder(n, k).broadcast(1);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int in = b.operand(box(n, k), Access.identity(2), Role.READ, null);
        Operation op = b.align(out, in).build();
        Strategy s = Partitioner.partition(op, M8);
        assertTrue(s.isSinglePoint());
        assertTrue(s.isReplicated(out) && s.isReplicated(in));
        checkLegal(op, s);
    }

    @Test
    void minTileVolumeLimitsTheTileCount() {
        long n = 3 * MIN + 5;
        Operation.Builder b = Operation.builder(n);
        b.operand(box(n), follow(0), Role.WRITE, null);
        b.operand(box(n), follow(0), Role.READ, null);
        Operation op = b.align(0, 1).build();
        Strategy s = Partitioner.partition(op, M8);
        assertEquals(3, s.pointCount());
        assertTrue(s.space().tile()[0] >= MIN);
        checkLegal(op, s);

        Operation.Builder b2 = Operation.builder(MIN + 1);
        b2.operand(box(MIN + 1), follow(0), Role.WRITE, null);
        Strategy one = Partitioner.partition(b2.build(), M8);
        assertTrue(one.isSinglePoint());
        assertTrue(one.isTiled(0), "a large single tile stays tiled: " + one.describe());
    }

    @Test
    void tileCountIsTheSameOnEveryMachine() {
        // the tiling, and so the fold order of floating-point reductions, must not depend on shards or cores
        long n = 1 << 24;
        for (int shards : new int[] {1, 2, 4, 1000}) {
            for (int cpus : new int[] {1, 3, 4, 16}) {
                MachineView mv = new MachineView(shards, cpus, MIN);
                Operation.Builder b = Operation.builder(n);
                b.operand(box(n), follow(0), Role.WRITE, null);
                Strategy s = Partitioner.partition(b.build(), mv);
                assertEquals(P, s.pointCount(), s.describe());
                assertEquals(tiling(n / P), s.partition(0));
            }
        }
    }

    @Test
    void broadcastDimensionsAreNeverTiled() {
        long n = 1 << 12;
        Operation.Builder b = Operation.builder(n, n).broadcast(0);
        b.operand(box(n, n), Access.identity(2), Role.WRITE, null);
        Operation op = b.build();
        Strategy s = Partitioner.partition(op, M8);
        assertArrayEquals(new long[] {n, n / P}, s.space().tile());
        assertEquals(tiling(n, n / P), s.partition(0));
        checkLegal(op, s);
    }

    @Test
    void squareSpacesGetNearSquareBlocks() {
        long n = 4096;
        Operation.Builder b = Operation.builder(n, n);
        b.operand(box(n, n), Access.identity(2), Role.WRITE, null);
        b.operand(box(n, n), Access.identity(2), Role.READ, null);
        Operation op = b.align(0, 1).build();
        Strategy s16 = Partitioner.partition(op, new MachineView(4, 4, MIN));
        assertArrayEquals(new long[] {1024, 1024}, s16.space().tile());
        // the same tiles on 8 processors: the tiling does not depend on the machine
        Strategy s8 = Partitioner.partition(op, M8);
        assertArrayEquals(new long[] {1024, 1024}, s8.space().tile());
        checkLegal(op, s16);
        checkLegal(op, s8);
        // tall matrices keep row strips
        Operation.Builder tall = Operation.builder(1 << 20, 64);
        tall.operand(box(1 << 20, 64), Access.identity(2), Role.WRITE, null);
        assertArrayEquals(new long[] {1 << 16, 64}, Partitioner.partition(tall.build(), M8).space().tile());
    }

    @Test
    void gemmTilesTheOutputInBlocksAndNeverK() {
        long n = 2048;
        Operation.Builder b = Operation.builder(n, n, n).broadcast(2);
        int out = b.operand(box(n, n), follow(0, 1), Role.WRITE, null);
        int a = b.operand(box(n, n), follow(0, 2), Role.READ, null);
        int bb = b.operand(box(n, n), follow(2, 1), Role.READ, null);
        Operation op = b.align(out, a).align(out, bb).build();
        Strategy s = Partitioner.partition(op, new MachineView(4, 4, MIN));
        assertArrayEquals(new long[] {512, 512, n}, s.space().tile());
        assertEquals(tiling(512, n), s.partition(a));
        assertEquals(proj(0, 2), s.projection(a));
        assertEquals(tiling(n, 512), s.partition(bb));
        assertEquals(proj(2, 1), s.projection(bb));
        checkLegal(op, s);
    }

    @Test
    void keyPartitionIsReused() {
        long n = 1 << 20;
        Tiling key = tiling(n / 4, 32); // written earlier through 4 tiles
        Operation.Builder b = Operation.builder(n, 32);
        int c = b.operand(box(n, 32), Access.identity(2), Role.WRITE, null);
        int a = b.operand(box(n, 32), Access.identity(2), Role.READ, key);
        int a2 = b.operand(box(n, 32), Access.identity(2), Role.READ, tiling(n / 16, 32));
        Operation op = b.align(c, a).align(c, a2).build();
        Strategy s = Partitioner.partition(op, M8);
        assertArrayEquals(new long[] {n / 4, 32}, s.space().tile());
        assertEquals(key, s.partition(c));
        assertEquals(key, s.partition(a));
        assertEquals(tiling(n / 4, 32), s.partition(a2)); // its own key does not fit: moved
        checkLegal(op, s);
    }

    @Test
    void keyPartitionOfLargestStoreWinsAndTiesGoToLowestIndex() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        int c = b.operand(box(n), follow(0), Role.WRITE, tiling(n / 2));
        int a = b.operand(box(n), follow(0), Role.READ, tiling(n / 4));
        int big = b.operand(box(n, 4), access(new int[] {0, -1}, new long[] {1, 1}, new long[] {0, 2}), Role.READ,
                tiling(n / 16, 1));
        Operation op = b.align(c, a).align(c, big).build();
        Strategy s = Partitioner.partition(op, M8);
        assertEquals(16, s.pointCount(), s.describe());
        assertEquals(tiling(n / 16, 1), s.partition(big));
        assertEquals(Projection.of(new int[] {0, -1}, new long[] {0, 2}), s.projection(big));
        checkLegal(op, s);

        Operation.Builder b2 = Operation.builder(n);
        b2.operand(box(n), follow(0), Role.WRITE, tiling(n / 2));
        b2.operand(box(n), follow(0), Role.READ, tiling(n / 4));
        Strategy s2 = Partitioner.partition(b2.align(0, 1).build(), M8);
        assertEquals(2, s2.pointCount());
    }

    @Test
    void cacheBudgetSplitsLargeStoresIntoMoreTilesThanProcessors() {
        MachineView cached = new MachineView(1, 2, 1 << 16, 1 << 18);
        assertEquals(P, cached.tilesFor(P << 18), "fits: TILE_PARALLELISM tiles");
        assertEquals(P + 1, cached.tilesFor((P << 18) + 1), "more, to keep each tile within the budget");
        assertEquals(P, new MachineView(1000, 16, 1 << 16, 1 << 18).tilesFor(P << 18), "whatever the machine");
        assertEquals(P, new MachineView(1, 2, 1 << 16).tilesFor(1L << 40), "no budget: TILE_PARALLELISM only");
        assertThrows(IllegalArgumentException.class, () -> new MachineView(1, 2, 1 << 16, 1 << 10));

        // X (n x 32) @ w: rows only, as many tiles as 2 MiB of X each
        long rows = 1_000_000;
        Operation.Builder b = Operation.builder(rows, 32);
        b.operand(box(rows), access(new int[] {0}, new long[] {1}, new long[] {0}), Role.REDUCE, null);
        b.operand(box(rows, 32), Access.identity(2), Role.READ, null);
        b.operand(box(32), access(new int[] {1}, new long[] {1}, new long[] {0}), Role.READ, null);
        Operation op = b.align(0, 1).build();
        Strategy s = Partitioner.partition(op, cached);
        assertEquals(123, s.pointCount(), s.describe());
        assertEquals(32, s.space().tile()[1], "columns stay whole");
        checkLegal(op, s);
        assertEquals(P, Partitioner.partition(op, new MachineView(1, 2, 1 << 16)).pointCount());
    }

    @Test
    void keyPartitionWithTooManyTilesOrOnBroadcastDimIsIgnored() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        b.operand(box(n), follow(0), Role.WRITE, tiling(n / 1024)); // 1024 > 4 * 16 tiles of 1024 < minTile / 16 elements
        Strategy s = Partitioner.partition(b.build(), M8);
        assertEquals(P, s.pointCount());

        // more tiles than 4 per processor, but each still of minTile / 4 elements: kept (a chain's tiles)
        Operation.Builder many = Operation.builder(n);
        many.operand(box(n), follow(0), Role.WRITE, tiling(n / 64));
        assertEquals(64, Partitioner.partition(many.build(), M8).pointCount());

        Operation.Builder huge = Operation.builder(1L << 30, 1L << 30);
        huge.operand(box(1L << 30, 1L << 30), Access.identity(2), Role.WRITE, tiling(1, 1)); // 2^60 tiles
        assertEquals(P, Partitioner.partition(huge.build(), M8).pointCount());

        Operation.Builder b2 = Operation.builder(1024, 1024).broadcast(1);
        b2.operand(box(1024, 1024), Access.identity(2), Role.WRITE, tiling(1024, 128));
        Strategy s2 = Partitioner.partition(b2.build(), M8);
        assertArrayEquals(new long[] {64, 1024}, s2.space().tile());
    }

    @Test
    void offsetSliceReusesItsKeyPartition() {
        long n = 1000;
        Rect grid = box(n + 2, n + 2);
        Tiling key = Tiling.of(new long[] {250, 500}, new long[] {1, 1}, new long[2]);
        Access center = access(new int[] {0, 1}, new long[] {1, 1}, new long[] {1, 1});
        Access north = access(new int[] {0, 1}, new long[] {1, 1}, new long[] {0, 1});
        Access east = access(new int[] {0, 1}, new long[] {1, 1}, new long[] {1, 2});
        Operation.Builder b = Operation.builder(n, n);
        int out = b.operand(grid, center, Role.READ_WRITE, key);
        int nb = b.operand(box(n + 2, n + 2), north, Role.READ, null);
        int eb = b.operand(box(n + 2, n + 2), east, Role.READ, key);
        b.halo(eb, 1, 1);
        Operation op = b.align(out, nb).align(out, eb).build();
        Strategy s = Partitioner.partition(op, new MachineView(2, 4, 1 << 12));
        assertArrayEquals(new long[] {250, 500}, s.space().tile());
        assertEquals(key, s.partition(out));
        assertEquals(proj(0, 1), s.projection(out));
        assertEquals(Tiling.of(new long[] {250, 500}, new long[] {0, 1}, new long[2]), s.partition(nb));
        // east's key does not line up with its shifted start: the formula's tiling, grown by the halo
        assertEquals(Tiling.of(new long[] {250, 500}, new long[] {1, 2}, new long[] {1, 1}), s.partition(eb));
        checkLegal(op, s);
    }

    @Test
    void keyShiftedByWholeTilesUsesAProjectionOffset() {
        long n = 4096;
        Tiling key = Tiling.of(1024);
        Operation.Builder b = Operation.builder(n - 1024);
        // x[1024:] of a 4096-element store tiled by 1024: colors 1..3 for launch points 0..2
        b.operand(box(n), access(new int[] {0}, new long[] {1}, new long[] {1024}), Role.READ_WRITE, key);
        Operation op = b.build();
        Strategy s = Partitioner.partition(op, new MachineView(1, 4, 16));
        assertEquals(3, s.pointCount());
        assertEquals(key, s.partition(0));
        assertEquals(Projection.of(new int[] {0}, new long[] {1}), s.projection(0));
        checkLegal(op, s);
    }

    @Test
    void steppedViewTilesWithStepTimesTile() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int in = b.operand(box(2 * n + 1), access(new int[] {0}, new long[] {2}, new long[] {1}), Role.READ, null);
        Operation op = b.align(out, in).build();
        Strategy s = Partitioner.partition(op, M8);
        assertEquals(Tiling.of(new long[] {2 * n / P}, new long[] {1}, new long[1]), s.partition(in));
        checkLegal(op, s);
        // its key partition is reused when the tile is a multiple of the step
        Operation.Builder b2 = Operation.builder(n);
        int in2 = b2.operand(box(2 * n + 1), access(new int[] {0}, new long[] {2}, new long[] {1}), Role.READ_WRITE,
                Tiling.of(new long[] {n / 2}, new long[] {1}, new long[1]));
        Strategy s2 = Partitioner.partition(b2.build(), M8);
        assertArrayEquals(new long[] {n / 4}, s2.space().tile());
        assertEquals(Tiling.of(new long[] {n / 2}, new long[] {1}, new long[1]), s2.partition(in2));
    }

    @Test
    void haloGrowsReadTilesAndIsRejectedOnWrites() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int in = b.operand(box(n + 2), access(new int[] {0}, new long[] {1}, new long[] {1}), Role.READ, null);
        b.halo(in, 1);
        Operation op = b.align(out, in).build();
        Strategy s = Partitioner.partition(op, M8);
        Tiling t = s.tiling(in);
        assertEquals(Tiling.of(new long[] {n / P}, new long[] {1}, new long[] {1}), t);
        assertFalse(t.isDisjoint());
        checkLegal(op, s);

        Operation.Builder bad = Operation.builder(n);
        int w = bad.operand(box(n), follow(0), Role.WRITE, null);
        bad.halo(w, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Partitioner.partition(bad.build(), M8));
        assertTrue(e.getMessage().contains("operand 0"), e.getMessage());
    }

    @Test
    void negativeStepsAreRejectedAlongTiledDimensions() {
        long n = 1 << 20;
        Access reversed = access(new int[] {0}, new long[] {-1}, new long[] {n - 1});
        Operation.Builder b = Operation.builder(n);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int in = b.operand(box(n), reversed, Role.READ, null);
        Operation op = b.align(out, in).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Partitioner.partition(op, M8));
        assertTrue(e.getMessage().contains("operand 1") && e.getMessage().contains(reversed.toString()), e.getMessage());

        // along a dimension that is not split it is one piece covering the reached range
        Operation.Builder b2 = Operation.builder(n, 8).broadcast(1);
        int o2 = b2.operand(box(n, 8), Access.identity(2), Role.WRITE, null);
        int r2 = b2.operand(box(n, 10), access(new int[] {0, 1}, new long[] {1, -1}, new long[] {0, 8}), Role.READ, null);
        Operation op2 = b2.align(o2, r2).build();
        Strategy s2 = Partitioner.partition(op2, M8);
        assertEquals(Tiling.of(new long[] {n / P, 8}, new long[] {0, 1}, new long[2]), s2.partition(r2));
        checkLegal(op2, s2);
    }

    @Test
    void writesThatSkipATiledDimensionAreRejected() {
        long n = 1 << 17;
        Operation.Builder b = Operation.builder(n, n).broadcast(0);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int in = b.operand(box(n, n), Access.identity(2), Role.READ, null);
        Operation op = b.align(out, in).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Partitioner.partition(op, M8));
        assertTrue(e.getMessage().contains("operand 0") && e.getMessage().contains("iteration dimension 1"), e.getMessage());

        // without the broadcast the partitioner keeps the written operand's dimension as the tiled one
        Operation.Builder ok = Operation.builder(n, n);
        int o2 = ok.operand(box(n), follow(0), Role.READ_WRITE, null);
        ok.operand(box(n, n), Access.identity(2), Role.READ, null);
        Operation op2 = ok.align(o2, 1).build();
        Strategy s = Partitioner.partition(op2, M8);
        assertArrayEquals(new long[] {n / P, n}, s.space().tile());
        checkLegal(op2, s);
    }

    @Test
    void unalignedOperandsAreReadWhole() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        int out = b.operand(box(n), follow(0), Role.WRITE, null);
        int a = b.operand(box(n), follow(0), Role.READ, null);
        int lookup = b.operand(box(n), follow(0), Role.READ, tiling(n / 8));
        Operation op = b.align(out, a).build();
        Strategy s = Partitioner.partition(op, M8);
        assertTrue(s.isTiled(a));
        assertTrue(s.isReplicated(lookup));
        checkLegal(op, s);

        // an unaligned or replicate-constrained written operand forces one point, all Replicated
        Operation.Builder b2 = Operation.builder(n);
        b2.operand(box(n), follow(0), Role.WRITE, null);
        b2.operand(box(n), follow(0), Role.WRITE, null);
        Strategy s2 = Partitioner.partition(b2.build(), M8);
        assertTrue(s2.isSinglePoint() && s2.isReplicated(0) && s2.isReplicated(1));
        Operation.Builder b3 = Operation.builder(n);
        b3.operand(box(n), follow(0), Role.WRITE, null);
        b3.operand(box(n), follow(0), Role.READ, null);
        Strategy s3 = Partitioner.partition(b3.align(0, 1).replicate(0).build(), M8);
        assertTrue(s3.isSinglePoint() && s3.isReplicated(0) && s3.isReplicated(1));
    }

    @Test
    void replicateConstraintOnAReadOperand() {
        long n = 1 << 20;
        Operation.Builder b = Operation.builder(n);
        b.operand(box(n), follow(0), Role.WRITE, null);
        b.operand(box(n), follow(0), Role.READ, null);
        Strategy s = Partitioner.partition(b.align(0, 1).replicate(1).build(), M8);
        assertEquals(P, s.pointCount());
        assertTrue(s.isTiled(0) && s.isReplicated(1));
    }

    @Test
    void storeReadAndWrittenGetsOnePartition() {
        // a small store updated in place (c += ...) next to a large output: the small store is tiled
        // for its write, so its read must use the same tiling, not the small-store Replicated
        long n = 1024;
        Operation.Builder b = Operation.builder(n, n).broadcast(1);
        int big = b.operand(box(n, n), Access.identity(2), Role.WRITE, null);
        int w = b.operand(box(n), follow(0), Role.READ_WRITE, null);
        int r = b.operand(box(n), follow(0), Role.READ, null);
        int other = b.operand(box(n + 1), follow(0), Role.READ, null); // another store
        Operation op = b.align(big, w).align(big, r).align(big, other).build();
        Strategy s = Partitioner.partition(op, new MachineView(1, 4, 1024));
        assertEquals(P, s.pointCount());
        assertEquals(tiling(n / P), s.partition(w));
        assertEquals(s.partition(w), s.partition(r));
        assertEquals(s.projection(w), s.projection(r));
        assertEquals(tiling(n / P), s.partition(other)); // 1025 elements is not below the minimum of 1024
        Strategy s2 = Partitioner.partition(op, new MachineView(1, 4, 1026));
        assertTrue(s2.isTiled(w) && s2.isTiled(r) && s2.isReplicated(other), s2.describe());
        checkLegal(op, s2);
    }

    @Test
    void deterministic() {
        for (int rep = 0; rep < 3; rep++) {
            long n = 3000;
            Operation.Builder b = Operation.builder(n, n);
            b.operand(box(n, n), Access.identity(2), Role.WRITE, tiling(1000, 3000));
            b.operand(box(n, n), Access.identity(2), Role.READ, tiling(500, 3000));
            b.operand(box(n, n + 1), follow(0, 1), Role.READ, tiling(1500, 1500));
            b.operand(box(n), follow(1), Role.READ, null);
            Operation op = b.align(0, 1).align(2, 1).align(3, 0).build();
            Strategy s1 = Partitioner.partition(op, M8);
            Strategy s2 = Partitioner.partition(op, M8);
            assertEquals(s1, s2);
            assertEquals(Partitioner.describe(s1), Partitioner.describe(s2));
            // the largest store (n x n+1) has the only reusable key: 2 x 2 tiles
            assertArrayEquals(new long[] {1500, 1500}, s1.space().tile(), s1.describe());
        }
    }

    /**
     * A WRITE of a view whose last tiles would reach past it ({@code padded[1:-1, 1:-1] = p} with 3 161 interior rows) is
     * tiled with a limit to the view's box, so its pieces cover the box exactly; the read operand keeps a tiling without
     * one; a view the tiles end with, and a whole store, get none.
     */
    @Test
    void aWriteOfAViewIsLimitedToItsBoxWhenItsTilesWouldReachPast() {
        for (long n : new long[] {3161, 4096}) {
            Operation.Builder b = Operation.builder(n, n);
            int dst = b.operand(box(n + 2, n + 2), access(new int[] {0, 1}, new long[] {1, 1}, new long[] {1, 1}), Role.WRITE, null);
            int src = b.operand(box(n, n), Access.identity(2), Role.READ, null);
            Operation op = b.align(dst, src).build();
            Strategy s = Partitioner.partition(op, M8);
            checkLegal(op, s);
            Tiling t = s.tiling(dst);
            Rect bounds = box(n + 2, n + 2);
            Rect view = Rect.of(new long[] {1, 1}, new long[] {n, n});
            Rect colors = s.projection(dst).image(s.launchDomain());
            Tiling free = t.withLimit(null);
            Rect reached = free.tile(colors.lo(), bounds).boundingBox(free.tile(colors.hi(), bounds));
            assertEquals(view.contains(reached) ? null : view, t.limit(), "n = " + n + ": " + t);
            long covered = 0;
            for (long k = 0; k < colors.volume(); k++) {
                Rect tile = t.tile(colors.delinearize(k), bounds);
                assertTrue(view.contains(tile), "n = " + n + ": tile " + tile + " outside " + view);
                covered += tile.volume();
            }
            assertEquals(view.volume(), covered, "n = " + n + ": the tiles cover the view once");
            assertEquals(null, s.tiling(src).limit());
            if (n == 3161) {
                assertEquals(view, t.limit(), "3 161 rows do not split evenly into " + colors);
            }
        }
        Operation.Builder b = Operation.builder(1000, 1000);
        int whole = b.operand(box(1000, 1000), Access.identity(2), Role.WRITE, null);
        assertEquals(null, Partitioner.partition(b.build(), M8).tiling(whole).limit());
    }
}
