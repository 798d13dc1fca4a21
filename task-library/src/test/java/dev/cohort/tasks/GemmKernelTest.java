package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static dev.cohort.tasks.KernelHarness.assertClose;
import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.op;
import static dev.cohort.tasks.KernelHarness.rect;
import static dev.cohort.tasks.KernelHarness.replicated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GEMM: small products in Java (float64, int64, a transposed operand), big ones through ND4J. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GemmKernelTest {
    static final Access A = new Access(new int[] {0, 2}, new long[] {1, 1}, new long[2]);
    static final Access A_T = new Access(new int[] {2, 0}, new long[] {1, 1}, new long[2]);
    static final Access B = new Access(new int[] {2, 1}, new long[] {1, 1}, new long[2]);
    static final Access C = new Access(new int[] {0, 1}, new long[] {1, 1}, new long[2]);

    static double ad(int i, int l) {
        return Math.cos(i * 0.37 + l * 1.1) + 0.01 * i;
    }

    static double bd(int l, int j) {
        return Math.sin(l * 0.53 - j * 0.29);
    }

    static double[] reference(int m, int n, int k) {
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < k; l++) {
                    s += ad(i, l) * bd(l, j);
                }
                c[i * n + j] = s;
            }
        }
        return c;
    }

    /** C = A B over (m, n, k) with tiles (tm, tn, k): A and B tiled along their dimensions, C tiled. */
    static Object gemm(Runtime rt, FieldType t, int m, int n, int k, int tm, int tn, boolean transposedA) {
        IterSpace s = new IterSpace(new long[] {m, n, k}, new long[] {tm, tn, k});
        Object aData;
        Object bData;
        if (t == FieldType.INT64) {
            aData = KernelHarness.longs(m * k, x -> (x * 7) % 11 - 5);
            bData = KernelHarness.longs(k * n, x -> (x * 5) % 9 - 4);
        } else if (t == FieldType.FLOAT32) {
            float[] fa = new float[m * k];
            for (int x = 0; x < fa.length; x++) {
                fa[x] = (float) ad(x / k, x % k);
            }
            float[] fb = new float[k * n];
            for (int x = 0; x < fb.length; x++) {
                fb[x] = (float) bd(x / n, x % n);
            }
            aData = fa;
            bData = fb;
        } else {
            aData = transposedA ? KernelHarness.doubles(m * k, x -> ad(x % m, x / m)) : KernelHarness.doubles(m * k, x -> ad(x / k, x % k));
            bData = KernelHarness.doubles(k * n, x -> bd(x / n, x % n));
        }
        Store a = load(rt, t, transposedA ? new long[] {k, m} : new long[] {m, k}, aData);
        Store b = load(rt, t, new long[] {k, n}, bData);
        Store c = rt.createStore(rect(m, n), t);
        GroupLaunch.Builder g = launch(OpCode.GEMM, s);
        if (transposedA) {
            replicated(g, a, Privilege.READ);
        } else {
            g.require(a, Tiling.of(tm, k), Projection.of(new int[] {0, 2}, new long[2]), Privilege.READ);
        }
        g.require(b, Tiling.of(k, tn), Projection.of(new int[] {2, 1}, new long[2]), Privilege.READ);
        g.require(c, Tiling.of(tm, tn), Projection.of(new int[] {0, 1}, new long[2]), Privilege.WRITE_DISCARD);
        rt.execute(g.scalars(new Args.Gemm(t, s, op(0, t, transposedA ? A_T : A), op(1, t, B), op(2, t, C)).encode()).build());
        return switch (t) {
            case FLOAT64 -> rt.read(c).doubles();
            case FLOAT32 -> rt.read(c).floats();
            default -> rt.read(c).longs();
        };
    }

    @ParameterizedTest(name = "small products on {0} shards")
    @ValueSource(ints = {1, 3})
    void smallProducts(int shards) {
        int m = 9;
        int n = 7;
        int k = 5;
        Object[] r = KernelHarness.run(shards, rt -> new Object[] {
            gemm(rt, FieldType.FLOAT64, m, n, k, 4, 3, false),
            gemm(rt, FieldType.FLOAT64, m, n, k, 4, 3, true),
            gemm(rt, FieldType.INT64, m, n, k, 4, 3, false),
        });
        double[] ref = reference(m, n, k);
        for (int x = 0; x < m * n; x++) {
            assertClose(ref[x], ((double[]) r[0])[x], 1e-13, "float64 element " + x);
            assertClose(ref[x], ((double[]) r[1])[x], 1e-13, "float64 (A transposed) element " + x);
        }
        long[] c = (long[]) r[2];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                long s = 0;
                for (int l = 0; l < k; l++) {
                    s += ((i * k + l) * 7L % 11 - 5) * ((l * n + j) * 5L % 9 - 4);
                }
                assertEquals(s, c[i * n + j], "int64 element " + i + "," + j);
            }
        }
    }

    @Test
    void bigProductThroughNd4j() {
        int m = 100;
        int n = 90;
        int k = 80;
        assertTrue((long) m * n * k >= GemmKernel.ND4J_MIN_VOLUME);
        Object[] r = KernelHarness.run(1, rt -> new Object[] {
            gemm(rt, FieldType.FLOAT64, m, n, k, m, n, false),
            gemm(rt, FieldType.FLOAT32, m, n, k, m, n, false),
        });
        assertTrue(Nd4jGemm.available(), "ND4J loads");
        assertEquals(1, Nd4jGemm.blasThreads(), "ND4J's BLAS runs on one thread");
        double[] ref = reference(m, n, k);
        double[] d = (double[]) r[0];
        float[] f = (float[]) r[1];
        for (int x = 0; x < m * n; x++) {
            assertClose(ref[x], d[x], 1e-12, "float64 element " + x);
            assertClose(ref[x], f[x], 1e-4, "float32 element " + x);
        }
        // the same product in two row tiles on 3 shards: each tile still above the threshold
        double[] tiled = KernelHarness.run(3, rt -> (double[]) gemm(rt, FieldType.FLOAT64, m, n, k, 50, n, false));
        for (int x = 0; x < m * n; x++) {
            assertClose(ref[x], tiled[x], 1e-12, "tiled float64 element " + x);
        }
    }
}
