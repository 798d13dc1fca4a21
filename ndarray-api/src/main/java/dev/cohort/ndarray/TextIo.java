package dev.cohort.ndarray;

import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.PyFormat;
import dev.cohort.tasks.TextLines;
import dev.cohort.tasks.TextSpec;
import dev.cohort.tasks.TextTasks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * loadtxt, genfromtxt and savetxt as launches over byte ranges and row tiles (see
 * {@link TextTasks} for the tasks). Reading: PROBE (file size, where data starts, the first row's
 * field count) → COUNT (data lines per byte range) → the output array → PARSE (each row tile
 * parses its rows). Writing: FORMAT (each row tile's byte length) → WRITE (each tile writes its
 * bytes at its offset). Every decision the program makes comes from a launch's future, identical
 * on every shard; errors come back as codes and every shard throws the same exception.
 */
final class TextIo {
    /** At most this many byte ranges (COUNT points); its result vector has one slot per range. */
    static final int MAX_RANGES = 1024;

    private TextIo() {
    }

    // ------------------------------------------------------------------ reading

    static NdArray loadtxt(Path path, LoadTxt o) {
        TextSpec spec = new TextSpec(path.toAbsolutePath().toString(), false, o.delimiter,
                o.comments.length == 0 ? null : o.comments, o.skiprows, o.usecols, o.dtype.fieldType(), 0);
        return read(Cohort.current(), path, spec, o.dtype, o.ndmin);
    }

    static NdArray genfromtxt(Path path, GenFromTxt o) {
        long fill;
        if (o.fillingValues != null) {
            fill = o.dtype.isFloating() ? o.dtype.fieldType().bitsOf(o.fillingValues)
                    : o.dtype.fieldType().bitsOf((long) o.fillingValues.doubleValue());
        } else {
            fill = o.dtype.isFloating() ? o.dtype.fieldType().bitsOf(Double.NaN)
                    : o.dtype == DType.BOOL ? 1 : o.dtype.fieldType().bitsOf(-1L);
        }
        TextSpec spec = new TextSpec(path.toAbsolutePath().toString(), true, o.delimiter,
                o.comments.length == 0 ? null : o.comments, o.skipHeader, o.usecols, o.dtype.fieldType(), fill);
        return read(Cohort.current(), path, spec, o.dtype, 0);
    }

    private static NdArray read(Cohort ctx, Path path, TextSpec spec, DType dtype, int ndmin) {
        Instance probe = AutoTask.single(ctx.runtime(), TextTasks.PROBE)
                .scalars(new TextTasks.Probe(spec).encode())
                .result(ReductionOp.SUM, FieldType.INT64, 4).execute().get();
        long code = probe.getBits(3);
        if (code == TextTasks.PROBE_NO_FILE) {
            throw new UncheckedIOException(new NoSuchFileException(path.toString(), null, path + " not found."));
        }
        if (code != TextTasks.PROBE_OK) {
            throw new UncheckedIOException(new IOException("could not read " + path));
        }
        long size = probe.getBits(0);
        long dataStart = probe.getBits(1);
        int fields = (int) probe.getBits(2);
        if (fields == 0) {
            // no data line at all: NumPy warns "input contained no data" and returns an empty array
            int cols = spec.usecols() != null ? spec.usecols().length : 1;
            return ndmin == 2 ? Np.empty(new long[]{0, cols}, dtype) : Np.empty(new long[]{0}, dtype);
        }
        int ncols = spec.outputColumns(fields);

        long bytes = size - dataStart;
        long perRange = Math.max(64, ctx.machine().minTileVolume() * 8);
        int ranges = (int) Math.max(1, Math.min(MAX_RANGES, (bytes + perRange - 1) / perRange));
        Instance counted = AutoTask.overPoints(ctx.runtime(), TextTasks.COUNT, ranges)
                .scalars(new TextTasks.Count(spec, size, dataStart, ranges).encode())
                .result(ReductionOp.SUM, FieldType.INT64, ranges + 1).execute().get();
        if (counted.getBits(ranges) != 0) {
            throw new UncheckedIOException(new IOException("could not read " + path));
        }
        long[] counts = new long[ranges];
        long nrows = 0;
        for (int k = 0; k < ranges; k++) {
            counts[k] = counted.getBits(k);
            nrows += counts[k];
        }

        if (nrows == 0) { // the file lost its data lines between PROBE and COUNT
            return ndmin == 2 ? Np.empty(new long[]{0, ncols}, dtype) : Np.empty(new long[]{0}, dtype);
        }
        long[] shape = {nrows, ncols};
        NdArray out = Creation.empty(ctx, dtype, shape);
        List<Launches.Slot> slots = List.of(new Launches.Slot(out, Launches.iterAccess(out, shape), Role.WRITE));
        Strategy st = Launches.strategy(ctx, shape, slots, new int[]{1}, false, null);
        Future f = issue(TextTasks.PARSE, slots, st, ReductionOp.MIN, 1, space ->
                new TextTasks.Parse(spec, size, dataStart, counts, space, Launches.operand(slots, 0)).encode());
        long error = f.get().getBits(0);
        if (error != Long.MAX_VALUE) {
            throw parseError(path, spec, dtype, size, dataStart, counts, fields, error);
        }
        return shaped(out, nrows, ncols, ndmin);
    }

    /** NumPy's result shape from the (rows, columns) read: squeezed, then at least {@code ndmin} dimensions. */
    private static NdArray shaped(NdArray a, long rows, long cols, int ndmin) {
        if (ndmin == 2) {
            return a;
        }
        List<Long> s = new ArrayList<>();
        if (rows != 1) {
            s.add(rows);
        }
        if (cols != 1) {
            s.add(cols);
        }
        if (s.isEmpty() && ndmin == 1) {
            s.add(1L);
        }
        long[] shape = s.stream().mapToLong(Long::longValue).toArray();
        return Arrays.equals(shape, a.shape()) ? a : a.reshape(shape);
    }

    /** The exception for error key {@code key}: re-reads the row at fault to quote it (every shard alike). */
    private static TextFileException parseError(Path path, TextSpec spec, DType dtype, long size, long dataStart,
                                                long[] counts, int firstFields, long key) {
        long row = TextSpec.errorRow(key);
        int col = TextSpec.errorColumn(key);
        int kind = TextSpec.errorKind(key);
        long line = 0;
        List<String> fields = List.of();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            TextLines lines = TextTasks.seekRow(ch, spec, size, dataStart, counts, row);
            while (lines.next()) {
                String c = spec.content(lines.text());
                if (c != null) {
                    fields = spec.split(c);
                    line = lineNumber(ch, size, lines.lineStart());
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // the message below then lacks the quoted field; the error itself stands
        }
        String where = " (file " + path + ", line " + line + ")";
        return switch (kind) {
            case TextSpec.ERR_CONVERT -> new TextFileException("could not convert string '"
                    + (col < fields.size() ? fields.get(col) : "?") + "' to " + dtype.numpyName() + " at row " + row
                    + ", column " + (col + 1) + "." + where, path, line, col + 1);
            case TextSpec.ERR_COLUMNS -> spec.genfromtxt()
                    ? new TextFileException("Some errors were detected !\n    Line #" + line + " (got " + col
                            + " columns instead of " + firstFields + ")" + where, path, line, 0)
                    : new TextFileException("the number of columns changed from " + firstFields + " to " + col
                            + " at row " + (row + 1) + "; use `usecols` to select a subset and avoid this error" + where,
                            path, line, 0);
            case TextSpec.ERR_USECOLS -> {
                int bad = 0;
                for (int u : spec.usecols()) {
                    if (TextSpec.resolve(u, col) < 0) {
                        bad = u;
                        break;
                    }
                }
                yield new TextFileException("invalid column index " + bad + " at row " + (row + 1) + " with " + col
                        + " columns" + where, path, line, 0);
            }
            default -> new TextFileException("could not read row " + row + " of " + path + where, path, line, 0);
        };
    }

    /** 1-based physical line number of the line starting at {@code offset}. */
    private static long lineNumber(FileChannel ch, long size, long offset) throws IOException {
        TextLines lines = new TextLines(ch, size, 0);
        long n = 1;
        while (lines.next() && lines.nextStart() <= offset) {
            n++;
        }
        return n;
    }

    // ------------------------------------------------------------------ writing

    static void savetxt(Path path, NdArray a, SaveTxt o) {
        Cohort ctx = a.ctx;
        if (a.ndim() == 0 || a.ndim() > 2) {
            throw new ShapeMismatchException("Expected 1D or 2D array, got " + a.ndim() + "D array instead");
        }
        int cols = a.ndim() == 1 ? 1 : Math.toIntExact(a.shape()[1]);
        String rowFormat = rowFormat(o, cols);
        String header = o.header.isEmpty() ? "" : o.comments + o.header.replace("\n", "\n" + o.comments) + o.newline;
        String footer = o.footer.isEmpty() ? "" : o.comments + o.footer.replace("\n", "\n" + o.comments) + o.newline;
        long headerLen = header.getBytes(StandardCharsets.UTF_8).length;
        long footerLen = footer.getBytes(StandardCharsets.UTF_8).length;
        String file = path.toAbsolutePath().toString();
        Future written;
        if (a.size() == 0) {
            TextTasks.Write w = new TextTasks.Write(IterSpace.whole(1), Operand.Const.of(0L), rowFormat, o.newline,
                    file, new long[]{headerLen}, header, footer, headerLen, headerLen + footerLen);
            written = AutoTask.single(ctx.runtime(), TextTasks.WRITE).scalars(w.encode())
                    .result(ReductionOp.SUM, FieldType.INT64, 1).execute();
        } else {
            long[] shape = a.shape();
            List<Launches.Slot> slots = List.of(new Launches.Slot(a, Launches.iterAccess(a, shape), Role.READ));
            Strategy st = Launches.strategy(ctx, shape, slots, a.ndim() == 2 ? new int[]{1} : new int[0], false, null);
            int points = Math.toIntExact(st.space().launchDomain().volume());
            Instance lengths = issue(TextTasks.FORMAT, slots, st, ReductionOp.SUM, 2 * points + 1, space ->
                    new TextTasks.Write(space, Launches.operand(slots, 0), rowFormat, o.newline, file, new long[0], "", "",
                            0, 0).encode()).get();
            if (lengths.getBits(2 * points) != 0) {
                throw new IllegalArgumentException("savetxt: fmt '" + rowFormat + "' cannot format the values of this "
                        + a.dtype().numpyName() + " array (e.g. %d of nan or inf)");
            }
            Integer[] order = new Integer[points];
            for (int k = 0; k < points; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (x, y) -> Long.compare(lengths.getBits(2 * x), lengths.getBits(2 * y)));
            long[] offsets = new long[points];
            long at = headerLen;
            for (int k : order) {
                offsets[k] = at;
                at += lengths.getBits(2 * k + 1);
            }
            long footerAt = at;
            written = issue(TextTasks.WRITE, slots, st, ReductionOp.SUM, 1, space ->
                    new TextTasks.Write(space, Launches.operand(slots, 0), rowFormat, o.newline, file, offsets, header,
                            footer, footerAt, footerAt + footerLen).encode());
        }
        if (written.get().getBits(0) != 0) {
            throw new UncheckedIOException(new IOException("savetxt: could not write " + path));
        }
    }

    /** The format of one row (NumPy: one format repeated with the delimiter, a list joined by it, or a row format). */
    static String rowFormat(SaveTxt o, int cols) {
        String row;
        if (o.fmts != null) {
            if (o.fmts.length != cols) {
                throw new IllegalArgumentException("fmt has wrong shape.  " + Arrays.toString(o.fmts)
                        + " (" + o.fmts.length + " formats for " + cols + " columns)");
            }
            row = String.join(o.delimiter, o.fmts);
        } else {
            int n = PyFormat.parse(o.fmt).conversions();
            if (n == 1) {
                row = String.join(o.delimiter, java.util.Collections.nCopies(cols, o.fmt));
            } else if (n == cols) {
                row = o.fmt;
            } else {
                throw new IllegalArgumentException("fmt has wrong number of % formats:  " + o.fmt);
            }
        }
        PyFormat p = PyFormat.parse(row);
        if (p.conversions() != cols) {
            throw new IllegalArgumentException("fmt has wrong number of % formats:  " + row);
        }
        return row;
    }

    // ------------------------------------------------------------------ launches

    /**
     * Issues one launch over {@code st} (planned before the slots' arrays were materialised) with a result
     * future of {@code length} int64 folded by {@code op}.
     */
    static Future issue(int taskId, List<Launches.Slot> slots, Strategy st, ReductionOp op, int length,
                        java.util.function.Function<IterSpace, byte[]> args) {
        return Launches.launchForResult(taskId, st.space().shape(), slots, st, args, new Launches.Result(op, FieldType.INT64, length));
    }
}
