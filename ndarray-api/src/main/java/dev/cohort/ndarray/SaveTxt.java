package dev.cohort.ndarray;

import java.util.Arrays;

/**
 * Options of {@link Np#savetxt(java.nio.file.Path, NdArray, SaveTxt)}, named as NumPy's
 * {@code savetxt} arguments: {@code SaveTxt.options().fmt("%.6f").delimiter(",").header("x,y")}.
 */
public final class SaveTxt {
    String fmt = "%.18e";
    String[] fmts;
    String delimiter = " ";
    String newline = "\n";
    String header = "";
    String footer = "";
    String comments = "# ";

    private SaveTxt() {
    }

    /** The defaults of NumPy: {@code fmt='%.18e'}, {@code delimiter=' '}, {@code newline='\n'}, no header or footer, {@code comments='# '}. */
    public static SaveTxt options() {
        return new SaveTxt();
    }

    /**
     * One Python {@code %}-format for every value ({@code "%.18e"}, {@code "%d"}, {@code "%10.5f"}), or a
     * whole row's format with one specification per column ({@code "%d,%.3f"}, the delimiter is then not used).
     */
    public SaveTxt fmt(String fmt) {
        if (fmt == null) {
            throw new IllegalArgumentException("fmt must not be null");
        }
        this.fmt = fmt;
        this.fmts = null;
        return this;
    }

    /** One format per column, joined by the delimiter. */
    public SaveTxt fmt(String... perColumn) {
        if (perColumn.length == 1) {
            return fmt(perColumn[0]);
        }
        for (String f : perColumn) {
            if (f == null) {
                throw new IllegalArgumentException("fmt must not hold null, got " + Arrays.toString(perColumn));
            }
        }
        this.fmts = perColumn.clone();
        this.fmt = null;
        return this;
    }

    /** Between the columns of a row. */
    public SaveTxt delimiter(String delimiter) {
        this.delimiter = delimiter == null ? "" : delimiter;
        return this;
    }

    /** After each row (and the header and footer). */
    public SaveTxt newline(String newline) {
        this.newline = newline == null ? "" : newline;
        return this;
    }

    /** Written before the data, each of its lines prefixed with {@code comments}; empty: none. */
    public SaveTxt header(String header) {
        this.header = header == null ? "" : header;
        return this;
    }

    /** Written after the data, each of its lines prefixed with {@code comments}; empty: none. */
    public SaveTxt footer(String footer) {
        this.footer = footer == null ? "" : footer;
        return this;
    }

    /** The prefix of header and footer lines. */
    public SaveTxt comments(String comments) {
        this.comments = comments == null ? "" : comments;
        return this;
    }
}
