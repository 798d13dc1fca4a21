package dev.cohort.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Formatting of the benchmark's results: ratios, aligned text tables and CSV. */
public final class Report {
    private Report() {
    }

    /** {@code cohort / raw}, or NaN when either is missing (NaN) or {@code raw} is not positive. */
    public static double ratio(double cohort, double raw) {
        if (Double.isNaN(cohort) || Double.isNaN(raw) || raw <= 0) {
            return Double.NaN;
        }
        return cohort / raw;
    }

    /** A ratio with two decimals ({@code 1.23}), or {@code n/a}. */
    public static String formatRatio(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2f", ratio);
    }

    /** A measured value with {@code decimals} decimals, or {@code n/a} for NaN. */
    public static String format(double value, int decimals) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** A number for CSV: {@code decimals} decimals, or an empty cell for NaN. */
    public static String csvNumber(double value, int decimals) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Nanoseconds as microseconds with one decimal ({@code 12.3}). */
    public static double micros(double nanos) {
        return nanos / 1e3;
    }

    /** {@code rows} (the first is the header) as a text table: columns separated by two spaces, right-aligned. */
    public static String table(List<List<String>> rows) {
        int columns = 0;
        for (List<String> r : rows) {
            columns = Math.max(columns, r.size());
        }
        int[] width = new int[columns];
        for (List<String> r : rows) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = c < r.size() ? r.get(c) : "";
                if (c > 0) {
                    line.append("  ");
                }
                line.append(" ".repeat(width[c] - cell.length())).append(cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                List<String> rule = new ArrayList<>();
                for (int c = 0; c < columns; c++) {
                    rule.add("-".repeat(width[c]));
                }
                out.append(String.join("  ", rule)).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * {@code rows} (the first is the header) as a markdown table: the first column left-aligned, the others
     * right-aligned; {@code |} in a cell is escaped.
     */
    public static String markdownTable(List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            List<String> cells = rows.get(i).stream().map(c -> c.replace("|", "\\|")).toList();
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
            if (i == 0) {
                out.append("|---").append("|---:".repeat(cells.size() - 1)).append("|\n");
            }
        }
        return out.toString();
    }

    /** One CSV line of {@code cells} (RFC 4180 quoting where needed), without the line end. */
    public static String csvLine(List<String> cells) {
        List<String> quoted = new ArrayList<>(cells.size());
        for (String cell : cells) {
            String c = cell == null ? "" : cell;
            if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
                c = "\"" + c.replace("\"", "\"\"") + "\"";
            }
            quoted.add(c);
        }
        return String.join(",", quoted);
    }
}
