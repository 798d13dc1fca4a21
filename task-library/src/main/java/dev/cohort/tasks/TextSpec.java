package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a delimited text file is read (NumPy {@code loadtxt} and {@code genfromtxt}): which lines are
 * data, how a data line splits into fields, and how a field becomes a number.
 *
 * <ul>
 *   <li>The first {@code skipLines} physical lines are skipped (comments included), NumPy's
 *       {@code skiprows} / {@code skip_header}.</li>
 *   <li>Everything from the first occurrence of any of {@code comments} to the end of the line is
 *       dropped; a line that is then blank is not data.</li>
 *   <li>{@code delimiter == null}: fields are separated by runs of whitespace (NumPy's
 *       {@code delimiter=None}); otherwise by the delimiter string, parsed with Apache Commons CSV
 *       (no quoting), each field stripped of surrounding whitespace.</li>
 *   <li>{@code usecols}: the columns kept, in that order (negative counts from the end), or null for all.</li>
 *   <li>{@code genfromtxt}: empty or unparsable fields become {@code fill} (raw bits of {@code type})
 *       instead of an error.</li>
 * </ul>
 */
public record TextSpec(String path, boolean genfromtxt, String delimiter, String[] comments, long skipLines,
                       int[] usecols, FieldType type, long fill) {

    /** Error kinds reported by the text tasks (in the low 4 bits of an error key). */
    public static final int ERR_CONVERT = 1;
    public static final int ERR_COLUMNS = 2;
    public static final int ERR_USECOLS = 3;
    public static final int ERR_IO = 4;

    /** An error key: ordered by row, then column, so a MIN reduction finds the first error of a file. */
    public static long errorKey(long row, int column, int kind) {
        return (row << 24) | ((long) Math.min(column, (1 << 20) - 1) << 4) | kind;
    }

    public static long errorRow(long key) {
        return key >>> 24;
    }

    public static int errorColumn(long key) {
        return (int) ((key >>> 4) & ((1 << 20) - 1));
    }

    public static int errorKind(long key) {
        return (int) (key & 15);
    }

    /**
     * The data part of a physical line (comments removed), or null when the line holds no data:
     * NumPy's rules, which differ by function and delimiter. With whitespace as delimiter a line of
     * only whitespace is not data; {@code loadtxt} with a delimiter skips only lines that are empty
     * (a line of spaces is one empty field); {@code genfromtxt} with a delimiter skips lines that are
     * empty once spaces (not tabs) are stripped.
     */
    public String content(String line) {
        int cut = line.length();
        if (comments != null) {
            for (String c : comments) {
                int at = line.indexOf(c);
                if (at >= 0 && at < cut) {
                    cut = at;
                }
            }
        }
        String c = cut == line.length() ? line : line.substring(0, cut);
        if (delimiter == null) {
            for (int i = 0; i < c.length(); i++) {
                if (!Character.isWhitespace(c.charAt(i))) {
                    return c;
                }
            }
            return null;
        }
        if (!genfromtxt) {
            return c.isEmpty() ? null : c;
        }
        for (int i = 0; i < c.length(); i++) {
            if (c.charAt(i) != ' ') {
                return c;
            }
        }
        return null;
    }

    /** The fields of one data line ({@link #content} not null). */
    public List<String> split(String content) {
        if (delimiter == null) {
            return splitWhitespace(content);
        }
        return splitAll(List.of(content)).get(0);
    }

    /** The fields of many data lines at once (one Commons CSV parser for all of them). */
    public List<List<String>> splitAll(List<String> contents) {
        List<List<String>> rows = new ArrayList<>(contents.size());
        if (delimiter == null) {
            for (String c : contents) {
                rows.add(splitWhitespace(c));
            }
            return rows;
        }
        StringBuilder sb = new StringBuilder();
        for (String c : contents) {
            sb.append(c).append('\n');
        }
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setDelimiter(delimiter)
                .setQuote(null)
                .setEscape(null)
                .setCommentMarker(null)
                .setIgnoreEmptyLines(false)
                .setIgnoreSurroundingSpaces(true)
                .setTrim(true)
                .setRecordSeparator("\n")
                .build();
        try (CSVParser p = CSVParser.parse(new StringReader(sb.toString()), format)) {
            for (CSVRecord r : p) {
                rows.add(r.toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (rows.size() != contents.size()) {
            throw new IllegalStateException("CSV parser gave " + rows.size() + " records for " + contents.size() + " lines");
        }
        return rows;
    }

    private static List<String> splitWhitespace(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(s.substring(start, i));
            }
        }
        return out;
    }

    /** The column index {@code usecols[j]} resolves to in a row of {@code n} fields, or -1 when out of range. */
    public static int resolve(int col, int n) {
        int c = col < 0 ? col + n : col;
        return c >= 0 && c < n ? c : -1;
    }

    /** The number of output columns for a file whose first data row has {@code firstRowFields} fields. */
    public int outputColumns(int firstRowFields) {
        return usecols != null ? usecols.length : firstRowFields;
    }

    /**
     * The raw bits of {@code field} as {@link #type}, or null when it does not parse (NumPy's
     * float and int rules: {@code nan}, {@code inf}, {@code infinity} in any case with an optional
     * sign; decimal and exponent notation; no hexadecimal, no Java suffixes such as {@code 1d}).
     */
    public Long parse(String field) {
        String f = field.strip();
        switch (type) {
            case FLOAT64, FLOAT32 -> {
                Double d = parseFloat(f);
                return d == null ? null : type.bitsOf(d);
            }
            case INT64, INT32 -> {
                Long v = parseInt(f);
                if (v == null || (type == FieldType.INT32 && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE))) {
                    return null;
                }
                return type.bitsOf(v);
            }
            case BOOL -> {
                Long v = parseInt(f);
                return v == null ? null : (v != 0 ? 1L : 0L);
            }
            default -> throw new IllegalStateException("unexpected type " + type);
        }
    }

    static Double parseFloat(String f) {
        if (f.isEmpty()) {
            return null;
        }
        int start = f.charAt(0) == '+' || f.charAt(0) == '-' ? 1 : 0;
        boolean neg = f.charAt(0) == '-';
        char first = start < f.length() ? f.charAt(start) : ' ';
        if (first == 'n' || first == 'N' || first == 'i' || first == 'I') {
            switch (f.substring(start).toLowerCase(Locale.ROOT)) {
                case "nan" -> {
                    return Double.NaN;
                }
                case "inf", "infinity" -> {
                    return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                }
                default -> {
                    return null;
                }
            }
        }
        boolean digit = false;
        for (int i = start; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-') {
                return null;
            }
        }
        if (!digit) {
            return null;
        }
        try {
            return Double.parseDouble(f);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Long parseInt(String f) {
        if (f.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(f.charAt(0) == '+' ? f.substring(1) : f);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Encodes this spec into a launch's scalars. */
    void write(ArgCodec.Writer w) {
        str(w, path);
        w.i32(genfromtxt ? 1 : 0);
        str(w, delimiter);
        w.i32(comments == null ? -1 : comments.length);
        if (comments != null) {
            for (String c : comments) {
                str(w, c);
            }
        }
        w.i64(skipLines);
        w.i32(usecols == null ? 0 : 1);
        w.ints(usecols == null ? new int[0] : usecols);
        w.type(type);
        w.i64(fill);
    }

    static TextSpec read(ArgCodec.Reader r) {
        String path = str(r);
        boolean gen = r.i32() != 0;
        String delimiter = str(r);
        int nc = r.i32();
        String[] comments = null;
        if (nc >= 0) {
            comments = new String[nc];
            for (int i = 0; i < nc; i++) {
                comments[i] = str(r);
            }
        }
        long skip = r.i64();
        boolean hasCols = r.i32() != 0;
        int[] cols = r.ints();
        FieldType type = r.type();
        long fill = r.i64();
        return new TextSpec(path, gen, delimiter, comments, skip, hasCols ? cols : null, type, fill);
    }

    /** A nullable string as its code points (-1 length for null). */
    static void str(ArgCodec.Writer w, String s) {
        if (s == null) {
            w.i32(-1);
            return;
        }
        w.i32(0);
        w.ints(s.codePoints().toArray());
    }

    static String str(ArgCodec.Reader r) {
        if (r.i32() < 0) {
            return null;
        }
        int[] cp = r.ints();
        return new String(cp, 0, cp.length);
    }
}
