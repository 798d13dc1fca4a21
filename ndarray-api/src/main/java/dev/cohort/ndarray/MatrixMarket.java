package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.MatrixMarketTasks;
import dev.cohort.tasks.MatrixMarketTasks.Header;
import dev.cohort.tasks.TextLines;
import dev.cohort.tasks.TextSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Matrix Market files ({@code .mtx}) as dense arrays, after SciPy's {@code scipy.io.mmread} /
 * {@code mmwrite}. A small parser of its own (see {@link MatrixMarketTasks}): the Java readers on
 * Maven Central (MTJ's {@code MatrixVectorReader}, la4j) are unmaintained since 2015–2016, bring
 * their own matrix types (and MTJ netlib-java), and report neither the line nor the index of a bad
 * entry.
 */
public final class MatrixMarket {
    private MatrixMarket() {
    }

    /**
     * Reads a Matrix Market file into a dense 2-D array: SciPy's {@code mmread(path)} (then
     * {@code .toarray()} for coordinate files). Shape (rows, cols) from the size line; dtype int64
     * for {@code integer} files, float64 for {@code real} and {@code pattern} (entries 1.0);
     * {@code symmetric} and {@code skew-symmetric} files get the other triangle mirrored (negated
     * for skew); duplicate coordinate entries are summed. Each tile of the result reads the file
     * with positioned reads and keeps the entries that fall in it.
     *
     * @throws TextFileException naming the file and line: a missing or malformed banner
     *         ({@code %%MatrixMarket matrix coordinate real general}), complex or hermitian matrices,
     *         a bad size line, an index out of range ({@code Line 7: Row index out of bounds: 49 not in 1..48}),
     *         an unparsable value, too few ({@code Truncated file. Expected another 2 lines.}) or too many entries.
     *         Every shard throws the same exception; the program can go on.
     * @throws UncheckedIOException when the file cannot be read (NoSuchFileException when it does not exist)
     */
    public static NdArray mmread(Path path) {
        Cohort ctx = Cohort.current();
        String file = path.toAbsolutePath().toString();
        Header h = Header.of(AutoTask.single(ctx.runtime(), MatrixMarketTasks.PROBE)
                .scalars(new MatrixMarketTasks.Probe(file).encode())
                .result(ReductionOp.SUM, FieldType.INT64, Header.encodeLength()).execute().get());
        switch (h.error()) {
            case MatrixMarketTasks.H_OK -> {
            }
            case MatrixMarketTasks.H_NO_FILE ->
                    throw new UncheckedIOException(new NoSuchFileException(path.toString(), null, path + " not found."));
            case MatrixMarketTasks.H_BANNER -> throw new TextFileException("Line 1: not a Matrix Market file: the first "
                    + "line must be '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern|complex> "
                    + "<general|symmetric|skew-symmetric|hermitian>' (file " + path + ", line 1)", path, 1, 0);
            case MatrixMarketTasks.H_UNSUPPORTED -> throw new TextFileException("Line 1: Cohort reads real, integer and "
                    + "pattern matrices (pattern only as coordinate) that are general, symmetric or skew-symmetric; "
                    + "this one is " + (h.field() == MatrixMarketTasks.FIELD_COMPLEX ? "complex" : "hermitian or an "
                    + "array of pattern") + " (file " + path + ", line 1)", path, 1, 0);
            case MatrixMarketTasks.H_SIZE -> throw new TextFileException("Line " + h.errorLine() + ": invalid size line "
                    + "(expected 'rows columns entries' for coordinate, 'rows columns' for array, non-negative "
                    + "integers; symmetric matrices must be square) (file " + path + ", line " + h.errorLine() + ")",
                    path, h.errorLine(), 0);
            default -> throw new UncheckedIOException(new IOException("could not read " + path));
        }
        DType dtype = h.field() == MatrixMarketTasks.FIELD_INTEGER ? DType.INT64 : DType.FLOAT64;
        long[] shape = {h.rows(), h.cols()};
        NdArray out = Creation.empty(ctx, dtype, shape);
        if (h.rows() == 0 || h.cols() == 0) {
            return out;
        }
        List<Launches.Slot> slots = List.of(new Launches.Slot(out, Launches.iterAccess(out, shape), Role.WRITE));
        Strategy st = Launches.strategy(ctx, shape, slots, new int[0], false, null);
        Future f = TextIo.issue(MatrixMarketTasks.READ, slots, st, ReductionOp.MIN, 1, space ->
                new MatrixMarketTasks.Read(file, h, space, Launches.operand(slots, 0)).encode());
        long error = f.get().getBits(0);
        if (error != Long.MAX_VALUE) {
            throw entryError(path, h, error);
        }
        return out;
    }

    /** {@link #mmread(Path)} of a path given as a string. */
    public static NdArray mmread(String path) {
        return mmread(Path.of(path));
    }

    /**
     * Writes a 2-D array as a dense Matrix Market {@code array general} file: SciPy's {@code mmwrite}
     * of a dense array. Values go column by column, one per line: int64, int32 and bool arrays as
     * {@code integer} ({@code %d}), float arrays as {@code real} with 17 significant digits
     * ({@code %.17g}, so {@link #mmread} gives back the same doubles). Written in parallel as
     * {@link Np#savetxt(Path, NdArray, SaveTxt)} writes.
     *
     * @throws ShapeMismatchException when {@code a} is not 2-D
     */
    public static void mmwrite(Path path, NdArray a) {
        if (a.ndim() != 2) {
            throw new ShapeMismatchException("mmwrite: expected a 2-D array, got shape " + Shapes.str(a.shape()));
        }
        boolean integer = !a.dtype().isFloating();
        String banner = "%%MatrixMarket matrix array " + (integer ? "integer" : "real") + " general";
        NdArray columnMajor = a.T().reshape(a.size());
        Np.savetxt(path, columnMajor, SaveTxt.options().fmt(integer ? "%d" : "%.17g").comments("")
                .header(banner + "\n" + a.shape()[0] + " " + a.shape()[1]));
    }

    /** {@link #mmwrite(Path, NdArray)} of a path given as a string. */
    public static void mmwrite(String path, NdArray a) {
        mmwrite(Path.of(path), a);
    }

    private static TextFileException entryError(Path path, Header h, long key) {
        long line = TextSpec.errorRow(key);
        int field = TextSpec.errorColumn(key);
        String[] tokens = new String[0];
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            TextLines lines = new TextLines(ch, ch.size(), 0);
            for (long n = 1; lines.next(); n++) {
                if (n == line) {
                    tokens = lines.text().trim().split("\\s+");
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // the message then lacks the quoted field
        }
        String at = " (file " + path + ", line " + line + ")";
        String quoted = field >= 1 && field <= tokens.length ? tokens[field - 1] : "?";
        return switch (TextSpec.errorKind(key)) {
            case MatrixMarketTasks.MM_ROW_INDEX -> new TextFileException("Line " + line + ": Row index out of bounds: "
                    + quoted + " not in 1.." + h.rows() + at, path, line, 1);
            case MatrixMarketTasks.MM_COL_INDEX -> new TextFileException("Line " + line + ": Column index out of bounds: "
                    + quoted + " not in 1.." + h.cols() + at, path, line, 2);
            case MatrixMarketTasks.MM_VALUE -> new TextFileException("Line " + line + ": Invalid "
                    + (h.field() == MatrixMarketTasks.FIELD_INTEGER ? "integer" : "floating-point") + " value '" + quoted
                    + "'." + at, path, line, field);
            case MatrixMarketTasks.MM_TRUNCATED -> new TextFileException("Truncated file. Expected another " + field
                    + " lines." + at, path, line, 0);
            case MatrixMarketTasks.MM_EXTRA -> new TextFileException("Line " + line + ": more entries than the "
                    + h.nnz() + " the size line announces." + at, path, line, 0);
            case MatrixMarketTasks.MM_ENTRY -> new TextFileException("Line " + line + ": expected "
                    + (h.field() == MatrixMarketTasks.FIELD_PATTERN ? "2 fields (row column)" : "3 fields (row column value)")
                    + ", got " + field + "." + at, path, line, 0);
            default -> new TextFileException("could not read " + path + at, path, line, 0);
        };
    }
}
