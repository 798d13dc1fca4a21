package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UnaryOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Full reductions of deferred expressions ({@link Fusion#reduce}, FUSED_REDUCE): {@code sum}, {@code mean}
 * and {@code linalg.norm} of a deferred array give the bits REDUCE gives over the materialised array
 * (fusion off), on 1-4 shards and under several tilings, and leave the array deferred and correct.
 */
class FusedReductionTest {

    /**
     * Bits of every array {@code program} returns, and the FUSED_REDUCE count: fusion off ({@code mode} 0),
     * element-wise fusion without fused reductions (1), everything fused (2).
     */
    static List<long[]> run(Cohort.Config config, int mode, long[] reductions, Callable<List<NdArray>> program) {
        List<List<long[]>> perShard = Cohort.run(config, () -> {
            Cohort.current().fusion.enabled = mode > 0;
            Cohort.current().fusion.reductions = mode > 1;
            List<long[]> bits = new ArrayList<>();
            for (NdArray a : program.call()) {
                bits.add(FusionTest.bits(a));
            }
            if (reductions != null) {
                reductions[0] = Cohort.current().fusion.fusedReductions;
            }
            return bits;
        });
        for (int s = 1; s < perShard.size(); s++) {
            FusionTest.assertSame(perShard.get(0), perShard.get(s), "shard " + s + " differs from shard 0");
        }
        return perShard.get(0);
    }

    /**
     * Fused reductions give the bits of the same program with sums over materialised arrays (element-wise
     * fusion on) and with fusion off; returns the number of FUSED_REDUCE launches of the fused run.
     */
    static long check(Cohort.Config config, String what, Callable<List<NdArray>> program) {
        List<long[]> eager = run(config, 0, null, program);
        long[] none = new long[1];
        List<long[]> unfusedSums = run(config, 1, none, program);
        assertEquals(0, none[0], "no FUSED_REDUCE with reductions off");
        long[] n = new long[1];
        List<long[]> fused = run(config, 2, n, program);
        FusionTest.assertSame(unfusedSums, fused, what + ": fused sums vs sums of materialised arrays");
        FusionTest.assertSame(eager, fused, what + ": fused vs eager");
        return n[0];
    }

    static Cohort.Config config(int shards, long minTile, long maxTile) {
        return new Cohort.Config().shards(shards).minTileVolume(minTile).maxTileVolume(maxTile);
    }

    // ------------------------------------------------------------------ random expressions

    /**
     * Random deferred expressions over random shapes (1-3 dimensions, odd extents), views (offset
     * slices, steps, transposes), broadcast operands and scalars, each reduced by sum, mean or norm;
     * the expressions are read back afterwards too (they stay deferred until then).
     */
    static List<NdArray> randomReductions(long seed) {
        Random rnd = new Random(seed);
        int nd = 1 + rnd.nextInt(3);
        long[] shape = new long[nd];
        for (int d = 0; d < nd; d++) {
            shape[d] = 1 + rnd.nextInt(nd == 1 ? 300 : nd == 2 ? 40 : 12);
        }
        Np.random.seed(seed);
        List<NdArray> pool = new ArrayList<>();
        pool.add(Np.random.rand(shape));
        pool.add(Np.random.randn(shape).add(0.0).multiply(1.0));          // deferred
        // an offset slice of a bigger array (like the CG stencil's u[1:-1, 1:-1])
        long[] big = new long[nd];
        for (int d = 0; d < nd; d++) {
            big[d] = shape[d] + 2;
        }
        NdArray b = Np.random.rand(big);
        pool.add(nd == 1 ? b.get("1:-1") : nd == 2 ? b.get("1:-1, 1:-1") : b.get("1:-1, 1:-1, 1:-1"));
        pool.add(nd == 1 ? b.get(":-2") : nd == 2 ? b.get("2:, :-2") : b.get("2:, :-2, 1:-1"));
        // a stepped view
        long[] twice = shape.clone();
        twice[nd - 1] = 2 * shape[nd - 1];
        NdArray w = Np.random.rand(twice);
        pool.add(nd == 1 ? w.get("::2") : nd == 2 ? w.get(":, 1::2") : w.get(":, :, ::2"));
        // a transpose
        long[] rev = new long[nd];
        for (int d = 0; d < nd; d++) {
            rev[d] = shape[nd - 1 - d];
        }
        pool.add(Np.random.rand(rev).T());
        // broadcast operands: a row and (for nd >= 2) a column
        pool.add(Np.random.rand(shape[nd - 1]).add(0.5));
        if (nd >= 2) {
            long[] col = shape.clone();
            col[nd - 1] = 1;
            pool.add(Np.random.rand(col));
        }
        pool.add(arange(Shapes.volume(shape)).reshape(shape));                  // int64 leaf
        BinaryOp[] bops = {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY, BinaryOp.DIVIDE, BinaryOp.MAXIMUM};
        UnaryOp[] uops = {UnaryOp.NEGATIVE, UnaryOp.EXP, UnaryOp.SQRT, UnaryOp.ABS, UnaryOp.TANH, UnaryOp.SQUARE};
        List<NdArray> out = new ArrayList<>();
        List<NdArray> exprs = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            // a chain of 1-4 operations whose result has the full shape
            NdArray e = pool.get(rnd.nextInt(3));
            int ops = 1 + rnd.nextInt(4);
            for (int i = 0; i < ops; i++) {
                if (rnd.nextInt(4) == 0) {
                    e = Elementwise.unary(uops[rnd.nextInt(uops.length)], e, null);
                } else {
                    Object y = rnd.nextInt(5) == 0 ? (Object) (rnd.nextDouble() * 3 - 1) : pool.get(rnd.nextInt(pool.size()));
                    e = rnd.nextBoolean() ? Elementwise.binary(bops[rnd.nextInt(bops.length)], e, y, null)
                            : Elementwise.binary(bops[rnd.nextInt(bops.length)], y, e, null);
                }
            }
            switch (rnd.nextInt(4)) {
                case 0 -> out.add(e.mean());
                case 1 -> out.add(linalg.norm(e));
                default -> out.add(e.sum());
            }
            if (rnd.nextInt(3) == 0) {
                out.add(e.sum(0, true).sum());  // an axis reduction (stays unfused) then a full one
            }
            exprs.add(e);
        }
        out.add(pool.get(1).sum());
        out.addAll(exprs);
        return out;
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void randomReductionsGiveTheEagerBits(int shards) {
        long[][] tilings = {{4, 0}, {64, 0}, {16, 100}, {1 << 16, 0}};
        long fusedTotal = 0;
        for (int p = 0; p < (shards == 1 ? 24 : 8); p++) {
            long seed = 500 + p;
            long[] t = tilings[p % tilings.length];
            fusedTotal += check(config(shards, t[0], t[1]), "program " + seed + " on " + shards + " shard(s), tiles " + t[0] + "/" + t[1],
                    () -> randomReductions(seed));
        }
        assertTrue(fusedTotal > 0, "some reductions were fused");
    }

    // ------------------------------------------------------------------ the examples' reductions

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void innerProductsAndNormsAreFused(int shards) {
        long fused = check(config(shards, 64, 256), "vectors on " + shards + " shard(s)", () -> {
            Np.random.seed(11);
            NdArray p = Np.random.randn(5003);
            NdArray ap = Np.random.randn(5003).multiply(2.0).add(p);   // deferred
            NdArray r = Np.random.rand(5003);
            NdArray z = r.multiply(0.25);                              // deferred, inlined into r * z
            return List.of(p.multiply(ap).sum(), r.multiply(z).sum(), linalg.norm(r), p.multiply(ap).mean(),
                    linalg.norm(ap), ap, z);
        });
        assertEquals(5, fused, "p*Ap, r*z, r*r, mean(p*Ap), Ap*Ap");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void laplacianAndGridInnerProducts(int shards) {
        long fused = check(config(shards, 16, 200), "grid on " + shards + " shard(s)", () -> {
            Np.random.seed(3);
            NdArray u = Np.random.rand(43, 37);
            NdArray lap = u.get("1:-1, 1:-1").multiply(4.0).subtract(u.get(":-2, 1:-1")).subtract(u.get("2:, 1:-1"))
                    .subtract(u.get("1:-1, :-2")).subtract(u.get("1:-1, 2:"));
            NdArray p = Np.random.rand(41, 35);
            return List.of(lap.sum(), p.multiply(lap).sum(), linalg.norm(lap), lap);
        });
        assertTrue(fused >= 2, "fused " + fused);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void conjugateGradientPoisson(int shards) {
        long fused = check(config(shards, 32, 128), "CG on " + shards + " shard(s)", () -> PoissonCgProgram.run(23, 12, true));
        assertTrue(fused >= 30, "fused " + fused);
    }

    // ------------------------------------------------------------------ semantics

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theSummedArrayStaysDeferredAndCorrect() {
        Cohort.run(config(1, 4, 0), () -> {
            NdArray a = arange(0.0, 10.0, 1.0).add(0.0);
            a = a.copy();
            NdArray e = a.multiply(2.0).add(1.0);
            long before = Cohort.current().fusion.fusedReductions;
            assertEquals(100.0, e.sum().itemDouble());
            assertEquals(before + 1, Cohort.current().fusion.fusedReductions);
            assertNotNull(e.base.pending, "still deferred");
            a.fill(0.0);                                   // a later write does not reach e
            assertEquals(100.0, e.sum().itemDouble());
            assertArrayEquals(new double[]{1, 3, 5, 7, 9, 11, 13, 15, 17, 19}, e.toDoubleArray());
            assertEquals(1.0, e.multiply(0.0).add(1.0).sum().divide(10.0).itemDouble());
            return null;
        });
    }

    /**
     * A deferred array reduced a second time is materialised first, once (the second reduction and the ones after read
     * it), so that a mask reduced several times is computed once; a cheap one (one operation over leaves no wider than
     * its elements) is recomputed; a comparison of wider leaves is not cheap (recomputing it reads more bytes).
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSecondReductionMaterialisesAnExpensiveArrayOnce() {
        Cohort.run(config(1, 4, 0), () -> {
            Fusion.State st = Cohort.current().fusion;
            NdArray m = arange(30L).remainder(3L).not_equal(0L);    // two operations: not cheap
            long before = st.fusedReductions;
            assertEquals(20.0, m.sum().itemDouble());
            assertEquals(before + 1, st.fusedReductions);
            assertNotNull(m.base.pending, "deferred after its first reduction");
            assertEquals(1.0, m.any().itemDouble());
            assertNull(m.base.pending, "materialised by its second reduction");
            assertEquals(1.0, m.argmax().itemDouble());
            assertEquals(0.0, m.min().itemDouble());
            assertEquals(before + 1, st.fusedReductions, "the later reductions read the materialised mask");
            NdArray c = arange(30L).add(1L);                        // one operation over a leaf as wide: cheap
            assertEquals(465.0, c.sum().itemDouble());
            assertEquals(30.0, c.max().itemDouble());
            assertEquals(before + 3, st.fusedReductions, "a cheap expression is reduced in place each time");
            assertNotNull(c.base.pending, "still deferred");
            NdArray w = arange(30L).not_equal(0L);                  // int64 leaf, bool elements: not cheap
            assertEquals(29.0, w.sum().itemDouble());
            assertEquals(before + 4, st.fusedReductions);
            assertEquals(0.0, w.all().itemDouble());
            assertNull(w.base.pending, "a narrowing comparison is materialised by its second reduction");
            assertEquals(before + 4, st.fusedReductions, "the second reduction reads the materialised mask");
            NdArray bools = arange(30L).remainder(2L).equal(0L);
            bools.get(0).itemDouble();                              // materialised
            NdArray nb = bools.logical_not();                       // bool leaf, bool elements: cheap
            assertEquals(15.0, nb.sum().itemDouble());
            assertEquals(1.0, nb.any().itemDouble());
            assertEquals(before + 6, st.fusedReductions, "a bool operation over a bool leaf is recomputed");
            assertNotNull(nb.base.pending, "still deferred");
            return null;
        });
    }

    /**
     * any and all of a comparison (its bytes folded where the kernel wrote them), of a bool expression (its bool
     * vector folded as it is) and of a number expression (its truth values), fused, give eager's answers: where the
     * deciding element is first, last, in the middle of a later chunk, absent, or a NaN, on 1-3 shards and under
     * tilings of one tile and of many.
     */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void truthFoldsOfComparisonsAndBoolExpressionsGiveTheEagerAnswers(int shards) {
        int n = 10_000;
        long fused = 0;
        for (long[] t : new long[][] {{1 << 16, 0}, {64, 0}, {700, 3000}}) {
            fused += check(config(shards, t[0], t[1]), "truth folds on " + shards + " shard(s), tiles " + t[0] + "/" + t[1], () -> {
                List<NdArray> out = new ArrayList<>();
                for (int at : new int[] {-1, 0, n - 1, 2 * 1024 + 77, n / 2}) {
                    double[] v = new double[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = 1 + i % 7;
                    }
                    if (at >= 0) {
                        v[at] = 0;
                    }
                    NdArray x = Np.array(v).add(0.0);                       // a leaf for every program below
                    x.sum().item();
                    out.add(x.greater(0.5).all());                          // the comparison's bytes
                    out.add(x.less(0.5).any());
                    out.add(x.greater(0.5).logical_and(x.less(100.0)).all()); // a bool vector at the root
                    out.add(x.less(0.5).logical_or(x.greater(100.0)).any());
                    out.add(x.subtract(1.0).all());                          // truth values of numbers
                    out.add(Np.isnan(x.divide(x)).any());                   // 0 / 0 is NaN where x is 0
                }
                return out;
            });
        }
        assertTrue(fused > 0, "some truth folds were fused");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void unfusedCasesStayEager() {
        Cohort.run(config(1, 4, 0), () -> {
            NdArray a = arange(0.0, 12.0, 1.0).reshape(3, 4).add(0.0);
            long before = Cohort.current().fusion.fusedReductions;
            NdArray rows = a.multiply(2.0).sum(1);         // axis reduction: not fused
            assertArrayEquals(new double[]{12, 44, 76}, rows.toDoubleArray());
            NdArray view = a.add(1.0).get("1:, ::2").sum(); // a view of a deferred array
            assertEquals(5 + 7 + 9 + 11.0, view.itemDouble());
            assertEquals(before, Cohort.current().fusion.fusedReductions);
            NdArray prod = a.add(1.0).prod();              // every full reduction fuses
            assertEquals(479001600.0, prod.itemDouble());
            assertEquals(before + 1, Cohort.current().fusion.fusedReductions);
            return null;
        });
    }
}
