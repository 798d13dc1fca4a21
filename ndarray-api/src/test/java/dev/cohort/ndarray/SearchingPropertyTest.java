package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The distributed compositions of {@link Searching} and {@link Histograms} (searchsorted both sides, isin, lexsort,
 * histogram with explicit edges, in-place sort) against plain sequential Java on random sizes, tile sizes and shard
 * counts 1-8; and that errors at the call leave the session working.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SearchingPropertyTest {

    @Property(tries = 10)
    void searchingMatchesSequentialJava(@ForAll @IntRange(min = 1, max = 8) int shards,
                                        @ForAll @IntRange(min = 1, max = 200) int n,
                                        @ForAll @IntRange(min = 0, max = 120) int m,
                                        @ForAll @IntRange(min = 1, max = 30) int minTile,
                                        @ForAll long seed) {
        Random rnd = new Random(seed);
        long[] a = new long[n];
        long[] v = new long[m];
        long[] k0 = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(41) - 20;
            k0[i] = rnd.nextInt(4);
        }
        for (int i = 0; i < m; i++) {
            v[i] = rnd.nextInt(51) - 25;
        }
        long[] sortedA = a.clone();
        Arrays.sort(sortedA);
        double[] edges = {-15, -3.5, 0, 0, 7.25, 18};
        List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(minTile), () -> {
            NdArray s = Np.array(a);
            s.sort();
            NdArray x = Np.array(v);
            return List.of(s.toLongArray(), Np.searchsorted(s, x).toLongArray(), Np.searchsorted(s, x, "right").toLongArray(),
                    Np.isin(x, Np.array(a)).astype(DType.INT64).toLongArray(), Np.lexsort(Np.array(a), Np.array(k0)).toLongArray(),
                    Np.histogram(Np.array(a), Np.array(edges), false)[0].toLongArray());
        });
        for (int sh = 1; sh < shards; sh++) {
            for (int k = 0; k < perShard.get(0).size(); k++) {
                assertArrayEquals(perShard.get(0).get(k), perShard.get(sh).get(k), "shard " + sh + " result " + k);
            }
        }
        List<long[]> r = perShard.get(0);
        String what = "n=" + n + " m=" + m + " minTile=" + minTile + " shards=" + shards;
        assertArrayEquals(sortedA, r.get(0), what + ": ndarray.sort in place");
        long[] left = new long[m];
        long[] right = new long[m];
        long[] in = new long[m];
        for (int j = 0; j < m; j++) {
            for (long e : sortedA) {
                left[j] += e < v[j] ? 1 : 0;
                right[j] += e <= v[j] ? 1 : 0;
            }
            in[j] = right[j] > left[j] ? 1 : 0;
        }
        assertArrayEquals(left, r.get(1), what + ": searchsorted left");
        assertArrayEquals(right, r.get(2), what + ": searchsorted right");
        assertArrayEquals(in, r.get(3), what + ": isin");
        Integer[] p = new Integer[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        Arrays.sort(p, Comparator.<Integer>comparingLong(i -> k0[i]).thenComparingLong(i -> a[i])); // stable
        assertArrayEquals(Arrays.stream(p).mapToLong(Integer::longValue).toArray(), r.get(4), what + ": lexsort");
        long[] hist = new long[edges.length - 1];
        for (long e : a) {
            for (int b = edges.length - 2; b >= 0; b--) {
                boolean last = b == edges.length - 2;
                if (e >= edges[b] && (e < edges[b + 1] || last && e == edges[b + 1])) {
                    hist[b]++;
                    break;
                }
            }
        }
        assertArrayEquals(hist, r.get(5), what + ": histogram with edges");
    }

    @Test
    void errorsAtTheCallLeaveTheSessionWorking() {
        long got = Cohort.run(new Cohort.Config().shards(3).minTileVolume(2), () -> {
            NdArray a = Np.array(new double[]{1, 2, 3, 4, 5});
            assertThrows(IllegalArgumentException.class, () -> Np.searchsorted(a, a, "middle"));
            assertThrows(IllegalArgumentException.class, () -> Np.partition(a, 9));
            assertThrows(IllegalArgumentException.class, () -> Np.nanargmax(Np.array(new double[]{Double.NaN, Double.NaN})));
            assertThrows(IllegalArgumentException.class, () -> Np.histogram(a, 0));
            assertThrows(IllegalArgumentException.class, () -> Np.digitize(a, Np.array(new double[]{1, 3, 2})));
            return Np.searchsorted(a, 3.5, "left") * 10 + ((Number) Np.nanargmax(a).item()).longValue();
        }).get(0);
        assertEquals(34, got);
    }
}
