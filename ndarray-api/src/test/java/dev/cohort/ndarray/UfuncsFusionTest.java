package dev.cohort.ndarray;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15's element-wise functions through the public API under {@link Fusion}: chains of the new ufuncs
 * (and round, isclose, nan_to_num, which are compositions of them) over every dtype give bit for bit what
 * they give eagerly (fusion off), on 1 and 3 shards with small tiles, and they are really deferred.
 */
class UfuncsFusionTest {

    static List<NdArray> program(long seed) {
        Random rnd = new Random(seed);
        List<NdArray> out = new ArrayList<>();
        for (DType t : new DType[]{DType.FLOAT64, DType.FLOAT32}) {
            NdArray x = FusionDtypesTest.array(rnd, t, 5, 7);
            NdArray y = FusionDtypesTest.array(rnd, t, 5, 7);
            out.add(Np.arctan2(Np.sinh(x), Np.cbrt(y)));
            out.add(Np.round(Np.multiply(x, 1.37), 2));
            out.add(Np.nan_to_num(Np.log10(Np.absolute(x))));
            out.add(Np.fmax(Np.remainder(x, 3L), Np.trunc(y)));
            out.add(Np.hypot(Np.floor_divide(x, y), Np.copysign(Np.rint(x), -1.0)));
            out.add(Np.isclose(x, y.add(1e-9)));
            out.add(Np.logical_xor(Np.signbit(x), Np.isfinite(Np.reciprocal(y))));
            out.add(Np.nextafter(Np.exp2(Np.erf(x)), Np.fmin(y, 0.5)));
        }
        for (DType t : new DType[]{DType.INT64, DType.INT32}) {
            NdArray x = FusionDtypesTest.array(rnd, t, 5, 7);
            NdArray y = FusionDtypesTest.array(rnd, t, 5, 7);
            out.add(Np.bitwise_xor(Np.left_shift(x, 3L), Np.invert(y)));
            out.add(Np.floor_divide(x, y).add(Np.fmod(x, -3L)));
            out.add(Np.right_shift(Np.positive(x), 2L).multiply(Np.sign(Np.subtract(x, y))));
            out.add(Np.bitwise_or(Np.remainder(7L, y), Np.bitwise_and(x, 6L)));
            out.add(Np.deg2rad(Np.isinf(x).logical_xor(Np.less(x, 5_000_000_000L))));
        }
        NdArray b = FusionDtypesTest.array(rnd, DType.BOOL, 5, 7);
        NdArray c = FusionDtypesTest.array(rnd, DType.BOOL, 5, 7);
        out.add(Np.bitwise_and(b, Np.invert(c)));
        out.add(Np.floor_divide(b, c).add(Np.square(b)));
        out.add(Np.sin(Np.logical_xor(b, c)));
        return out;
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fusedEqualsEagerBitForBit(int shards) {
        for (long seed = 1; seed <= 3; seed++) {
            long s = seed;
            List<long[]> fused = FusionDtypesTest.run(shards, true, () -> program(s));
            List<long[]> eager = FusionDtypesTest.run(shards, false, () -> program(s));
            FusionTest.assertSame(eager, fused, "seed " + seed);
        }
        List<Long> deferred = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(FusionDtypesTest.MIN_TILE), () -> {
            Cohort.current().fusion.enabled = true;
            long before = Cohort.current().fusion.deferred;
            for (NdArray a : program(7)) {
                a.toDoubleArray();
            }
            return Cohort.current().fusion.deferred - before;
        });
        assertTrue(deferred.get(0) > 50, "the new ufuncs were deferred: " + deferred);
        assertEquals(1, deferred.stream().distinct().count(), "every shard deferred the same: " + deferred);
    }
}
