package dev.cohort.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PNG charts of benchmark results, drawn with XChart in headless mode; the suites write them beside their CSV files
 * and link them from their report sections by file name.
 */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Width and height of every chart, pixels. */
    public static final int WIDTH = 900;
    public static final int HEIGHT = 520;

    private Charts() {
    }

    /** How the y axis is scaled. */
    public enum Scale {
        /** Linear. */
        LINEAR,
        /** Logarithmic (decades). */
        LOG,
        /** Logarithmic when the positive values span more than a factor of {@link #AUTO_LOG_SPAN}, else linear. */
        AUTO
    }

    /** Span of values (largest / smallest positive) from which {@link Scale#AUTO} draws a logarithmic axis. */
    public static final double AUTO_LOG_SPAN = 30;

    /**
     * Draws grouped bars, one group per category and one bar per series, and saves them as a PNG file.
     * NaN values (not measured) leave a gap; a series with no value at all is left out.
     *
     * @param png        the file to write ({@code .png})
     * @param categories the x-axis groups, e.g. sizes
     * @param series     series name to its values, one per category (in order)
     * @return {@code png}
     * @throws IllegalArgumentException if a series has not one value per category, or nothing is left to draw
     */
    public static Path bars(Path png, String title, String xTitle, String yTitle, List<String> categories,
            Map<String, double[]> series, Scale scale) {
        Map<String, List<Double>> drawn = new LinkedHashMap<>();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            double[] v = e.getValue();
            if (v.length != categories.size()) {
                throw new IllegalArgumentException("series " + e.getKey() + " has " + v.length + " values for "
                        + categories.size() + " categories");
            }
            List<Double> values = new ArrayList<>();
            boolean any = false;
            for (double x : v) {
                if (Double.isNaN(x) || Double.isInfinite(x)) {
                    values.add(null);
                } else {
                    values.add(x);
                    any = true;
                    if (x > 0) {
                        min = Math.min(min, x);
                        max = Math.max(max, x);
                    }
                }
            }
            if (any) {
                drawn.put(e.getKey(), values);
            }
        }
        if (drawn.isEmpty()) {
            throw new IllegalArgumentException("nothing to draw in " + png);
        }
        boolean log = scale == Scale.LOG || scale == Scale.AUTO && max > 0 && max / min > AUTO_LOG_SPAN;
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle + (log ? " (log scale)" : "")).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setToolTipsEnabled(false);
        chart.getStyler().setYAxisLogarithmic(log);
        if (log) {
            // bars start at the axis minimum: make it a decade below the smallest value
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
        } else {
            chart.getStyler().setYAxisMin(0.0);
        }
        for (Map.Entry<String, List<Double>> e : drawn.entrySet()) {
            List<Double> ys = new ArrayList<>();
            for (Double y : e.getValue()) {
                // XChart draws no bar for null; on a log axis a zero cannot be drawn either
                ys.add(y == null || log && y <= 0 ? null : y);
            }
            chart.addSeries(e.getKey(), new ArrayList<>(categories), ys);
        }
        return save(chart, png);
    }

    /**
     * Writes {@code chart} as a PNG at {@code png}, making its directory; returns the file written (XChart appends
     * ".png" unless the name already ends with it).
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path png) {
        try {
            Path parent = png.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("writing chart " + png, e);
        }
        return png.toString().endsWith(".png") ? png : Path.of(png + ".png");
    }
}
