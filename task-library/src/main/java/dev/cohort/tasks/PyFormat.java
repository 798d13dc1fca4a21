package dev.cohort.tasks;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Python's {@code %}-formatting of numbers, as NumPy's {@code savetxt} applies it to each row
 * ({@code row_fmt % tuple(row)}): a template of literal text and conversion specifications
 * {@code %[flags][width][.precision]type} with flags {@code - + space 0 #} and types
 * {@code d i u e E f F g G} ({@code %%} is a literal {@code %}).
 *
 * <p>Floating-point conversions round the exact binary value half-to-even, as CPython does (Java's
 * {@code Formatter} pads the shortest decimal with zeros instead, so {@code %.18e} of 0.1 would
 * differ); non-finite values print as {@code nan}, {@code inf}, {@code -inf}. {@code %d} of a
 * float truncates toward zero, as Python's {@code int()}.
 */
public final class PyFormat {
    private final List<Object> parts; // String literals and Spec conversions
    private final int conversions;
    private final String template;

    private record Spec(boolean left, boolean plus, boolean space, boolean zero, boolean alt, int width,
                        int precision, char type) {
    }

    private PyFormat(String template, List<Object> parts, int conversions) {
        this.template = template;
        this.parts = parts;
        this.conversions = conversions;
    }

    /** Parses {@code template}; IllegalArgumentException naming it when a specification is not supported. */
    public static PyFormat parse(String template) {
        List<Object> parts = new ArrayList<>();
        StringBuilder lit = new StringBuilder();
        int n = template.length();
        int count = 0;
        int i = 0;
        while (i < n) {
            char c = template.charAt(i);
            if (c != '%') {
                lit.append(c);
                i++;
                continue;
            }
            if (i + 1 < n && template.charAt(i + 1) == '%') {
                lit.append('%');
                i += 2;
                continue;
            }
            int start = i++;
            boolean left = false;
            boolean plus = false;
            boolean space = false;
            boolean zero = false;
            boolean alt = false;
            for (; i < n; i++) {
                char f = template.charAt(i);
                if (f == '-') {
                    left = true;
                } else if (f == '+') {
                    plus = true;
                } else if (f == ' ') {
                    space = true;
                } else if (f == '0') {
                    zero = true;
                } else if (f == '#') {
                    alt = true;
                } else {
                    break;
                }
            }
            int width = 0;
            while (i < n && Character.isDigit(template.charAt(i))) {
                width = width * 10 + (template.charAt(i++) - '0');
            }
            int precision = -1;
            if (i < n && template.charAt(i) == '.') {
                i++;
                precision = 0;
                while (i < n && Character.isDigit(template.charAt(i))) {
                    precision = precision * 10 + (template.charAt(i++) - '0');
                }
            }
            if (i >= n || "diueEfFgG".indexOf(template.charAt(i)) < 0) {
                throw new IllegalArgumentException("unsupported format specification '"
                        + template.substring(start, Math.min(n, i + 1)) + "' in fmt '" + template
                        + "' (supported: %[flags][width][.precision] with d, i, u, e, E, f, F, g, G)");
            }
            if (!lit.isEmpty()) {
                parts.add(lit.toString());
                lit.setLength(0);
            }
            parts.add(new Spec(left, plus, space, zero, alt, width, precision, template.charAt(i)));
            count++;
            i++;
        }
        if (!lit.isEmpty()) {
            parts.add(lit.toString());
        }
        return new PyFormat(template, parts, count);
    }

    /** The number of conversion specifications (values one row needs). */
    public int conversions() {
        return conversions;
    }

    public String template() {
        return template;
    }

    /**
     * Appends the row: value {@code k} ({@code doubles[k]} when {@code floating}, else {@code longs[k]})
     * goes through conversion {@code k}.
     *
     * @throws IllegalArgumentException for {@code %d} of a NaN or infinity (Python's ValueError / OverflowError)
     */
    public void format(StringBuilder out, boolean floating, double[] doubles, long[] longs) {
        int k = 0;
        for (Object p : parts) {
            if (p instanceof String s) {
                out.append(s);
            } else {
                Spec sp = (Spec) p;
                if (floating) {
                    formatDouble(out, sp, doubles[k]);
                } else {
                    formatLong(out, sp, longs[k]);
                }
                k++;
            }
        }
    }

    private static void formatLong(StringBuilder out, Spec sp, long v) {
        if (isInteger(sp.type)) {
            integer(out, sp, v < 0, BigInteger.valueOf(v).abs().toString());
        } else {
            formatDouble(out, sp, (double) v);
        }
    }

    private static boolean isInteger(char t) {
        return t == 'd' || t == 'i' || t == 'u';
    }

    private static void formatDouble(StringBuilder out, Spec sp, double v) {
        if (isInteger(sp.type)) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("cannot convert float NaN to integer");
            }
            if (Double.isInfinite(v)) {
                throw new IllegalArgumentException("cannot convert float infinity to integer");
            }
            BigInteger t = new BigDecimal(v).toBigInteger();
            integer(out, sp, t.signum() < 0, t.abs().toString());
            return;
        }
        boolean neg = (Double.doubleToRawLongBits(v) < 0) && !Double.isNaN(v);
        boolean upper = Character.isUpperCase(sp.type);
        if (!Double.isFinite(v)) {
            String body = Double.isNaN(v) ? "nan" : "inf";
            // CPython zero-pads these too ('%05f' % inf == '00inf')
            pad(out, sp, sign(sp, neg), upper ? body.toUpperCase(java.util.Locale.ROOT) : body);
            return;
        }
        BigDecimal a = new BigDecimal(v).abs();
        int prec = sp.precision < 0 ? 6 : sp.precision;
        String body = switch (Character.toLowerCase(sp.type)) {
            case 'e' -> exp(a, prec, sp.alt);
            case 'f' -> fixed(a, prec, sp.alt);
            default -> general(a, prec, sp.alt);
        };
        pad(out, sp, sign(sp, neg), upper ? body.toUpperCase(java.util.Locale.ROOT) : body);
    }

    private static void integer(StringBuilder out, Spec sp, boolean neg, String digits) {
        if (sp.precision > digits.length()) {
            digits = "0".repeat(sp.precision - digits.length()) + digits;
        }
        pad(out, sp, sign(sp, neg), digits);
    }

    private static String sign(Spec sp, boolean neg) {
        return neg ? "-" : sp.plus ? "+" : sp.space ? " " : "";
    }

    private static void pad(StringBuilder out, Spec sp, String sign, String body) {
        int fill = sp.width - sign.length() - body.length();
        if (fill <= 0) {
            out.append(sign).append(body);
        } else if (sp.left) {
            out.append(sign).append(body).append(" ".repeat(fill));
        } else if (sp.zero) {
            out.append(sign).append("0".repeat(fill)).append(body);
        } else {
            out.append(" ".repeat(fill)).append(sign).append(body);
        }
    }

    /** {@code d.ddde±XX} of a non-negative value, {@code prec} digits after the point. */
    private static String exp(BigDecimal a, int prec, boolean alt) {
        String digits;
        int exponent;
        if (a.signum() == 0) {
            digits = "0".repeat(prec + 1);
            exponent = 0;
        } else {
            BigDecimal r = a.round(new MathContext(prec + 1, RoundingMode.HALF_EVEN));
            String u = r.unscaledValue().toString();
            exponent = u.length() - 1 - r.scale();
            digits = u.length() >= prec + 1 ? u.substring(0, prec + 1) : u + "0".repeat(prec + 1 - u.length());
        }
        StringBuilder s = new StringBuilder();
        s.append(digits.charAt(0));
        if (prec > 0 || alt) {
            s.append('.');
        }
        s.append(digits, 1, digits.length());
        s.append('e').append(exponent < 0 ? '-' : '+');
        int e = Math.abs(exponent);
        if (e < 10) {
            s.append('0');
        }
        s.append(e);
        return s.toString();
    }

    private static String fixed(BigDecimal a, int prec, boolean alt) {
        String s = a.setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
        return prec == 0 && alt ? s + "." : s;
    }

    private static String general(BigDecimal a, int prec, boolean alt) {
        int p = prec == 0 ? 1 : prec;
        int exponent;
        if (a.signum() == 0) {
            exponent = 0;
        } else {
            BigDecimal r = a.round(new MathContext(p, RoundingMode.HALF_EVEN));
            exponent = r.precision() - 1 - r.scale();
        }
        String s = exponent >= -4 && exponent < p ? fixed(a, p - 1 - exponent, alt) : exp(a, p - 1, alt);
        if (alt) {
            return s;
        }
        int e = s.indexOf('e');
        String mant = e < 0 ? s : s.substring(0, e);
        String tail = e < 0 ? "" : s.substring(e);
        if (mant.indexOf('.') >= 0) {
            int end = mant.length();
            while (mant.charAt(end - 1) == '0') {
                end--;
            }
            if (mant.charAt(end - 1) == '.') {
                end--;
            }
            mant = mant.substring(0, end);
        }
        return mant + tail;
    }
}
