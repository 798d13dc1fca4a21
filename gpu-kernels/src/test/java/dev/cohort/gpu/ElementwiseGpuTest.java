package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.TileAccess;
import dev.cohort.tasks.UnaryOp;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The element-wise GPU variants ({@link ElementwiseGpu}: BINARY_OP, UNARY_OP, WHERE, FILL, ARANGE, COPY, CONVERT)
 * against the CPU variants through the array API: every binary and unary op on float64, float32, int64, int32 and
 * bool operands laid out dense, as strided slices, negative-step views, broadcast rows and transposes, array and
 * scalar operands, on 1 and 2 shards, with NaN, infinities, signed zeros, zero divisors, negative and extreme
 * integers among the inputs. Results must be the CPU's bits (NaN equal to NaN), the transcendental functions within
 * 2 ulp of the result type. Fusion and eager execution are off so that every operation is its own launch. The tests
 * without a GPU check the kernels' op codes and argument packing.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ElementwiseGpuTest {
    private static final int N = 3000;
    private static final DType[] DTYPES = {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32, DType.BOOL};
    private static String fusionBefore;

    @BeforeAll
    static void noFusion() {
        fusionBefore = System.getProperty("cohort.fusion");
        System.setProperty("cohort.fusion", "false");
    }

    @AfterAll
    static void restoreFusion() {
        if (fusionBefore == null) {
            System.clearProperty("cohort.fusion");
        } else {
            System.setProperty("cohort.fusion", fusionBefore);
        }
    }

    // ------------------------------------------------------------------------------------------------ no GPU needed

    /** The op-code #defines of elementwise.cu are the Java ordinals (where the source is at hand). */
    @Test
    void opCodesMatchTheKernels() throws Exception {
        Path src = Path.of("src/main/cuda/elementwise.cu");
        if (!Files.exists(src)) {
            src = Path.of("gpu-kernels/src/main/cuda/elementwise.cu");
        }
        Assumptions.assumeTrue(Files.exists(src), "elementwise.cu not found from " + Path.of("").toAbsolutePath());
        String text = Files.readString(src);
        Map<String, Integer> defs = new LinkedHashMap<>();
        Matcher m = Pattern.compile("#define ([BU])_([A-Z0-9_]+) (\\d+)").matcher(text);
        while (m.find()) {
            defs.put(m.group(1) + "_" + m.group(2), Integer.parseInt(m.group(3)));
        }
        for (BinaryOp op : BinaryOp.values()) {
            assertEquals(op.ordinal(), defs.get("B_" + op.name()), "B_" + op.name());
        }
        assertEquals(BinaryOp.values().length, defs.get("B_COUNT"));
        for (UnaryOp op : UnaryOp.values()) {
            assertEquals(op.ordinal(), defs.get("U_" + op.name()), "U_" + op.name());
        }
        assertEquals(UnaryOp.values().length, defs.get("U_COUNT"));
        for (FieldType t : FieldType.values()) {
            assertEquals(t.ordinal(), ElementwiseGpu.kindOf(t), "kind of " + t + " is its ordinal");
        }
    }

    /** Dense tiles of any rank merge to the dense path; strided, negative-step and broadcast ones do not. */
    @Test
    void tileShapes() {
        TileAccess.Resolved a = new TileAccess.Resolved(0, FieldType.FLOAT64, 0, 10, new long[] {5, 1});
        TileAccess.Resolved k = new TileAccess.Resolved(-1, FieldType.FLOAT64, Double.doubleToRawLongBits(2.0), 0, new long[2]);
        TileAccess.Resolved o = new TileAccess.Resolved(1, FieldType.FLOAT64, 0, 0, new long[] {5, 1});
        TileShape s = TileShape.of(new long[] {4, 5}, a, k, o);
        assertTrue(s.dense());
        assertEquals(20, s.volume());
        assertEquals(10, s.opdStruct(0)[2]);
        assertEquals(Double.doubleToRawLongBits(2.0), s.opdStruct(1)[1]);
        TileAccess.Resolved neg = new TileAccess.Resolved(0, FieldType.FLOAT64, 0, 19, new long[] {-5, -1});
        assertFalse(TileShape.of(new long[] {4, 5}, neg, o).dense());
        TileAccess.Resolved bcast = new TileAccess.Resolved(0, FieldType.FLOAT64, 0, 0, new long[] {0, 1});
        TileShape b = TileShape.of(new long[] {4, 5}, bcast, o);
        assertFalse(b.dense());
        assertEquals(2, b.dim());
    }

    /** The scalars the dense kernels get are the CPU's conversions of the constant. */
    @Test
    void scalarPacking() {
        TileAccess.Resolved half = new TileAccess.Resolved(-1, FieldType.FLOAT64, Double.doubleToRawLongBits(2.5), 0, new long[1]);
        assertEquals(Double.doubleToRawLongBits(2.5), ElementwiseGpu.scalarBits(half, ElementwiseGpu.K_D, false));
        assertEquals(Float.floatToRawIntBits(2.5f), ElementwiseGpu.scalarBits(half, ElementwiseGpu.K_F, false));
        assertEquals(2, ElementwiseGpu.scalarBits(half, ElementwiseGpu.K_L, false));
        assertEquals(1, ElementwiseGpu.scalarBits(half, ElementwiseGpu.K_Z, false));
        assertEquals(Double.doubleToRawLongBits(1.0), ElementwiseGpu.scalarBits(half, ElementwiseGpu.K_D, true));
        TileAccess.Resolved nan = new TileAccess.Resolved(-1, FieldType.FLOAT64, Double.doubleToRawLongBits(Double.NaN), 0, new long[1]);
        assertEquals(Long.MIN_VALUE, ElementwiseGpu.scalarBits(nan, ElementwiseGpu.K_L, false));
        assertEquals(Integer.MIN_VALUE, ElementwiseGpu.castBits(nan, FieldType.INT32));
        assertEquals(1, ElementwiseGpu.castBits(nan, FieldType.BOOL));
        TileAccess.Resolved big = new TileAccess.Resolved(-1, FieldType.INT64, 1L << 40 | 7, 0, new long[1]);
        assertEquals(7, ElementwiseGpu.scalarBits(big, ElementwiseGpu.K_I, false));
        assertEquals(7, ElementwiseGpu.castBits(big, FieldType.INT32));
        assertEquals(Float.floatToRawIntBits((float) (1L << 40 | 7)), ElementwiseGpu.castBits(big, FieldType.FLOAT32));
        assertEquals(Integer.MIN_VALUE, ElementwiseGpu.d2i(3e9));
        assertEquals(Long.MIN_VALUE, ElementwiseGpu.d2l(1e19));
        assertEquals(-2147483648, ElementwiseGpu.d2i(-2147483648.5));
        assertTrue(ElementwiseGpu.binDense(ElementwiseGpu.K_D, BinaryOp.ADD));
        assertFalse(ElementwiseGpu.binDense(ElementwiseGpu.K_D, BinaryOp.POWER));
        assertTrue(ElementwiseGpu.binDense(ElementwiseGpu.K_I, BinaryOp.POWER));
        assertFalse(ElementwiseGpu.unDense(ElementwiseGpu.K_D, UnaryOp.EXP));
        assertTrue(ElementwiseGpu.unDense(ElementwiseGpu.K_Z, UnaryOp.INVERT));
    }

    // ------------------------------------------------------------------------------------------------ GPU

    private static void assumeGpu() {
        Assumptions.assumeTrue(GpuDetection.get().available(), "no CUDA device: " + GpuDetection.get().reason());
    }

    private static Cohort.Config cpu(int shards) {
        return new Cohort.Config().shards(shards).eagerMaxVolume(0).minTileVolume(256);
    }

    private static Cohort.Config gpu(int shards) {
        return cpu(shards).gpus(1).gpuMinElements(0);
    }

    @Test
    void binaryOpsMatchTheCpu() {
        assumeGpu();
        compareRuns("binary", ElementwiseGpuTest::binaryProgram);
    }

    @Test
    void unaryOpsMatchTheCpu() {
        assumeGpu();
        compareRuns("unary", ElementwiseGpuTest::unaryProgram);
    }

    @Test
    void dataOpsMatchTheCpu() {
        assumeGpu();
        compareRuns("data", ElementwiseGpuTest::dataProgram);
    }

    /** An integer power with a negative exponent element raises the CPU's error on the GPU path too. */
    @Test
    void negativeIntegerPowerRaises() {
        assumeGpu();
        String cpuError = powerError(cpu(1));
        long before = GpuTasks.fallbackPointTasks();
        String gpuError = powerError(gpu(1));
        assertTrue(cpuError.contains("Integers to negative integer powers are not allowed."), cpuError);
        assertTrue(gpuError.contains("Integers to negative integer powers are not allowed."), gpuError);
        assertTrue(GpuTasks.fallbackPointTasks() > before, "the GPU variant handed the failing point to the CPU");
    }

    private static String powerError(Cohort.Config config) {
        try {
            Cohort.run(config, () -> {
                NdArray a = Np.arange(0, N, 1);
                NdArray e = Np.subtract(Np.arange(0, N, 1), (long) (N - 5));
                return Np.power(a, e).toLongArray().length;
            });
        } catch (RuntimeException e) {
            StringBuilder sb = new StringBuilder();
            for (Throwable x = e; x != null; x = x.getCause()) {
                sb.append(x).append(" / ");
            }
            return sb.toString();
        }
        return "no error";
    }

    // ------------------------------------------------------------------------------------------------ programs

    /** The input values of a dtype: specials first, then random values of the dtype's range. */
    static double[] values(DType t, int n, long seed, boolean exponent) {
        Random r = new Random(seed);
        double[] v = new double[n];
        double[] special = t.isFloating()
                ? new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, 1, -1, 0.5,
                        -2.5, 3, 1e300, -1e-300, 7, 2, 1e-310, -7.75, 1e10, 2.5, 3.5, -0.5}
                : new double[] {0, 1, -1, 2, -2, 7, -7, 3, 64, 31, 33, 63, -64, 100000, -100000, 65, 32};
        for (int i = 0; i < n; i++) {
            if (i < special.length && !exponent) {
                v[i] = special[(int) ((i + seed) % special.length)];
            } else if (t.isFloating()) {
                v[i] = r.nextInt(4) == 0 ? Math.rint(r.nextGaussian() * 8) : r.nextGaussian() * Math.pow(10, r.nextInt(7) - 3);
                if (r.nextInt(50) == 0) {
                    v[i] = 0.0;
                }
            } else {
                v[i] = r.nextInt(3) == 0 ? r.nextInt(9) - 4 : r.nextInt(140) - 70;
            }
            if (exponent && !t.isFloating()) {
                v[i] = Math.abs(v[i]) % 9;
            }
        }
        return v;
    }

    /** An array of dtype t holding vals; integer dtypes also get extreme values. */
    static NdArray array(DType t, double[] vals, boolean extremes) {
        if (t == DType.BOOL) {
            boolean[] z = new boolean[vals.length];
            for (int i = 0; i < z.length; i++) {
                z[i] = vals[i] != 0 && (((long) vals[i]) & 1) == 1 || vals[i] != vals[i];
            }
            return Np.array(z);
        }
        if (t.isFloating()) {
            return Np.array(vals).astype(t);
        }
        long[] l = new long[vals.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = (long) vals[i];
        }
        if (extremes) {
            long max = t == DType.INT64 ? Long.MAX_VALUE : Integer.MAX_VALUE;
            long min = t == DType.INT64 ? Long.MIN_VALUE : Integer.MIN_VALUE;
            l[20] = max;
            l[21] = min;
            l[22] = min;
            l[23] = max - 1;
            l[24] = 1L << 40;
        }
        return Np.array(l).astype(t);
    }

    /** The operand layouts: [name, a, b] of equal or broadcast-compatible shapes. */
    static List<Object[]> layouts(NdArray a2, NdArray b2) {
        // a2, b2: 1-d of 2N
        List<Object[]> out = new ArrayList<>();
        NdArray a = a2.get(Np.slice(0L, (long) N, 1L)).copy();
        NdArray b = b2.get(Np.slice(0L, (long) N, 1L)).copy();
        out.add(new Object[] {"dense", a, b});
        out.add(new Object[] {"strided", a2.get(Np.slice(0L, null, 2L)), b2.get(Np.slice(1L, null, 2L))});
        out.add(new Object[] {"negstep", a2.get(Np.slice((long) N - 1, null, -1L)), b});
        NdArray am = a.reshape(30, 100);
        NdArray brow = b2.get(Np.slice(0L, 100L, 1L));
        out.add(new Object[] {"broadcast", am, brow});
        out.add(new Object[] {"transpose", am.T(), b.reshape(100, 30)});
        out.add(new Object[] {"scalar-b", a, null});
        return out;
    }

    private static Method npMethod(String name, Class<?>... params) {
        try {
            return Np.class.getMethod(name, params);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static String npName(String numpyName) {
        return numpyName.equals("absolute") ? "abs" : numpyName;
    }

    private static Object invoke(Method m, Object... args) {
        try {
            NdArray r = (NdArray) m.invoke(null, args);
            return readBack(r);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            return "ERR " + c.getClass().getSimpleName() + ": " + c.getMessage();
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** The result as [dtype name, flat values] (doubles for floats, longs for integers, 0/1 longs for bool). */
    static Object readBack(NdArray r) {
        DType t = r.dtype();
        NdArray flat = r.flatten();
        if (t == DType.FLOAT32) {
            return new Object[] {t.toString(), flat.toFloatArray()};
        }
        if (t.isFloating()) {
            return new Object[] {t.toString(), flat.toDoubleArray()};
        }
        if (t == DType.BOOL) {
            boolean[] z = flat.toBooleanArray();
            long[] l = new long[z.length];
            for (int i = 0; i < z.length; i++) {
                l[i] = z[i] ? 1 : 0;
            }
            return new Object[] {t.toString(), l};
        }
        return new Object[] {t.toString(), flat.toLongArray()};
    }

    static Map<String, Object> binaryProgram() {
        Map<String, Object> res = new LinkedHashMap<>();
        for (DType ta : DTYPES) {
            for (DType tb : new DType[] {ta, DType.FLOAT64, DType.INT32}) {
                for (BinaryOp op : BinaryOp.values()) {
                    boolean exponent = op == BinaryOp.POWER;
                    NdArray a2 = array(ta, values(ta, 2 * N, 1, false), true);
                    NdArray b2 = array(tb, values(tb, 2 * N, 2, exponent), !exponent);
                    String name = npName(op.numpyName());
                    Method vv = npMethod(name, NdArray.class, NdArray.class);
                    for (Object[] l : layouts(a2, b2)) {
                        String key = op + " " + ta + "," + tb + " " + l[0];
                        if (l[2] == null) {
                            if (tb != ta) {
                                continue;
                            }
                            Method vs = ta.isFloating() ? npMethod(name, NdArray.class, double.class)
                                    : npMethod(name, NdArray.class, long.class);
                            if (vs != null) {
                                Object s = ta.isFloating() ? (Object) 2.5 : (Object) 3L;
                                res.put(key, invoke(vs, l[1], s));
                                Object z = ta.isFloating() ? (Object) 0.0 : (Object) 0L;
                                res.put(key + "0", invoke(vs, l[1], z));
                                Method sv = ta.isFloating() ? npMethod(name, double.class, NdArray.class)
                                        : npMethod(name, long.class, NdArray.class);
                                if (sv != null && op != BinaryOp.POWER) {
                                    res.put(key + " sv", invoke(sv, ta.isFloating() ? (Object) (-1.5) : (Object) (-3L), l[1]));
                                }
                            }
                        } else if (vv != null) {
                            res.put(key, invoke(vv, l[1], l[2]));
                        }
                    }
                    // in place (out aliasing a): a += b
                    if (op == BinaryOp.ADD || op == BinaryOp.MULTIPLY) {
                        NdArray a = a2.get(Np.slice(0L, (long) N, 1L)).copy();
                        NdArray b = b2.get(Np.slice(0L, (long) N, 1L)).copy();
                        Method out = npMethod(name, NdArray.class, NdArray.class, NdArray.class);
                        try {
                            out.invoke(null, a, b, a);
                            res.put(op + " " + ta + "," + tb + " inplace", readBack(a));
                        } catch (ReflectiveOperationException e) {
                            res.put(op + " " + ta + "," + tb + " inplace", "ERR " + e.getCause());
                        }
                    }
                }
            }
        }
        return res;
    }

    static Map<String, Object> unaryProgram() {
        Map<String, Object> res = new LinkedHashMap<>();
        for (DType t : DTYPES) {
            NdArray a2 = array(t, values(t, 2 * N, 3, false), true);
            for (UnaryOp op : UnaryOp.values()) {
                Method m = npMethod(npName(op.numpyName()), NdArray.class);
                if (m == null) {
                    res.put(op + " " + t, "no Np method");
                    continue;
                }
                for (Object[] l : layouts(a2, a2)) {
                    if (l[0].equals("scalar-b") || l[0].equals("broadcast")) {
                        continue;
                    }
                    res.put(op + " " + t + " " + l[0], invoke(m, l[1]));
                }
                // a dense float64 -> float32 out= (mixed out type), where the op has an out= form
                Method out = npMethod(npName(op.numpyName()), NdArray.class, NdArray.class);
                if (out != null && t == DType.FLOAT64) {
                    NdArray o = Np.zeros(new long[] {N}, DType.FLOAT32);
                    try {
                        out.invoke(null, a2.get(Np.slice(0L, (long) N, 1L)), o);
                        res.put(op + " " + t + " out=float32", readBack(o));
                    } catch (ReflectiveOperationException e) {
                        res.put(op + " " + t + " out=float32", "ERR " + e.getCause());
                    }
                }
            }
        }
        return res;
    }

    static Map<String, Object> dataProgram() {
        Map<String, Object> res = new LinkedHashMap<>();
        for (DType t : DTYPES) {
            NdArray a2 = array(t, values(t, 2 * N, 5, false), true);
            NdArray c2 = array(DType.BOOL, values(DType.INT64, 2 * N, 6, false), false);
            NdArray f2 = array(DType.FLOAT64, values(DType.FLOAT64, 2 * N, 7, false), false);
            // WHERE: bool and float conditions, array and scalar branches, every layout
            for (Object[] l : layouts(a2, c2)) {
                if (l[2] == null) {
                    continue;
                }
                NdArray x = (NdArray) l[1];
                NdArray cond = (NdArray) l[2];
                res.put("where " + t + " " + l[0], safe(() -> Np.where(cond, x, Np.negative(x.astype(DType.FLOAT64)).astype(t))));
                res.put("where-scalar " + t + " " + l[0], safe(() -> Np.where(cond, x, 7.5)));
                res.put("where-scalar2 " + t + " " + l[0], safe(() -> Np.where(cond, -3L, x)));
            }
            NdArray fcond = f2.get(Np.slice(0L, (long) N, 1L));
            NdArray x = a2.get(Np.slice(0L, (long) N, 1L));
            res.put("where-floatcond " + t, safe(() -> Np.where(fcond, x, 1L)));
            res.put("where-mixed " + t, safe(() -> Np.where(c2.get(Np.slice(0L, (long) N, 1L)), x, fcond)));
            // CONVERT / COPY: every pair of dtypes, dense and strided; assignment into strided and reversed views
            for (DType to : DTYPES) {
                res.put("astype " + t + "->" + to, safe(() -> x.astype(to)));
                res.put("astype-strided " + t + "->" + to, safe(() -> a2.get(Np.slice(1L, null, 2L)).astype(to)));
                res.put("assign " + t + "->" + to, safe(() -> {
                    NdArray o = Np.zeros(new long[] {2 * N}, to);
                    o.set(new Object[] {Np.slice((long) 2 * N - 1, null, -2L)}, x);
                    return o;
                }));
            }
            res.put("copy " + t, safe(x::copy));
            res.put("copy-T " + t, safe(() -> x.reshape(30, 100).T().copy()));
            // FILL
            for (double v : new double[] {0, -0.0, 2.75, -1, Double.NaN, 1e20, 3e9}) {
                res.put("full " + t + " " + v, safe(() -> Np.full(new long[] {N}, v, t)));
                res.put("fill-strided " + t + " " + v, safe(() -> {
                    NdArray o = Np.zeros(new long[] {2 * N}, t);
                    o.set(new Object[] {Np.slice(1L, null, 2L)}, v);
                    return o;
                }));
            }
            // ARANGE
            res.put("arange " + t, safe(() -> Np.arange(-1000, 2000, 1).astype(t)));
        }
        res.put("arange long", safe(() -> Np.arange(-1000, 2000, 3)));
        res.put("arange double", safe(() -> Np.arange(-3.7, 1111.1, 0.37)));
        res.put("arange double neg", safe(() -> Np.arange(1e6, -1e6, -733.3)));
        res.put("zeros/ones", safe(() -> Np.add(Np.zeros(N), Np.ones(N))));
        return res;
    }

    interface ArraySupplier {
        NdArray get();
    }

    private static Object safe(ArraySupplier s) {
        try {
            return readBack(s.get());
        } catch (RuntimeException e) {
            return "ERR " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    // ------------------------------------------------------------------------------------------------ comparison

    interface Program {
        Map<String, Object> run();
    }

    private static void compareRuns(String what, Program program) {
        Map<String, Object> reference = Cohort.run(cpu(1), program::run).get(0);
        for (int shards : new int[] {1, 2}) {
            long before = GpuTasks.gpuPointTasks();
            long fallbacks = GpuTasks.fallbackPointTasks();
            Map<String, Object> got = Cohort.run(gpu(shards), program::run).get(0);
            long ran = GpuTasks.gpuPointTasks() - before;
            System.out.println("ElementwiseGpuTest " + what + ", " + shards + " shard(s): " + ran + " GPU point tasks, "
                    + (GpuTasks.fallbackPointTasks() - fallbacks) + " CPU fallbacks, " + got.size() + " results");
            assertTrue(ran > 0, what + ": no point task ran on the GPU");
            List<String> bad = new ArrayList<>();
            for (Map.Entry<String, Object> e : reference.entrySet()) {
                String d = diff(e.getKey(), e.getValue(), got.get(e.getKey()));
                if (d != null) {
                    bad.add(d + " [" + shards + " shard(s)]");
                }
            }
            if (!bad.isEmpty()) {
                fail(what + ": " + bad.size() + " of " + reference.size() + " results differ from the CPU's:\n  "
                        + String.join("\n  ", bad.subList(0, Math.min(80, bad.size()))));
            }
        }
    }

    /** Ops whose float results may differ from the CPU's by 2 ulp (CUDA's math library against Java's). */
    private static boolean approximate(String key) {
        String op = key.indexOf(' ') < 0 ? key : key.substring(0, key.indexOf(' '));
        for (String s : new String[] {"POWER", "ARCTAN2", "HYPOT", "EXP", "LOG", "TANH", "SIN", "COS", "LOG1P", "EXPM1",
                "LOG10", "LOG2", "EXP2", "SINH", "COSH", "TAN", "ARCSIN", "ARCCOS", "ARCTAN", "ARCSINH", "ARCCOSH",
                "ARCTANH", "CBRT", "ERF"}) {
            if (op.equals(s)) {
                return true;
            }
        }
        return false;
    }

    static String diff(String key, Object want, Object got) {
        if (got == null) {
            return key + ": missing on the GPU run";
        }
        if (want instanceof String || got instanceof String) {
            return want.equals(got) ? null : key + ": CPU " + want + ", GPU " + got;
        }
        Object[] w = (Object[]) want;
        Object[] g = (Object[]) got;
        if (!w[0].equals(g[0])) {
            return key + ": dtype CPU " + w[0] + ", GPU " + g[0];
        }
        boolean approx = approximate(key);
        if (w[1] instanceof double[] wd) {
            double[] gd = (double[]) g[1];
            if (wd.length != gd.length) {
                return key + ": length " + wd.length + " vs " + gd.length;
            }
            for (int i = 0; i < wd.length; i++) {
                if (!sameD(wd[i], gd[i], approx ? 2 * Math.ulp(wd[i]) : 0)) {
                    return key + " (float64) index " + i + ": CPU " + wd[i] + " (" + Long.toHexString(Double.doubleToRawLongBits(wd[i]))
                            + "), GPU " + gd[i] + " (" + Long.toHexString(Double.doubleToRawLongBits(gd[i])) + ")";
                }
            }
        } else if (w[1] instanceof float[] wf) {
            float[] gf = (float[]) g[1];
            if (wf.length != gf.length) {
                return key + ": length " + wf.length + " vs " + gf.length;
            }
            for (int i = 0; i < wf.length; i++) {
                if (!sameD(wf[i], gf[i], approx ? 2 * Math.ulp(wf[i]) : 0)) {
                    return key + " (float32) index " + i + ": CPU " + wf[i] + " (" + Integer.toHexString(Float.floatToRawIntBits(wf[i]))
                            + "), GPU " + gf[i] + " (" + Integer.toHexString(Float.floatToRawIntBits(gf[i])) + ")";
                }
            }
        } else {
            long[] wl = (long[]) w[1];
            long[] gl = (long[]) g[1];
            if (wl.length != gl.length) {
                return key + ": length " + wl.length + " vs " + gl.length;
            }
            for (int i = 0; i < wl.length; i++) {
                if (wl[i] != gl[i]) {
                    return key + " (" + w[0] + ") index " + i + ": CPU " + wl[i] + ", GPU " + gl[i];
                }
            }
        }
        return null;
    }

    /** Equal bits (any NaN equals any NaN), or within tol for approximate functions (same infinities). */
    private static boolean sameD(double w, double g, double tol) {
        if (w != w || g != g) {
            return w != w && g != g;
        }
        if (tol == 0 || Double.isInfinite(w) || Double.isInfinite(g)) {
            return Double.doubleToRawLongBits(w) == Double.doubleToRawLongBits(g) || (w == g && tol > 0);
        }
        return Math.abs(w - g) <= tol;
    }
}
