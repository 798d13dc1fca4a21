package dev.cohort.ndarray;

import dev.cohort.runtime.ShardGroupException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NumPy differential suite of issue 15's element-wise family: every case of
 * {@code reference/ufuncs_api.json} (written by {@code tools/reference/ufuncs_api.py} with NumPy 2.4) called
 * through Np's (or NdArray's) public overload of that name, on 1 and on 3 shards with tiny tiles so the data
 * really splits: result shape, dtype and values (bit for bit except the libm functions, within 1e-12 / 1e-6
 * relative), {@code out=} returning {@code out}, and NumPy's errors (class and message) at the call. All cases of a
 * shard count run in one program, each in a try block, so an error case also shows that the next operations work.
 */
class UfuncsApiTest {

    /** One case from the JSON. */
    record Case(String name, String fn, List<Map<String, Object>> args, boolean method, String out, boolean exact,
                Reference.Case expected, String errorType, String errorMessage) {
    }

    /** What the call gave in the program. */
    record Got(Reference.Outcome outcome, Boolean bool, boolean outReturned, Throwable error) {
    }

    private static List<Case> cases;
    /** The input arrays the cases refer to by index. */
    private static List<Map<String, Object>> inputs;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void load() throws IOException {
        String text;
        try (InputStream in = UfuncsApiTest.class.getResourceAsStream("/reference/ufuncs_api.json")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, Object> root = (Map<String, Object>) new Reference.Json(text).parse();
        cases = new ArrayList<>();
        inputs = new ArrayList<>();
        for (Object o : (List<Object>) root.get("inputs")) {
            inputs.add((Map<String, Object>) o);
        }
        for (Object o : (List<Object>) root.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            List<Map<String, Object>> args = new ArrayList<>();
            for (Object a : (List<Object>) c.get("args")) {
                args.add((Map<String, Object>) a);
            }
            Reference.Case exp = null;
            String et = null;
            String em = null;
            if (c.get("error") != null) {
                Map<String, Object> e = (Map<String, Object>) c.get("error");
                et = (String) e.get("type");
                em = (String) e.get("message");
            } else {
                List<String> vals = new ArrayList<>();
                for (Object v : (List<Object>) c.get("values")) {
                    vals.add((String) v);
                }
                exp = new Reference.Case((String) c.get("name"), longs((List<Object>) c.get("shape")), (String) c.get("dtype"), vals, null);
            }
            cases.add(new Case((String) c.get("name"), (String) c.get("fn"), args, Boolean.TRUE.equals(c.get("method")),
                    (String) c.get("out"), Boolean.TRUE.equals(c.get("exact")), exp, et, em));
        }
    }

    private static long[] longs(List<Object> l) {
        long[] r = new long[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = ((Number) l.get(i)).longValue();
        }
        return r;
    }

    @Test
    void referenceCoversEveryFunctionOfTheFamilyAndEveryDtype() {
        java.util.Set<String> fns = new java.util.TreeSet<>();
        for (Case c : cases) {
            fns.add(c.fn().split("#")[0]);
        }
        for (String f : new String[]{"floor", "ceil", "trunc", "rint", "round", "around", "sign", "log10", "log2", "exp2", "expm1",
                "log1p", "sinh", "cosh", "tan", "arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "cbrt", "erf",
                "deg2rad", "radians", "rad2deg", "degrees", "isnan", "isinf", "isfinite", "signbit", "invert", "bitwise_not",
                "positive", "reciprocal", "absolute", "floor_divide", "remainder", "mod", "fmod", "arctan2", "hypot", "fmax",
                "fmin", "copysign", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
                "true_divide", "allclose", "isclose", "array_equal", "array_equiv", "nan_to_num", "full", "fabs", "float_power",
                "logaddexp", "logaddexp2", "isposinf", "isneginf", "conjugate", "conj", "real", "imag", "angle", "real_if_close",
                "iscomplex", "isreal", "iscomplexobj", "isrealobj", "modf", "frexp", "ldexp"}) {
            assertTrue(fns.contains(f), "no reference case for " + f);
            for (String dt : new String[]{"float64", "float32", "int64", "int32", "bool"}) {
                if (!f.equals("full") && !f.startsWith("array_") && !f.endsWith("close") && !f.startsWith("logaddexp")) {
                    assertTrue(cases.stream().anyMatch(c -> c.fn().split("#")[0].equals(f) && c.name().contains(dt)), f + " has no " + dt + " case");
                }
            }
        }
        assertTrue(cases.size() > 1000, "cases: " + cases.size());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void scalarsIndicesAndRealParts() {
        Cohort.run(new Cohort.Config().shards(2).minTileVolume(2), () -> {
            NdArray x = Np.arange(6);
            assertTrue(Np.isscalar(1.5) && Np.isscalar(3L) && Np.isscalar(true) && Np.isscalar("a"));
            assertTrue(!Np.isscalar(x) && !Np.isscalar(Np.array(new double[]{1}, new long[0])) && !Np.isscalar(null));
            assertTrue(Np.real(x) == x && Np.real_if_close(x) == x, "numpy.real of a real array is the array itself");
            // NumPy 2: a float is not an index, whatever its value
            for (Object bad : new Object[]{1.0, 2.5f}) {
                NdIndexException e = org.junit.jupiter.api.Assertions.assertThrows(NdIndexException.class, () -> x.get(bad));
                assertEquals("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean "
                        + "arrays are valid indices", e.getMessage());
            }
            assertEquals(4L, ((Number) x.get(4).item()).longValue());     // int and long indices still work
            assertEquals(5L, ((Number) x.get(-1L).item()).longValue());
            return null;
        });
    }

    /** {@code np.square} of bool is an integer 0 or 1 (NumPy's int8; Cohort's smallest integer is int32), eager and launched. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void squareOfBoolIsItsIntegerValue() {
        Cohort.run(new Cohort.Config().shards(2).minTileVolume(4), () -> {
            for (int n : new int[] {3, 50}) {
                NdArray b = Np.arange(n).remainder(3L).equal(1L);
                NdArray sq = Np.square(b);
                assertEquals(DType.INT32, sq.dtype());
                for (int i = 0; i < n; i++) {
                    assertEquals(i % 3 == 1 ? 1L : 0L, ((Number) sq.get(i).item()).longValue(), "square(b)[" + i + "]");
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void everyCaseMatchesNumPy(int shards) {
        List<List<Got>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            List<Got> got = new ArrayList<>();
            for (Case c : cases) {
                got.add(call(c));
            }
            return got;
        });
        List<String> bad = new ArrayList<>();
        for (int s = 0; s < perShard.size(); s++) {
            List<Got> got = perShard.get(s);
            for (int i = 0; i < cases.size(); i++) {
                String m = mismatch(cases.get(i), got.get(i));
                if (m != null) {
                    bad.add("shard " + s + " " + cases.get(i).name() + ": " + m);
                }
            }
        }
        assertEquals(List.of(), bad.size() > 40 ? bad.subList(0, 40) : bad, bad.size() + " of " + cases.size() * shards + " mismatches");
    }

    static Got call(Case c) {
        NdArray outArr = null;
        try {
            List<Object> values = new ArrayList<>();
            List<Class<?>> types = new ArrayList<>();
            List<long[]> shapes = new ArrayList<>();
            for (Map<String, Object> a : c.args()) {
                Object v = arg(a);
                values.add(v);
                types.add(kind(a));
                if (v instanceof NdArray n) {
                    shapes.add(n.shape());
                }
            }
            if (c.out() != null) {
                outArr = Np.empty(Shapes.broadcast(shapes.toArray(new long[0][])), DType.of(c.out()));
                values.add(outArr);
                types.add(NdArray.class);
            }
            Object r;
            if (c.method()) {
                Method m = NdArray.class.getMethod(c.fn(), types.subList(1, types.size()).toArray(new Class<?>[0]));
                r = m.invoke(values.get(0), values.subList(1, values.size()).toArray());
            } else if (c.fn().contains("#")) {           // one result of a function returning several (modf, frexp)
                String[] fk = c.fn().split("#");
                r = ((NdArray[]) find(fk[0], types).invoke(null, values.toArray()))[Integer.parseInt(fk[1])];
            } else {
                r = find(c.fn(), types).invoke(null, values.toArray());
            }
            if (r instanceof Boolean b) {
                return new Got(null, b, false, null);
            }
            NdArray n = (NdArray) r;
            return new Got(Reference.Outcome.of(n, false), null, outArr != null && n == outArr, null);
        } catch (InvocationTargetException e) {
            return new Got(null, null, false, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(c.name() + ": no public overload " + c.fn() + " for " + c.args(), e);
        }
    }

    /** The public static Np method {@code name} taking {@code types} (a null-valued arg matches a boxed parameter). */
    private static Method find(String name, List<Class<?>> types) throws NoSuchMethodException {
        try {
            return Np.class.getMethod(name, types.toArray(new Class<?>[0]));
        } catch (NoSuchMethodException e) {
            for (Method m : Np.class.getMethods()) {
                if (!m.getName().equals(name) || m.getParameterCount() != types.size()) {
                    continue;
                }
                boolean ok = true;
                for (int i = 0; i < types.size() && ok; i++) {
                    Class<?> p = m.getParameterTypes()[i];
                    Class<?> t = types.get(i);
                    ok = p == t || t == Void.class && !p.isPrimitive() || t == double.class && p == Double.class;
                }
                if (ok) {
                    return m;
                }
            }
            throw e;
        }
    }

    private static Class<?> kind(Map<String, Object> a) {
        String k = a.keySet().iterator().next();
        return switch (k) {
            case "array" -> NdArray.class;
            case "long" -> long.class;
            case "double" -> double.class;
            case "bool" -> boolean.class;
            case "int" -> int.class;
            case "shape" -> long[].class;
            case "dtype" -> DType.class;
            case "null" -> Void.class;
            default -> throw new IllegalStateException("arg kind " + k);
        };
    }

    @SuppressWarnings("unchecked")
    private static Object arg(Map<String, Object> a) {
        String k = a.keySet().iterator().next();
        Object v = a.get(k);
        return switch (k) {
            case "array" -> array(inputs.get(((Number) v).intValue()));
            case "long" -> ((Number) v).longValue();
            case "double" -> Reference.parseDouble((String) v);
            case "bool" -> (Boolean) v;
            case "int" -> ((Number) v).intValue();
            case "shape" -> longs((List<Object>) v);
            case "dtype" -> DType.of((String) v);
            case "null" -> null;
            default -> throw new IllegalStateException("arg kind " + k);
        };
    }

    @SuppressWarnings("unchecked")
    private static NdArray array(Map<String, Object> spec) {
        long[] shape = longs((List<Object>) spec.get("shape"));
        List<Object> vals = (List<Object>) spec.get("values");
        int n = vals.size();
        return switch ((String) spec.get("dtype")) {
            case "float64" -> {
                double[] d = new double[n];
                for (int i = 0; i < n; i++) {
                    d[i] = Reference.parseDouble((String) vals.get(i));
                }
                yield Np.array(d, shape);
            }
            case "float32" -> {
                float[] d = new float[n];
                for (int i = 0; i < n; i++) {
                    d[i] = (float) Reference.parseDouble((String) vals.get(i));
                }
                yield Np.array(d, shape);
            }
            case "int64" -> {
                long[] d = new long[n];
                for (int i = 0; i < n; i++) {
                    d[i] = Long.parseLong((String) vals.get(i));
                }
                yield Np.array(d, shape);
            }
            case "int32" -> {
                int[] d = new int[n];
                for (int i = 0; i < n; i++) {
                    d[i] = Integer.parseInt((String) vals.get(i));
                }
                yield Np.array(d, shape);
            }
            case "bool" -> {
                boolean[] d = new boolean[n];
                for (int i = 0; i < n; i++) {
                    d[i] = vals.get(i).equals("True");
                }
                yield Np.array(d, shape);
            }
            default -> throw new IllegalStateException("dtype " + spec.get("dtype"));
        };
    }

    static String mismatch(Case c, Got g) {
        if (c.errorType() != null) {
            if (g.error() == null) {
                return "no error, NumPy " + c.errorType() + ": " + c.errorMessage();
            }
            Throwable t = g.error();
            boolean cls = switch (c.errorType()) {
                case "TypeError", "UFuncTypeError" -> t instanceof DTypeException;
                case "OverflowError" -> t instanceof OverflowException;
                case "ValueError" -> t instanceof IllegalArgumentException && !(t instanceof DTypeException);
                case "IndexError" -> t instanceof NdIndexException;
                default -> false;
            };
            if (!cls || t.getMessage() == null || !c.errorMessage().strip().equals(t.getMessage().strip())) { // NumPy's broadcast error ends in a space
                return "threw " + t + ", NumPy " + c.errorType() + ": " + c.errorMessage();
            }
            return null;
        }
        if (g.error() != null) {
            Throwable t = g.error();
            while (t instanceof ShardGroupException && t.getCause() != null) {
                t = t.getCause();
            }
            return "threw " + t;
        }
        if (c.expected().dtype().equals("pybool")) {
            boolean want = c.expected().values().get(0).equals("True");
            return g.bool() != null && g.bool() == want ? null : "got " + g.bool() + ", NumPy " + want;
        }
        if (g.outcome() == null) {
            return "got a boolean, NumPy an array";
        }
        if (c.out() != null && !g.outReturned()) {
            return "out= was not the array returned";
        }
        return Reference.mismatch(c.expected(), g.outcome(), c.exact());
    }
}
