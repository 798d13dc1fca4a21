package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The distributed products (batched matmul with broadcast batch dimensions, einsum, tensordot) against
 * sequential Java loops, on random shapes and 1-8 shards with tiny tiles; and batched linalg (solve) against
 * the residual it must leave.
 */
class ProductsPropertyTest {
    @Property(tries = 12)
    void batchedMatmulEinsumTensordotMatchLoops(@ForAll @IntRange(min = 1, max = 8) int shards,
                                                @ForAll @IntRange(min = 1, max = 3) int b0, @ForAll @IntRange(min = 1, max = 3) int b1,
                                                @ForAll @IntRange(min = 1, max = 5) int n, @ForAll @IntRange(min = 1, max = 5) int k,
                                                @ForAll @IntRange(min = 1, max = 5) int m, @ForAll boolean broadcastB,
                                                @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        int bb0 = broadcastB ? 1 : b0;
        double[] a = r.doubles((long) b0 * b1 * n * k, -2, 2).toArray();
        double[] b = r.doubles((long) bb0 * b1 * k * m, -2, 2).toArray();
        long[] as = {b0, b1, n, k};
        long[] bs = {bb0, b1, k, m};
        // jqwik does not honour JUnit's @Timeout: each program runs under its own deadline
        List<double[][]> got = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            NdArray x = Np.array(a, as);
            NdArray y = Np.array(b, bs);
            double[] mm = x.matmul(y).toDoubleArray();
            double[] es = Np.einsum("abij,cbjk->abik", x, y).toDoubleArray();  // c is 1 or a: reduced when broadcast
            double[] td = Np.tensordot(x, y.get(0), new int[] {1, 3}, new int[] {0, 1}).toDoubleArray(); // (b0, n, m)
            return new double[][] {mm, es, td};
        }));
        double[] want = new double[b0 * b1 * n * m];
        double[] wantTd = new double[b0 * n * m];
        for (int i0 = 0; i0 < b0; i0++) {
            for (int i1 = 0; i1 < b1; i1++) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < m; j++) {
                        double s = 0;
                        double t = 0;
                        for (int q = 0; q < k; q++) {
                            s += a[((i0 * b1 + i1) * n + i) * k + q] * b[(((broadcastB ? 0 : i0) * b1 + i1) * k + q) * m + j];
                            t += a[((i0 * b1 + i1) * n + i) * k + q] * b[((i1) * k + q) * m + j];
                        }
                        want[((i0 * b1 + i1) * n + i) * m + j] = s;
                        wantTd[(i0 * n + i) * m + j] += t;
                    }
                }
            }
        }
        for (int s = 0; s < shards; s++) {
            double[][] g = got.get(s);
            close(want, g[0], "matmul on shard " + s);
            if (broadcastB) {
                close(want, g[1], "einsum on shard " + s);
            } else {
                // c == a runs over b0 too and is summed: the sum over c of x[a] @ y[c]
                double[] w = new double[want.length];
                for (int i0 = 0; i0 < b0; i0++) {
                    for (int e = 0; e < b1 * n * m; e++) {
                        int i1 = e / (n * m);
                        int i = e / m % n;
                        int j = e % m;
                        double acc = 0;
                        for (int c = 0; c < b0; c++) {
                            for (int q = 0; q < k; q++) {
                                acc += a[((i0 * b1 + i1) * n + i) * k + q] * b[((c * b1 + i1) * k + q) * m + j];
                            }
                        }
                        w[i0 * b1 * n * m + e] = acc;
                    }
                }
                close(w, g[1], "einsum on shard " + s);
            }
            close(wantTd, g[2], "tensordot on shard " + s);
        }
    }

    static void close(double[] want, double[] got, String what) {
        assertEquals(want.length, got.length, what + ": length");
        for (int i = 0; i < want.length; i++) {
            assertTrue(Math.abs(want[i] - got[i]) <= 1e-12 * (1 + Math.abs(want[i])) * 64,
                    what + ": element " + i + " " + got[i] + " != " + want[i] + " " + Arrays.toString(got));
        }
    }

    @Property(tries = 8)
    void batchedSolveLeavesATinyResidual(@ForAll @IntRange(min = 1, max = 8) int shards, @ForAll @IntRange(min = 1, max = 4) int batch,
                                         @ForAll @IntRange(min = 1, max = 6) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        double[] a = r.doubles((long) batch * n * n, -1, 1).toArray();
        for (int t = 0; t < batch; t++) {
            for (int i = 0; i < n; i++) {
                a[(t * n + i) * n + i] += n; // diagonally dominant: well conditioned
            }
        }
        double[] b = r.doubles((long) batch * n, -1, 1).toArray();
        List<double[]> res = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            NdArray x = Np.array(a, batch, n, n);
            NdArray y = Np.array(b, batch, n, 1);
            NdArray sol = Np.linalg.solve(x, y);
            return x.matmul(sol).subtract(y).abs().max(0).toDoubleArray();
        }));
        for (int s = 0; s < shards; s++) {
            for (double v : res.get(s)) {
                assertTrue(v < 1e-12, "residual " + v + " on shard " + s);
            }
        }
    }
}
