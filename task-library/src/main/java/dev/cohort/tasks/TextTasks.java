package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Tasks that read and write delimited text files in parallel by byte ranges (NumPy {@code loadtxt},
 * {@code genfromtxt}, {@code savetxt}). Every point reads or writes only its own bytes with
 * positioned I/O. Errors never throw out of a task: they come back through the launch's result
 * future (an error code or key, the same on every shard), so the program raises the same exception
 * on every shard and the runtime goes on.
 *
 * <ol>
 *   <li>{@link #PROBE} (one point): {@code [file size, offset after the skipped lines, fields of the
 *       first data line, error code]}.</li>
 *   <li>{@link #COUNT} (one point per byte range of {@code [dataStart, size)}): the data lines that
 *       start in each range, slot {@code k} of a vector of {@code ranges + 1} int64 (the last slot
 *       counts I/O failures), summed.</li>
 *   <li>{@link #PARSE} (one point per output tile of rows): finds its first row from the per-range
 *       counts (range {@code k} holds rows {@code [prefix(k), prefix(k+1))}: it scans from that
 *       range's first line start), parses its rows and writes them; result: the smallest error key
 *       ({@link TextSpec#errorKey}) of the tile, MIN-reduced ({@code Long.MAX_VALUE}: none).</li>
 *   <li>{@link #FORMAT} (one point per row tile of the array): {@code [first row, byte length]} of
 *       each point's formatted rows at slots {@code 2 * linear point}, summed; the last slot counts
 *       formatting errors.</li>
 *   <li>{@link #WRITE} (same tiles): each point formats its rows again and writes them at the
 *       offset the program computed from FORMAT's lengths; the point of row 0 writes the header, the
 *       point of the last row the footer; every point truncates the file to its final length.
 *       Result: I/O failures, summed.</li>
 * </ol>
 */
public final class TextTasks {
    /** Task id of PROBE. */
    public static final int PROBE = 1110;
    /** Task id of COUNT. */
    public static final int COUNT = 1111;
    /** Task id of PARSE. */
    public static final int PARSE = 1112;
    /** Task id of FORMAT. */
    public static final int FORMAT = 1113;
    /** Task id of WRITE. */
    public static final int WRITE = 1114;

    /** PROBE error codes (slot 3). */
    public static final long PROBE_OK = 0;
    public static final long PROBE_NO_FILE = 1;
    public static final long PROBE_IO = 2;

    private TextTasks() {
    }

    /** Registers the CPU variants; idempotent. */
    public static void register(TaskRegistry r) {
        synchronized (r) {
            if (!r.contains(PROBE)) {
                r.register(PROBE, "cohort.text_probe", ProcessorKind.CPU, TextTasks::probe);
                r.register(COUNT, "cohort.text_count", ProcessorKind.CPU, TextTasks::count);
                r.register(PARSE, "cohort.text_parse", ProcessorKind.CPU, TextTasks::parse);
                r.register(FORMAT, "cohort.text_format", ProcessorKind.CPU, TextTasks::format);
                r.register(WRITE, "cohort.text_write", ProcessorKind.CPU, TextTasks::write);
            }
        }
    }

    // ------------------------------------------------------------------ arguments

    /** PROBE arguments. */
    public record Probe(TextSpec spec) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer();
            spec.write(w);
            return w.bytes();
        }
    }

    /** COUNT arguments: {@code ranges} equal byte ranges of {@code [dataStart, size)}. */
    public record Count(TextSpec spec, long size, long dataStart, int ranges) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer();
            spec.write(w);
            return w.i64(size).i64(dataStart).i32(ranges).bytes();
        }
    }

    /** PARSE arguments: rows of {@code space} (rows, columns) go to {@code out}; {@code counts[k]}: data lines of range k. */
    public record Parse(TextSpec spec, long size, long dataStart, long[] counts, IterSpace space, Operand out) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer();
            spec.write(w);
            return w.i64(size).i64(dataStart).longs(counts).space(space).operand(out).bytes();
        }
    }

    /**
     * FORMAT and WRITE arguments: rows of {@code in} over {@code space} ((rows,) or (rows, columns),
     * columns untiled) formatted with {@code rowFormat} and ended by {@code newline}. WRITE also uses
     * {@code path}, {@code offsets} (per linear launch point), the header and footer bytes (already
     * with their comment prefix and line end), the footer's offset and the file's total length.
     */
    public record Write(IterSpace space, Operand in, String rowFormat, String newline, String path, long[] offsets,
                        String header, String footer, long footerOffset, long total) {
        public byte[] encode() {
            ArgCodec.Writer w = new ArgCodec.Writer().space(space).operand(in);
            TextSpec.str(w, rowFormat);
            TextSpec.str(w, newline);
            TextSpec.str(w, path);
            w.longs(offsets);
            TextSpec.str(w, header);
            TextSpec.str(w, footer);
            return w.i64(footerOffset).i64(total).bytes();
        }

        static Write read(ArgCodec.Reader r) {
            IterSpace space = r.space();
            Operand in = r.operand();
            String fmt = TextSpec.str(r);
            String nl = TextSpec.str(r);
            String path = TextSpec.str(r);
            long[] offsets = r.longs();
            String header = TextSpec.str(r);
            String footer = TextSpec.str(r);
            return new Write(space, in, fmt, nl, path, offsets, header, footer, r.i64(), r.i64());
        }
    }

    // ------------------------------------------------------------------ reading

    private static void probe(TaskContext ctx) {
        TextSpec spec = TextSpec.read(new ArgCodec.Reader(ctx.scalars()));
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents(4));
        try (FileChannel ch = FileChannel.open(Path.of(spec.path()), StandardOpenOption.READ)) {
            long size = ch.size();
            TextLines lines = new TextLines(ch, size, 0);
            long skipped = 0;
            while (skipped < spec.skipLines() && lines.next()) {
                skipped++;
            }
            long dataStart = skipped == 0 ? 0 : lines.nextStart();
            long fields = 0;
            while (lines.next()) {
                String c = spec.content(lines.text());
                if (c != null) {
                    fields = spec.split(c).size();
                    break;
                }
            }
            res.setBits(0, size);
            res.setBits(1, dataStart);
            res.setBits(2, fields);
            res.setBits(3, PROBE_OK);
        } catch (NoSuchFileException e) {
            res.setBits(3, PROBE_NO_FILE);
        } catch (IOException | RuntimeException e) {
            res.setBits(3, PROBE_IO);
        }
        ctx.setResult(res);
    }

    /** Byte range {@code k} of {@code ranges} equal ranges of {@code [dataStart, size)}: {@code {lo, hi}}. */
    public static long[] range(long dataStart, long size, int ranges, int k) {
        long len = size - dataStart;
        return new long[]{dataStart + len * k / ranges, dataStart + len * (k + 1) / ranges};
    }

    private static void count(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        TextSpec spec = TextSpec.read(r);
        long size = r.i64();
        long dataStart = r.i64();
        int ranges = r.i32();
        int k = (int) ctx.point().get(0);
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents(ranges + 1));
        long[] lohi = range(dataStart, size, ranges, k);
        try (FileChannel ch = FileChannel.open(Path.of(spec.path()), StandardOpenOption.READ)) {
            long start = TextLines.firstLineStart(ch, size, dataStart, lohi[0]);
            TextLines lines = new TextLines(ch, size, start);
            long n = 0;
            while (lines.next() && lines.lineStart() < lohi[1]) {
                if (spec.content(lines.text()) != null) {
                    n++;
                }
            }
            res.setBits(k, n);
        } catch (IOException | RuntimeException e) {
            res.setBits(ranges, 1);
        }
        ctx.setResult(res);
    }

    /**
     * A reader positioned at data row {@code row} (0-based, among data lines after the skipped
     * ones): {@link TextLines#next} gives that row's line next (blank and comment lines may come
     * before it). {@code counts[k]} is the number of data lines starting in byte range k.
     */
    public static TextLines seekRow(FileChannel ch, TextSpec spec, long size, long dataStart, long[] counts, long row)
            throws IOException {
        int ranges = counts.length;
        long before = 0;
        int k = 0;
        while (k < ranges - 1 && before + counts[k] <= row) {
            before += counts[k];
            k++;
        }
        long start = TextLines.firstLineStart(ch, size, dataStart, range(dataStart, size, ranges, k)[0]);
        TextLines lines = new TextLines(ch, size, start);
        long skip = row - before;
        long at = start;
        while (skip > 0 && lines.next()) {
            if (spec.content(lines.text()) != null) {
                skip--;
            }
            at = lines.nextStart();
        }
        return at == start ? lines : new TextLines(ch, size, at);
    }

    private static void parse(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        TextSpec spec = TextSpec.read(r);
        long size = r.i64();
        long dataStart = r.i64();
        long[] counts = r.longs();
        IterSpace space = r.space();
        Operand.StoreOperand out = (Operand.StoreOperand) r.operand();
        Instance o = ctx.instance(out.requirement());
        long[] lo = space.lo(ctx.point());
        long[] ext = space.extent(ctx.point());
        long r0 = lo[0];
        long nrows = ext[0];
        long c0 = lo.length > 1 ? lo[1] : 0;
        long ncols = lo.length > 1 ? ext[1] : 1;
        long totalCols = space.shape().length > 1 ? space.shape()[1] : 1;
        long error = Long.MAX_VALUE;
        try (FileChannel ch = FileChannel.open(Path.of(spec.path()), StandardOpenOption.READ)) {
            TextLines lines = seekRow(ch, spec, size, dataStart, counts, r0);
            long row = r0;
            long[] idx = new long[lo.length];
            int batch = 4096;
            List<String> contents = new ArrayList<>(batch);
            while (row < r0 + nrows && error == Long.MAX_VALUE) {
                contents.clear();
                while (contents.size() < batch && row + contents.size() < r0 + nrows && lines.next()) {
                    String c = spec.content(lines.text());
                    if (c != null) {
                        contents.add(c);
                    }
                }
                if (contents.isEmpty()) {
                    error = TextSpec.errorKey(row, 0, TextSpec.ERR_IO); // the file changed under us
                    break;
                }
                List<List<String>> fields = spec.splitAll(contents);
                for (List<String> f : fields) {
                    error = Math.min(error, parseRow(spec, f, row, totalCols, c0, ncols, o, out.access(), idx));
                    if (error != Long.MAX_VALUE) {
                        break;
                    }
                    row++;
                }
            }
        } catch (IOException | RuntimeException e) {
            error = Math.min(error, TextSpec.errorKey(r0, 0, TextSpec.ERR_IO));
        }
        ctx.setResult(error);
    }

    /** Stores the columns {@code [c0, c0 + ncols)} of one data row; returns an error key or Long.MAX_VALUE. */
    private static long parseRow(TextSpec spec, List<String> f, long row, long totalCols, long c0, long ncols,
                                 Instance o, Access access, long[] idx) {
        int n = f.size();
        int[] usecols = spec.usecols();
        if (usecols == null && n != totalCols) {
            return TextSpec.errorKey(row, n, TextSpec.ERR_COLUMNS);
        }
        if (usecols != null) {
            for (int j = 0; j < usecols.length; j++) {
                if (TextSpec.resolve(usecols[j], n) < 0) {
                    return TextSpec.errorKey(row, n, TextSpec.ERR_USECOLS);
                }
            }
        }
        idx[0] = row;
        for (long c = c0; c < c0 + ncols; c++) {
            int src = usecols == null ? (int) c : TextSpec.resolve(usecols[(int) c], n);
            Long bits = spec.parse(f.get(src));
            if (bits == null) {
                if (!spec.genfromtxt()) {
                    return TextSpec.errorKey(row, src, TextSpec.ERR_CONVERT);
                }
                bits = spec.fill();
            }
            if (idx.length > 1) {
                idx[1] = c;
            }
            o.setBits(offset(o, access, idx), bits);
        }
        return Long.MAX_VALUE;
    }

    /**
     * The backing-array offset of iteration point {@code i} through {@code a} in {@code inst}
     * ({@code inst.index(Point.of(a.apply(i)))} without allocating; the point must be in the instance).
     */
    static int offset(Instance inst, Access a, long[] i) {
        int[] iterDim = a.iterDim();
        long[] step = a.step();
        long[] start = a.start();
        Rect r = inst.rect();
        long idx = 0;
        for (int k = 0; k < iterDim.length; k++) {
            long c = start[k] + (iterDim[k] < 0 ? 0 : step[k] * i[iterDim[k]]);
            idx += (c - r.lo(k)) * inst.stride(k);
        }
        return (int) idx;
    }

    // ------------------------------------------------------------------ writing

    /** The row-major linear index of this point in the launch domain. */
    private static long linear(TaskContext ctx) {
        return ctx.domain().linearize(ctx.point());
    }

    /** Formats rows {@code [lo, lo + n)} of this point; the bytes in UTF-8. */
    private static byte[] formatRows(TaskContext ctx, Write w) {
        Operand.StoreOperand in = (Operand.StoreOperand) w.in();
        Instance a = ctx.instance(in.requirement());
        IterSpace space = w.space();
        long[] lo = space.lo(ctx.point());
        long[] ext = space.extent(ctx.point());
        int cols = space.dim() > 1 ? (int) space.shape()[1] : 1;
        if (space.dim() > 1 && (lo[1] != 0 || ext[1] != cols)) {
            throw new IllegalStateException("savetxt tiles must hold whole rows, got columns " + lo[1] + "+" + ext[1]);
        }
        PyFormat fmt = PyFormat.parse(w.rowFormat());
        FieldType t = a.type();
        boolean floating = t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
        double[] dv = new double[cols];
        long[] lv = new long[cols];
        long[] idx = new long[space.dim()];
        StringBuilder sb = new StringBuilder();
        for (long row = lo[0]; row < lo[0] + ext[0]; row++) {
            idx[0] = row;
            for (int c = 0; c < cols; c++) {
                if (idx.length > 1) {
                    idx[1] = c;
                }
                long bits = a.getBits(offset(a, in.access(), idx));
                if (floating) {
                    dv[c] = t.toDouble(bits);
                } else {
                    lv[c] = bits;
                }
            }
            fmt.format(sb, floating, dv, lv);
            sb.append(w.newline());
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void format(TaskContext ctx) {
        Write w = Write.read(new ArgCodec.Reader(ctx.scalars()));
        int points = (int) ctx.domain().volume();
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents(2L * points + 1));
        int k = (int) linear(ctx);
        try {
            byte[] bytes = formatRows(ctx, w);
            res.setBits(2 * k, w.space().lo(ctx.point())[0]);
            res.setBits(2 * k + 1, bytes.length);
        } catch (RuntimeException e) {
            res.setBits(2 * points, 1);
        }
        ctx.setResult(res);
    }

    private static void write(TaskContext ctx) {
        Write w = Write.read(new ArgCodec.Reader(ctx.scalars()));
        int k = (int) linear(ctx);
        long failures = 0;
        try (FileChannel ch = FileChannel.open(Path.of(w.path()), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            long[] lo = w.space().lo(ctx.point());
            long[] ext = w.space().extent(ctx.point());
            if (w.in() instanceof Operand.StoreOperand && ext[0] > 0) {
                writeFully(ch, formatRows(ctx, w), w.offsets()[k]);
            }
            if (lo[0] == 0) {
                writeFully(ch, w.header().getBytes(StandardCharsets.UTF_8), 0);
            }
            if (lo[0] + ext[0] >= w.space().shape()[0]) {
                writeFully(ch, w.footer().getBytes(StandardCharsets.UTF_8), w.footerOffset());
            }
            if (ch.size() > w.total()) {
                ch.truncate(w.total());
            }
        } catch (IOException | RuntimeException e) {
            failures = 1;
        }
        ctx.setResult(failures);
    }

    private static void writeFully(FileChannel ch, byte[] bytes, long at) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            at += ch.write(b, at);
        }
    }
}
