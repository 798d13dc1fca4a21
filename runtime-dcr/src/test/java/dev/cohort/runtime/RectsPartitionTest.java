package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Group launches through {@link Rects} (a partition by an explicit list of rectangles): reads and writes
 * on 1-4 in-process shards, a Rects-written store read through a tiling, a replicated copy and other
 * rectangle lists, and the reverse, all bit for bit against plain sequential Java.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RectsPartitionTest {
    /** Copies piece 0 (READ) into piece 1 (WRITE_DISCARD), element k of one in row-major order to element k of the other. */
    static final int COPY_ROW_MAJOR = 1100;
    /** Result slot {@code linear(point)} = sum over the piece of {@code (k + 1) * v_k}, k row-major in the piece (exact for small integers). */
    static final int PIECE_SUMS = 1101;

    static TaskRegistry registry() {
        TaskRegistry r = TestTasks.registry();
        r.register(COPY_ROW_MAJOR, "copy_row_major", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            Instance out = ctx.instance(1);
            Rect a = ctx.piece(0);
            Rect b = ctx.piece(1);
            if (a.volume() != b.volume()) {
                throw new IllegalArgumentException("pieces differ in volume: " + a + " vs " + b);
            }
            double[] buf = new double[(int) a.volume()];
            int[] k = {0};
            a.forEach(p -> buf[k[0]++] = in.getDouble(p));
            k[0] = 0;
            b.forEach(p -> out.doubles()[out.index(p)] = buf[k[0]++]);
        });
        r.register(PIECE_SUMS, "piece_sums", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            double[] s = {0};
            long[] k = {1};
            ctx.piece(0).forEach(p -> s[0] += k[0]++ * in.getDouble(p));
            Instance res = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(ctx.domain().volume()));
            res.doubles()[(int) ctx.domain().linearize(ctx.point())] = s[0];
            ctx.setResult(res);
        });
        return r;
    }

    static RuntimeConfig config() {
        return new RuntimeConfig().registry(registry()).cpus(2).blockingTimeout(Duration.ofSeconds(60)).checkInterval(8);
    }

    // ------------------------------------------------------------------ the partition value

    @Test
    void disjointnessEqualityAndValidation() {
        Rects a = Rects.of(List.of(r1(0, 4), r1(5, 9), r1(3, 2)));
        assertTrue(a.isDisjoint());
        assertEquals(a, Rects.of(List.of(r1(0, 4), r1(5, 9), r1(3, 2))));
        assertEquals(a.hashCode(), Rects.of(List.of(r1(0, 4), r1(5, 9), r1(3, 2))).hashCode());
        assertNotEquals(a, Rects.of(List.of(r1(0, 4), r1(5, 8), r1(3, 2))));
        assertNotEquals(a, Rects.of(Rect.ofExtents(1, 3), List.of(r1(0, 4), r1(5, 9), r1(3, 2))));
        assertFalse(Rects.of(List.of(r1(0, 4), r1(4, 9))).isDisjoint());
        assertFalse(Rects.of(List.of(Rect.of(new long[] {0, 0}, new long[] {3, 3}),
                Rect.of(new long[] {2, 3}, new long[] {5, 6}))).isDisjoint());
        assertTrue(Rects.of(List.of(Rect.of(new long[] {0, 0}, new long[] {3, 3}),
                Rect.of(new long[] {2, 4}, new long[] {5, 6}))).isDisjoint());
        assertEquals(r1(5, 9), a.piece(Point.of(1), Rect.ofExtents(20)));
        assertEquals(r1(5, 7), a.piece(Point.of(1), Rect.ofExtents(8)));
        assertTrue(a.piece(Point.of(2), Rect.ofExtents(20)).isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Rects.of(Rect.ofExtents(2, 2), List.of(r1(0, 1))));
        assertTrue(e.getMessage().contains("has 4 colors but 1 rectangles"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Rects.of(List.of(r1(0, 1), Rect.ofExtents(2, 2))));
        assertTrue(e.getMessage().contains("dimensions"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.piece(Point.of(3), Rect.ofExtents(20)));
        assertTrue(e.getMessage().contains("outside the color space"), e.getMessage());
    }

    @Property(tries = 300, seed = "7")
    void colorsIntersectingMatchesBruteForce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int dim) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(40);
        List<Rect> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(randomRect(rnd, dim, 30));
        }
        Rects x = Rects.of(list);
        boolean disjoint = true;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                disjoint &= !list.get(i).overlaps(list.get(j));
            }
        }
        assertEquals(disjoint, x.isDisjoint(), list::toString);
        Rect bounds = randomRect(rnd, dim, 30);
        for (int q = 0; q < 20; q++) {
            Rect query = randomRect(rnd, dim, 30);
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (list.get(i).intersect(bounds).overlaps(query)) {
                    expected.add((long) i);
                }
            }
            List<Long> got = new ArrayList<>();
            x.forEachColorIntersecting(query, bounds, got::add);
            assertEquals(expected, got, () -> "query " + query + " bounds " + bounds + " in " + list);
        }
    }

    // ------------------------------------------------------------------ launches

    @Test
    void invalidRequirementsFailAtTheCall() {
        LocalShards.run(1, config(), rt -> {
            Store x = rt.createStore(Rect.ofExtents(10), FieldType.FLOAT64);
            Rects aliased = Rects.of(List.of(r1(0, 5), r1(4, 9)));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rt.execute(
                    GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(2)).require(x, aliased, Privilege.WRITE_DISCARD).build()));
            assertTrue(e.getMessage().contains("cannot write through aliased Rects"), e.getMessage());
            Rects two = Rects.of(List.of(r1(0, 4), r1(5, 9)));
            e = assertThrows(IllegalArgumentException.class, () -> rt.execute(
                    GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(3)).require(x, two, Privilege.READ).build()));
            assertTrue(e.getMessage().contains("outside the color space"), e.getMessage());
            Rects twoD = Rects.of(List.of(Rect.ofExtents(2, 2)));
            e = assertThrows(IllegalArgumentException.class, () -> rt.execute(
                    GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(1)).require(x, twoD, Privilege.READ).build()));
            assertTrue(e.getMessage().contains("2-d rectangles of a 1-d store"), e.getMessage());
            // the runtime still works after the rejected calls
            rt.execute(GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(2)).require(x, two, Privilege.WRITE_DISCARD)
                    .scalars(TestTasks.scalar(1)).build());
            assertEquals(1009.0, rt.read(x).doubles()[9]);
            return null;
        });
    }

    @Test
    void sampleSortShapedExchangeOnOneToFourShards() {
        for (int shards = 1; shards <= 4; shards++) {
            for (long seed = 1; seed <= 6; seed++) {
                checkExchange(seed, shards);
            }
        }
    }

    @Property(tries = 60, seed = "11")
    void randomRectListsMatchSequentialJava(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int shards) {
        checkExchange(seed, shards);
    }

    @Property(tries = 40, seed = "3")
    void twoDimensionalRectsMatchSequentialJava(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int shards) {
        checkTwoD(seed, shards);
    }

    /**
     * X (n) written through a tiling of T tiles; a (T, B) launch whose point (i, j) copies a random part of tile i
     * (read through an aliased-or-not Rects) into the rectangle [off_ij, off_ij + n_ij) of Y, bucket-major (a
     * sample sort's exchange); then Y read through a tiling, a replicated copy and another (aliased) Rects,
     * updated READ_WRITE through a tiling, partially rewritten through a Rects that leaves holes, and read again.
     */
    static void checkExchange(long seed, int shards) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(60);
        int tile = 1 + rnd.nextInt(n);
        int tiles = (n + tile - 1) / tile;
        int buckets = 1 + rnd.nextInt(4);
        // sequential model
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 1000 + i;
        }
        long[][] lo = new long[tiles][buckets];
        long[][] len = new long[tiles][buckets];
        for (int i = 0; i < tiles; i++) {
            long start = (long) i * tile;
            long size = Math.min(tile, n - start);
            long[] cuts = sortedCuts(rnd, size, buckets);
            for (int j = 0; j < buckets; j++) {
                lo[i][j] = start + cuts[j];
                len[i][j] = cuts[j + 1] - cuts[j];
            }
        }
        long[][] off = new long[tiles][buckets];
        long total = 0;
        for (int j = 0; j < buckets; j++) {
            for (int i = 0; i < tiles; i++) {
                off[i][j] = total;
                total += len[i][j];
            }
        }
        double[] y = new double[n];
        for (int i = 0; i < tiles; i++) {
            for (int j = 0; j < buckets; j++) {
                for (int k = 0; k < len[i][j]; k++) {
                    y[(int) (off[i][j] + k)] = x[(int) (lo[i][j] + k)];
                }
            }
        }
        List<Rect> in = new ArrayList<>();
        List<Rect> out = new ArrayList<>();
        for (int i = 0; i < tiles; i++) {
            for (int j = 0; j < buckets; j++) {
                in.add(r1(lo[i][j], lo[i][j] + len[i][j] - 1));
                out.add(r1(off[i][j], off[i][j] + len[i][j] - 1));
            }
        }
        Rect grid = Rect.ofExtents(tiles, buckets);
        Rects inRects = Rects.of(grid, in);
        Rects outRects = Rects.of(grid, out);
        int readTile = 1 + rnd.nextInt(n);
        Tiling readTiling = Tiling.of(readTile);
        List<Rect> aliased = new ArrayList<>();
        int na = 1 + rnd.nextInt(8);
        for (int a = 0; a < na; a++) {
            long s = rnd.nextInt(n);
            aliased.add(r1(s, s + rnd.nextInt(n) - 1 - rnd.nextInt(3)));
        }
        Rects aliasedRects = Rects.of(aliased);
        double[] expectTiled = pieceSums(y, readTiling, n);
        double[] expectAliased = pieceSums(y, aliasedRects, n);
        double[] y2 = y.clone();
        for (int i = 0; i < n; i++) {
            y2[i] *= 3;
        }
        // a partial rewrite: a random disjoint list that leaves holes, colors in random order
        long[] pcuts = sortedCuts(rnd, n, 1 + rnd.nextInt(5));
        List<Rect> partial = new ArrayList<>();
        for (int k = 0; k + 1 < pcuts.length; k++) {
            if (rnd.nextBoolean()) {
                partial.add(r1(pcuts[k], pcuts[k + 1] - 1));
            }
        }
        partial.add(r1(5, 4));
        Collections.shuffle(partial, rnd);
        Rects partialRects = Rects.of(partial);
        double[] y3 = y2.clone();
        for (Rect r : partial) {
            for (long i = r.lo(0); i <= r.hi(0); i++) {
                y3[(int) i] = 2000 + i;
            }
        }
        double[] expectFinal = pieceSums(y3, readTiling, n);

        List<double[][]> results = LocalShards.run(shards, config(), rt -> {
            Store xs = rt.createStore(Rect.ofExtents(n), FieldType.FLOAT64);
            Store ys = rt.createStore(Rect.ofExtents(n), FieldType.FLOAT64);
            Tiling tiling = Tiling.of(tile);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, tiling.colorSpace(xs.bounds()))
                    .require(xs, tiling, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(1)).build());
            rt.execute(GroupLaunch.builder(COPY_ROW_MAJOR, grid)
                    .require(xs, inRects, Privilege.READ)
                    .require(ys, outRects, Privilege.WRITE_DISCARD).build());
            Future viaTiling = rt.execute(GroupLaunch.builder(PIECE_SUMS, readTiling.colorSpace(ys.bounds()))
                    .require(ys, readTiling, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64, (int) readTiling.colorSpace(ys.bounds()).volume()).build());
            Future viaAliased = rt.execute(GroupLaunch.builder(PIECE_SUMS, aliasedRects.colors())
                    .require(ys, aliasedRects, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64, aliasedRects.size()).build());
            double[] whole = rt.read(ys).doubles();
            rt.execute(GroupLaunch.builder(TestTasks.SCALE, readTiling.colorSpace(ys.bounds()))
                    .require(ys, readTiling, Privilege.READ_WRITE).scalars(TestTasks.scalar(3)).build());
            double[] scaled = rt.read(ys).doubles();
            rt.execute(GroupLaunch.builder(TestTasks.INIT, partialRects.colors())
                    .require(ys, partialRects, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(2)).build());
            Future after = rt.execute(GroupLaunch.builder(PIECE_SUMS, readTiling.colorSpace(ys.bounds()))
                    .require(ys, readTiling, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64, (int) readTiling.colorSpace(ys.bounds()).volume()).build());
            double[] last = rt.read(ys).doubles();
            return new double[][] {whole, futureDoubles(viaTiling), futureDoubles(viaAliased), scaled,
                    futureDoubles(after), last};
        });
        String what = "seed " + seed + ", " + shards + " shards, n " + n + " tile " + tile + " buckets " + buckets;
        for (double[][] r : results) {
            assertArrayEquals(y, r[0], what + ": Y read whole");
            assertArrayEquals(expectTiled, r[1], what + ": Y through a tiling");
            assertArrayEquals(expectAliased, r[2], what + ": Y through aliased rectangles " + aliasedRects);
            assertArrayEquals(y2, r[3], what + ": Y scaled READ_WRITE through a tiling");
            assertArrayEquals(expectFinal, r[4], what + ": after a partial write through " + partialRects);
            assertArrayEquals(y3, r[5], what + ": read whole after the partial write");
        }
    }

    /**
     * A (R, C) store written through a 2-d tiling, read through random 2-d rectangles (1-d colors), rewritten
     * through a guillotine grid of rectangles with a 2-d color space in shuffled order, read through a tiling.
     */
    static void checkTwoD(long seed, int shards) {
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(12);
        int cols = 1 + rnd.nextInt(12);
        Rect bounds = Rect.ofExtents(rows, cols);
        Tiling tiling = Tiling.of(1 + rnd.nextInt(rows), 1 + rnd.nextInt(cols));
        double[] a = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                a[i * cols + j] = TestTasks.init(Point.of(i, j), 1);
            }
        }
        List<Rect> reads = new ArrayList<>();
        int nr = 1 + rnd.nextInt(6);
        for (int k = 0; k < nr; k++) {
            reads.add(randomRect(rnd, 2, Math.max(rows, cols) + 2));
        }
        Rects readRects = Rects.of(reads);
        double[] expectReads = pieceSums2(a, cols, bounds, readRects);
        long[] rc = sortedCuts(rnd, rows, 1 + rnd.nextInt(3));
        long[] cc = sortedCuts(rnd, cols, 1 + rnd.nextInt(3));
        List<Rect> cells = new ArrayList<>();
        for (int i = 0; i + 1 < rc.length; i++) {
            for (int j = 0; j + 1 < cc.length; j++) {
                cells.add(Rect.of(new long[] {rc[i], cc[j]}, new long[] {rc[i + 1] - 1, cc[j + 1] - 1}));
            }
        }
        Collections.shuffle(cells, rnd);
        Rects grid = Rects.of(Rect.ofExtents(rc.length - 1, cc.length - 1), cells);
        assertTrue(grid.isDisjoint());
        double[] b = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                b[i * cols + j] = TestTasks.init(Point.of(i, j), 5);
            }
        }
        double[] expectTiled = pieceSums2(b, cols, bounds, tiling);
        List<double[][]> results = LocalShards.run(shards, config(), rt -> {
            Store s = rt.createStore(bounds, FieldType.FLOAT64);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, tiling.colorSpace(bounds))
                    .require(s, tiling, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(1)).build());
            Future r1 = rt.execute(GroupLaunch.builder(PIECE_SUMS, readRects.colors()).require(s, readRects, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64, readRects.size()).build());
            rt.execute(GroupLaunch.builder(TestTasks.INIT, grid.colors())
                    .require(s, grid, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(5)).build());
            Future r2 = rt.execute(GroupLaunch.builder(PIECE_SUMS, tiling.colorSpace(bounds)).require(s, tiling, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64, (int) tiling.colorSpace(bounds).volume()).build());
            // the grid covers the store, so a copy goes through it (no data moves) and the copy reads back equal
            Store t = rt.createStore(bounds, FieldType.FLOAT64);
            rt.copy(s, t);
            return new double[][] {futureDoubles(r1), futureDoubles(r2), rt.read(s).doubles(), rt.read(t).doubles()};
        });
        String what = "seed " + seed + ", " + shards + " shards, " + rows + "x" + cols + " " + tiling + " " + grid;
        for (double[][] r : results) {
            assertArrayEquals(expectReads, r[0], what + ": tiled data through " + readRects);
            assertArrayEquals(expectTiled, r[1], what + ": rectangle-written data through the tiling");
            assertArrayEquals(b, r[2], what + ": read whole");
            assertArrayEquals(b, r[3], what + ": copy");
        }
    }

    // ------------------------------------------------------------------ helpers

    static Rect r1(long lo, long hi) {
        return Rect.of(new long[] {lo}, new long[] {hi});
    }

    /** {@code parts + 1} sorted cut points from 0 to {@code size} (equal cuts give empty parts). */
    static long[] sortedCuts(Random rnd, long size, int parts) {
        long[] cuts = new long[parts + 1];
        for (int k = 1; k < parts; k++) {
            cuts[k] = size == 0 ? 0 : rnd.nextLong(size + 1);
        }
        cuts[parts] = size;
        Arrays.sort(cuts, 1, parts);
        return cuts;
    }

    static Rect randomRect(Random rnd, int dim, int extent) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = rnd.nextInt(extent) - 2;
            hi[d] = lo[d] + rnd.nextInt(extent / 2 + 1) - 1; // sometimes empty
        }
        return Rect.of(lo, hi);
    }

    static double[] pieceSums(double[] v, Partition p, int n) {
        Rect bounds = Rect.ofExtents(n);
        Rect colors = p.colorSpace(bounds);
        double[] out = new double[(int) colors.volume()];
        for (int c = 0; c < out.length; c++) {
            Rect piece = p.piece(colors.delinearize(c), bounds);
            double s = 0;
            long k = 1;
            for (long i = piece.lo(0); i <= piece.hi(0); i++) {
                s += k++ * v[(int) i];
            }
            out[c] = s;
        }
        return out;
    }

    static double[] pieceSums2(double[] v, int cols, Rect bounds, Partition p) {
        Rect colors = p.colorSpace(bounds);
        double[] out = new double[(int) colors.volume()];
        for (int c = 0; c < out.length; c++) {
            Rect piece = p.piece(colors.delinearize(c), bounds);
            double[] s = {0};
            long[] k = {1};
            piece.forEach(q -> s[0] += k[0]++ * v[(int) (q.get(0) * cols + q.get(1))]);
            out[c] = s[0];
        }
        return out;
    }

    static double[] futureDoubles(Future f) {
        return f.get().doubles().clone();
    }
}
