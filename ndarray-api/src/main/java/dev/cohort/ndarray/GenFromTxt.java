package dev.cohort.ndarray;

import java.util.Arrays;

/**
 * Options of {@link Np#genfromtxt(java.nio.file.Path, GenFromTxt)}, named as NumPy's
 * {@code genfromtxt} arguments: {@code GenFromTxt.options().delimiter(',').skipHeader(1).fillingValues(0)}.
 * Missing (empty) and unparsable fields become {@code filling_values}: NaN for floating dtypes and
 * -1 for integer ones unless set.
 */
public final class GenFromTxt {
    DType dtype = DType.FLOAT64;
    String delimiter;
    String[] comments = {"#"};
    long skipHeader;
    int[] usecols;
    Double fillingValues;

    private GenFromTxt() {
    }

    /** The defaults: float64, whitespace-separated, {@code #} comments, no header, every column, NaN / -1 filling. */
    public static GenFromTxt options() {
        return new GenFromTxt();
    }

    /** The result's dtype (float64, float32, int64, int32 or bool); NumPy {@code dtype}. */
    public GenFromTxt dtype(DType dtype) {
        if (dtype == null) {
            throw new IllegalArgumentException("dtype must not be null");
        }
        this.dtype = dtype;
        return this;
    }

    /** The field separator; null (the default) splits on runs of whitespace. NumPy {@code delimiter}. */
    public GenFromTxt delimiter(String delimiter) {
        if (delimiter != null && delimiter.isEmpty()) {
            throw new IllegalArgumentException("delimiter must not be empty (use null for whitespace)");
        }
        this.delimiter = delimiter;
        return this;
    }

    public GenFromTxt delimiter(char delimiter) {
        return delimiter(String.valueOf(delimiter));
    }

    /** Comment markers; none given: no comments. NumPy {@code comments}. */
    public GenFromTxt comments(String... markers) {
        for (String m : markers) {
            if (m == null || m.isEmpty()) {
                throw new IllegalArgumentException("comment markers must be non-empty strings, got " + Arrays.toString(markers));
            }
        }
        this.comments = markers.clone();
        return this;
    }

    /** Physical lines to skip at the start. NumPy {@code skip_header}. */
    public GenFromTxt skipHeader(long lines) {
        if (lines < 0) {
            throw new IllegalArgumentException("skip_header must be >= 0, got " + lines);
        }
        this.skipHeader = lines;
        return this;
    }

    /** The columns to read, in this order (negative: from the end). NumPy {@code usecols}. */
    public GenFromTxt usecols(int... usecols) {
        if (usecols.length == 0) {
            throw new IllegalArgumentException("usecols must name at least one column");
        }
        this.usecols = usecols.clone();
        return this;
    }

    /** The value of missing or unparsable fields. NumPy {@code filling_values}. */
    public GenFromTxt fillingValues(double value) {
        this.fillingValues = value;
        return this;
    }
}
