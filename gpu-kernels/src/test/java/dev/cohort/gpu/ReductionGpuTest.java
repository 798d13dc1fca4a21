package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.TileAccess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * REDUCE, ARG_REDUCE, MATVEC, GEMM and RAND on the GPU against the CPU variants: every op on float64, float32,
 * int64, int32 and bool inputs that are dense, strided slices, broadcast, negative-step and transposed views, on 1
 * and 2 shards with small tiles (several points per launch). Exact ops (integers, MAX/MIN, ANY/ALL, argmax/argmin,
 * RAND) must give the CPU's bits; floating sums, products and products of matrices agree within a relative
 * tolerance. The split and packing tests run without a GPU.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ReductionGpuTest {

    // ------------------------------------------------------------------ no GPU needed

    private static TileAccess.Resolved store(int req, FieldType t, long base, long... stride) {
        return new TileAccess.Resolved(req, t, 0, base, stride);
    }

    @Test
    void splitOfAnAxisReductionKeepsTheOutDimension() {
        // a 6 x 10 row-major input summed along axis 1 into a 6-element out
        TileAccess.Resolved in = store(0, FieldType.FLOAT64, 0, 10, 1);
        TileAccess.Resolved out = store(1, FieldType.FLOAT64, 0, 1, 0);
        ReductionGpu.Split sp = ReductionGpu.Split.of(new long[] {6, 10}, new TileAccess.Resolved[] {in, out}, 1);
        assertNotNull(sp);
        assertArrayEquals(new long[] {6}, sp.kext);
        assertArrayEquals(new long[] {10}, sp.rext);
        assertEquals(6, sp.K);
        assertEquals(10, sp.R);
        assertFalse(sp.layoutA, "the reduced dimension is the contiguous one: lanes along it");
        long[] spec = sp.spec();
        assertEquals(6 + 16, spec.length);
        assertEquals(1, spec[0]);
        assertEquals(1, spec[1]);
        assertEquals(6, spec[2]);
        assertEquals(10, spec[3]);
        assertTrue(spec[4] * spec[5] >= 10 && (spec[4] - 1) * spec[5] < 10, "C chunks of CH cover R exactly");
        long[] op = sp.ropd(0);
        assertEquals(3 + 16, op.length);
        assertEquals(FieldType.FLOAT64.ordinal(), op[0]);
        assertEquals(10, op[3], "in's kept stride");
        assertEquals(1, op[3 + 8], "in's reduced stride");
        assertEquals(1, sp.ropd(1)[3], "out's kept stride");
        assertEquals(0, sp.ropd(1)[3 + 8], "out's reduced stride");
    }

    @Test
    void splitOfAColumnReductionUsesLanesAlongTheColumns() {
        // 1000 x 64 summed along axis 0: kept = columns (stride 1), reduced = rows (stride 64)
        TileAccess.Resolved in = store(0, FieldType.FLOAT32, 0, 64, 1);
        TileAccess.Resolved out = store(1, FieldType.FLOAT32, 0, 0, 1);
        ReductionGpu.Split sp = ReductionGpu.Split.of(new long[] {1000, 64}, new TileAccess.Resolved[] {in, out}, 1);
        assertNotNull(sp);
        assertArrayEquals(new long[] {64}, sp.kext);
        assertArrayEquals(new long[] {1000}, sp.rext);
        assertTrue(sp.layoutA);
        assertTrue(sp.C * sp.CH >= 1000 && (sp.C - 1) * sp.CH < 1000);
    }

    @Test
    void fullReductionMergesADenseTileIntoOneReducedDimension() {
        TileAccess.Resolved in = store(0, FieldType.INT64, 5, 20, 4, 1);
        TileAccess.Resolved out = store(1, FieldType.INT64, 0, 0, 0, 0);
        ReductionGpu.Split sp = ReductionGpu.Split.of(new long[] {3, 5, 4}, new TileAccess.Resolved[] {in, out}, 1);
        assertNotNull(sp);
        assertEquals(0, sp.kext.length);
        assertArrayEquals(new long[] {60}, sp.rext);
        assertEquals(1, sp.K);
        assertEquals(5, sp.ropd(0)[2], "base");
        assertEquals(1, sp.ropd(0)[3 + 8]);
        assertTrue(sp.covers(dev.cohort.runtime.instance.Instance.allocate(FieldType.INT64,
                dev.cohort.runtime.geometry.Rect.ofExtents(1))));
    }

    @Test
    void keepdimsAndNegativeStepsSplitByTheOutStrides() {
        // out (keepdims) 1 x 7 reached at stride -1 along dimension 1 from its last element; dimension 0 reduced
        TileAccess.Resolved in = store(0, FieldType.INT32, 69, -7, -1);
        TileAccess.Resolved out = store(1, FieldType.INT32, 6, 0, -1);
        ReductionGpu.Split sp = ReductionGpu.Split.of(new long[] {10, 7}, new TileAccess.Resolved[] {in, out}, 1);
        assertNotNull(sp);
        assertArrayEquals(new long[] {7}, sp.kext);
        assertArrayEquals(new long[] {10}, sp.rext);
        assertEquals(-1, sp.ropd(1)[3]);
        assertEquals(6, sp.ropd(1)[2]);
        assertEquals(-7, sp.ropd(0)[3 + 8]);
    }

    @Test
    void anOutThatRevisitsElementsIsNotSplit() {
        TileAccess.Resolved in = store(0, FieldType.FLOAT64, 0, 4, 1);
        TileAccess.Resolved out = store(1, FieldType.FLOAT64, 0, 1, 1);
        assertNull(ReductionGpu.Split.of(new long[] {3, 4}, new TileAccess.Resolved[] {in, out}, 1));
        assertTrue(ReductionGpu.injective(new long[] {3, 4}, new long[] {4, 1}));
        assertTrue(ReductionGpu.injective(new long[] {3, 4}, new long[] {-1, 3}));
        assertFalse(ReductionGpu.injective(new long[] {3, 4}, new long[] {2, 1}));
        assertFalse(ReductionGpu.injective(new long[] {3}, new long[] {0}));
    }

    @Test
    void candidateIndexIsTheFlatIndexOrTheCoordinate() {
        // no TileAccess without a context: check the pseudo operand's arithmetic through a Split instead
        TileAccess.Resolved cand = new TileAccess.Resolved(Integer.MAX_VALUE, FieldType.INT64, 0, 37, new long[] {30, 1});
        TileAccess.Resolved in = store(0, FieldType.FLOAT32, 0, 30, 1);
        TileAccess.Resolved out = store(1, FieldType.INT64, 0, 0, 0);
        ReductionGpu.Split sp = ReductionGpu.Split.of(new long[] {4, 30},
                new TileAccess.Resolved[] {in, in, cand, out}, 3);
        assertNotNull(sp);
        assertArrayEquals(new long[] {120}, sp.rext);
        long[] c = sp.ropd(2);
        assertEquals(37, c[2]);
        assertEquals(1, c[3 + 8]);
    }

    @Test
    void gemmArgumentsFollowTheStructLayout() {
        TileAccess.Resolved a = store(0, FieldType.FLOAT64, 3, 7, 0, 1);
        TileAccess.Resolved b = store(1, FieldType.FLOAT64, 0, 0, 1, 5);
        TileAccess.Resolved o = store(2, FieldType.FLOAT32, 2, 9, 1, 0);
        long[] d = GemmGpu.dims(4, 5, 7, a, b, o);
        assertArrayEquals(new long[] {4, 5, 7, 0, 0, 3, 7, 1, 0, 0, 0, 5, 1, 1, 2, 9, 1}, d);
        assertEquals("cohort_linalg_gemm_mma_f64", GemmGpu.kernel(FieldType.FLOAT64, false, true));
        assertEquals("cohort_linalg_gemm_f64_cv", GemmGpu.kernel(FieldType.FLOAT64, true, false));
        assertEquals("cohort_linalg_gemm_f32", GemmGpu.kernel(FieldType.FLOAT32, false, true));
    }

    // ------------------------------------------------------------------ GPU against CPU

    private static void assumeGpu() {
        Assumptions.assumeTrue(GpuDetection.get().available(), "no CUDA device: " + GpuDetection.get().reason());
    }

    private static Cohort.Config cpu(int shards) {
        return new Cohort.Config().shards(shards).eagerMaxVolume(0).minTileVolume(64);
    }

    private static Cohort.Config gpu(int shards) {
        return cpu(shards).gpus(1).gpuMinElements(0);
    }

    /** A result: its values as doubles and as longs (exact for the integer dtypes). */
    private record Res(double[] d, long[] l, boolean integral) {
    }

    private static final DType[] DTYPES = {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32, DType.BOOL};

    /** 24 x 30 values in [-4, 4) with NaN, +-inf, -0.0, 0, large magnitudes (special) or without them. */
    private static double[] data(boolean special) {
        double[] v = new double[24 * 30];
        long s = 12345;
        for (int i = 0; i < v.length; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            v[i] = ((s >>> 11) * 0x1.0p-53) * 8 - 4;
            if (i % 7 == 3) {
                v[i] = Math.rint(v[i]);  // ties for argmax/argmin and exact zeros
            }
        }
        if (special) {
            v[5] = Double.NaN;
            v[40] = Double.POSITIVE_INFINITY;
            v[77] = Double.NEGATIVE_INFINITY;
            v[100] = -0.0;
            v[101] = 0.0;
            v[150] = 3e9;
            v[151] = -5e18;
            v[300] = Double.NaN;
            v[333] = 1e300;
        }
        return v;
    }

    private static Map<String, Res> program(boolean special) {
        Map<String, Res> r = new LinkedHashMap<>();
        NdArray base = Np.array(data(special), 24, 30);
        for (DType dt : DTYPES) {
            NdArray a = base.astype(dt);
            Map<String, NdArray> views = new LinkedHashMap<>();
            views.put("dense", a);
            views.put("strided", a.get("1::2, ::3"));
            views.put("negative", a.get("::-1, ::-2"));
            views.put("broadcast", Np.broadcast_to(a.get("3"), 24, 30));
            views.put("transposed", a.T());
            for (Map.Entry<String, NdArray> e : views.entrySet()) {
                NdArray v = e.getValue();
                String p = dt + "/" + e.getKey() + "/";
                put(r, p + "sum", v.sum());
                put(r, p + "sum0", v.sum(0));
                put(r, p + "sum1", v.sum(1));
                put(r, p + "sum1keep", v.sum(1, true));
                NdArray small = v.get(":3, :6");
                put(r, p + "prod", small.prod());
                put(r, p + "prod0", small.prod(0, false));
                put(r, p + "max", v.max());
                put(r, p + "max0", v.max(0, false));
                put(r, p + "min", v.min());
                put(r, p + "min1keep", v.min(1, true));
                put(r, p + "any", v.any());
                put(r, p + "any0", v.any(0));
                put(r, p + "all", v.all());
                put(r, p + "all1", v.all(1));
                put(r, p + "argmax", v.argmax());
                put(r, p + "argmax0", v.argmax(0));
                put(r, p + "argmin", v.argmin());
                put(r, p + "argmin1", v.argmin(1));
                NdArray row0 = v.get("0");
                NdArray row1 = v.get("1");
                put(r, p + "dot", Np.dot(row0, row1));
                put(r, p + "matvec", Np.matmul(v, row0));
                put(r, p + "vecmat", Np.matmul(v.get(":, 0"), v));
                put(r, p + "gemm", Np.matmul(v, v.T()));
            }
        }
        return r;
    }

    private static void put(Map<String, Res> r, String label, NdArray x) {
        boolean integral = x.dtype() == DType.INT64 || x.dtype() == DType.INT32 || x.dtype() == DType.BOOL;
        r.put(label, new Res(x.toDoubleArray(), integral ? x.astype(DType.INT64).toLongArray() : null, integral));
    }

    private static <T> T on(Cohort.Config c, Callable<T> p) {
        return Cohort.run(c, p).get(0);
    }

    /** Ops whose float results must be the CPU's bits (the others: sums and products, within {@code tol}). */
    private static boolean exactOp(String label) {
        String op = label.substring(label.lastIndexOf('/') + 1);
        return op.startsWith("max") || op.startsWith("min") || op.startsWith("any") || op.startsWith("all")
                || op.startsWith("arg") || op.startsWith("rand");
    }

    private static List<String> compare(Map<String, Res> want, Map<String, Res> got) {
        List<String> bad = new ArrayList<>();
        for (Map.Entry<String, Res> e : want.entrySet()) {
            String label = e.getKey();
            Res w = e.getValue();
            Res g = got.get(label);
            if (g == null || g.d.length != w.d.length) {
                bad.add(label + ": missing or of another length");
                continue;
            }
            if (w.integral) {
                for (int i = 0; i < w.l.length; i++) {
                    if (w.l[i] != g.l[i]) {
                        bad.add(label + " [" + i + "]: cpu " + w.l[i] + ", gpu " + g.l[i]);
                        break;
                    }
                }
                continue;
            }
            boolean f32 = label.toUpperCase(java.util.Locale.ROOT).startsWith("FLOAT32");
            double tol = label.endsWith("gemm") ? (f32 ? 1e-4 : 1e-11) : f32 ? 2e-6 : 1e-11;
            for (int i = 0; i < w.d.length; i++) {
                double x = w.d[i];
                double y = g.d[i];
                boolean same = Double.doubleToLongBits(x) == Double.doubleToLongBits(y);
                if (!same && !exactOp(label) && !Double.isNaN(x) && Double.isFinite(x) && Double.isFinite(y)) {
                    same = Math.abs(x - y) <= tol * (1 + Math.abs(x));
                }
                if (!same) {
                    bad.add(label + " [" + i + "]: cpu " + x + " (0x" + Long.toHexString(Double.doubleToRawLongBits(x))
                            + "), gpu " + y + " (0x" + Long.toHexString(Double.doubleToRawLongBits(y)) + ")");
                    break;
                }
            }
        }
        return bad;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void reductionsMatvecAndGemmMatchTheCpu(int shards) {
        assumeGpu();
        for (boolean special : new boolean[] {false, true}) {
            Map<String, Res> want = on(cpu(shards), () -> program(special));
            long before = GpuTasks.gpuPointTasks();
            Map<String, Res> got = on(gpu(shards), () -> program(special));
            assertTrue(GpuTasks.gpuPointTasks() > before, "no point task ran on the GPU");
            List<String> bad = compare(want, got);
            assertTrue(bad.isEmpty(), shards + " shard(s), special=" + special + ": " + bad.size() + " mismatches:\n"
                    + String.join("\n", bad.subList(0, Math.min(40, bad.size()))));
        }
    }

    private static Map<String, Res> randomProgram() {
        Map<String, Res> r = new LinkedHashMap<>();
        Np.random.seed(2024);
        put(r, "F64/rand", Np.random.rand(50, 41));
        put(r, "F64/rand_uniform", Np.random.uniform(-2.5, 3.0, 37, 29));
        put(r, "I64/rand_integers", Np.random.integers(-5, 1000, 50, 41));
        put(r, "I64/rand_integers_big", Np.random.integers(-(1L << 40), 1L << 40, 1000));
        put(r, "F64/rand_big", Np.random.rand(3, 100_003));
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void randomNumbersAreTheCpusBits(int shards) {
        assumeGpu();
        Map<String, Res> want = on(cpu(shards), ReductionGpuTest::randomProgram);
        long before = GpuTasks.gpuPointTasks();
        Map<String, Res> got = on(gpu(shards), ReductionGpuTest::randomProgram);
        assertTrue(GpuTasks.gpuPointTasks() > before, "no point task ran on the GPU");
        List<String> bad = compare(want, got);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    private static Map<String, Res> largeProgram() {
        Map<String, Res> r = new LinkedHashMap<>();
        Np.random.seed(99);
        NdArray a = Np.random.uniform(-1, 1, 300, 257);
        NdArray b = Np.random.uniform(-1, 1, 257, 190);
        put(r, "FLOAT64/l/gemm", Np.matmul(a, b));
        put(r, "FLOAT64/lt/gemm", Np.matmul(b.T(), a.T()));
        put(r, "FLOAT32/l/gemm", Np.matmul(a.astype(DType.FLOAT32), b.astype(DType.FLOAT32)));
        NdArray big = Np.random.uniform(-1, 1, 2000, 3001);
        put(r, "FLOAT64/big/sum", big.sum());
        put(r, "FLOAT64/big/sum0", big.sum(0));
        put(r, "FLOAT64/big/sum1", big.sum(1));
        put(r, "FLOAT64/big/max", big.max());
        put(r, "FLOAT64/big/argmax", big.argmax());
        put(r, "FLOAT32/big/argmin0", big.astype(DType.FLOAT32).argmin(0));
        put(r, "FLOAT64/big/matvec", Np.matmul(big, big.get("0")));
        put(r, "FLOAT64/big/vecmat", Np.matmul(big.get(":, 0"), big));
        put(r, "INT64/big/sum", big.astype(DType.INT32).astype(DType.INT64).sum(1));
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void largeInputsUseManyChunksAndMatchTheCpu(int shards) {
        assumeGpu();
        Cohort.Config c = new Cohort.Config().shards(shards).eagerMaxVolume(0);
        Map<String, Res> want = on(c, ReductionGpuTest::largeProgram);
        long before = GpuTasks.gpuPointTasks();
        Map<String, Res> got = on(new Cohort.Config().shards(shards).eagerMaxVolume(0).gpus(1).gpuMinElements(0),
                ReductionGpuTest::largeProgram);
        assertTrue(GpuTasks.gpuPointTasks() > before, "no point task ran on the GPU");
        List<String> bad = compare(want, got);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    @Test
    void simtAndTensorCoreGemmAgreeAndReportThroughput() {
        assumeGpu();
        GpuDevice dev = GpuDevice.get(0);
        double mma = GemmGpu.gemmGflops(dev, 2048, true);
        double simt = GemmGpu.gemmGflops(dev, 2048, false);
        System.out.printf("GEMM float64 2048^3: tensor cores %.0f GFLOP/s, CUDA cores %.0f GFLOP/s%n", mma, simt);
        assertTrue(mma > 0 && simt > 0);
        String old = System.getProperty(GemmGpu.KERNEL_PROP);
        try {
            System.setProperty(GemmGpu.KERNEL_PROP, "simt");
            Map<String, Res> simtRes = on(gpu(1), ReductionGpuTest::largeProgram);
            System.setProperty(GemmGpu.KERNEL_PROP, "mma");
            Map<String, Res> mmaRes = on(gpu(1), ReductionGpuTest::largeProgram);
            List<String> bad = compare(simtRes, mmaRes);
            assertTrue(bad.isEmpty(), String.join("\n", bad));
        } finally {
            if (old == null) {
                System.clearProperty(GemmGpu.KERNEL_PROP);
            } else {
                System.setProperty(GemmGpu.KERNEL_PROP, old);
            }
        }
    }
}
