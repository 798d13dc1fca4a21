package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A store whose data is a patchwork (loaded in chunks, written through slices) is gathered once by the
 * first tiled read that covers it, and that read's pieces become its instances (runtime-dcr FineStage
 * {@code consolidations}): the next read through the same layout copies nothing, the values stay exact, and every
 * shard makes the same decision.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PatchworkConsolidationTest {
    private static final int N = 10_000;

    private static long copies() {
        return Cohort.current().runtime().executor().copies();
    }

    private static long copiedBytes() {
        return Cohort.current().runtime().executor().copiedBytes();
    }

    private static long consolidations() {
        return Cohort.current().runtime().stats().consolidations();
    }

    /** Sum of 0..n-1 scaled by 0.5 and of their squares: exact in float64 in any order. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aChunkedLoadIsGatheredOnceThenReadInPlace(int shards) {
        double[] data = new double[N];
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < N; i++) {
            data[i] = ((i * 7919L) % N) * 0.5;
            sum += data[i];
            max = Math.max(max, data[i]);
        }
        double expectSum = sum;
        double expectMax = max;
        int old = JavaArrays.chunkBytes(8 * 1024); // 10 LOAD launches of 1 024 elements
        try {
            List<long[]> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(64), () -> {
                NdArray x = Np.array(data, N);
                long c0 = copies();
                long k0 = consolidations();
                assertEquals(expectSum, x.sum().itemDouble(), "first sum");
                long c1 = copies();
                long b1 = copiedBytes();
                long k1 = consolidations();
                assertTrue(c1 > c0, "the first read gathers the chunks: copies " + c0 + " -> " + c1);
                assertEquals(k0 + 1, k1, "the first read consolidates the loaded chunks");
                assertEquals(expectSum, x.sum().itemDouble(), "second sum");
                assertEquals(expectMax, x.max().itemDouble(), "max");
                assertEquals(expectSum * 2, x.add(x).sum().itemDouble(), "x + x");
                assertTrue(copiedBytes() - b1 <= 64, "the three reads after the first copy no piece of x (at most"
                        + " their 0-d results): " + (copiedBytes() - b1) + " bytes");
                assertEquals(k1, consolidations(), "and consolidate nothing");
                return new long[] {c1 - c0};
            });
            for (int s = 1; s < shards; s++) {
                assertTrue(perShard.get(s)[0] > 0, "shard " + s + " gathered too");
            }
        } finally {
            JavaArrays.chunkBytes(old);
        }
    }

    /**
     * After a slice write the store is two entries; the next whole read consolidates them, copying only the pieces
     * the slice touched (the others stay the instances they were), and gives the values a Java loop gives.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSliceWriteIsConsolidatedCopyingOnlyThePiecesItTouched(int shards) {
        Cohort.run(new Cohort.Config().shards(shards).minTileVolume(64), () -> {
            NdArray x = Np.arange(0.0, N, 1.0);
            x.sum().itemDouble(); // x is one tiled entry now
            x.set(new Object[] {Slice.of(100, 2000)}, -1.0); // a tiled launch of its own (a few elements go replicated)
            long b0 = copiedBytes();
            long k0 = consolidations();
            double expect = (double) N * (N - 1) / 2;
            for (int i = 100; i < 2000; i++) {
                expect += -1.0 - i;
            }
            assertEquals(expect, x.sum().itemDouble(), "sum after x[100:2000] = -1");
            long gathered = copiedBytes() - b0;
            assertEquals(k0 + 1, consolidations(), "the read consolidates the slice write");
            // tiles of 625 (the 16 of 10 000 the partitioner picks): [100, 2000) touches the first 4, all on shard 0
            long touched = 4 * 625 * 8;
            long all = 16 / Cohort.current().runtime().executor().shards() * 625 * 8;
            assertTrue(gathered > 0 && gathered <= touched + 8,
                    "only the tiles the slice touched are copied: " + gathered + " bytes; those tiles " + touched
                            + " bytes, this shard's tiles " + all + " bytes");
            long b1 = copiedBytes();
            assertEquals(expect, x.sum().itemDouble(), "second sum");
            assertEquals(-1.0, x.get(105).itemDouble(), "x[105]");
            assertEquals(2000.0, x.get(2000).itemDouble(), "x[2000]");
            assertTrue(copiedBytes() - b1 <= 64, "the second sum and x[105], x[2000] copy no piece of x (at most the"
                    + " elements read): " + (copiedBytes() - b1) + " bytes");
            return null;
        });
    }

    /**
     * {@code x[i] = v} on a large array writes one small tile on one shard (partitioner: a small part of a large store
     * is written through one tile, not replicated): it copies a few bytes, not the array, and the reads after it
     * gather at most the tile it touched; the values are a Java loop's.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void anElementWriteIntoALargeArrayCopiesNotTheArray(int shards) {
        Cohort.run(new Cohort.Config().shards(shards).minTileVolume(64), () -> {
            NdArray x = Np.arange(0.0, N, 1.0);
            double expect = (double) N * (N - 1) / 2;
            assertEquals(expect, x.sum().itemDouble());
            for (int i = 0; i < 5; i++) {
                long b0 = copiedBytes();
                x.set(new Object[] {7L + 1000L * i}, -1.0);
                long written = copiedBytes() - b0;
                assertTrue(written <= 64, "x[" + (7 + 1000 * i) + "] = -1 copies " + written + " bytes (the array: "
                        + N * 8 + ")");
                expect += -1.0 - (7 + 1000 * i);
                assertEquals(expect, x.sum().itemDouble(), "sum after " + (i + 1) + " element writes");
                long read = copiedBytes() - b0 - written;
                assertTrue(read <= 2 * 625 * 8 + 8, "the sum after it gathers at most the tile it touched: " + read
                        + " bytes");
            }
            assertTrue(Cohort.current().runtime().stats().inPlaceWrites() >= (Cohort.current().runtime().executor().shard() == 0 ? 5 : 0),
                    "shard 0 owns the one point and the tiles written: in place");
            // the upper half lives on shard 1 of 2: those writes go through entries of their own, with the same values
            for (long i : new long[] {9001, 9002, 9001, 5003}) {
                x.set(new Object[] {i}, -2.0 - i);
            }
            expect += (-2.0 - 9001 - 9001) + (-2.0 - 9002 - 9002) + (-2.0 - 5003 - 5003);
            assertEquals(expect, x.sum().itemDouble(), "sum after writes into the upper half");
            assertEquals(-1.0, x.get(4007).itemDouble(), "x[4007]");
            assertEquals(4008.0, x.get(4008).itemDouble(), "x[4008]");
            assertEquals(-2.0 - 9001, x.get(9001).itemDouble(), "x[9001]");
            assertEquals(-2.0 - 5003, x.get(5003).itemDouble(), "x[5003]");
            assertEquals(expect, x.copy().sum().itemDouble(), "x.copy().sum()");
            return null;
        });
    }
}
