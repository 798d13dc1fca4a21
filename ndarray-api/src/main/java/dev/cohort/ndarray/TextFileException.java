package dev.cohort.ndarray;

import java.nio.file.Path;

/**
 * NumPy's ValueError for a text file that does not parse ({@code loadtxt}, {@code genfromtxt},
 * {@code io.MatrixMarket.mmread}): the message uses NumPy's words and names the file and the line
 * (1-based, counting every physical line); {@link #line()} and {@link #column()} give them too.
 */
public class TextFileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long line;
    private final int column;

    /**
     * @param line   1-based physical line, or 0 when not about one line
     * @param column 1-based column, or 0 when not about one column
     */
    public TextFileException(String message, Path file, long line, int column) {
        super(message);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The file at fault. */
    public Path file() {
        return file;
    }

    /** The 1-based physical line at fault, 0 when the error is not about one line. */
    public long line() {
        return line;
    }

    /** The 1-based column (field) at fault, 0 when the error is not about one column. */
    public int column() {
        return column;
    }
}
