package dev.cohort.ndarray;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The header of a NumPy {@code .npy} file (NumPy's {@code numpy.lib.format}, versions 1.0, 2.0
 * and 3.0): the magic string {@code \x93NUMPY}, the version, the header length (2 bytes little-endian
 * in 1.0, 4 bytes in 2.0 and 3.0), and a Python dict literal {@code {'descr': '<f8',
 * 'fortran_order': False, 'shape': (3, 4), }} padded with spaces and a newline so that the data
 * starts at a multiple of 64 bytes. Version 3.0 only allows UTF-8 in the header.
 *
 * @param dtype      the element type
 * @param order      the elements' byte order ({@code '<'} little, {@code '>'} big; {@code '|'} for one byte)
 * @param fortran    column-major data ({@code fortran_order: True})
 * @param shape      the array's shape (empty for 0-d)
 * @param dataOffset the byte offset of the first element (the length of magic, version, length and header)
 */
record NpyHeader(DType dtype, ByteOrder order, boolean fortran, long[] shape, long dataOffset) {
    static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** NumPy's {@code ARRAY_ALIGN}. */
    private static final int ALIGN = 64;
    /** NumPy's {@code GROWTH_AXIS_MAX_DIGITS}: spare room so that the growth axis can be rewritten in place. */
    private static final int GROWTH_DIGITS = 21;

    /** Bytes of data the header describes. */
    long dataBytes() {
        return Shapes.volume(shape) * dtype.fieldType().size();
    }

    /** The descr string, e.g. {@code <f8}, {@code |b1}. */
    static String descr(DType dtype, ByteOrder order) {
        return switch (dtype) {
            case BOOL -> "|b1";
            case FLOAT64 -> (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "f8";
            case FLOAT32 -> (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "f4";
            case INT64 -> (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "i8";
            case INT32 -> (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "i4";
        };
    }

    /**
     * The header bytes NumPy's {@code np.save} writes for an array of {@code dtype} and {@code shape}
     * in C order, little-endian: version 1.0 unless the header needs more than 65535 bytes, then 2.0.
     */
    static byte[] format(DType dtype, long[] shape) {
        StringBuilder h = new StringBuilder("{'descr': '").append(descr(dtype, ByteOrder.LITTLE_ENDIAN))
                .append("', 'fortran_order': False, 'shape': ").append(tuple(shape)).append(", }");
        if (shape.length > 0) {
            h.append(" ".repeat(Math.max(0, GROWTH_DIGITS - Long.toString(shape[0]).length())));
        }
        byte[] text = h.toString().getBytes(StandardCharsets.ISO_8859_1);
        int lenBytes = 2;
        int prefix = MAGIC.length + 2 + lenBytes;
        int pad = ALIGN - ((prefix + text.length + 1) % ALIGN);
        int hlen = text.length + pad + 1;
        if (hlen > 65535) {
            lenBytes = 4;
            prefix = MAGIC.length + 2 + lenBytes;
            pad = ALIGN - ((prefix + text.length + 1) % ALIGN);
            hlen = text.length + pad + 1;
        }
        ByteBuffer b = ByteBuffer.allocate(prefix + hlen).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) (lenBytes == 2 ? 1 : 2)).put((byte) 0);
        if (lenBytes == 2) {
            b.putShort((short) hlen);
        } else {
            b.putInt(hlen);
        }
        b.put(text);
        for (int i = 0; i < pad; i++) {
            b.put((byte) ' ');
        }
        b.put((byte) '\n');
        return b.array();
    }

    /** Python's repr of a tuple of ints: {@code ()}, {@code (3,)}, {@code (3, 4)}. */
    static String tuple(long[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            s.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        return s.append(')').toString();
    }

    /** How many bytes {@link #parse} needs to see first: magic, version and the header length field. */
    static final int PREAMBLE = 12;

    /** The header length from the first bytes of a file (at least 10, or 12 for versions 2 and 3). */
    static long totalLength(String file, byte[] start, int available) {
        checkMagic(file, start, available);
        int major = start[6] & 0xff;
        ByteBuffer b = ByteBuffer.wrap(start).order(ByteOrder.LITTLE_ENDIAN);
        return switch (major) {
            case 1 -> 10 + (b.getShort(8) & 0xffff);
            case 2, 3 -> {
                if (available < 12) {
                    throw new NpyFormatException(file + ": the file ends inside the .npy header (" + available + " bytes)");
                }
                yield 12 + (b.getInt(8) & 0xffffffffL);
            }
            default -> throw new NpyFormatException(file + ": unsupported .npy format version " + major + "." + (start[7] & 0xff)
                    + " (NumPy writes 1.0, 2.0 and 3.0)");
        };
    }

    private static void checkMagic(String file, byte[] start, int available) {
        if (available < 10) {
            throw new NpyFormatException(file + ": the file is too short to be a .npy file (" + available + " bytes)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (start[i] != MAGIC[i]) {
                throw new NpyFormatException(file + ": not a .npy file: the magic string is "
                        + printable(Arrays.copyOf(start, MAGIC.length)) + ", expected \\x93NUMPY");
            }
        }
    }

    private static String printable(byte[] b) {
        StringBuilder s = new StringBuilder("'");
        for (byte x : b) {
            int c = x & 0xff;
            s.append(c >= 32 && c < 127 ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return s.append('\'').toString();
    }

    /** Parses the whole header ({@link #totalLength} bytes) of {@code file}. @throws NpyFormatException naming the file and the problem */
    static NpyHeader parse(String file, byte[] all) {
        long total = totalLength(file, all, all.length);
        int major = all[6] & 0xff;
        int start = major == 1 ? 10 : 12;
        String text = new String(all, start, (int) total - start,
                major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        Map<String, Object> dict;
        try {
            dict = new Literal(text).dict();
        } catch (IllegalArgumentException e) {
            throw new NpyFormatException(file + ": cannot parse the header " + text.strip() + ": " + e.getMessage());
        }
        if (!dict.keySet().equals(java.util.Set.of("descr", "fortran_order", "shape"))) {
            throw new NpyFormatException(file + ": header does not contain the correct keys: " + dict.keySet()
                    + " (expected descr, fortran_order, shape)");
        }
        if (!(dict.get("descr") instanceof String descr)) {
            throw new NpyFormatException(file + ": unsupported dtype " + dict.get("descr")
                    + " (structured dtypes are not supported; Cohort has float64, float32, int64, int32, bool)");
        }
        if (!(dict.get("fortran_order") instanceof Boolean fortran)) {
            throw new NpyFormatException(file + ": 'fortran_order' is not a bool: " + dict.get("fortran_order"));
        }
        if (!(dict.get("shape") instanceof List<?> list)) {
            throw new NpyFormatException(file + ": 'shape' is not a tuple: " + dict.get("shape"));
        }
        long[] shape = new long[list.size()];
        for (int i = 0; i < shape.length; i++) {
            if (!(list.get(i) instanceof Long l) || l < 0) {
                throw new NpyFormatException(file + ": 'shape' is not a tuple of non-negative ints: " + dict.get("shape"));
            }
            shape[i] = l;
        }
        ByteOrder order = ByteOrder.LITTLE_ENDIAN;
        String kind = descr;
        if (!descr.isEmpty() && "<>|=".indexOf(descr.charAt(0)) >= 0) {
            order = descr.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN : descr.charAt(0) == '=' ? ByteOrder.nativeOrder() : ByteOrder.LITTLE_ENDIAN;
            kind = descr.substring(1);
        }
        DType dtype = switch (kind) {
            case "f8" -> DType.FLOAT64;
            case "f4" -> DType.FLOAT32;
            case "i8" -> DType.INT64;
            case "i4" -> DType.INT32;
            case "b1", "?" -> DType.BOOL;
            default -> throw new NpyFormatException(file + ": unsupported dtype '" + descr
                    + "' (Cohort has float64 <f8, float32 <f4, int64 <i8, int32 <i4 and bool |b1, either byte order)");
        };
        try {
            long v = 1;
            for (long e : shape) {
                v = Math.multiplyExact(v, e);
            }
            Math.multiplyExact(v, (long) dtype.fieldType().size());
        } catch (ArithmeticException e) {
            throw new NpyFormatException(file + ": the shape " + tuple(shape) + " has more than 2^63 elements");
        }
        return new NpyHeader(dtype, order, fortran, shape, total);
    }

    /** A reader of the Python literals a header holds: a dict of str keys; str, bool, int and tuple values. */
    private static final class Literal {
        private final String s;
        private int i;

        Literal(String s) {
            this.s = s;
        }

        Map<String, Object> dict() {
            skip();
            expect('{');
            Map<String, Object> m = new LinkedHashMap<>();
            while (true) {
                skip();
                if (peek() == '}') {
                    i++;
                    break;
                }
                Object k = value();
                if (!(k instanceof String key)) {
                    throw new IllegalArgumentException("a key is not a string at offset " + i);
                }
                skip();
                expect(':');
                m.put(key, value());
                skip();
                if (peek() == ',') {
                    i++;
                } else if (peek() != '}') {
                    throw new IllegalArgumentException("expected ',' or '}' at offset " + i);
                }
            }
            skip();
            if (i != s.length()) {
                throw new IllegalArgumentException("unexpected text after the dict at offset " + i);
            }
            return m;
        }

        private Object value() {
            skip();
            char c = peek();
            if (c == '\'' || c == '"') {
                int end = s.indexOf(c, i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated string at offset " + i);
                }
                String v = s.substring(i + 1, end);
                i = end + 1;
                return v;
            }
            if (c == '(' || c == '[') {
                char close = c == '(' ? ')' : ']';
                i++;
                List<Object> items = new ArrayList<>();
                while (true) {
                    skip();
                    if (peek() == close) {
                        i++;
                        return items;
                    }
                    items.add(value());
                    skip();
                    if (peek() == ',') {
                        i++;
                    } else if (peek() != close) {
                        throw new IllegalArgumentException("expected ',' or '" + close + "' at offset " + i);
                    }
                }
            }
            if (s.startsWith("True", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("False", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            int start = i;
            if (c == '-' || c == '+') {
                i++;
            }
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start || (i == start + 1 && !Character.isDigit(s.charAt(start)))) {
                throw new IllegalArgumentException("unexpected '" + c + "' at offset " + start);
            }
            long v;
            try {
                v = Long.parseLong(s.substring(start, i));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("integer " + s.substring(start, i) + " out of range");
            }
            if (i < s.length() && (s.charAt(i) == 'L' || s.charAt(i) == 'l')) {
                i++; // Python 2's long suffix, in files that old NumPy wrote
            }
            return v;
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private char peek() {
            if (i >= s.length()) {
                throw new IllegalArgumentException("the header ends early");
            }
            return s.charAt(i);
        }

        private void expect(char c) {
            if (peek() != c) {
                throw new IllegalArgumentException("expected '" + c + "' at offset " + i + ", found '" + peek() + "'");
            }
            i++;
        }
    }
}
