package dev.cohort.ndarray;

import java.util.Arrays;

/**
 * Options of {@link Np#loadtxt(java.nio.file.Path, LoadTxt)}, named as NumPy's {@code loadtxt}
 * arguments: {@code Np.loadtxt(path, LoadTxt.options().delimiter(',').skiprows(1).usecols(0, 2))}.
 * A fresh object per call of {@link #options()}; setters return {@code this}.
 */
public final class LoadTxt {
    DType dtype = DType.FLOAT64;
    String delimiter;
    String[] comments = {"#"};
    long skiprows;
    int[] usecols;
    int ndmin;

    private LoadTxt() {
    }

    /** The defaults: float64, whitespace-separated, {@code #} comments, no rows skipped, every column, ndmin 0. */
    public static LoadTxt options() {
        return new LoadTxt();
    }

    /** The result's dtype (float64, float32, int64, int32 or bool); NumPy {@code dtype}. */
    public LoadTxt dtype(DType dtype) {
        if (dtype == null) {
            throw new IllegalArgumentException("dtype must not be null");
        }
        this.dtype = dtype;
        return this;
    }

    /** The field separator; null (the default) splits on runs of whitespace. NumPy {@code delimiter}. */
    public LoadTxt delimiter(String delimiter) {
        if (delimiter != null && delimiter.isEmpty()) {
            throw new IllegalArgumentException("delimiter must not be empty (use null for whitespace)");
        }
        if (delimiter != null && (delimiter.indexOf('\n') >= 0 || delimiter.indexOf('\r') >= 0)) {
            throw new IllegalArgumentException("delimiter must not contain a line end, got " + Arrays.toString(delimiter.getBytes()));
        }
        this.delimiter = delimiter;
        return this;
    }

    public LoadTxt delimiter(char delimiter) {
        return delimiter(String.valueOf(delimiter));
    }

    /** Comment markers: from the first one on a line to its end is ignored; none given: no comments. NumPy {@code comments}. */
    public LoadTxt comments(String... markers) {
        for (String m : markers) {
            if (m == null || m.isEmpty()) {
                throw new IllegalArgumentException("comment markers must be non-empty strings, got " + Arrays.toString(markers));
            }
        }
        this.comments = markers.clone();
        return this;
    }

    /** Physical lines to skip at the start, comments included. NumPy {@code skiprows}. */
    public LoadTxt skiprows(long skiprows) {
        if (skiprows < 0) {
            throw new IllegalArgumentException("skiprows must be >= 0, got " + skiprows);
        }
        this.skiprows = skiprows;
        return this;
    }

    /** The columns to read, in this order, 0-based (negative: from the end). NumPy {@code usecols}. */
    public LoadTxt usecols(int... usecols) {
        if (usecols.length == 0) {
            throw new IllegalArgumentException("usecols must name at least one column");
        }
        this.usecols = usecols.clone();
        return this;
    }

    /** The minimum number of dimensions of the result: 0, 1 or 2. NumPy {@code ndmin}. */
    public LoadTxt ndmin(int ndmin) {
        if (ndmin < 0 || ndmin > 2) {
            throw new IllegalArgumentException("Illegal value of ndmin keyword: " + ndmin);
        }
        this.ndmin = ndmin;
        return this;
    }
}
