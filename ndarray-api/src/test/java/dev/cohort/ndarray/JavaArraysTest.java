package dev.cohort.ndarray;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.NdArrayErrorsTest.message;
import static dev.cohort.ndarray.NdArrayErrorsTest.thrown;
import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Java arrays in and out: {@code Np.array}/{@code asarray} of every dtype and rank 1-4 and back
 * through {@code toArray()}, {@code toArray(Class)} and the flat accessors, bit for bit (NaN payloads,
 * -0.0, the integer extremes), on 1 and 3 shards with tiles of two elements and with loads cut into
 * chunks of one element and of five; zero-length dimensions; NumPy's ragged-input errors and
 * {@code np.array(x, dtype=...)} conversions (tools/reference/java_arrays_reference.py).
 */
class JavaArraysTest {
    static final long MIN_TILE = 2;

    static final long[][] SHAPES = {{7}, {3, 5}, {2, 3, 4}, {2, 3, 2, 3}};

    // ------------------------------------------------------------------ values

    /** Element i of the test data of {@code dtype}, as raw bits: the special values first, then distinct ones. */
    static long bits(DType dtype, int i) {
        return switch (dtype) {
            case FLOAT64 -> {
                long[] special = {0x7ff0000000000001L /* signalling NaN */, 0x7ff8000000000abcL, 0xfff8000000000000L,
                        Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
                        Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), Double.doubleToRawLongBits(Double.MIN_VALUE),
                        Double.doubleToRawLongBits(-Double.MAX_VALUE), Double.doubleToRawLongBits(1.0 / 3)};
                yield i < special.length ? special[i] : Double.doubleToRawLongBits(i * 1.25 - 7);
            }
            case FLOAT32 -> {
                int[] special = {0x7f800001, 0x7fc00abc, 0xffc00000, Float.floatToRawIntBits(-0.0f),
                        Float.floatToRawIntBits(Float.POSITIVE_INFINITY), Float.floatToRawIntBits(Float.MIN_VALUE),
                        Float.floatToRawIntBits(-Float.MAX_VALUE), Float.floatToRawIntBits(0.1f)};
                yield i < special.length ? special[i] : Float.floatToRawIntBits(i * 0.75f - 3);
            }
            case INT64 -> {
                long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, (1L << 53) + 1, Long.MIN_VALUE + 1};
                yield i < special.length ? special[i] : i * 1_000_000_007L - 5;
            }
            case INT32 -> {
                int[] special = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, Integer.MIN_VALUE + 1};
                yield i < special.length ? special[i] : i * 7919 - 100;
            }
            case BOOL -> (i % 3 == 0 || i % 7 == 1) ? 1 : 0;
        };
    }

    static long[] expected(DType dtype, long[] shape) {
        long[] b = new long[(int) Shapes.volume(shape)];
        for (int i = 0; i < b.length; i++) {
            b[i] = bits(dtype, i);
        }
        return b;
    }

    /** Nested Java arrays of {@code dtype}'s primitive type and {@code shape} holding {@code bits}, row-major. */
    static Object nested(DType dtype, long[] shape, long[] bits) {
        int[] dims = new int[shape.length];
        for (int d = 0; d < dims.length; d++) {
            dims[d] = (int) shape[d];
        }
        Object a = Array.newInstance(JavaArrays.javaType(dtype), dims);
        fill(a, dtype, bits, new int[]{0});
        return a;
    }

    private static void fill(Object a, DType dtype, long[] bits, int[] at) {
        int n = Array.getLength(a);
        for (int i = 0; i < n; i++) {
            if (a.getClass().getComponentType().isArray()) {
                fill(Array.get(a, i), dtype, bits, at);
                continue;
            }
            long b = bits[at[0]++];
            switch (dtype) {
                case FLOAT64 -> ((double[]) a)[i] = Double.longBitsToDouble(b);
                case FLOAT32 -> ((float[]) a)[i] = Float.intBitsToFloat((int) b);
                case INT64 -> ((long[]) a)[i] = b;
                case INT32 -> ((int[]) a)[i] = (int) b;
                case BOOL -> ((boolean[]) a)[i] = b != 0;
            }
        }
    }

    /** The raw bits of nested primitive arrays, row-major, and their shape appended to {@code shape}. */
    static long[] flatBits(Object a, List<Long> shape) {
        List<Long> out = new ArrayList<>();
        flatBits(a, 0, shape, out);
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static void flatBits(Object a, int depth, List<Long> shape, List<Long> out) {
        int n = Array.getLength(a);
        if (shape.size() == depth) {
            shape.add((long) n);
        }
        assertEquals((long) shape.get(depth), n, "ragged result at depth " + depth);
        for (int i = 0; i < n; i++) {
            Object e = Array.get(a, i);
            if (a.getClass().getComponentType().isArray()) {
                flatBits(e, depth + 1, shape, out);
            } else if (e instanceof Double d) {
                out.add(Double.doubleToRawLongBits(d));
            } else if (e instanceof Float f) {
                out.add((long) Float.floatToRawIntBits(f));
            } else if (e instanceof Boolean bo) {
                out.add(bo ? 1L : 0L);
            } else {
                out.add(((Number) e).longValue());
            }
        }
    }

    private static Class<?> arrayClass(DType dtype, int rank) {
        Class<?> c = JavaArrays.javaType(dtype);
        for (int i = 0; i < rank; i++) {
            c = c.arrayType();
        }
        return c;
    }

    /** Calls the static {@code Np} method {@code name} whose one parameter is exactly {@code arg}'s class. */
    private static NdArray npCall(String name, Object arg) {
        try {
            return (NdArray) Np.class.getMethod(name, arg.getClass()).invoke(null, arg);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("Np." + name + "(" + arg.getClass().getSimpleName() + ") is missing", e);
        }
    }

    // ------------------------------------------------------------------ round trips

    /**
     * Every dtype x rank 1-4, in through the typed overload ({@code array(double[][][])}, ...),
     * {@code array(Object)} and {@code asarray}, out through {@code toArray()}, {@code toArray(Class)}
     * and the flat accessor of the dtype: every shard gets every bit back. Chunk 0 keeps the default
     * chunk size; 8 bytes loads one element per launch, 40 bytes cuts rows (boxes of 5 elements).
     */
    @ParameterizedTest(name = "{0} shard(s), chunk {1} bytes")
    @CsvSource({"1, 0", "3, 0", "1, 8", "3, 8", "3, 40"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyDtypeAndRankRoundTripsBitForBit(int shards, int chunk) {
        int old = chunk > 0 ? JavaArrays.chunkBytes(chunk) : -1;
        try {
            List<Map<String, long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
                Map<String, long[]> got = new LinkedHashMap<>();
                for (DType dt : DType.values()) {
                    for (long[] shape : SHAPES) {
                        String key = dt + Shapes.str(shape);
                        Object data = nested(dt, shape, expected(dt, shape));
                        NdArray typed = npCall("array", data);
                        NdArray viaObject = array(data);
                        NdArray viaAsarray = npCall("asarray", data);
                        for (NdArray a : List.of(typed, viaObject, viaAsarray)) {
                            assertEquals(dt, a.dtype(), key);
                            assertArrayEquals(shape, a.shape(), key);
                        }
                        got.put(key + " typed/toArray()", flatBits(typed.toArray(), new ArrayList<>()));
                        got.put(key + " object/toArray(Class)", flatBits(viaObject.toArray(arrayClass(dt, shape.length)), new ArrayList<>()));
                        Object flat = switch (dt) {
                            case FLOAT64 -> viaAsarray.toDoubleArray();
                            case FLOAT32 -> viaAsarray.toFloatArray();
                            case INT64 -> viaAsarray.toLongArray();
                            case INT32 -> viaAsarray.toIntArray();
                            case BOOL -> viaAsarray.toBooleanArray();
                        };
                        got.put(key + " asarray/flat", flatBits(flat, new ArrayList<>()));
                        // the data really sits where it belongs: a tiled operation over it agrees with Java
                        if (dt == DType.INT64) {
                            long s = 0;
                            for (long b : expected(dt, shape)) {
                                s += b;
                            }
                            got.put(key + " sum", new long[]{(Long) typed.sum().item(), s});
                        }
                    }
                }
                return got;
            });
            assertEquals(shards, perShard.size());
            for (int s = 0; s < shards; s++) {
                Map<String, long[]> got = perShard.get(s);
                assertEquals(DType.values().length * SHAPES.length * 3 + SHAPES.length,
                        got.size(), "cases on shard " + s);
                for (Map.Entry<String, long[]> e : got.entrySet()) {
                    String key = e.getKey();
                    if (key.endsWith(" sum")) {
                        assertEquals(e.getValue()[1], e.getValue()[0], "shard " + s + " " + key);
                        continue;
                    }
                    DType dt = DType.valueOf(key.substring(0, key.indexOf('(')).toUpperCase(java.util.Locale.ROOT));
                    long[] shape = Arrays.stream(key.substring(key.indexOf('(') + 1, key.indexOf(')')).split(","))
                            .filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
                    assertArrayEquals(expected(dt, shape), e.getValue(), "shard " + s + "/" + shards + " " + key);
                }
            }
        } finally {
            if (old > 0) {
                JavaArrays.chunkBytes(old);
            }
        }
    }

    /** Zero-length dimensions: the Java type gives the rank, lengths give the shape, and they come back as empty arrays. */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void zeroLengthDimensions(int shards) {
        List<List<String>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> r = new ArrayList<>();
            Object[] inputs = {new double[0], new double[2][0], new double[0][], new float[0][3], new long[3][2][0],
                    new int[2][0][], new boolean[1][1][1][0], new boolean[0]};
            for (Object in : inputs) {
                NdArray a = array(in);
                Object back = a.toArray();
                List<Long> shape = new ArrayList<>();
                assertEquals(0, flatBits(back, shape).length);
                assertSame(in.getClass(), back.getClass());
                r.add(a.dtype() + Shapes.str(a.shape()) + " back " + shape + " size " + a.size());
            }
            NdArray e = zeros(new long[]{2, 0}, DType.INT32);
            int[][] m = e.toArray(int[][].class);
            r.add(m.length + "x" + m[0].length + " " + e.sum(1).toArray(long[].class).length + " " + e.toIntArray().length);
            return r;
        });
        for (List<String> r : perShard) {
            assertEquals(List.of("float64(0,) back [0] size 0", "float64(2,0) back [2, 0] size 0",
                    "float64(0,0) back [0] size 0", "float32(0,0) back [0] size 0", "int64(3,2,0) back [3, 2, 0] size 0",
                    "int32(2,0,0) back [2, 0] size 0", "bool(1,1,1,0) back [1, 1, 1, 0] size 0", "bool(0,) back [0] size 0",
                    "2x0 2 0"), r);
        }
    }

    /** Java scalars are 0-d arrays, as {@code np.array(5.0)}; {@code toArray(scalar class)} gives them back. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void scalarsAreZeroDimensional() {
        List<Object> r = Cohort.run(new Cohort.Config().shards(3).minTileVolume(MIN_TILE), () -> {
            NdArray d = array(-0.0);
            NdArray f = array((Object) Float.intBitsToFloat(0x7fc00abc));
            NdArray l = array(Long.MIN_VALUE);
            NdArray i = array(7);
            NdArray b = array(true);
            List<Object> out = new ArrayList<>();
            for (NdArray a : List.of(d, f, l, i, b)) {
                out.add(a.dtype() + Shapes.str(a.shape()));
            }
            out.add(Double.doubleToRawLongBits(d.toArray(double.class)));
            out.add(Float.floatToRawIntBits(f.toArray(Float.class)));
            out.add(l.toArray(long.class));
            out.add(i.toArray(Integer.class));
            out.add(b.toArray(boolean.class));
            out.add(i.toArray(double.class));
            out.add(array(2.5, float32).toArray(float.class));
            out.add(array(5.0).add(array(new double[]{1, 2})).toArray(double[].class)[1]);
            return out;
        }).get(2);
        assertEquals(List.of("float64()", "float32()", "int64()", "int32()", "bool()",
                Double.doubleToRawLongBits(-0.0), 0x7fc00abc, Long.MIN_VALUE, 7, true, 7.0, 2.5f, 7.0), r);
    }

    /** {@code array(data, shape)} for each dtype: row-major data under a shape. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flatDataWithAShape() {
        List<String> r = Cohort.run(new Cohort.Config().shards(3).minTileVolume(MIN_TILE), () -> List.of(
                Arrays.deepToString(array(new float[]{1, 2, 3, 4, 5, 6}, 2, 3).toArray(float[][].class)),
                Arrays.deepToString(array(new long[]{1, 2, 3, 4, 5, 6}, 3, 1, 2).toArray(long[][][].class)),
                Arrays.deepToString(array(new int[]{9, 8, 7, 6}, 2, 2).toArray(int[][].class)),
                Arrays.deepToString(array(new boolean[]{true, false}, 1, 2).toArray(boolean[][].class)),
                String.valueOf(array(new int[]{4}, new long[0]).toArray()))).get(1);
        assertEquals(List.of("[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "[[[1, 2]], [[3, 4]], [[5, 6]]]", "[[9, 8], [7, 6]]",
                "[[true, false]]", "4"), r);
        message(ShapeMismatchException.class, "cannot reshape array of size 5 into shape (2,3)",
                () -> array(new int[]{1, 2, 3, 4, 5}, 2, 3));
        message(IllegalArgumentException.class, "negative dimensions are not allowed",
                () -> array(new long[]{1, 2}, -1, -2));
    }

    /** Converting on the way out: {@code toArray(Class)} and the flat accessors go through {@code astype}. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void outputConversions() {
        List<String> r = Cohort.run(new Cohort.Config().shards(3).minTileVolume(MIN_TILE), () -> {
            NdArray a = array(new double[][]{{1.5, -2.5}, {0.0, 3.0}});
            return List.of(
                    Arrays.deepToString(a.toArray(int[][].class)),
                    Arrays.deepToString(a.toArray(boolean[][].class)),
                    Arrays.toString(a.toIntArray()),
                    Arrays.toString(a.toBooleanArray()),
                    Arrays.toString(array(16777217L, -3L).toFloatArray()),
                    Arrays.toString(array(true, false).toFloatArray()));
        }).get(0);
        assertEquals(List.of("[[1, -2], [0, 3]]", "[[true, true], [false, true]]", "[1, -2, 0, 3]", "[true, true, false, true]",
                "[1.6777216E7, -3.0]", "[1.0, 0.0]"), r);
    }

    // ------------------------------------------------------------------ NumPy's references

    static JsonNode reference() throws IOException {
        try (InputStream in = JavaArraysTest.class.getResourceAsStream("/reference/java_arrays_reference.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    /** The ragged inputs of java_arrays_reference.py, as Java arrays. */
    static final Map<String, Object> RAGGED = Map.of(
            "r2", new double[][]{{1, 2}, {3}},
            "r2_empty_first", new double[][]{{}, {1}},
            "r3_depth1", new double[][][]{{{1, 2}, {3, 4}}, {{5, 6}}},
            "r3_depth2", new double[][][]{{{1, 2}, {3, 4}}, {{5, 6}, {7}}},
            "r3_both", new double[][][]{{{1, 2}, {3}}, {{5, 6}}},
            "r3_empty_leaf", new double[][][]{{{1}}, {{}}},
            "r4_depth3", new double[][][][]{{{{1, 2}}, {{3, 4}}}, {{{5, 6}}, {{7}}}});

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void raggedInputRaisesNumPysValueErrorText() throws IOException {
        JsonNode ragged = reference().get("ragged");
        assertEquals(RAGGED.size(), ragged.size());
        for (Iterator<String> it = ragged.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            Object data = RAGGED.get(name);
            String numpy = ragged.get(name).asText();
            message(ShapeMismatchException.class, numpy, () -> array(data));
            message(ShapeMismatchException.class, numpy, () -> npCall("array", data));
            message(ShapeMismatchException.class, numpy, () -> array(data, int32));
        }
        // the same wording for the other element types
        message(ShapeMismatchException.class, ragged.get("r2").asText(), () -> array(new boolean[][]{{true}, {}}));
        message(ShapeMismatchException.class, ragged.get("r3_depth2").asText(),
                () -> array(new int[][][]{{{1, 2}, {3, 4}}, {{5, 6}, {7}}}));
    }

    /** {@code np.array(x, dtype=...)} of typed input: NumPy's values (the conversions of {@code astype}). */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void dtypeArgumentConvertsAsNumPy(int shards) throws IOException {
        JsonNode conv = reference().get("conversions");
        Map<String, Object> in = new LinkedHashMap<>();
        in.put("f64_to_i32", new double[][]{{1.5, -2.7}, {-0.0, 2147483647.0}});
        in.put("f64_to_i64", new double[]{1.9, -1.9, 9007199254740993.0, -9.2e18});
        in.put("f64_to_bool", new double[]{0.0, -0.0, 1e-300, Double.NaN, Double.NEGATIVE_INFINITY});
        in.put("f64_to_f32", new double[]{0.1, 1e-40, 3.4e38, 1e39, -2.5});
        in.put("i64_to_i32", new long[]{(1L << 31) + 5, -(1L << 31) - 1, -1, 1L << 40});
        in.put("i64_to_f32", new long[][]{{(1L << 53) + 1, 16777217}, {-16777219, 3}});
        in.put("i64_to_f64", new long[]{(1L << 53) + 1, Long.MIN_VALUE});
        in.put("i32_to_bool", new int[][][]{{{0, 1}, {-7, 0}}});
        in.put("bool_to_f64", new boolean[]{true, false, true});
        in.put("f32_to_i64", new float[]{2.5f, -3.75f, 16777216f});
        assertEquals(in.size(), conv.size());
        List<Map<String, String>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            Map<String, String> got = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : in.entrySet()) {
                DType dt = DType.of(conv.get(e.getKey()).get("dtype").asText());
                NdArray a = array(e.getValue(), dt);
                NdArray b = asarray(e.getValue(), dt);
                assertEquals(Arrays.toString(a.toDoubleArray()), Arrays.toString(b.toDoubleArray()));
                got.put(e.getKey(), a.dtype() + Shapes.str(a.shape()) + " " + Arrays.toString(switch (dt) {
                    case FLOAT64 -> Arrays.stream(a.toDoubleArray()).boxed().toArray();
                    case FLOAT32 -> box(a.toFloatArray());
                    case INT64 -> Arrays.stream(a.toLongArray()).boxed().toArray();
                    case INT32 -> Arrays.stream(a.toIntArray()).boxed().toArray();
                    case BOOL -> box(a.toBooleanArray());
                }));
            }
            return got;
        });
        for (Map<String, String> got : perShard) {
            for (Map.Entry<String, Object> e : in.entrySet()) {
                JsonNode c = conv.get(e.getKey());
                DType dt = DType.of(c.get("dtype").asText());
                List<Object> want = new ArrayList<>();
                for (JsonNode v : c.get("values")) {
                    String t = v.asText().replace("inf", "Infinity");
                    want.add(switch (dt) {
                        case FLOAT64 -> Double.parseDouble(t);
                        case FLOAT32 -> Float.parseFloat(t);
                        case INT64 -> Long.parseLong(t);
                        case INT32 -> Integer.parseInt(t);
                        case BOOL -> t.equals("True");
                    });
                }
                long[] shape = new long[c.get("shape").size()];
                for (int i = 0; i < shape.length; i++) {
                    shape[i] = c.get("shape").get(i).asLong();
                }
                assertEquals(dt + Shapes.str(shape) + " " + want, got.get(e.getKey()), e.getKey());
            }
        }
    }

    private static Object[] box(float[] f) {
        Object[] o = new Object[f.length];
        for (int i = 0; i < f.length; i++) {
            o[i] = f[i];
        }
        return o;
    }

    private static Object[] box(boolean[] b) {
        Object[] o = new Object[b.length];
        for (int i = 0; i < b.length; i++) {
            o[i] = b[i];
        }
        return o;
    }

    // ------------------------------------------------------------------ errors and limits

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void badInputNamesWhatIsWrong() {
        message(IllegalArgumentException.class, "Cohort cannot make an array of a Java array with a null sub-array at index [1]",
                () -> array(new double[][]{{1}, null}));
        message(IllegalArgumentException.class, "Cohort cannot make an array of a Java array with a null sub-array at index [0][1]",
                () -> array(new long[][][]{{{1}, null}}));
        message(IllegalArgumentException.class, "Cohort cannot make an array of null (NumPy would make an object array)",
                () -> array((Object) null));
        for (Object bad : new Object[]{new short[]{1}, new Double[]{1.0}, "1.5", new Object[]{new double[]{1}}, 'c'}) {
            String m = thrown(DTypeException.class, () -> array(bad)).getMessage();
            assertTrue(m.startsWith("Cohort cannot make an array of a Java " + bad.getClass().getSimpleName() + ":"), m);
        }
        message(ShapeMismatchException.class, "cannot convert an array of shape (2,3) (2-d) to double[] (1-d)",
                () -> ones(2, 3).toArray(double[].class));
        message(ShapeMismatchException.class, "cannot convert an array of shape () (0-d) to long[] (1-d)",
                () -> array(3L).sum().toArray(long[].class));
        message(DTypeException.class, "cannot convert an array to short[]: expected a double, float, long, int or boolean "
                + "array class (or, for a 0-d array, a scalar class)", () -> ones(2).toArray(short[].class));
        message(DTypeException.class, "cannot convert an array to String: expected a double, float, long, int or boolean "
                + "array class (or, for a 0-d array, a scalar class)", () -> scalar(1).toArray(String.class));
    }

    /** Reading back is limited by Java arrays (and one instance): a clear error instead of an int overflow. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void tooLargeForJavaArrays() {
        // a budget of 1 TiB lets these (never touched) arrays be made: what fails is reading them back
        List<String> messages = Cohort.run(new Cohort.Config().sysmemMiB(1L << 20), () -> {
            List<String> m = new java.util.ArrayList<>();
            for (Runnable read : List.<Runnable>of(() -> zeros(2, 1 << 30).toArray(), () -> zeros(1L << 31).toDoubleArray())) {
                try {
                    read.run();
                    m.add("nothing raised");
                } catch (IllegalArgumentException e) {
                    m.add(e.getMessage());
                }
            }
            return m;
        }).get(0);
        assertEquals(List.of("array of shape (2,1073741824) has 2147483648 elements; a Java array "
                + "(and one instance) holds at most 2147483639", "array of shape (2147483648,) has 2147483648 elements; "
                + "a Java array (and one instance) holds at most 2147483639"), messages);
    }

    /**
     * Loads of more than one chunk with the default chunk size (8 MiB): 3 million doubles go in
     * 3 launches of at most 8 MiB, and every element lands in its place.
     */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void largerThanOneChunk(int shards) {
        int n = 3_000_000;
        double[][] data = new double[1000][n / 1000];
        for (int i = 0; i < 1000; i++) {
            for (int j = 0; j < n / 1000; j++) {
                data[i][j] = i * 3000.0 + j;
            }
        }
        List<double[]> r = Cohort.run(new Cohort.Config().shards(shards), () -> {
            NdArray a = array(data);
            NdArray idx = arange(n).reshape(1000, n / 1000).astype(float64);
            return new double[]{a.subtract(idx).abs().max().itemDouble(), a.sum().itemDouble(),
                    a.toArray(double[][].class)[999][2999]};
        });
        for (double[] x : r) {
            assertEquals(0.0, x[0]);
            assertEquals((double) n * (n - 1) / 2, x[1]);
            assertEquals(n - 1.0, x[2]);
        }
    }

    /**
     * Small views of a large array (one element, a strided slice, a reversed column, a transposed row) are read
     * through their bounding box in the store: the elements NumPy's indexing gives, on 1 and 3 shards, for a store
     * read whole before and after (a cached replicated copy) and after a write.
     */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void smallViewsOfALargeArrayReadTheirElements(int shards) {
        long rows = 400;
        long cols = 500;
        List<List<double[]>> r = Cohort.run(new Cohort.Config().shards(shards), () -> {
            NdArray a = arange(rows * cols).reshape(rows, cols).astype(float64);
            List<double[]> out = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                if (round == 1) {
                    a.toDoubleArray(); // caches a replicated copy of the whole store
                }
                if (round == 2) {
                    a.set("0, 0", 5.0); // a write drops it
                }
                out.add(new double[] {a.get(123, 456).itemDouble()});
                out.add(a.get("10:20:3, 7:40:11").toDoubleArray());
                out.add(a.get("::-1, 499").toDoubleArray());
                out.add(a.T().get(3).get("0:6").toDoubleArray());
                out.add(a.get("0:2, 0:2").toDoubleArray());
            }
            return out;
        });
        for (List<double[]> shard : r) {
            for (int round = 0; round < 3; round++) {
                int k = round * 5;
                assertArrayEquals(new double[] {123 * cols + 456}, shard.get(k));
                assertArrayEquals(new double[] {5007, 5018, 5029, 6507, 6518, 6529, 8007, 8018, 8029, 9507, 9518, 9529},
                        shard.get(k + 1));
                double[] column = shard.get(k + 2);
                assertEquals(rows, column.length);
                for (int i = 0; i < rows; i++) {
                    assertEquals((rows - 1 - i) * cols + 499, column[i], "round " + round + ", element " + i);
                }
                assertArrayEquals(new double[] {3, 503, 1003, 1503, 2003, 2503}, shard.get(k + 3));
                assertArrayEquals(new double[] {round == 2 ? 5 : 0, 1, 500, 501}, shard.get(k + 4));
            }
        }
    }

    /** {@code asarray} of an array is the array itself; {@code array} of an array is a copy. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void asarrayOfAnArrayIsTheArray() {
        List<String> r = Cohort.run(1, () -> {
            NdArray a = arange(4);
            NdArray same = asarray((Object) a);
            NdArray sameTyped = asarray(a, int64);
            NdArray conv = asarray(a, float32);
            NdArray copy = array((Object) a);
            copy.set("0", 100.0);
            return List.of(String.valueOf(same == a && sameTyped == a), conv.dtype().toString(), a.toString(), copy.toString());
        }).get(0);
        assertEquals(List.of("true", "float32", "array([0, 1, 2, 3])", "array([100,   1,   2,   3])"), r);
    }

    /** Loads in chunks smaller than a tile: each chunk's launch writes part of the store and keeps the chunks before it. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void smallChunksKeepEachOther(int shards) {
        int previous = JavaArrays.chunkBytes(64);
        try {
            double[] data = new double[100];
            for (int i = 0; i < data.length; i++) {
                data[i] = i + 0.5;
            }
            List<double[]> got = Cohort.run(new Cohort.Config().shards(shards).eagerMaxVolume(0),
                    () -> array(data).toDoubleArray());
            for (double[] g : got) {
                assertArrayEquals(data, g);
            }
        } finally {
            JavaArrays.chunkBytes(previous);
        }
    }

    /** The default chunk size is documented and can be set, but never below one element. */
    @Test
    void chunkSizeIsChecked() {
        assertEquals(8 << 20, JavaArrays.CHUNK_BYTES_DEFAULT);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> JavaArrays.chunkBytes(4));
        assertEquals("chunk bytes 4 must be at least 8 (one element)", e.getMessage());
        assertEquals(1 << 20, JavaArrays.chunkBytes(JavaArrays.chunkBytes(1 << 20)));
    }
}
