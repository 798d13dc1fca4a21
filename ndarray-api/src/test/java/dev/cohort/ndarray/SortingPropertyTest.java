package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The distributed algorithms of {@link Sorting} (sample sort, argsort, unique with counts, cumsum, mask selection,
 * nonzero) against plain sequential Java on random sizes, tile sizes and shard counts 1-8; plus {@code set(mask)}
 * and that an error at the call leaves the session working.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SortingPropertyTest {

    @Property(tries = 10)
    void distributedAlgorithmsMatchSequentialJava(@ForAll @IntRange(min = 1, max = 8) int shards,
                                                  @ForAll @IntRange(min = 1, max = 300) int n,
                                                  @ForAll @IntRange(min = 1, max = 40) int minTile,
                                                  @ForAll long seed) {
        Random rnd = new Random(seed);
        long[] v = new long[n];
        boolean[] m = new boolean[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(2 * n + 1) - n / 2;
            m[i] = rnd.nextInt(3) == 0;
        }
        List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(minTile), () -> {
            NdArray a = Np.array(v);
            NdArray[] u = Np.unique_counts(a);
            return List.of(Np.sort(a).toLongArray(), Np.argsort(a).toLongArray(), u[0].toLongArray(), u[1].toLongArray(),
                    Np.cumsum(a).toLongArray(), a.get(Np.array(m)).toLongArray(), Np.nonzero(Np.array(m))[0].toLongArray());
        });
        for (int s = 1; s < shards; s++) {
            for (int k = 0; k < perShard.get(0).size(); k++) {
                assertArrayEquals(perShard.get(0).get(k), perShard.get(s).get(k), "shard " + s + " result " + k);
            }
        }
        List<long[]> r = perShard.get(0);
        Integer[] p = new Integer[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        Arrays.sort(p, Comparator.comparingLong(i -> v[i])); // stable
        long[] sorted = new long[n];
        long[] perm = new long[n];
        long[] cum = new long[n];
        TreeMap<Long, Long> counts = new TreeMap<>();
        List<Long> sel = new ArrayList<>();
        List<Long> nz = new ArrayList<>();
        long s = 0;
        for (int i = 0; i < n; i++) {
            sorted[i] = v[p[i]];
            perm[i] = p[i];
            s += v[i];
            cum[i] = s;
            counts.merge(v[i], 1L, Long::sum);
            if (m[i]) {
                sel.add(v[i]);
                nz.add((long) i);
            }
        }
        String what = "n=" + n + " minTile=" + minTile + " shards=" + shards;
        assertArrayEquals(sorted, r.get(0), what + ": sort");
        assertArrayEquals(perm, r.get(1), what + ": argsort (stable)");
        assertArrayEquals(counts.keySet().stream().mapToLong(Long::longValue).toArray(), r.get(2), what + ": unique");
        assertArrayEquals(counts.values().stream().mapToLong(Long::longValue).toArray(), r.get(3), what + ": unique counts");
        assertArrayEquals(cum, r.get(4), what + ": cumsum");
        assertArrayEquals(sel.stream().mapToLong(Long::longValue).toArray(), r.get(5), what + ": a[mask]");
        assertArrayEquals(nz.stream().mapToLong(Long::longValue).toArray(), r.get(6), what + ": nonzero");
    }

    @Test
    void setThroughAMaskAndErrorsAtTheCallLeaveTheSessionWorking() {
        List<double[]> r = Cohort.run(new Cohort.Config().shards(3).minTileVolume(4), () -> {
            NdArray a = Np.arange(12).astype(DType.FLOAT64).reshape(3, 4);
            NdIndexException e = assertThrows(NdIndexException.class, () -> a.get(Np.zeros(new long[]{4, 4}, DType.BOOL)));
            assertEquals("boolean index did not match indexed array along axis 0; size of axis is 3 but size of "
                    + "corresponding boolean axis is 4", e.getMessage());
            assertThrows(AxisException.class, () -> Np.sort(a, 2));
            assertThrows(IllegalArgumentException.class, () -> Np.percentile(a, 101));
            a.set(Np.greater(a, 6.5), -1.0);
            return List.of(a.toDoubleArray(), Np.sort(a, null).toDoubleArray(), Np.cumsum(a, 1).toDoubleArray());
        }).get(0);
        assertArrayEquals(new double[]{0, 1, 2, 3, 4, 5, 6, -1, -1, -1, -1, -1}, r.get(0));
        assertArrayEquals(new double[]{-1, -1, -1, -1, -1, 0, 1, 2, 3, 4, 5, 6}, r.get(1));
        assertArrayEquals(new double[]{0, 1, 3, 6, 4, 9, 15, 14, -1, -2, -3, -4}, r.get(2));
    }
}
