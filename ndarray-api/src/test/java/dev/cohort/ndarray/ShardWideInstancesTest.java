package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
        return withShardWide(on, shards, MemoriesTest.MIN_TILE, p, copies);
    }

    private static List<long[]> withShardWide(boolean on, int shards, long minTile,
                                              java.util.concurrent.Callable<List<NdArray>> p, AtomicLong copies) {
        String old = System.getProperty("cohort.shardwide");
        System.setProperty("cohort.shardwide", Boolean.toString(on));
        try {
            List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(minTile),
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

    /**
     * MATVEC's 2-D float forms read their matrix in place on a shard-wide instance (its pieces are windows whose
     * rows are not contiguous): {@code A @ v}, {@code A.T @ v} and {@code v @ A} give the bits of the dense pieces
     * that separate instances hold, in float64 and float32, on 1 to 3 shards.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void matrixVectorProductsReadShardWideMatricesInPlaceWithTheSameBits(int shards) {
        java.util.concurrent.Callable<List<NdArray>> program = () -> {
            List<NdArray> out = new ArrayList<>();
            for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
                NdArray a = Np.sin(Np.arange(0.0, 37.0 * 53, 1.0).multiply(0.37)).reshape(37, 53).astype(t);
                NdArray v = Np.cos(Np.arange(0.0, 53.0, 1.0)).astype(t);
                NdArray w = Np.cos(Np.arange(0.0, 37.0, 1.0).multiply(1.3)).astype(t);
                out.add(a.matmul(v));
                out.add(a.T().matmul(w));
                out.add(w.matmul(a));
            }
            return out;
        };
        AtomicLong ignored = new AtomicLong();
        List<long[]> off = withShardWide(false, 1, program, ignored);
        List<long[]> on = withShardWide(true, shards, program, ignored);
        FusionTest.assertSame(off, on, "A @ v, A.T @ w, w @ A on " + shards + " shards");
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
        List<long[]> off = withShardWide(false, shards, () -> PoissonCgProgram.run(24, 4, false), before);
        List<long[]> on = withShardWide(true, shards, () -> PoissonCgProgram.run(24, 4, false), after);
        withShardWide(false, shards, () -> PoissonCgProgram.run(24, 8, false), before2);
        withShardWide(true, shards, () -> PoissonCgProgram.run(24, 8, false), after2);
        FusionTest.assertSame(off, on, "CG with and without shard-wide instances");
        double perIterationOff = (before2.get() - before.get()) / 4.0 / shards;
        double perIterationOn = (after2.get() - after.get()) / 4.0 / shards;
        assertTrue(perIterationOff > 10, "the gathering baseline copies " + perIterationOff + " per iteration");
        // the one copy left per iteration is of norm(r), which the program keeps as its result
        assertTrue(perIterationOn <= 1, "copies per iteration with shard-wide instances: " + perIterationOn
                + " (without: " + perIterationOff + ")");
    }

    /**
     * A zero-bordered array padded once ({@code padded = zeros(...)}, {@code padded[1:-1, 1:-1] = u}) and then only
     * read, through the stencil's four shifted slices, again and again: its interior entry over the fill moves into
     * shard-wide instances at the first spanning read, so the later reads are windows (the border comes from the fill
     * into the ghost cells), not gathers: a third of the copies or fewer; the same bits as sequential Java with and
     * without, on 1 to 3 shards.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aStoreFilledThenWrittenInsideAndOnlyReadStopsGathering(int shards) {
        int n = 24;
        double[] u = new double[n * n];
        for (int i = 0; i < u.length; i++) {
            u[i] = (i * 37 % 101) / 8.0;
        }
        double[] pad = new double[(n + 2) * (n + 2)];
        for (int i = 0; i < n; i++) {
            System.arraycopy(u, i * n, pad, (i + 1) * (n + 2) + 1, n);
        }
        double[] expect = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int c = (i + 1) * (n + 2) + j + 1;
                expect[i * n + j] = 4.0 * pad[c] - pad[c - n - 2] - pad[c + n + 2] - pad[c - 1] - pad[c + 1];
            }
        }
        long[] copies = new long[4];
        List<List<long[]>> results = new ArrayList<>();
        int k = 0;
        for (boolean on : new boolean[]{false, true}) {
            for (int reads : new int[]{2, 6}) {
                AtomicLong c = new AtomicLong();
                results.add(withShardWide(on, shards, 64, () -> {
                    NdArray padded = Np.zeros(n + 2, n + 2);
                    padded.set("1:-1, 1:-1", Np.array(u, n, n));
                    List<NdArray> out = new ArrayList<>();
                    for (int r = 0; r < reads; r++) {
                        NdArray lap = padded.get("1:-1, 1:-1").multiply(4.0).subtract(padded.get(":-2, 1:-1"))
                                .subtract(padded.get("2:, 1:-1")).subtract(padded.get("1:-1, :-2"))
                                .subtract(padded.get("1:-1, 2:"));
                        lap.sum().itemDouble(); // each read launched and finished in turn
                        out.add(lap);
                    }
                    return out;
                }, c));
                copies[k++] = c.get();
            }
        }
        for (List<long[]> run : results) {
            for (long[] bits : run) {
                for (int i = 0; i < expect.length; i++) {
                    assertTrue(Double.doubleToRawLongBits(expect[i]) == bits[i], "element " + i + " on " + shards + " shard(s)");
                }
            }
        }
        double perReadOff = (copies[1] - copies[0]) / 4.0 / shards;
        double perReadOn = (copies[3] - copies[2]) / 4.0 / shards;
        assertTrue(perReadOff > 10, "the gathering baseline copies " + perReadOff + " per read and shard");
        // measured: 11 against 131 on 1 shard, 17.5 against 58.5 on 2 (pieces that cross between the shards' bands
        // still gather), 5 against 37 on 3; before the interior entry over the fill could move, every read gathered
        assertTrue(3 * perReadOn <= perReadOff, "copies per read and shard with shard-wide instances: " + perReadOn
                + " (without: " + perReadOff + ")");
    }

    /**
     * A 2-D 5-point stencil through a zero-bordered array (slice assignment of the interior, four shifted slices
     * read back), a 1-D shifted sum written back through a slice, and deletions of what each step no longer needs,
     * against the same arithmetic in sequential Java: the same bits on 1 to 8 shards.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void haloProgramsMatchSequentialJava(int shards) {
        for (long seed = 1; seed <= 3; seed++) {
            Random rnd = new Random(seed * 31 + shards);
            int n = 5 + rnd.nextInt(20);
            int m = 5 + rnd.nextInt(20);
            int steps = 2 + rnd.nextInt(4);
            double[] init = new double[n * m];
            for (int i = 0; i < init.length; i++) {
                init[i] = rnd.nextGaussian();
            }
            // sequential Java
            double[] u = init.clone();
            double[] line = new double[n * m];
            for (int i = 0; i < line.length; i++) {
                line[i] = i % 7 - 3.0;
            }
            for (int s = 0; s < steps; s++) {
                double[] pad = new double[(n + 2) * (m + 2)];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(u, i * m, pad, (i + 1) * (m + 2) + 1, m);
                }
                double[] next = new double[n * m];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < m; j++) {
                        double up = pad[i * (m + 2) + j + 1];
                        double down = pad[(i + 2) * (m + 2) + j + 1];
                        double left = pad[(i + 1) * (m + 2) + j];
                        double right = pad[(i + 1) * (m + 2) + j + 2];
                        next[i * m + j] = (((up + down) + left) + right) * 0.25 + u[i * m + j] * 0.5;
                    }
                }
                u = next;
                double[] shifted = new double[line.length];
                System.arraycopy(line, 0, shifted, 0, line.length);
                for (int i = 1; i < line.length - 1; i++) {
                    shifted[i] = line[i + 1] + line[i - 1];
                }
                line = shifted;
            }
            double[] expectU = u;
            double[] expectLine = line;
            int steps0 = steps;
            AtomicLong copiesOn = new AtomicLong();
            AtomicLong copiesOff = new AtomicLong();
            java.util.concurrent.Callable<List<NdArray>> program = () -> {
                NdArray padded = Np.zeros(n + 2, m + 2);
                NdArray a = Np.array(init, n, m);
                NdArray l = Np.arange(n * m).astype(DType.FLOAT64).mod(7.0).subtract(3.0);
                for (int s = 0; s < steps0; s++) {
                    padded.set("1:-1, 1:-1", a);
                    NdArray next = padded.get(":-2, 1:-1").add(padded.get("2:, 1:-1")).add(padded.get("1:-1, :-2"))
                            .add(padded.get("1:-1, 2:")).multiply(0.25).add(a.multiply(0.5));
                    a.close();
                    a = next;
                    NdArray sum = l.get("2:").add(l.get(":-2"));
                    l.set("1:-1", sum);
                    sum.close();
                }
                return List.of(a, l);
            };
            List<long[]> got = withShardWide(true, shards, program, copiesOn);
            List<long[]> gathered = withShardWide(false, shards, program, copiesOff);
            String what = "seed " + seed + " " + n + "x" + m + " on " + shards + " shards";
            FusionTest.assertSame(List.of(expectBits(expectU, n, m), expectBits(expectLine, n * m)), got, what);
            FusionTest.assertSame(gathered, got, what + ", with and without shard-wide instances");
            assertTrue(copiesOn.get() < copiesOff.get(), what + ": " + copiesOn + " copies with shard-wide instances, "
                    + copiesOff + " without");
        }
    }

    /** A float64 result of sequential Java in {@link FusionTest#bits}' form: the values' bits, the shape, the dtype. */
    private static long[] expectBits(double[] data, long... shape) {
        long[] b = new long[data.length + shape.length + 1];
        for (int i = 0; i < data.length; i++) {
            b[i] = Double.doubleToRawLongBits(data[i]);
        }
        System.arraycopy(shape, 0, b, data.length, shape.length);
        b[b.length - 1] = DType.FLOAT64.ordinal();
        return b;
    }
}
