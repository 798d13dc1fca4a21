package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Small slices of a large tiled array, each reduced by a launch of one point: the part lies in one tile or spans two
 * (whatever the tiling, one of these offsets crosses a tile boundary), is read where it lies on a shard that runs alone
 * and gathered on several; the sums are the arithmetic series', and a write after the reads changes what later reads
 * see.
 */
class SmallPartReadTest {
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void partsOfATiledArrayReadByOnePointLaunchesHoldTheirElements(int shards) {
        long n = 200_000;
        long len = 10_000;
        long[] offsets = {0, 50_000, 60_000, 66_000, 66_660, 100_000, 130_000, 133_000, 190_000};
        Cohort.run(new Cohort.Config().shards(shards), () -> {
            NdArray a = Np.arange(n);
            for (int round = 0; round < 2; round++) {
                for (long off : offsets) {
                    long want = 0;
                    for (long i = off; i < off + len; i++) {
                        want += (round + 1) * i;
                    }
                    NdArray part = a.get(Slice.of(off, off + len));
                    assertEquals(want, part.sum().toLongArray()[0], "sum of [" + off + ", " + (off + len) + ") round " + round);
                    assertEquals((round + 1) * (off + len - 1), part.max().toLongArray()[0], "max of the part at " + off);
                }
                Np.add(a, a, a); // in place: the reads of the next round see it
            }
            return null;
        });
    }
}
