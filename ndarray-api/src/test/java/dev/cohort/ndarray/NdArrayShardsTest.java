package dev.cohort.ndarray;

import dev.cohort.runtime.partition.Tiling;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NumPy reference cases on 1, 2, 3 and 4 in-process shards with a minimum tile volume of 4
 * elements, so that even these small arrays are split into tiles across shards (and the tiled,
 * communicating paths of every operation run): every shard must give NumPy's answer.
 */
class NdArrayShardsTest {
    static final long MIN_TILE = 4;

    /** Cases every shard count runs (all of them: they are small and quick). */
    static List<String> names() {
        return new ArrayList<>(Reference.cases().keySet());
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void referenceCasesOnShards(int shards) {
        List<String> names = names();
        List<Map<String, Reference.Outcome>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            Map<String, Reference.Outcome> m = new LinkedHashMap<>();
            for (String n : names) {
                Supplier<NdArray> b = ReferenceCases.BUILDERS.get(n);
                try {
                    m.put(n, Reference.Outcome.of(b.get(), Reference.cases().get(n).repr() != null));
                } catch (RuntimeException | AssertionError e) {
                    m.put(n, Reference.Outcome.failed(e));
                }
            }
            return m;
        });
        assertEquals(shards, perShard.size());
        List<String> failures = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            for (String n : names) {
                Reference.Case c = Reference.cases().get(n);
                String bad = Reference.mismatch(c, perShard.get(s).get(n), !ReferenceCases.approximate(n));
                if (bad != null) {
                    failures.add("shard " + s + "/" + shards + " " + n + ": " + bad);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    /** With a small minimum tile volume the data really is split: results are written through a tiling of several tiles. */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void dataIsSplitIntoTiles(int shards) {
        List<long[]> tiles = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            NdArray x = ReferenceCases.S().add(1.0);             // (6,10)
            NdArray y = arange(4000).multiply(0.5);               // (4000,)
            NdArray big = Np.random.rand(64, 64);                 // (64,64)
            return new long[]{tileCount(x), tileCount(y), tileCount(big.multiply(2.0))};
        });
        for (int s = 0; s < shards; s++) {
            for (long t : tiles.get(s)) {
                assertTrue(t >= Math.max(2, shards), "shard " + s + ": " + t + " tiles on " + shards + " shard(s)");
            }
            assertEquals(tiles.get(0)[0], tiles.get(s)[0], "every shard sees the same partition");
        }
    }

    /** Number of tiles of the partition {@code a} was last written through (1 when replicated). */
    static long tileCount(NdArray a) {
        Fusion.materialize(a.base); // a deferred (fused) array is written when it is materialised
        Tiling t = a.base.logical().keyPartition();
        return t != null ? t.colorSpace(a.base.store().bounds()).volume() : 1;
    }

    /** Random numbers do not depend on the number of shards (Philox keyed by seed and element index). */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {2, 3, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void randomNumbersAreTheSameOnAnyNumberOfShards(int shards) {
        Supplier<double[]> draw = () -> {
            Np.random.seed(1234);
            NdArray u = Np.random.rand(50, 7);
            NdArray n = Np.random.normal(1.0, 2.0, 301);
            NdArray k = Np.random.integers(-3, 9, 97);
            double[] a = u.toDoubleArray();
            double[] b = n.toDoubleArray();
            double[] c = k.astype(float64).toDoubleArray();
            double[] all = new double[a.length + b.length + c.length];
            System.arraycopy(a, 0, all, 0, a.length);
            System.arraycopy(b, 0, all, a.length, b.length);
            System.arraycopy(c, 0, all, a.length + b.length, c.length);
            return all;
        };
        double[] one = Cohort.run(new Cohort.Config().shards(1), draw::get).get(0);
        List<double[]> many = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), draw::get);
        for (int s = 0; s < shards; s++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(one, many.get(s), "shard " + s + "/" + shards);
        }
        for (int i = 0; i < 350; i++) {
            assertTrue(one[i] >= 0 && one[i] < 1, "rand in [0,1): " + one[i]);
        }
        for (int i = 350 + 301; i < one.length; i++) {
            assertTrue(one[i] >= -3 && one[i] < 9 && one[i] == Math.rint(one[i]), "integers in [-3,9): " + one[i]);
        }
    }
}
