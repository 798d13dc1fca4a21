package dev.cohort.bench.opmix;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The op-mix chart: Cohort / NumPy per operation (x axis, labels turned upright) with one bar per dtype, on a
 * logarithmic axis, wider than {@code dev.cohort.bench.Charts}' (about 40 operations).
 */
final class OpMixChart {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    static final int WIDTH = 1600;
    static final int HEIGHT = 600;

    private OpMixChart() {
    }

    /**
     * Draws {@code series} (dtype to one ratio per op; NaN or non-positive: no bar) as grouped bars and writes
     * {@code png}.
     *
     * @throws IllegalArgumentException if a series has not one value per op, or no value is positive
     */
    static Path ratios(Path png, String title, List<String> ops, Map<String, double[]> series) {
        double min = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            if (e.getValue().length != ops.size()) {
                throw new IllegalArgumentException("series " + e.getKey() + " has " + e.getValue().length + " values for " + ops.size() + " ops");
            }
            for (double v : e.getValue()) {
                if (v > 0 && !Double.isInfinite(v)) {
                    min = Math.min(min, v);
                }
            }
        }
        if (Double.isInfinite(min)) {
            throw new IllegalArgumentException("nothing to draw in " + png);
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("operation").yAxisTitle("Cohort / NumPy, median time (log scale)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setAvailableSpaceFill(0.85);
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setToolTipsEnabled(false);
        chart.getStyler().setXAxisLabelRotation(90);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(Math.min(0.1, Math.pow(10, Math.floor(Math.log10(min)))));
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            List<Double> ys = new ArrayList<>();
            boolean any = false;
            for (double v : e.getValue()) {
                boolean drawn = v > 0 && !Double.isInfinite(v);
                ys.add(drawn ? v : null);
                any |= drawn;
            }
            if (any) {
                chart.addSeries(e.getKey(), new ArrayList<>(ops), ys);
            }
        }
        dev.cohort.bench.Charts.save(chart, png);
        return png;
    }
}
