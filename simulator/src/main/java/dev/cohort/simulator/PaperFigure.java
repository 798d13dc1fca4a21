package dev.cohort.simulator;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A number the DCR paper reports for Legate NumPy (section 5.4, Figures 19 and 20), from the resource
 * {@value #RESOURCE}: what {@code bin/cohort simulate} prints beside its projection. The resource says how each
 * number was read; the paper's text gives only the speed-ups over Dask at 32 nodes, not the figures' points.
 *
 * @param benchmark {@code logreg} or {@code cg}
 * @param system    the system and processor kind ("Legate NumPy (CPU only)")
 * @param nodes     the node count the number is for
 * @param value     the number
 * @param unit      its unit ("speed-up over Dask", "efficiency", "rows/s/node", ...)
 * @param source    the figure it belongs to ("DCR paper, Fig. 19")
 * @param howRead   where in the paper it was read and how
 */
public record PaperFigure(String benchmark, String system, int nodes, double value, String unit, String source,
                          String howRead) {
    /** The resource with the figures. */
    public static final String RESOURCE = "/dev/cohort/simulator/dcr-paper-figures.csv";

    public PaperFigure {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(unit, "unit");
        if (nodes < 1 || !Double.isFinite(value)) {
            throw new IllegalArgumentException("a paper figure needs nodes >= 1 and a finite value; got " + nodes + ", " + value);
        }
    }

    /** Every figure of {@link #RESOURCE}, in file order. */
    public static List<PaperFigure> all() {
        try (InputStream in = PaperFigure.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing from the simulator jar");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The figures of {@link #RESOURCE} for {@code benchmark}. */
    public static List<PaperFigure> of(String benchmark) {
        return all().stream().filter(f -> f.benchmark().equals(benchmark)).toList();
    }

    /**
     * Reads figures: a CSV with the header {@code benchmark,system,nodes,value,unit,source,how_read}, lines starting
     * with {@code #} are comments.
     *
     * @throws IllegalArgumentException naming {@code source} and the line at fault
     */
    static List<PaperFigure> parse(Reader text, String source) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setCommentMarker('#').setHeader().setSkipHeaderRecord(true)
                .setIgnoreSurroundingSpaces(true).build();
        List<PaperFigure> out = new ArrayList<>();
        for (CSVRecord r : format.parse(text)) {
            try {
                out.add(new PaperFigure(r.get("benchmark"), r.get("system"), Integer.parseInt(r.get("nodes")),
                        Double.parseDouble(r.get("value")), r.get("unit"), r.get("source"), r.get("how_read")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + r.getParser().getCurrentLineNumber() + ": "
                        + e.getMessage(), e);
            }
        }
        return out;
    }

    /** "11.4 speed-up over Dask at 32 nodes (Legate NumPy (CPU only); DCR paper, Fig. 19)". */
    public String cite() {
        return fmt(value) + " " + unit + " at " + nodes + " nodes (" + system + "; " + source + ")";
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
