package dev.cohort.tasks;

import static dev.cohort.tasks.KernelHarness.load;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sort and scan kernels (ids 1200-1210) on real instances through launches on 1 and 3 shards, every dtype,
 * and the distributed algorithms the array layer will run (sample sort, argsort, unique, cumsum/cumprod, mask
 * selection, nonzero) composed from them with {@link Rects} exchanges, against plain sequential Java that mirrors
 * NumPy's semantics (stable sort, NaNs last, -0.0 == 0.0; cumsum dtype rule).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SortScanKernelTest {
    static final FieldType[] TYPES = {FieldType.FLOAT64, FieldType.FLOAT32, FieldType.INT64, FieldType.INT32, FieldType.BOOL};

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (FieldType t : TYPES) {
            for (int shards : new int[] {1, 3}) {
                out.add(Arguments.of(t, shards));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ data and references

    /** Raw bits of n random elements of {@code type}, with duplicates, NaNs of two payloads, -0.0 and 0.0, infinities. */
    static long[] randomBits(FieldType type, int n, Random rnd) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            int c = rnd.nextInt(12);
            b[i] = switch (type) {
                case FLOAT64 -> Double.doubleToRawLongBits(c == 0 ? Double.NaN : c == 1 ? Double.longBitsToDouble(0x7ff8000000000123L)
                        : c == 2 ? -0.0 : c == 3 ? 0.0 : c == 4 ? Double.NEGATIVE_INFINITY : rnd.nextInt(9) - 4 + (c == 5 ? 0.5 : 0));
                case FLOAT32 -> Float.floatToRawIntBits(c == 0 ? Float.NaN : c == 1 ? Float.intBitsToFloat(0x7fc00042)
                        : c == 2 ? -0.0f : c == 3 ? 0.0f : c == 4 ? Float.POSITIVE_INFINITY : rnd.nextInt(9) - 4 + (c == 5 ? 0.25f : 0));
                case INT64 -> c == 0 ? Long.MIN_VALUE : c == 1 ? Long.MAX_VALUE : rnd.nextInt(11) - 5;
                case INT32 -> c == 0 ? Integer.MIN_VALUE : rnd.nextInt(11) - 5;
                case BOOL -> rnd.nextInt(2);
            };
        }
        return b;
    }

    static Object array(FieldType type, long[] bits) {
        Instance inst = Instance.allocate(type, Rect.ofExtents(bits.length));
        for (int i = 0; i < bits.length; i++) {
            inst.setBits(i, bits[i]);
        }
        return inst.array();
    }

    static long[] bitsOf(Instance inst) {
        long[] b = new long[inst.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = inst.getBits(i);
        }
        return b;
    }

    /** NumPy's stable argsort of {@code bits[from, to)}: positions relative to {@code from}. */
    static Integer[] stableArgsort(FieldType type, long[] bits, int from, int to) {
        Integer[] p = new Integer[to - from];
        for (int i = 0; i < p.length; i++) {
            p[i] = i;
        }
        Arrays.sort(p, Comparator.comparingLong(i -> SortKernels.key(type, bits[from + i]))); // stable
        return p;
    }

    static long[] stableSort(FieldType type, long[] bits, int from, int to) {
        Integer[] p = stableArgsort(type, bits, from, to);
        long[] s = new long[p.length];
        for (int i = 0; i < p.length; i++) {
            s[i] = bits[from + p[i]];
        }
        return s;
    }

    static Store store(Runtime rt, FieldType type, long[] bits) {
        return load(rt, type, new long[] {bits.length}, array(type, bits));
    }

    // ------------------------------------------------------------------ the keys

    @Test
    void keysOrderAsNumPySorts() {
        double[] ordered = {Double.NEGATIVE_INFINITY, -1e300, -1.5, -Double.MIN_VALUE, 0.0, Double.MIN_VALUE, 2, 1e300,
                Double.POSITIVE_INFINITY, Double.NaN};
        for (int i = 0; i + 1 < ordered.length; i++) {
            long a = SortKernels.key(FieldType.FLOAT64, Double.doubleToRawLongBits(ordered[i]));
            long b = SortKernels.key(FieldType.FLOAT64, Double.doubleToRawLongBits(ordered[i + 1]));
            assertTrue(a < b, ordered[i] + " before " + ordered[i + 1]);
            long fa = SortKernels.key(FieldType.FLOAT32, Float.floatToRawIntBits((float) ordered[i]));
            long fb = SortKernels.key(FieldType.FLOAT32, Float.floatToRawIntBits((float) ordered[i + 1]));
            assertTrue(fa < fb || (float) ordered[i] == (float) ordered[i + 1], ordered[i] + " before " + ordered[i + 1] + " in float32");
        }
        assertEquals(SortKernels.key(FieldType.FLOAT64, Double.doubleToRawLongBits(-0.0)),
                SortKernels.key(FieldType.FLOAT64, Double.doubleToRawLongBits(0.0)));
        assertEquals(SortKernels.key(FieldType.FLOAT64, 0x7ff8000000000123L),
                SortKernels.key(FieldType.FLOAT64, Double.doubleToRawLongBits(Double.NaN)));
        assertEquals(SortKernels.key(FieldType.FLOAT32, Float.floatToRawIntBits(-0.0f)), 0);
        assertTrue(SortKernels.key(FieldType.INT32, Integer.MIN_VALUE) < SortKernels.key(FieldType.INT32, -1));
    }

    // ------------------------------------------------------------------ SORT_LOCAL, ARGSORT_LOCAL

    @ParameterizedTest(name = "sort and argsort of each tile, {0}, {1} shards")
    @MethodSource("cases")
    void sortAndArgsortEachTile(FieldType type, int shards) {
        Random rnd = new Random(type.ordinal() * 31 + shards);
        int n = 57;
        int tile = 10;
        long[] bits = randomBits(type, n, rnd);
        Object[] r = KernelHarness.run(shards, rt -> {
            Store x = store(rt, type, bits);
            Store y = rt.createStore(Rect.ofExtents(n), type);
            Store idx = rt.createStore(Rect.ofExtents(n), FieldType.INT64);
            Store vals = rt.createStore(Rect.ofExtents(n), type);
            Tiling t = Tiling.of(tile);
            Rect colors = t.colorSpace(x.bounds());
            rt.execute(GroupLaunch.builder(OpCode.SORT_LOCAL.taskId(), colors).require(x, t, Privilege.READ)
                    .require(y, t, Privilege.WRITE_DISCARD).scalars(new SortArgs.SortLocal(0, 1, 0).encode()).build());
            rt.execute(GroupLaunch.builder(OpCode.ARGSORT_LOCAL.taskId(), colors).require(x, t, Privilege.READ)
                    .require(idx, t, Privilege.WRITE_DISCARD).require(vals, t, Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.ArgsortLocal(0, 1, 2, 0, 0).encode()).build());
            // in place, through one READ_WRITE requirement
            rt.execute(GroupLaunch.builder(OpCode.SORT_LOCAL.taskId(), colors).require(x, t, Privilege.READ_WRITE)
                    .scalars(new SortArgs.SortLocal(0, 0, 0).encode()).build());
            return new Object[] {bitsOf(rt.read(y)), rt.read(idx).longs(), bitsOf(rt.read(vals)), bitsOf(rt.read(x))};
        });
        for (int lo = 0; lo < n; lo += tile) {
            int hi = Math.min(lo + tile, n);
            long[] expect = stableSort(type, bits, lo, hi);
            Integer[] perm = stableArgsort(type, bits, lo, hi);
            for (int k = 0; k < hi - lo; k++) {
                String at = type + " tile at " + lo + ", element " + k;
                assertEquals(expect[k], ((long[]) r[0])[lo + k], at + ": sorted bits");
                assertEquals(lo + perm[k], ((long[]) r[1])[lo + k], at + ": argsort index");
                assertEquals(expect[k], ((long[]) r[2])[lo + k], at + ": argsort values");
                assertEquals(expect[k], ((long[]) r[3])[lo + k], at + ": in-place sort");
            }
        }
    }

    @ParameterizedTest(name = "sort along either axis of a 2-d array, {0}, {1} shards")
    @MethodSource("cases")
    void sortLanesOfATwoDimensionalArray(FieldType type, int shards) {
        Random rnd = new Random(type.ordinal() + 100 * shards);
        int rows = 7;
        int cols = 9;
        long[] bits = randomBits(type, rows * cols, rnd);
        Object[] r = KernelHarness.run(shards, rt -> {
            Store x = load(rt, type, new long[] {rows, cols}, array(type, bits));
            Store byRow = rt.createStore(Rect.ofExtents(rows, cols), type);
            Store byCol = rt.createStore(Rect.ofExtents(rows, cols), type);
            Store argCol = rt.createStore(Rect.ofExtents(rows, cols), FieldType.INT64);
            Tiling rowTiles = Tiling.of(3, cols); // whole rows: sort along axis 1
            Tiling colTiles = Tiling.of(rows, 4); // whole columns: sort along axis 0
            rt.execute(GroupLaunch.builder(OpCode.SORT_LOCAL.taskId(), rowTiles.colorSpace(x.bounds()))
                    .require(x, rowTiles, Privilege.READ).require(byRow, rowTiles, Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.SortLocal(0, 1, 1).encode()).build());
            rt.execute(GroupLaunch.builder(OpCode.SORT_LOCAL.taskId(), colTiles.colorSpace(x.bounds()))
                    .require(x, colTiles, Privilege.READ).require(byCol, colTiles, Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.SortLocal(0, 1, 0).encode()).build());
            rt.execute(GroupLaunch.builder(OpCode.ARGSORT_LOCAL.taskId(), colTiles.colorSpace(x.bounds()))
                    .require(x, colTiles, Privilege.READ).require(argCol, colTiles, Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.ArgsortLocal(0, 1, -1, 0, 0).encode()).build());
            return new Object[] {bitsOf(rt.read(byRow)), bitsOf(rt.read(byCol)), rt.read(argCol).longs()};
        });
        for (int i = 0; i < rows; i++) {
            long[] s = stableSort(type, bits, i * cols, (i + 1) * cols);
            for (int j = 0; j < cols; j++) {
                assertEquals(s[j], ((long[]) r[0])[i * cols + j], type + " row " + i + " col " + j);
            }
        }
        for (int j = 0; j < cols; j++) {
            long[] col = new long[rows];
            for (int i = 0; i < rows; i++) {
                col[i] = bits[i * cols + j];
            }
            long[] s = stableSort(type, col, 0, rows);
            Integer[] p = stableArgsort(type, col, 0, rows);
            for (int i = 0; i < rows; i++) {
                assertEquals(s[i], ((long[]) r[1])[i * cols + j], type + " column " + j + " row " + i);
                assertEquals((long) p[i], ((long[]) r[2])[i * cols + j], type + " argsort column " + j + " row " + i);
            }
        }
    }

    // ------------------------------------------------------------------ the distributed sample sort

    /** What the array layer runs for sort/argsort/unique of a 1-d array; returns {sorted bits, argsort, unique bits}. */
    static Object[] sampleSort(Runtime rt, FieldType type, long[] bits, int tile, int buckets, int perTile) {
        int n = bits.length;
        Store x = store(rt, type, bits);
        Tiling t = Tiling.of(tile);
        Rect tiles = t.colorSpace(x.bounds());
        int T = (int) tiles.volume();
        Store sorted = rt.createStore(x.bounds(), type);
        Store idx = rt.createStore(x.bounds(), FieldType.INT64);
        // 1. each tile sorts locally (argsort carrying the values)
        rt.execute(GroupLaunch.builder(OpCode.ARGSORT_LOCAL.taskId(), tiles).require(x, t, Privilege.READ)
                .require(idx, t, Privilege.WRITE_DISCARD).require(sorted, t, Privilege.WRITE_DISCARD)
                .scalars(new SortArgs.ArgsortLocal(0, 1, 2, 0, 0).encode()).build());
        // 2. regular samples of every tile, agreed on every shard; splitters chosen identically everywhere
        Future samples = rt.execute(GroupLaunch.builder(OpCode.SAMPLE.taskId(), tiles).require(sorted, t, Privilege.READ)
                .scalars(new SortArgs.Sample(0, perTile).encode())
                .reduceResult(ReductionOp.SUM, FieldType.INT64, T * (perTile + 1)).build());
        long[] splitters = SortKernels.chooseSplitters(samples.get().longs(), T, perTile, buckets);
        // 3. the T x B count matrix
        Future counts = rt.execute(GroupLaunch.builder(OpCode.BUCKET_COUNT.taskId(), tiles).require(sorted, t, Privilege.READ)
                .scalars(new SortArgs.BucketCount(0, splitters).encode())
                .reduceResult(ReductionOp.SUM, FieldType.INT64, T * buckets).build());
        long[] c = counts.get().longs();
        // 4. the exchange: point (i, j) copies [start_i + lo_ij, + n_ij) to [off_ij, + n_ij), bucket-major
        List<Rect> from = new ArrayList<>();
        List<Rect> to = new ArrayList<>();
        long[] off = new long[T * buckets];
        long running = 0;
        for (int j = 0; j < buckets; j++) {
            for (int i = 0; i < T; i++) {
                off[i * buckets + j] = running;
                running += c[i * buckets + j];
            }
        }
        assertEquals(n, running, "the counts add up to the array");
        List<Rect> bucketRects = new ArrayList<>();
        for (int i = 0; i < T; i++) {
            long lo = (long) i * tile;
            for (int j = 0; j < buckets; j++) {
                long len = c[i * buckets + j];
                from.add(Rect.of(new long[] {lo}, new long[] {lo + len - 1}));
                to.add(Rect.of(new long[] {off[i * buckets + j]}, new long[] {off[i * buckets + j] + len - 1}));
                lo += len;
            }
        }
        for (int j = 0; j < buckets; j++) {
            long start = off[j];
            long end = j + 1 < buckets ? off[j + 1] : n;
            bucketRects.add(Rect.of(new long[] {start}, new long[] {end - 1}));
        }
        Rect grid = Rect.ofExtents(T, buckets);
        Rects src = Rects.of(grid, from);
        Rects dst = Rects.of(grid, to);
        Store exVals = rt.createStore(x.bounds(), type);
        Store exIdx = rt.createStore(x.bounds(), FieldType.INT64);
        rt.execute(GroupLaunch.builder(OpCode.COPY_RECTS.taskId(), grid).require(sorted, src, Privilege.READ)
                .require(exVals, dst, Privilege.WRITE_DISCARD).scalars(new SortArgs.CopyRects(0, 1).encode()).build());
        rt.execute(GroupLaunch.builder(OpCode.COPY_RECTS.taskId(), grid).require(idx, src, Privilege.READ)
                .require(exIdx, dst, Privilege.WRITE_DISCARD).scalars(new SortArgs.CopyRects(0, 1).encode()).build());
        // 5. each bucket re-sorts its pieces (by value, then global index)
        Rects bucketsPartition = Rects.of(bucketRects);
        rt.execute(GroupLaunch.builder(OpCode.SORT_PAIRS.taskId(), bucketsPartition.colors())
                .require(exVals, bucketsPartition, Privilege.READ_WRITE).require(exIdx, bucketsPartition, Privilege.READ_WRITE)
                .scalars(new SortArgs.SortPairs(0, 1, 0, 1).encode()).build());
        // unique: flags through a tiling with a halo of 1, counts, prefix sum, compaction through Rects
        Store flags = rt.createStore(x.bounds(), FieldType.BOOL);
        Tiling halo = t.withHalo(1);
        rt.execute(GroupLaunch.builder(OpCode.UNIQUE_FLAGS.taskId(), tiles).require(exVals, halo, Privilege.READ)
                .require(flags, t, Privilege.WRITE_DISCARD).scalars(new SortArgs.UniqueFlags(0, 1).encode()).build());
        long[] fc = rt.execute(GroupLaunch.builder(OpCode.MASK_COUNT.taskId(), tiles).require(flags, t, Privilege.READ)
                .scalars(new SortArgs.MaskCount(0).encode()).reduceResult(ReductionOp.SUM, FieldType.INT64, T).build())
                .get().longs();
        long total = 0;
        List<Rect> outRects = new ArrayList<>();
        for (int i = 0; i < T; i++) {
            outRects.add(Rect.of(new long[] {total}, new long[] {total + fc[i] - 1}));
            total += fc[i];
        }
        Store uniq = rt.createStore(Rect.ofExtents(total), type);
        Rects outs = Rects.of(outRects);
        rt.execute(GroupLaunch.builder(OpCode.MASK_COMPACT.taskId(), tiles).require(flags, t, Privilege.READ)
                .require(exVals, t, Privilege.READ).require(uniq, outs, Projection.identity(1), Privilege.WRITE_DISCARD)
                .scalars(new SortArgs.MaskCompact(0, 1, 2, 0).encode()).build());
        return new Object[] {bitsOf(rt.read(exVals)), rt.read(exIdx).longs(), bitsOf(rt.read(uniq))};
    }

    @ParameterizedTest(name = "sample sort, argsort and unique, {0}, {1} shards")
    @MethodSource("cases")
    void sampleSortArgsortAndUniqueMatchAGlobalStableSort(FieldType type, int shards) {
        for (int trial = 0; trial < 4; trial++) {
            Random rnd = new Random(trial * 7919L + type.ordinal() * 13 + shards);
            int n = 1 + rnd.nextInt(120);
            int tile = 1 + rnd.nextInt(Math.max(1, n / 2));
            int buckets = 1 + rnd.nextInt(5);
            int perTile = rnd.nextInt(4);
            long[] bits = randomBits(type, n, rnd);
            Object[] r = KernelHarness.run(shards, rt -> sampleSort(rt, type, bits, tile, buckets, perTile));
            long[] expect = stableSort(type, bits, 0, n);
            Integer[] perm = stableArgsort(type, bits, 0, n);
            long[] idx = new long[n];
            for (int i = 0; i < n; i++) {
                idx[i] = perm[i];
            }
            String what = type + " n=" + n + " tile=" + tile + " buckets=" + buckets + " samples=" + perTile;
            assertArrayEquals(expect, (long[]) r[0], what + ": sorted");
            assertArrayEquals(idx, (long[]) r[1], what + ": argsort (stable)");
            List<Long> uniq = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (i == 0 || SortKernels.key(type, expect[i]) != SortKernels.key(type, expect[i - 1])) {
                    uniq.add(expect[i]);
                }
            }
            assertArrayEquals(uniq.stream().mapToLong(Long::longValue).toArray(), (long[]) r[2], what + ": unique");
        }
    }

    // ------------------------------------------------------------------ SCAN, ADD_OFFSET

    /** cumsum/cumprod of a 1-d array: per-tile scan, the tiles' totals, exclusive offsets, ADD_OFFSET. */
    static long[] cumulative(Runtime rt, FieldType type, long[] bits, int tile, SortArgs.ScanOp op) {
        Store x = store(rt, type, bits);
        FieldType ot = ScanKernels.scanType(type);
        Store y = rt.createStore(x.bounds(), ot);
        Tiling t = Tiling.of(tile);
        Rect tiles = t.colorSpace(x.bounds());
        int T = (int) tiles.volume();
        Future totals = rt.execute(GroupLaunch.builder(OpCode.SCAN.taskId(), tiles).require(x, t, Privilege.READ)
                .require(y, t, Privilege.WRITE_DISCARD).scalars(new SortArgs.Scan(op, 0, 1, 0, 1).encode())
                .reduceResult(ReductionOp.SUM, FieldType.INT64, T).build());
        long[] off = ScanKernels.exclusiveOffsets(totals.get().longs(), new long[] {T}, 0, 1, ot, op);
        rt.execute(GroupLaunch.builder(OpCode.ADD_OFFSET.taskId(), tiles).require(y, t, Privilege.READ_WRITE)
                .scalars(new SortArgs.AddOffset(op, 0, 0, off).encode()).build());
        return bitsOf(rt.read(y));
    }

    @ParameterizedTest(name = "cumsum and cumprod with NumPy's dtype rule, {0}, {1} shards")
    @MethodSource("cases")
    void cumsumAndCumprod(FieldType type, int shards) {
        Random rnd = new Random(type.ordinal() * 5 + shards);
        int n = 45;
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) { // small integers (exact in every dtype) and, for floats, halves
            double v = type == FieldType.BOOL ? rnd.nextInt(2) : rnd.nextInt(7) - 3 + (type == FieldType.FLOAT64 || type == FieldType.FLOAT32 ? 0.5 : 0);
            bits[i] = type.bitsOf(v);
        }
        long[] prodBits = new long[n];
        for (int i = 0; i < n; i++) { // factors of 1, 2 and -1: products stay exact for 45 elements in every dtype
            int c = rnd.nextInt(6);
            prodBits[i] = type == FieldType.BOOL ? 1 : type.bitsOf((double) (c == 0 ? 2 : c == 1 ? -1 : 1));
        }
        FieldType ot = ScanKernels.scanType(type);
        for (int tile : new int[] {n, 7, 1}) {
            long[][] r = KernelHarness.run(shards, rt -> new long[][] {
                    cumulative(rt, type, bits, tile, SortArgs.ScanOp.SUM),
                    cumulative(rt, type, prodBits, tile, SortArgs.ScanOp.PROD)});
            double s = 0;
            double p = 1;
            for (int i = 0; i < n; i++) {
                s += type.toDouble(bits[i]);
                p *= type.toDouble(prodBits[i]);
                assertEquals(s, ot.toDouble(r[0][i]), type + " cumsum -> " + ot + " tile " + tile + " at " + i);
                assertEquals(p, ot.toDouble(r[1][i]), type + " cumprod -> " + ot + " tile " + tile + " at " + i);
            }
        }
    }

    @Test
    void cumsumKeepsTheFirstElementsBitsAndScansAlongAxisZeroOfATiledMatrix() {
        // -0.0 first stays -0.0 as in NumPy (a scan seeded from the identity would give 0.0)
        long[] single = KernelHarness.run(1, rt -> cumulative(rt, FieldType.FLOAT64,
                new long[] {Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(-0.0)}, 1, SortArgs.ScanOp.SUM));
        assertEquals(Double.doubleToRawLongBits(-0.0), single[0]);
        assertEquals(Double.doubleToRawLongBits(-0.0), single[1]);
        int rows = 9;
        int cols = 5;
        long[] data = new long[rows * cols];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7) % 11 - 5;
        }
        long[] r = KernelHarness.run(3, rt -> {
            Store x = load(rt, FieldType.INT32, new long[] {rows, cols}, Arrays.stream(data).mapToInt(v -> (int) v).toArray());
            Store y = rt.createStore(x.bounds(), FieldType.INT64);
            Tiling t = Tiling.of(4, 2);
            Rect tiles = t.colorSpace(x.bounds());
            int lanes = 2;
            Future totals = rt.execute(GroupLaunch.builder(OpCode.SCAN.taskId(), tiles).require(x, t, Privilege.READ)
                    .require(y, t, Privilege.WRITE_DISCARD).scalars(new SortArgs.Scan(SortArgs.ScanOp.SUM, 0, 1, 0, lanes).encode())
                    .reduceResult(ReductionOp.SUM, FieldType.INT64, (int) tiles.volume() * lanes).build());
            long[] off = ScanKernels.exclusiveOffsets(totals.get().longs(), tiles.extents(), 0, lanes, FieldType.INT64,
                    SortArgs.ScanOp.SUM);
            rt.execute(GroupLaunch.builder(OpCode.ADD_OFFSET.taskId(), tiles).require(y, t, Privilege.READ_WRITE)
                    .scalars(new SortArgs.AddOffset(SortArgs.ScanOp.SUM, 0, 0, off).encode()).build());
            return rt.read(y).longs();
        });
        for (int j = 0; j < cols; j++) {
            long s = 0;
            for (int i = 0; i < rows; i++) {
                s += data[i * cols + j];
                assertEquals(s, r[i * cols + j], "cumsum(axis=0) at (" + i + ", " + j + ")");
            }
        }
    }

    // ------------------------------------------------------------------ MASK_COUNT, MASK_COMPACT

    @ParameterizedTest(name = "boolean-mask selection and nonzero of a 2-d array, {0}, {1} shards")
    @MethodSource("cases")
    void maskSelectionAndNonzero(FieldType type, int shards) {
        Random rnd = new Random(type.ordinal() * 17 + shards);
        int rows = 8;
        int cols = 6;
        long[] bits = randomBits(type, rows * cols, rnd);
        byte[] mask = new byte[rows * cols];
        for (int i = 0; i < mask.length; i++) {
            mask[i] = (byte) (rnd.nextInt(3) == 0 ? 1 : 0);
        }
        Object[] r = KernelHarness.run(shards, rt -> {
            Store x = load(rt, type, new long[] {rows, cols}, array(type, bits));
            Store m = load(rt, FieldType.BOOL, new long[] {rows, cols}, mask);
            Tiling t = Tiling.of(3, 4);
            Rect tiles = t.colorSpace(x.bounds());
            int T = (int) tiles.volume();
            long[] c = rt.execute(GroupLaunch.builder(OpCode.MASK_COUNT.taskId(), tiles).require(m, t, Privilege.READ)
                    .scalars(new SortArgs.MaskCount(0).encode()).reduceResult(ReductionOp.SUM, FieldType.INT64, T).build())
                    .get().longs();
            // the prefix sum of the counts; each tile's out piece is [off_t, off_t + count_t)
            List<Rect> outRects = new ArrayList<>();
            long total = 0;
            for (int k = 0; k < T; k++) {
                outRects.add(Rect.of(new long[] {total}, new long[] {total + c[k] - 1}));
                total += c[k];
            }
            Rects outs = Rects.of(tiles, outRects);
            Store sel = rt.createStore(Rect.ofExtents(total), type);
            Store nzRows = rt.createStore(Rect.ofExtents(total), FieldType.INT64);
            Store nzCols = rt.createStore(Rect.ofExtents(total), FieldType.INT64);
            rt.execute(GroupLaunch.builder(OpCode.MASK_COMPACT.taskId(), tiles).require(m, t, Privilege.READ)
                    .require(x, t, Privilege.READ).require(sel, outs, Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.MaskCompact(0, 1, 2, 0).encode()).build());
            rt.execute(GroupLaunch.builder(OpCode.MASK_COMPACT.taskId(), tiles).require(m, t, Privilege.READ)
                    .require(nzRows, outs, Privilege.WRITE_DISCARD).scalars(new SortArgs.MaskCompact(0, -1, 1, 0).encode()).build());
            rt.execute(GroupLaunch.builder(OpCode.MASK_COMPACT.taskId(), tiles).require(m, t, Privilege.READ)
                    .require(nzCols, outs, Privilege.WRITE_DISCARD).scalars(new SortArgs.MaskCompact(0, -1, 1, 1).encode()).build());
            // the count of x's nonzero elements (x itself as the mask: NaN is true)
            long nonzero = Arrays.stream(rt.execute(GroupLaunch.builder(OpCode.MASK_COUNT.taskId(), tiles).require(x, t, Privilege.READ)
                    .scalars(new SortArgs.MaskCount(0).encode()).reduceResult(ReductionOp.SUM, FieldType.INT64, T).build())
                    .get().longs()).sum();
            return new Object[] {bitsOf(rt.read(sel)), rt.read(nzRows).longs(), rt.read(nzCols).longs(), nonzero};
        });
        // the order of the tiles' pieces: tile by tile (row-major over the 3x2 tile grid), row-major inside each
        List<Long> sel = new ArrayList<>();
        List<Long> ri = new ArrayList<>();
        List<Long> ci = new ArrayList<>();
        for (int ti = 0; ti < rows; ti += 3) {
            for (int tj = 0; tj < cols; tj += 4) {
                for (int i = ti; i < Math.min(ti + 3, rows); i++) {
                    for (int j = tj; j < Math.min(tj + 4, cols); j++) {
                        if (mask[i * cols + j] != 0) {
                            sel.add(bits[i * cols + j]);
                            ri.add((long) i);
                            ci.add((long) j);
                        }
                    }
                }
            }
        }
        long nonzero = 0;
        for (long b : bits) {
            nonzero += ScanKernels.truth(type, b) ? 1 : 0;
        }
        assertArrayEquals(sel.stream().mapToLong(Long::longValue).toArray(), (long[]) r[0], type + " selected");
        assertArrayEquals(ri.stream().mapToLong(Long::longValue).toArray(), (long[]) r[1], type + " nonzero rows");
        assertArrayEquals(ci.stream().mapToLong(Long::longValue).toArray(), (long[]) r[2], type + " nonzero columns");
        assertEquals(nonzero, (long) (Long) r[3], type + " count_nonzero");
    }

    @Test
    void aCompactionWhoseCountsDisagreeFailsThatOperationNamingThePieces() {
        Throwable e = org.junit.jupiter.api.Assertions.assertThrows(Throwable.class, () -> KernelHarness.run(1, rt -> {
            Store m = load(rt, FieldType.BOOL, new long[] {4}, new byte[] {1, 1, 0, 1});
            Store x = load(rt, FieldType.INT64, new long[] {4}, new long[] {5, 6, 7, 8});
            Store out = rt.createStore(Rect.ofExtents(2), FieldType.INT64);
            rt.execute(GroupLaunch.builder(OpCode.MASK_COMPACT.taskId(), Rect.ofExtents(1))
                    .require(m, Tiling.of(4), Privilege.READ).require(x, Tiling.of(4), Privilege.READ)
                    .require(out, Rects.of(List.of(Rect.ofExtents(2))), Privilege.WRITE_DISCARD)
                    .scalars(new SortArgs.MaskCompact(0, 1, 2, 0).encode()).build());
            return rt.read(out).longs();
        }));
        Throwable c = e;
        while (c.getCause() != null && !(c instanceof IllegalArgumentException)) {
            c = c.getCause();
        }
        assertTrue(String.valueOf(c.getMessage()).contains("selects more than the 2 elements"), String.valueOf(e));
    }
}
