package dev.cohort.ndarray;

import static dev.cohort.ndarray.Np.arange;
import static dev.cohort.ndarray.Np.ones;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Array programs with two SYSTEM memories per shard ({@link Cohort.Config#memories}): random element-wise chains
 * with reductions, matmul, strided and shifted views, slice assignment, fills and deletions, and the examples' CG,
 * give the same bits with 1 and 2 memories, on 1 and 3 shards, with tiles of a few elements so data really splits
 * (and so pieces are read by points mapped to the other memory).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class MemoriesTest {
    static final long MIN_TILE = 4;

    /** The bits of every array {@code program} returns on each shard, and the copies between memories made. */
    static List<long[]> run(int shards, int memories, AtomicLong copies, Callable<List<NdArray>> program) {
        List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE).memories(memories),
                () -> {
                    List<long[]> bits = new ArrayList<>();
                    for (NdArray a : program.call()) {
                        bits.add(FusionTest.bits(a));
                    }
                    var ex = Cohort.current().runtime().executor();
                    assertEquals(memories, ex.memoryCount());
                    copies.addAndGet(ex.interMemoryCopies());
                    return bits;
                });
        for (int s = 1; s < shards; s++) {
            FusionTest.assertSame(perShard.get(0), perShard.get(s), "shard " + s + " differs from shard 0");
        }
        return perShard.get(0);
    }

    /** {@link FusionTest#randomProgram}, then a loop that closes what it no longer needs (explicit deletions). */
    static List<NdArray> program(long seed) {
        List<NdArray> out = new ArrayList<>(FusionTest.randomProgram(seed, 50));
        Random rnd = new Random(seed);
        long n = 10 + rnd.nextInt(30);
        NdArray b = arange(n).astype(DType.FLOAT64);
        NdArray c = ones(n);
        for (int i = 0; i < 6; i++) {
            NdArray next = c.add(b.get("::-1")).subtract(1.0);
            NdArray shifted = next.get("1:").add(next.get(":-1"));
            out.add(shifted.sum());
            c.close();
            c = next;
        }
        out.add(c);
        return out;
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    void randomProgramsGiveTheSameBitsWithOneAndTwoMemories(int shards) {
        AtomicLong copies = new AtomicLong();
        AtomicLong none = new AtomicLong();
        int programs = shards == 1 ? 12 : 6;
        for (int p = 0; p < programs; p++) {
            long seed = 2000 + p;
            List<long[]> one = run(shards, 1, none, () -> program(seed));
            List<long[]> two = run(shards, 2, copies, () -> program(seed));
            FusionTest.assertSame(one, two, "program " + seed + " on " + shards + " shard(s), 1 vs 2 memories");
        }
        assertEquals(0, none.get(), "one memory never copies between memories");
        assertTrue(copies.get() > 0, "two memories never copied between them: the test exercises nothing");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    void conjugateGradientGivesTheSameBitsWithOneAndTwoMemories(int shards) {
        AtomicLong copies = new AtomicLong();
        List<long[]> one = run(shards, 1, new AtomicLong(), () -> PoissonCgProgram.run(24, 15, true));
        List<long[]> two = run(shards, 2, copies, () -> PoissonCgProgram.run(24, 15, true));
        FusionTest.assertSame(one, two, "CG on " + shards + " shard(s), 1 vs 2 memories");
        assertTrue(copies.get() > 0, "CG's shifted views must read pieces of the other memory");
    }

    @Test
    void memoriesIsValidatedAtTheCall() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Cohort.Config().memories(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Cohort.Config().memories(65));
    }
}
