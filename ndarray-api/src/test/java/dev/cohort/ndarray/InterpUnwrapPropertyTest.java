package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Timeout;

/**
 * The distributed compositions of wave 4 against sequential Java on random sizes and shard counts 1-8 with tiny tiles:
 * interp (searchsorted + take) against NumPy's sequential algorithm, cumulative_sum with include_initial, and
 * unwrap (diff, mod, cumsum) against its sequential definition. Every shard must return the same values.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class InterpUnwrapPropertyTest {

    /** NumPy's interp, one point at a time (compiled_base.c's order of tests). */
    static double interp1(double x, double[] xp, double[] fp) {
        int n = xp.length;
        if (Double.isNaN(x)) {
            return x;
        }
        if (x < xp[0]) {
            return fp[0];
        }
        if (x > xp[n - 1]) {
            return fp[n - 1];
        }
        int j = 0;
        while (j + 1 < n && xp[j + 1] <= x) {
            j++;
        }
        if (j == n - 1 || xp[j] == x) {
            return fp[j];
        }
        double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
        double r = slope * (x - xp[j]) + fp[j];
        if (Double.isNaN(r)) {
            r = slope * (x - xp[j + 1]) + fp[j + 1];
            if (Double.isNaN(r) && fp[j] == fp[j + 1]) {
                r = fp[j];
            }
        }
        return r;
    }

    @Property(tries = 12)
    void interpMatchesTheSequentialAlgorithm(@ForAll @IntRange(min = 2, max = 30) int n, @ForAll @IntRange(min = 1, max = 40) int m,
            @ForAll @IntRange(min = 1, max = 8) int shards, @ForAll @IntRange(min = 0, max = 100000) int seed) {
        Random r = new Random(seed);
        double[] xp = new double[n];
        double[] fp = new double[n];
        double at = -5;
        for (int i = 0; i < n; i++) {
            at += r.nextInt(3) == 0 ? 0.5 : r.nextDouble() * 2 + 0.01;
            xp[i] = at;
            fp[i] = r.nextGaussian();
        }
        double[] x = new double[m];
        for (int i = 0; i < m; i++) {
            x[i] = r.nextInt(4) == 0 ? xp[r.nextInt(n)] : -7 + r.nextDouble() * (at + 9);
        }
        double[] want = new double[m];
        for (int i = 0; i < m; i++) {
            want[i] = interp1(x[i], xp, fp);
        }
        List<double[]> got = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2),
                () -> Np.interp(Np.array(x), Np.array(xp), Np.array(fp)).toDoubleArray());
        for (double[] g : got) {
            assertEquals(Arrays.toString(want), Arrays.toString(g), "interp of " + Arrays.toString(x));
        }
    }

    @Property(tries = 12)
    void unwrapAndCumulativeSumMatchTheirDefinitions(@ForAll @IntRange(min = 1, max = 40) int n,
            @ForAll @IntRange(min = 1, max = 8) int shards, @ForAll @IntRange(min = 0, max = 100000) int seed) {
        Random r = new Random(seed);
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = (r.nextDouble() - 0.5) * 20;
        }
        // sequential unwrap: each difference brought into [-pi, pi) by adding multiples of 2 pi, then summed up
        double[] want = p.clone();
        double correction = 0;
        for (int i = 1; i < n; i++) {
            double dd = p[i] - p[i - 1];
            double mod = dd + Math.PI - 2 * Math.PI * Math.floor((dd + Math.PI) / (2 * Math.PI)) - Math.PI;
            if (mod == -Math.PI && dd > 0) {
                mod = Math.PI;
            }
            correction += Math.abs(dd) < Math.PI ? 0 : mod - dd;
            want[i] = p[i] + correction;
        }
        double[] sums = new double[n + 1];
        for (int i = 0; i < n; i++) {
            sums[i + 1] = sums[i] + p[i];
        }
        List<double[][]> got = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            NdArray a = Np.array(p);
            return new double[][]{Np.unwrap(a).toDoubleArray(), Np.cumulative_sum(a, null, true).toDoubleArray()};
        });
        for (double[][] g : got) {
            for (int i = 0; i < n; i++) {
                assertEquals(want[i], g[0][i], 1e-9, "unwrap[" + i + "] of " + Arrays.toString(p));
            }
            for (int i = 0; i <= n; i++) {
                assertEquals(sums[i], g[1][i], 1e-9, "cumulative_sum[" + i + "]");
            }
            // every consecutive difference of the unwrapped phase is at most pi in magnitude
            for (int i = 1; i < n; i++) {
                assertEquals(true, Math.abs(g[0][i] - g[0][i - 1]) <= Math.PI + 1e-9, "unwrapped step " + i);
            }
        }
    }
}
