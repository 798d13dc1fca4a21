package dev.cohort.ndarray;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * NumPy's array printing ({@code numpy.array_repr} with the default print options: precision 8,
 * threshold 1000, edgeitems 3, linewidth 75): common width per array, floats aligned on the
 * decimal point, scientific notation for very large or small magnitudes, summarisation with
 * {@code ...} for large arrays.
 */
final class Printer {
    static final int PRECISION = 8;
    static final int THRESHOLD = 1000;
    static final int EDGE_ITEMS = 3;
    static final int LINE_WIDTH = 75;

    private Printer() {
    }

    static String repr(NdArray a, Elements e) {
        long[] shape = a.shape;
        String prefix = "array(";
        if (a.size() == 0) {
            return withExtras(a, prefix, "[]");
        }
        boolean summarise = a.size() > THRESHOLD;
        List<Integer> shown = new ArrayList<>();
        collect(shape, 0, 0, summarise, shown);
        String[] text = format(e, shown);
        int width = 0;
        for (String s : text) {
            width = Math.max(width, s.length());
        }
        String[] padded = new String[e.size];
        for (int i = 0; i < shown.size(); i++) {
            padded[shown.get(i)] = " ".repeat(width - text[i].length()) + text[i];
        }
        if (shape.length == 0) {
            return withExtras(a, prefix, padded[0]);
        }
        StringBuilder b = new StringBuilder();
        block(b, shape, 0, 0, padded, summarise, " ".repeat(prefix.length() + 1), prefix.length());
        return withExtras(a, prefix, b.toString());
    }

    /**
     * NumPy's {@code _array_repr_implementation}: {@code prefix + body}, then {@code shape=} (for
     * summarised arrays and empty arrays other than {@code (0,)}) and {@code dtype=} (unless implied:
     * float64, int64, bool; always for empty arrays), on a new line when the last line would pass
     * the line width.
     */
    private static String withExtras(NdArray a, String prefix, String body) {
        List<String> extras = new ArrayList<>();
        long size = a.size();
        if ((size == 0 && !(a.shape.length == 1 && a.shape[0] == 0)) || size > THRESHOLD) {
            extras.add("shape=" + pythonTuple(a.shape));
        }
        DType t = a.dtype();
        if (!(t == DType.FLOAT64 || t == DType.INT64 || t == DType.BOOL) || size == 0) {
            extras.add("dtype=" + t);
        }
        if (extras.isEmpty()) {
            return prefix + body + ")";
        }
        String arr = prefix + body + ",";
        String extra = String.join(", ", extras) + ")";
        int lastLine = arr.length() - (arr.lastIndexOf('\n') + 1);
        String spacer = lastLine + extra.length() + 1 > LINE_WIDTH ? "\n" + " ".repeat(prefix.length()) : " ";
        return arr + spacer + extra;
    }

    /** Python's tuple repr: {@code (2000,)}, {@code (100, 100)}. */
    private static String pythonTuple(long[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            b.append(i > 0 ? ", " : "").append(shape[i]);
        }
        return b.append(")").toString();
    }

    /** Flat indices of the elements that are printed, in order. */
    private static void collect(long[] shape, int d, long offset, boolean summarise, List<Integer> out) {
        if (d == shape.length) {
            out.add((int) offset);
            return;
        }
        long stride = 1;
        for (int k = d + 1; k < shape.length; k++) {
            stride *= shape[k];
        }
        for (long i : indices(shape[d], summarise)) {
            collect(shape, d + 1, offset + i * stride, summarise, out);
        }
    }

    private static List<Long> indices(long n, boolean summarise) {
        List<Long> l = new ArrayList<>();
        if (summarise && n > 2 * EDGE_ITEMS) {
            for (long i = 0; i < EDGE_ITEMS; i++) {
                l.add(i);
            }
            l.add(-1L);
            for (long i = n - EDGE_ITEMS; i < n; i++) {
                l.add(i);
            }
            l.remove(-1L);
            return l;
        }
        for (long i = 0; i < n; i++) {
            l.add(i);
        }
        return l;
    }

    private static void block(StringBuilder b, long[] shape, int d, long offset, String[] padded, boolean summarise,
                              String indent, int column) {
        long stride = 1;
        for (int k = d + 1; k < shape.length; k++) {
            stride *= shape[k];
        }
        long n = shape[d];
        boolean cut = summarise && n > 2 * EDGE_ITEMS;
        b.append('[');
        if (d == shape.length - 1) {
            int col = column + 1;
            boolean first = true;
            for (long i = 0; i < n; i++) {
                if (cut && i == EDGE_ITEMS) {
                    String s = "...";
                    col = place(b, s, first, col, indent);
                    first = false;
                    i = n - EDGE_ITEMS - 1;
                    continue;
                }
                col = place(b, padded[(int) (offset + i * stride)], first, col, indent);
                first = false;
            }
            b.append(']');
            return;
        }
        String sep = "," + "\n".repeat(shape.length - d - 1) + indent;
        for (long i = 0; i < n; i++) {
            if (i > 0) {
                b.append(sep);
            }
            if (cut && i == EDGE_ITEMS) {
                b.append("...");
                b.append(sep);
                i = n - EDGE_ITEMS;
            }
            block(b, shape, d + 1, offset + i * stride, padded, summarise, indent + " ", column + 1);
        }
        b.append(']');
    }

    /** Appends one element with NumPy's line wrapping; returns the new column. */
    private static int place(StringBuilder b, String s, boolean first, int col, String indent) {
        if (first) {
            b.append(s);
            return col + s.length();
        }
        if (col + 2 + s.length() + 1 > LINE_WIDTH) {
            b.append(",\n").append(indent).append(s);
            return indent.length() + s.length();
        }
        b.append(", ").append(s);
        return col + 2 + s.length();
    }

    private static String[] format(Elements e, List<Integer> shown) {
        String[] out = new String[shown.size()];
        switch (e.dtype) {
            case BOOL -> {
                for (int i = 0; i < out.length; i++) {
                    out[i] = ((Boolean) e.get(shown.get(i))) ? "True" : "False";
                }
            }
            case INT32, INT64 -> {
                for (int i = 0; i < out.length; i++) {
                    out[i] = e.get(shown.get(i)).toString();
                }
            }
            default -> formatFloats(e, shown, out);
        }
        return out;
    }

    private static void formatFloats(Elements e, List<Integer> shown, String[] out) {
        double maxAbs = 0;
        double minAbs = Double.POSITIVE_INFINITY;
        for (int idx : shown) {
            double v = e.getDouble(idx);
            if (Double.isFinite(v) && v != 0) {
                maxAbs = Math.max(maxAbs, Math.abs(v));
                minAbs = Math.min(minAbs, Math.abs(v));
            }
        }
        boolean exp = maxAbs >= 1e8 || (minAbs != Double.POSITIVE_INFINITY && (minAbs < 1e-4 || maxAbs / minAbs > 1e3));
        boolean single = e.dtype == DType.FLOAT32;
        String[] mant = new String[out.length];
        int frac = 0;
        for (int i = 0; i < out.length; i++) {
            double v = e.getDouble(shown.get(i));
            if (!Double.isFinite(v)) {
                mant[i] = Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
                continue;
            }
            mant[i] = exp ? sci(v, single) : plain(v, single);
            String m = exp ? mant[i].substring(0, mant[i].indexOf('e')) : mant[i];
            frac = Math.max(frac, m.length() - m.indexOf('.') - 1);
        }
        int expDigits = 2; // NumPy pads every exponent to the widest: 1.e+000 beside 1.e-300
        if (exp) {
            for (String s : mant) {
                int at = s.indexOf('e');
                if (at >= 0) {
                    expDigits = Math.max(expDigits, s.length() - at - 2);
                }
            }
        }
        for (int i = 0; i < out.length; i++) {
            String s = mant[i];
            if (s.indexOf('.') < 0) {
                out[i] = s; // nan, inf
                continue;
            }
            if (exp) {
                int at = s.indexOf('e');
                String m = s.substring(0, at);
                int f = m.length() - m.indexOf('.') - 1;
                String digits = s.substring(at + 2);
                out[i] = m + "0".repeat(frac - f) + s.substring(at, at + 2) + "0".repeat(expDigits - digits.length()) + digits;
            } else {
                int f = s.length() - s.indexOf('.') - 1;
                out[i] = s + " ".repeat(frac - f);
            }
        }
    }

    /**
     * Shortest round-trip digits (of the float32 value for float32 arrays), at most
     * {@link #PRECISION} after the point, as NumPy's dragon4 'maxprec': when more digits would be
     * needed, the exact binary value is rounded (half to even) to {@link #PRECISION} digits.
     */
    static String plain(double v, boolean single) {
        if (v == 0) {
            return (1 / v < 0 ? "-" : "") + "0.";
        }
        BigDecimal d = new BigDecimal(shortest(v, single));
        if (d.scale() > PRECISION) {
            d = new BigDecimal(v).setScale(PRECISION, RoundingMode.HALF_EVEN);
        }
        d = d.stripTrailingZeros();
        String s = d.scale() <= 0 ? d.setScale(0).toPlainString() + "." : d.toPlainString();
        return s;
    }

    static String plain(double v) {
        return plain(v, false);
    }

    /** Scientific notation with the digits of {@link #plain(double, boolean)}: {@code 1.5e-05}. */
    static String sci(double v, boolean single) {
        if (v == 0) {
            return (1 / v < 0 ? "-" : "") + "0.e+00";
        }
        BigDecimal d = new BigDecimal(shortest(v, single)).stripTrailingZeros();
        int exp = d.precision() - d.scale() - 1;
        BigDecimal m = d.movePointLeft(exp);
        if (m.scale() > PRECISION) {
            m = new BigDecimal(v).movePointLeft(exp).setScale(PRECISION, RoundingMode.HALF_EVEN).stripTrailingZeros();
            if (m.abs().compareTo(BigDecimal.TEN) >= 0) { // 9.999999999e5 rounds to 1.e+06
                m = m.movePointLeft(1).stripTrailingZeros();
                exp++;
            }
        }
        String ms = m.scale() <= 0 ? m.setScale(0).toPlainString() + "." : m.toPlainString();
        String es = (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        return ms + "e" + es;
    }

    static String sci(double v) {
        return sci(v, false);
    }

    private static String shortest(double v, boolean single) {
        return single ? Float.toString((float) v) : Double.toString(v);
    }
}
