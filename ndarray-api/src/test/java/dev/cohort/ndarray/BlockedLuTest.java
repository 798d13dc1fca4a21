package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.tasks.linalg.LinAlgException;
import dev.cohort.tasks.linalg.Lu;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code np.linalg.solve} of a large matrix as the blocked, distributed LU ({@link BlockedLu}): NumPy's x (from
 * {@code tools/reference/linalg_blocked_solve.py}) and LAPACK getrf's pivots on 1 and 3 shards with small tiles,
 * the same bits on every shard count; random systems on 1-8 shards against the sequential {@link Lu}; a singular
 * matrix raising NumPy's "Singular matrix" with the session going on.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class BlockedLuTest {
    @AfterEach
    void restore() {
        BlockedLu.minSize = Long.getLong("cohort.linalg.blockedLu.min", 512);
        BlockedLu.block = Integer.getInteger("cohort.linalg.blockedLu.block", 64);
    }

    /** SplitMix64 uniforms in [0, 1), as the reference script draws them. */
    static double[] uniforms(long seed, int count) {
        double[] u = new double[count];
        long x = seed;
        for (int k = 0; k < count; k++) {
            x += 0x9E3779B97F4A7C15L;
            long z = x;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            u[k] = (z >>> 11) * 0x1.0p-53;
        }
        return u;
    }

    /** One reference case: inputs drawn as the script draws them, NumPy's x and getrf's pivots. */
    record Case(String name, long seed, int n, int cols, String kind, String dtype, String xDtype, long[] xShape,
                double[] x, long[] piv) {
        /** a (n*n values) then b (n*max(cols,1) values), row-major. */
        double[] values() {
            double[] u = uniforms(seed, n * n + n * Math.max(cols, 1));
            for (int k = 0; k < u.length; k++) {
                u[k] = kind.equals("float") ? 2 * u[k] - 1 : Math.floor(u[k] * 19) - 9;
            }
            return u;
        }

        NdArray a(double[] v) {
            return typed(Np.array(Arrays.copyOf(v, n * n), n, n));
        }

        NdArray b(double[] v) {
            double[] b = Arrays.copyOfRange(v, n * n, v.length);
            return typed(cols == 0 ? Np.array(b, n) : Np.array(b, n, cols));
        }

        private NdArray typed(NdArray a) {
            return switch (dtype) {
                case "float64" -> a;
                case "float32" -> a.astype(DType.FLOAT32);
                case "int64" -> a.astype(DType.INT64);
                default -> throw new IllegalArgumentException(dtype);
            };
        }
    }

    @SuppressWarnings("unchecked")
    static List<Case> cases() throws IOException {
        try (InputStream in = BlockedLuTest.class.getResourceAsStream("/reference/linalg_blocked_solve.json")) {
            Map<String, Object> root = (Map<String, Object>) new Reference.Json(new String(in.readAllBytes(), StandardCharsets.UTF_8)).parse();
            return ((List<Object>) root.get("cases")).stream().map(o -> {
                Map<String, Object> c = (Map<String, Object>) o;
                List<Object> xs = (List<Object>) c.get("x");
                return new Case((String) c.get("name"), ((Number) c.get("seed")).longValue(), ((Number) c.get("n")).intValue(),
                        ((Number) c.get("cols")).intValue(), (String) c.get("kind"), (String) c.get("dtype"), (String) c.get("x_dtype"),
                        ((List<Object>) c.get("x_shape")).stream().mapToLong(v -> ((Number) v).longValue()).toArray(),
                        xs.stream().mapToDouble(v -> Double.parseDouble((String) v)).toArray(),
                        ((List<Object>) c.get("getrf_piv")).stream().mapToLong(v -> ((Number) v).longValue()).toArray());
            }).toList();
        }
    }

    /** What one shard got: x (values, dtype, shape) and the blocked factorisation's pivots. */
    record Got(double[] x, DType dtype, long[] shape, long[] piv) {
    }

    static List<Got> run(Case c, int shards, int block) {
        BlockedLu.minSize = 100;
        BlockedLu.block = block;
        return Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            double[] v = c.values();
            NdArray a = c.a(v);
            NdArray b = c.b(v);
            NdArray x = Np.linalg.solve(a, b);
            long[] piv = BlockedLu.factor(a, b).piv().toLongArray();
            return new Got(x.toDoubleArray(), x.dtype(), x.shape(), piv);
        });
    }

    @Test
    void numpyReferenceOnOneAndThreeShards() throws IOException {
        int[] blocks = {16, 32, 64, 48, 20};
        List<Case> cases = cases();
        assertEquals(5, cases.size());
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            int block = blocks[i % blocks.length];
            long before = BlockedLu.panelLaunches.get();
            List<Got> one = run(c, 1, block);
            List<Got> three = run(c, 3, block);
            int panels = (c.n() + block - 1) / block;
            // solve and the hook's factor, on 1 + 3 shards: the blocked graph ran
            assertEquals(2L * 4 * panels, BlockedLu.panelLaunches.get() - before, c.name() + ": LU_PANEL launches");
            Got g = one.get(0);
            String what = c.name() + " (block " + block + ")";
            assertEquals(c.xDtype(), g.dtype().toString(), what + ": dtype");
            assertArrayEquals(c.xShape(), g.shape(), what + ": shape");
            for (Got s : three) {
                assertArrayEquals(g.x(), s.x(), 0.0, what + ": the same bits on 1 and 3 shards");
                assertArrayEquals(g.piv(), s.piv(), what + ": the same pivots on 1 and 3 shards");
            }
            assertArrayEquals(c.piv(), g.piv(), what + ": LAPACK getrf's pivot rows");
            double scale = 0;
            for (double v : c.x()) {
                scale = Math.max(scale, Math.abs(v));
            }
            double tol = (c.dtype().equals("float32") ? 2e-3 : 1e-9) * scale;
            for (int k = 0; k < g.x().length; k++) {
                double diff = Math.abs(g.x()[k] - c.x()[k]);
                assertTrue(diff <= tol, what + ": x[" + k + "] = " + g.x()[k] + ", NumPy " + c.x()[k]);
            }
        }
    }

    /**
     * A well-conditioned matrix that needs pivoting: the rows of {@code U(-1, 1) + 3 I} shuffled, plus b, from
     * {@code seed}.
     */
    static double[][] system(long seed, int n, int m) {
        Random rnd = new Random(seed);
        double[] a = new double[n * n];
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            rows[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = rows[i];
            rows[i] = rows[j];
            rows[j] = t;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[rows[i] * n + j] = 2 * rnd.nextDouble() - 1 + (i == j ? 3 : 0);
            }
        }
        double[] b = new double[n * m];
        for (int k = 0; k < b.length; k++) {
            b[k] = 2 * rnd.nextDouble() - 1;
        }
        return new double[][] {a, b};
    }

    @Property(tries = 12)
    void blockedMatchesSequentialLu(@ForAll @IntRange(min = 1, max = 8) int shards,
                                    @ForAll @IntRange(min = 3, max = 90) int n,
                                    @ForAll @IntRange(min = 0, max = 4) int cols,
                                    @ForAll @IntRange(min = 1, max = 24) int block,
                                    @ForAll long seed) {
        int m = Math.max(cols, 1);
        double[][] s = system(seed, n, m);
        BlockedLu.minSize = 2;
        BlockedLu.block = block;
        List<double[][]> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            NdArray a = Np.array(s[0], n, n);
            NdArray b = cols == 0 ? Np.array(s[1], n) : Np.array(s[1], n, cols);
            NdArray x = Np.linalg.solve(a, b);
            BlockedLu.Factored f = BlockedLu.factor(a, b);
            return new double[][] {x.toDoubleArray(), f.w().get(Slice.all(), Slice.of(0, n)).toDoubleArray(),
                    Arrays.stream(f.piv().toLongArray()).asDoubleStream().toArray(), new double[] {x.ndim()}};
        });
        String what = "n=" + n + " cols=" + cols + " block=" + block + " shards=" + shards;
        for (int k = 1; k < shards; k++) {
            assertArrayEquals(r.get(0)[0], r.get(k)[0], 0.0, what + ": shard " + k + " has shard 0's bits");
        }
        assertEquals(cols == 0 ? 1.0 : 2.0, r.get(0)[3][0], what + ": a vector b gives a vector x");
        Lu lu = Lu.factor(s[0], n);
        // pivots: LAPACK's ipiv applied in order gives Lu's permutation
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int k = 0; k < n; k++) {
            int p = (int) r.get(0)[2][k];
            int t = perm[k];
            perm[k] = perm[p];
            perm[p] = t;
        }
        assertArrayEquals(lu.perm, perm, what + ": the sequential LU's row permutation");
        double[] w = r.get(0)[1];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                assertEquals(lu.lu[i * n + j], w[i * n + j], 0.0, what + ": U[" + i + "][" + j + "] has the sequential bits");
            }
        }
        double[] want = lu.solve(s[1], m);
        double[] got = r.get(0)[0];
        for (int k = 0; k < want.length; k++) {
            assertEquals(want[k], got[k], 1e-12 * (1 + Math.abs(want[k])), what + ": x[" + k + "]");
        }
    }

    @ParameterizedTest(name = "a singular matrix raises 'Singular matrix' and the session goes on, {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void singularMatrix(int shards) {
        BlockedLu.minSize = 10;
        BlockedLu.block = 16;
        int n = 80;
        List<String> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            double[][] s = system(7, n, 2);
            double[] a = s[0].clone();
            for (int i = 0; i < n; i++) {
                a[i * n + 37] = 0; // column 37 is zero: an exact zero pivot in the third panel
            }
            String msg;
            try {
                Np.linalg.solve(Np.array(a, n, n), Np.array(s[1], n, 2));
                msg = "no failure";
            } catch (LinAlgException e) {
                msg = "LinAlgError: " + e.getMessage();
            }
            long before = BlockedLu.panelLaunches.get();
            NdArray x = Np.linalg.solve(Np.array(s[0], n, n), Np.array(Arrays.copyOf(s[1], n), n));
            boolean blocked = BlockedLu.panelLaunches.get() > before;
            double residual = Np.max(Np.abs(Np.array(s[0], n, n).matmul(x).subtract(Np.array(Arrays.copyOf(s[1], n), n))))
                    .itemDouble();
            return msg + " | blocked " + blocked + " | residual ok " + (residual < 1e-12) + " | " + Np.arange(4).sum().itemDouble();
        });
        for (int s = 0; s < shards; s++) {
            assertEquals("LinAlgError: Singular matrix | blocked true | residual ok true | 6.0", r.get(s), "shard " + s);
        }
    }

    @Test
    void tilesAreDealtCyclicallyOverTheShards() {
        int[] t = BlockedLu.dealTiles(10, 3); // BLOCKED: points 0-3 on shard 0, 4-6 on 1, 7-9 on 2
        assertArrayEquals(new int[] {0, 3, 6, 9, 1, 4, 7, 2, 5, 8}, t);
        int[] u = BlockedLu.dealTiles(6, 4); // BLOCKED: 2, 1, 2, 1 points
        int[] seen = new int[6];
        for (int x : u) {
            seen[x]++;
        }
        assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1}, seen, "a permutation: " + Arrays.toString(u));
        assertArrayEquals(new int[] {0, 4, 1, 2, 5, 3}, u);
    }
}
