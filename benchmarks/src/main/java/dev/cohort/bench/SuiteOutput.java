package dev.cohort.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one benchmark suite leaves in the results directory, for {@code RunAll} to assemble into
 * {@code benchmarks/RESULTS.md}:
 * <ul>
 *   <li>{@code <suite>.csv}: one row per measurement, header {@code suite,benchmark,variant,size,metric,value,unit};</li>
 *   <li>{@code <suite>-targets.csv}: one row per issue target the suite measures, header
 *       {@code target,measured,goal,unit,met,note} ({@code met} is {@code true}/{@code false});</li>
 *   <li>{@code <suite>.md}: the suite's section of the report (tables, chart links, how it measured).</li>
 * </ul>
 * Charts are PNG files the suite writes beside them and links from its section.
 */
public final class SuiteOutput {
    /** Header of a suite's measurement CSV. */
    public static final String MEASUREMENT_HEADER = "suite,benchmark,variant,size,metric,value,unit";
    /** Header of a suite's targets CSV. */
    public static final String TARGET_HEADER = "target,measured,goal,unit,met,note";

    private final Path dir;
    private final String suite;
    private final List<String> rows = new ArrayList<>();
    private final List<String> targets = new ArrayList<>();
    private final StringBuilder section = new StringBuilder();

    /** A suite named {@code suite} (a file-name-safe word) writing into {@code dir}. */
    public SuiteOutput(Path dir, String suite) {
        if (!suite.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("suite name must match [a-z0-9-]+, got '" + suite + "'");
        }
        this.dir = dir;
        this.suite = suite;
    }

    public Path dir() {
        return dir;
    }

    public String suite() {
        return suite;
    }

    /** Records one measurement, e.g. {@code ("logreg", "cohort-1shard", "1000000x32", "seconds_per_iteration", 0.05, "s")}. */
    public void measurement(String benchmark, String variant, String size, String metric, double value, String unit) {
        rows.add(Report.csvLine(List.of(suite, benchmark, variant, size, metric, number(value), unit)));
    }

    /**
     * Records a target of issue 5: e.g. {@code ("logistic regression 1e6x32 vs NumPy", 0.41, "<= 0.25", "x NumPy", false,
     * "one pass over X at the measured 9 GB/s read bandwidth already takes 0.028 s")}.
     */
    public void target(String target, double measured, String goal, String unit, boolean met, String note) {
        targets.add(Report.csvLine(List.of(target, number(measured), goal, unit, Boolean.toString(met), note == null ? "" : note)));
    }

    /** Appends markdown to the suite's report section. */
    public SuiteOutput md(String markdown) {
        section.append(markdown);
        if (!markdown.endsWith("\n")) {
            section.append('\n');
        }
        return this;
    }

    /** Writes the three files; returns the measurement CSV's path. */
    public Path write() {
        try {
            Files.createDirectories(dir);
            List<String> csv = new ArrayList<>();
            csv.add(MEASUREMENT_HEADER);
            csv.addAll(rows);
            Path data = dir.resolve(suite + ".csv");
            Files.write(data, csv, StandardCharsets.UTF_8);
            List<String> t = new ArrayList<>();
            t.add(TARGET_HEADER);
            t.addAll(targets);
            Files.write(dir.resolve(suite + "-targets.csv"), t, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(suite + ".md"), section.toString(), StandardCharsets.UTF_8);
            return data;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the results of suite " + suite + " to " + dir, e);
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
