package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Tasks that read a Matrix Market file ({@code .mtx}; NIST's "The Matrix Market Exchange Formats",
 * Boisvert, Pozo, Remington 1996) into a dense 2-D array, as SciPy's {@code scipy.io.mmread(f)}
 * followed by {@code toarray()}: formats {@code coordinate} and {@code array}; fields {@code real}
 * ({@code double}), {@code integer} and {@code pattern} (entries are 1); symmetries {@code general},
 * {@code symmetric} and {@code skew-symmetric} (the other triangle mirrored, negated for skew; a
 * diagonal entry is not mirrored); duplicate coordinate entries are summed.
 *
 * <ol>
 *   <li>{@link #PROBE} (one point) parses the header and the size line; its result is
 *       {@link Header#encodeLength()} int64 (see {@link Header}).</li>
 *   <li>{@link #READ} (one point per tile of the (rows, cols) output): zeroes its tile, then reads
 *       every entry of the file (coordinate entries are in no order) and stores those that fall in
 *       its tile. Result: the smallest error key ({@link TextSpec#errorKey} with the physical line
 *       as row and a {@code MM_*} kind), MIN-reduced; {@code Long.MAX_VALUE}: none. Each tile reads
 *       the whole file: the cost is {@code tiles x file}, fine while the dense output dominates.</li>
 * </ol>
 */
public final class MatrixMarketTasks {
    /** Task id of PROBE. */
    public static final int PROBE = 1115;
    /** Task id of READ. */
    public static final int READ = 1116;

    /** Error kinds (low 4 bits of an error key; the key's row is the 1-based physical line). */
    public static final int MM_ROW_INDEX = 1;
    public static final int MM_COL_INDEX = 2;
    public static final int MM_VALUE = 3;
    public static final int MM_TRUNCATED = 4;
    public static final int MM_EXTRA = 5;
    public static final int MM_ENTRY = 6;
    public static final int MM_IO = 7;

    /** Header errors (PROBE's {@code error} slot). */
    public static final int H_OK = 0;
    public static final int H_NO_FILE = 1;
    public static final int H_IO = 2;
    public static final int H_BANNER = 3;
    public static final int H_UNSUPPORTED = 4;
    public static final int H_SIZE = 5;

    public static final int FORMAT_COORDINATE = 0;
    public static final int FORMAT_ARRAY = 1;
    public static final int FIELD_REAL = 0;
    public static final int FIELD_INTEGER = 1;
    public static final int FIELD_PATTERN = 2;
    public static final int FIELD_COMPLEX = 3;
    public static final int SYM_GENERAL = 0;
    public static final int SYM_SYMMETRIC = 1;
    public static final int SYM_SKEW = 2;
    public static final int SYM_HERMITIAN = 3;

    private MatrixMarketTasks() {
    }

    /** Registers the CPU variants; idempotent. */
    public static void register(TaskRegistry r) {
        synchronized (r) {
            if (!r.contains(PROBE)) {
                r.register(PROBE, "cohort.mm_probe", ProcessorKind.CPU, MatrixMarketTasks::probe);
                r.register(READ, "cohort.mm_read", ProcessorKind.CPU, MatrixMarketTasks::read);
            }
        }
    }

    /**
     * What PROBE found: the shape, the number of stored entries ({@code nnz}: coordinate entries, or
     * the values an array file must hold), format / field / symmetry codes, where the entries start
     * (byte offset and the 1-based line of the size line) and a header error ({@code H_*}) with its line.
     */
    public record Header(long rows, long cols, long nnz, int format, int field, int symmetry, long dataStart,
                         long sizeLine, int error, long errorLine) {
        public static int encodeLength() {
            return 10;
        }

        void into(Instance v) {
            long[] a = {rows, cols, nnz, format, field, symmetry, dataStart, sizeLine, error, errorLine};
            for (int i = 0; i < a.length; i++) {
                v.setBits(i, a[i]);
            }
        }

        /** From PROBE's future. */
        public static Header of(Instance v) {
            return new Header(v.getBits(0), v.getBits(1), v.getBits(2), (int) v.getBits(3), (int) v.getBits(4),
                    (int) v.getBits(5), v.getBits(6), v.getBits(7), (int) v.getBits(8), v.getBits(9));
        }

        static Header error(int code, long line) {
            return new Header(0, 0, 0, 0, 0, 0, 0, 0, code, line);
        }
    }

    /** PROBE arguments. */
    public record Probe(String path) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer();
            TextSpec.str(w, path);
            return w.bytes();
        }
    }

    /** READ arguments: the output over {@code space} (rows, cols) gets the file's entries. */
    public record Read(String path, Header header, IterSpace space, Operand out) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer();
            TextSpec.str(w, path);
            Instance h = Instance.allocate(FieldType.INT64, Rect.ofExtents(Header.encodeLength()));
            header.into(h);
            long[] hv = new long[Header.encodeLength()];
            for (int i = 0; i < hv.length; i++) {
                hv[i] = h.getBits(i);
            }
            return w.longs(hv).space(space).operand(out).bytes();
        }
    }

    /** Parses the banner {@code %%MatrixMarket matrix <format> <field> <symmetry>} and the size line. */
    public static Header parseHeader(FileChannel ch) throws IOException {
        long size = ch.size();
        TextLines lines = new TextLines(ch, size, 0);
        if (!lines.next()) {
            return Header.error(H_BANNER, 1);
        }
        String[] b = lines.text().trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (b.length != 5 || !b[0].equals("%%matrixmarket") || !b[1].equals("matrix")) {
            return Header.error(H_BANNER, 1);
        }
        int format = switch (b[2]) {
            case "coordinate" -> FORMAT_COORDINATE;
            case "array" -> FORMAT_ARRAY;
            default -> -1;
        };
        int field = switch (b[3]) {
            case "real", "double" -> FIELD_REAL;
            case "integer" -> FIELD_INTEGER;
            case "pattern" -> FIELD_PATTERN;
            case "complex" -> FIELD_COMPLEX;
            default -> -1;
        };
        int sym = switch (b[4]) {
            case "general" -> SYM_GENERAL;
            case "symmetric" -> SYM_SYMMETRIC;
            case "skew-symmetric" -> SYM_SKEW;
            case "hermitian" -> SYM_HERMITIAN;
            default -> -1;
        };
        if (format < 0 || field < 0 || sym < 0) {
            return Header.error(H_BANNER, 1);
        }
        if (field == FIELD_COMPLEX || sym == SYM_HERMITIAN || (field == FIELD_PATTERN && format == FORMAT_ARRAY)) {
            return new Header(0, 0, 0, format, field, sym, 0, 0, H_UNSUPPORTED, 1);
        }
        long line = 1;
        while (lines.next()) {
            line++;
            String t = lines.text().trim();
            if (t.isEmpty() || t.startsWith("%")) {
                continue;
            }
            String[] s = t.split("\\s+");
            int want = format == FORMAT_COORDINATE ? 3 : 2;
            if (s.length != want) {
                return Header.error(H_SIZE, line);
            }
            Long m = TextSpec.parseInt(s[0]);
            Long n = TextSpec.parseInt(s[1]);
            Long nnz = format == FORMAT_COORDINATE ? TextSpec.parseInt(s[2]) : null;
            if (m == null || n == null || m < 0 || n < 0 || (format == FORMAT_COORDINATE && (nnz == null || nnz < 0))) {
                return Header.error(H_SIZE, line);
            }
            if (sym != SYM_GENERAL && !m.equals(n)) {
                return new Header(m, n, 0, format, field, sym, 0, line, H_SIZE, line);
            }
            long stored;
            if (format == FORMAT_COORDINATE) {
                stored = nnz;
            } else if (sym == SYM_GENERAL) {
                stored = m * n;
            } else if (sym == SYM_SYMMETRIC) {
                stored = m * (m + 1) / 2;
            } else {
                stored = m * (m - 1) / 2;
            }
            return new Header(m, n, stored, format, field, sym, lines.nextStart(), line, H_OK, 0);
        }
        return Header.error(H_SIZE, line + 1);
    }

    private static void probe(TaskContext ctx) {
        String path = TextSpec.str(new ArgCodec.Reader(ctx.scalars()));
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents(Header.encodeLength()));
        Header h;
        try (FileChannel ch = FileChannel.open(Path.of(path), StandardOpenOption.READ)) {
            h = parseHeader(ch);
        } catch (NoSuchFileException e) {
            h = Header.error(H_NO_FILE, 0);
        } catch (IOException | RuntimeException e) {
            h = Header.error(H_IO, 0);
        }
        h.into(res);
        ctx.setResult(res);
    }

    /** Receives the entries of a file, in file order. */
    public interface EntrySink {
        void entry(long i, long j, long bits);
    }

    /**
     * Reads every entry after the size line, calling {@code sink} with 0-based coordinates and the
     * value's raw bits (FLOAT64 for real and pattern, INT64 for integer) for the stored entry and its
     * mirror; returns an error key or {@code Long.MAX_VALUE}.
     */
    public static long entries(FileChannel ch, Header h, EntrySink sink) throws IOException {
        TextLines lines = new TextLines(ch, ch.size(), h.dataStart());
        long line = h.sizeLine();
        long seen = 0;
        boolean integer = h.field() == FIELD_INTEGER;
        while (lines.next()) {
            line++;
            String t = lines.text().trim();
            if (t.isEmpty() || t.startsWith("%")) {
                continue;
            }
            String[] s = t.split("\\s+");
            if (h.format() == FORMAT_COORDINATE) {
                int want = h.field() == FIELD_PATTERN ? 2 : 3;
                if (s.length != want) {
                    return TextSpec.errorKey(line, s.length, MM_ENTRY);
                }
                if (seen == h.nnz()) {
                    return TextSpec.errorKey(line, 0, MM_EXTRA);
                }
                Long i = TextSpec.parseInt(s[0]);
                Long j = TextSpec.parseInt(s[1]);
                if (i == null || i < 1 || i > h.rows()) {
                    return TextSpec.errorKey(line, 1, MM_ROW_INDEX);
                }
                if (j == null || j < 1 || j > h.cols()) {
                    return TextSpec.errorKey(line, 2, MM_COL_INDEX);
                }
                long bits;
                if (h.field() == FIELD_PATTERN) {
                    bits = Double.doubleToRawLongBits(1.0);
                } else {
                    Long v = value(s[2], integer);
                    if (v == null) {
                        return TextSpec.errorKey(line, 3, MM_VALUE);
                    }
                    bits = v;
                }
                put(sink, h, i - 1, j - 1, bits, integer);
                seen++;
            } else {
                for (int k = 0; k < s.length; k++) {
                    if (seen == h.nnz()) {
                        return TextSpec.errorKey(line, k + 1, MM_EXTRA);
                    }
                    Long v = value(s[k], integer);
                    if (v == null) {
                        return TextSpec.errorKey(line, k + 1, MM_VALUE);
                    }
                    long[] ij = arrayPosition(h, seen);
                    put(sink, h, ij[0], ij[1], v, integer);
                    seen++;
                }
            }
        }
        if (seen < h.nnz()) {
            return TextSpec.errorKey(line, (int) Math.min(h.nnz() - seen, (1 << 20) - 1), MM_TRUNCATED);
        }
        return Long.MAX_VALUE;
    }

    private static Long value(String s, boolean integer) {
        if (integer) {
            return TextSpec.parseInt(s);
        }
        Double d = TextSpec.parseFloat(s);
        return d == null ? null : Double.doubleToRawLongBits(d);
    }

    /** The (row, col) of the {@code k}-th stored value of an array file (column-major, a triangle when symmetric). */
    static long[] arrayPosition(Header h, long k) {
        long m = h.rows();
        if (h.symmetry() == SYM_GENERAL) {
            return new long[]{k % m, k / m};
        }
        long first = h.symmetry() == SYM_SYMMETRIC ? 0 : 1; // row offset below the diagonal
        long j = 0;
        long left = k;
        while (true) {
            long inCol = m - j - first;
            if (left < inCol) {
                return new long[]{j + first + left, j};
            }
            left -= inCol;
            j++;
        }
    }

    private static void put(EntrySink sink, Header h, long i, long j, long bits, boolean integer) {
        sink.entry(i, j, bits);
        if (i == j || h.symmetry() == SYM_GENERAL) {
            return;
        }
        long mirror = bits;
        if (h.symmetry() == SYM_SKEW) {
            mirror = integer ? -bits : bits ^ Long.MIN_VALUE;
        }
        sink.entry(j, i, mirror);
    }

    private static void read(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        String path = TextSpec.str(r);
        long[] hv = r.longs();
        Instance hi = Instance.allocate(FieldType.INT64, Rect.ofExtents(hv.length));
        for (int i = 0; i < hv.length; i++) {
            hi.setBits(i, hv[i]);
        }
        Header h = Header.of(hi);
        IterSpace space = r.space();
        Operand.StoreOperand out = (Operand.StoreOperand) r.operand();
        Instance o = ctx.instance(out.requirement());
        long[] lo = space.lo(ctx.point());
        long[] ext = space.extent(ctx.point());
        FieldType t = o.type();
        boolean integer = h.field() == FIELD_INTEGER;
        long[] idx = new long[2];
        for (long i = lo[0]; i < lo[0] + ext[0]; i++) {
            for (long j = lo[1]; j < lo[1] + ext[1]; j++) {
                idx[0] = i;
                idx[1] = j;
                o.setBits(TextTasks.offset(o, out.access(), idx), t.bitsOf(0L));
            }
        }
        long error;
        try (FileChannel ch = FileChannel.open(Path.of(path), StandardOpenOption.READ)) {
            error = entries(ch, h, (i, j, bits) -> {
                if (i < lo[0] || i >= lo[0] + ext[0] || j < lo[1] || j >= lo[1] + ext[1]) {
                    return;
                }
                idx[0] = i;
                idx[1] = j;
                int at = TextTasks.offset(o, out.access(), idx);
                long sum = integer ? o.getBits(at) + bits
                        : Double.doubleToRawLongBits(t.toDouble(o.getBits(at)) + Double.longBitsToDouble(bits));
                o.setBits(at, integer ? sum : t.bitsOf(Double.longBitsToDouble(sum)));
            });
        } catch (IOException | RuntimeException e) {
            error = TextSpec.errorKey(0, 0, MM_IO);
        }
        ctx.setResult(error);
    }
}
