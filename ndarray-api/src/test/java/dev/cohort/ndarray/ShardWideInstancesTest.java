package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Shard-wide instances with ghost cells (runtime-dcr README, "Memories and instances"): random programs with
 * shifted views, slice assignment and deletions give the same bits with and without them on 1 to 8 shards, and
 * the 5-point Poisson CG stops gathering the shifted reads of its stencil.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ShardWideInstancesTest {

    private static List<long[]> withShardWide(boolean on, int shards, java.util.concurrent.Callable<List<NdArray>> p,
                                              AtomicLong copies) {
        String old = System.getProperty("cohort.shardwide");
        System.setProperty("cohort.shardwide", Boolean.toString(on));
        try {
            List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MemoriesTest.MIN_TILE),
                    () -> {
                        List<long[]> bits = new ArrayList<>();
                        for (NdArray a : p.call()) {
                            bits.add(FusionTest.bits(a));
                        }
                        copies.addAndGet(Cohort.current().runtime().executor().copies());
                        return bits;
                    });
            for (int s = 1; s < shards; s++) {
                FusionTest.assertSame(perShard.get(0), perShard.get(s), "shard " + s + " differs from shard 0");
            }
            return perShard.get(0);
        } finally {
            if (old == null) {
                System.clearProperty("cohort.shardwide");
            } else {
                System.setProperty("cohort.shardwide", old);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void randomProgramsGiveTheSameBitsWithAndWithoutShardWideInstances(int shards) {
        for (long seed = 1; seed <= 3; seed++) {
            long s = seed * 7919 + shards;
            AtomicLong ignored = new AtomicLong();
            List<long[]> off = withShardWide(false, 1, () -> MemoriesTest.program(s), ignored);
            List<long[]> on = withShardWide(true, shards, () -> MemoriesTest.program(s), ignored);
            FusionTest.assertSame(off, on, "seed " + s + " on " + shards + " shards");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void poissonCgReadsItsShiftedSlicesInPlace(int shards) {
        AtomicLong before = new AtomicLong();
        AtomicLong after = new AtomicLong();
        AtomicLong before2 = new AtomicLong();
        AtomicLong after2 = new AtomicLong();
        List<long[]> off = withShardWide(false, shards, () -> PoissonCgProgram.run(24, 4, true), before);
        List<long[]> on = withShardWide(true, shards, () -> PoissonCgProgram.run(24, 4, true), after);
        withShardWide(false, shards, () -> PoissonCgProgram.run(24, 8, true), before2);
        withShardWide(true, shards, () -> PoissonCgProgram.run(24, 8, true), after2);
        FusionTest.assertSame(off, on, "CG with and without shard-wide instances");
        double perIterationOff = (before2.get() - before.get()) / 4.0 / shards;
        double perIterationOn = (after2.get() - after.get()) / 4.0 / shards;
        assertTrue(perIterationOff > 10, "the gathering baseline copies " + perIterationOff + " per iteration");
        assertTrue(perIterationOn <= 2, "copies per iteration with shard-wide instances: " + perIterationOn
                + " (without: " + perIterationOff + ")");
    }
}
