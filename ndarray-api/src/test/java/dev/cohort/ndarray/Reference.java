package dev.cohort.ndarray;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NumPy reference values of {@code reference/ndarray_reference.json} (written by
 * {@code tools/reference/ndarray_reference.py}), a tiny JSON reader for it, and the comparison of
 * a Cohort result with a reference case.
 */
final class Reference {
    private Reference() {
    }

    /** One NumPy case: shape, dtype name, flat values as strings (null: not compared), repr (null: not a printing case). */
    record Case(String name, long[] shape, String dtype, List<String> values, String repr) {
    }

    /** What a Cohort computation gave, read back inside the program that made it. */
    record Outcome(long[] shape, DType dtype, double[] doubles, long[] longs, String repr, Throwable error) {
        static Outcome of(NdArray a, boolean withRepr) {
            double[] d = a.dtype() == DType.INT64 || a.dtype() == DType.INT32 ? null : a.toDoubleArray();
            long[] l = d == null ? a.toLongArray() : null;
            return new Outcome(a.shape(), a.dtype(), d, l, withRepr ? a.toString() : null, null);
        }

        static Outcome failed(Throwable t) {
            return new Outcome(null, null, null, null, null, t);
        }
    }

    private static Map<String, Case> cases;

    static synchronized Map<String, Case> cases() {
        if (cases == null) {
            cases = load();
        }
        return cases;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Case> load() {
        String text;
        try (InputStream in = Reference.class.getResourceAsStream("/reference/ndarray_reference.json")) {
            if (in == null) {
                throw new IllegalStateException("reference/ndarray_reference.json is not on the test class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Object> root = (Map<String, Object>) new Json(text).parse();
        Map<String, Case> out = new LinkedHashMap<>();
        for (Object o : (List<Object>) root.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            List<Object> sh = (List<Object>) c.get("shape");
            long[] shape = new long[sh.size()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = ((Number) sh.get(i)).longValue();
            }
            List<String> values = null;
            if (c.get("values") != null) {
                values = new ArrayList<>();
                for (Object v : (List<Object>) c.get("values")) {
                    values.add((String) v);
                }
            }
            String name = (String) c.get("name");
            out.put(name, new Case(name, shape, (String) c.get("dtype"), values, (String) c.get("repr")));
        }
        return out;
    }

    // ------------------------------------------------------------------ comparison

    /** Relative tolerance for float64 results that are not expected to be bit-for-bit equal. */
    static final double RTOL64 = 1e-12;
    /** Relative tolerance for float32 results (NumPy's float32 kernels may differ from Java's by an ulp). */
    static final double RTOL32 = 1e-6;

    /**
     * Null when {@code got} matches {@code c}, else a description of the first difference. Shape,
     * dtype and repr must be equal; ints and bools exactly; floats bit-for-bit when {@code exact},
     * else within {@link #RTOL64} (float32: {@link #RTOL32}) relative.
     */
    static String mismatch(Case c, Outcome got, boolean exact) {
        if (got.error() != null) {
            return "threw " + got.error();
        }
        if (!Arrays.equals(c.shape(), got.shape())) {
            return "shape " + Shapes.str(got.shape()) + ", NumPy " + Shapes.str(c.shape());
        }
        if (!c.dtype().equals(got.dtype().numpyName())) {
            return "dtype " + got.dtype().numpyName() + ", NumPy " + c.dtype();
        }
        if (c.values() != null) {
            int n = c.values().size();
            int have = got.doubles() != null ? got.doubles().length : got.longs().length;
            if (have != n) {
                return "size " + have + ", NumPy " + n;
            }
            for (int i = 0; i < n; i++) {
                String want = c.values().get(i);
                String bad = switch (c.dtype()) {
                    case "bool" -> {
                        boolean w = want.equals("True");
                        boolean g = got.doubles()[i] != 0;
                        yield w == g ? null : (g ? "True" : "False");
                    }
                    case "int64", "int32" -> Long.parseLong(want) == got.longs()[i] ? null : Long.toString(got.longs()[i]);
                    default -> {
                        double w = parseDouble(want);
                        double g = got.doubles()[i];
                        double rtol = c.dtype().equals("float32") ? RTOL32 : RTOL64;
                        yield closeEnough(w, g, exact, rtol) ? null : Double.toString(g);
                    }
                };
                if (bad != null) {
                    return "element " + i + " is " + bad + ", NumPy " + want + (exact ? " (exact expected)" : "");
                }
            }
        }
        if (c.repr() != null && got.repr() != null && !c.repr().equals(got.repr())) {
            return "repr differs:\n--- Cohort\n" + got.repr() + "\n--- NumPy\n" + c.repr();
        }
        return null;
    }

    static boolean closeEnough(double want, double got, boolean exact, double rtol) {
        if (Double.isNaN(want) || Double.isNaN(got)) {
            return Double.isNaN(want) && Double.isNaN(got);
        }
        if (exact) {
            return want == got; // -0.0 == 0.0 on purpose: NumPy and Java may differ in the sign of a zero sum
        }
        if (want == got) {
            return true;
        }
        return Math.abs(want - got) <= rtol * Math.max(Math.abs(want), Math.abs(got));
    }

    static double parseDouble(String s) {
        return switch (s) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    // ------------------------------------------------------------------ a tiny JSON reader

    /** Objects (as LinkedHashMap), arrays (as List), strings, numbers (Long or Double), true/false/null. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object parse() {
            Object v = value();
            ws();
            if (i != s.length()) {
                throw error("trailing characters");
            }
            return v;
        }

        private Object value() {
            ws();
            if (i >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(i);
            switch (c) {
                case '{' -> {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (peek('}')) {
                        return m;
                    }
                    do {
                        ws();
                        String k = string();
                        ws();
                        expect(':');
                        m.put(k, value());
                        ws();
                    } while (peek(','));
                    expect('}');
                    return m;
                }
                case '[' -> {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (peek(']')) {
                        return l;
                    }
                    do {
                        l.add(value());
                        ws();
                    } while (peek(','));
                    expect(']');
                    return l;
                }
                case '"' -> {
                    return string();
                }
                default -> {
                    if (s.startsWith("true", i)) {
                        i += 4;
                        return Boolean.TRUE;
                    }
                    if (s.startsWith("false", i)) {
                        i += 5;
                        return Boolean.FALSE;
                    }
                    if (s.startsWith("null", i)) {
                        i += 4;
                        return null;
                    }
                    int st = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    String num = s.substring(st, i);
                    if (num.isEmpty()) {
                        throw error("unexpected character '" + c + "'");
                    }
                    return num.matches("-?\\d+") ? (Object) Long.parseLong(num) : (Object) Double.parseDouble(num);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> throw error("bad escape \\" + e);
                }
            }
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private boolean peek(char c) {
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private IllegalStateException error(String what) {
            return new IllegalStateException("JSON: " + what + " at offset " + i);
        }
    }
}
