package dev.cohort.bench.chaos;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.ndarray.Slice;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The soak half of {@code tools/chaos/chaos}: many random array programs, each run on 1 shard and on {@code S}
 * shards with tiny tiles, whose results must be the same bits (DCR's Theorem 1: a control-replicated program
 * computes what the sequential one does). A program is a seeded sequence of creations (random, arange), element-
 * wise arithmetic and math (fused chains included), reductions (full and along an axis), matmul, views (slices
 * with negative steps, transposes, integer indices), {@code where}, {@code astype} and assignments into views; a
 * call that raises (shapes that do not broadcast, ...) is part of the result: its exception class and message must
 * be the same too. Its digest mixes the raw bits of every array it reads back.
 *
 * <pre>{@code java ... dev.cohort.bench.chaos.Soak --programs 10000 --shards 3 [--seed 1]}</pre>
 * prints {@code programs=N shards=S mismatches=M errors=E seconds=T} and, per mismatch, the program's seed;
 * the exit status is 1 if any program differs.
 */
public final class Soak {
    private Soak() {
    }

    public static void main(String[] args) {
        int programs = 10_000;
        int shards = 3;
        long seed = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--programs" -> programs = Integer.parseInt(args[++i]);
                case "--shards" -> shards = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (expected --programs N, --shards S, --seed X)");
            }
        }
        long t0 = System.nanoTime();
        long first = seed;
        int n = programs;
        long[] one = Cohort.run(new Cohort.Config().shards(1).minTileVolume(2), () -> digests(first, n)).get(0);
        List<long[]> many = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> digests(first, n));
        int mismatches = 0;
        List<String> bad = new ArrayList<>();
        for (long[] d : many) {
            for (int p = 0; p < n; p++) {
                if (d[2 * p] != one[2 * p]) {
                    mismatches++;
                    if (bad.size() < 20) {
                        bad.add(Long.toString(first + p));
                    }
                }
            }
        }
        long errors = 0;
        for (int p = 0; p < n; p++) {
            errors += one[2 * p + 1];
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "programs=%d shards=%d mismatches=%d errors=%d seconds=%.1f%n", n, shards, mismatches,
                errors, seconds);
        if (!bad.isEmpty()) {
            System.out.println("mismatched_seeds=" + String.join(",", bad));
        }
        System.exit(mismatches == 0 ? 0 : 1);
    }

    /** For programs {@code first .. first+n-1}: {digest, calls that raised} each. */
    static long[] digests(long first, int n) {
        long[] out = new long[2 * n];
        for (int p = 0; p < n; p++) {
            Program prog = new Program(first + p);
            prog.run();
            out[2 * p] = prog.digest;
            out[2 * p + 1] = prog.errors;
        }
        return out;
    }

    /** One seeded random program and its digest. */
    static final class Program {
        private final Random rnd;
        private final List<NdArray> live = new ArrayList<>();
        long digest = 0x9E3779B97F4A7C15L;
        long errors;

        Program(long seed) {
            this.rnd = new Random(seed);
            Np.random.seed(seed);
        }

        void run() {
            live.add(Np.random.rand(3 + rnd.nextInt(6), 1 + rnd.nextInt(6)));
            live.add(Np.arange(1 + rnd.nextInt(30)).astype(DType.FLOAT64));
            for (int step = 0; step < 10; step++) {
                try {
                    step();
                } catch (RuntimeException e) {
                    errors++;
                    mix(e.getClass().getName().hashCode());
                    mix(String.valueOf(e.getMessage()).hashCode());
                }
            }
            for (NdArray a : live) {
                read(a);
            }
        }

        private NdArray pick() {
            return live.get(rnd.nextInt(live.size()));
        }

        private void keep(NdArray a) {
            if (live.size() >= 6) {
                live.remove(rnd.nextInt(live.size()));
            }
            live.add(a);
        }

        private void step() {
            NdArray a = pick();
            NdArray b = pick();
            switch (rnd.nextInt(12)) {
                case 0 -> keep(a.add(b));
                case 1 -> keep(a.multiply(b).subtract(a.multiply(0.5)));
                case 2 -> keep(Np.exp(a.multiply(-1.0)).add(Np.sqrt(Np.abs(a))).tanh());
                case 3 -> read(a.sum());
                case 4 -> keep(a.ndim() == 0 ? a : a.sum(rnd.nextInt(a.ndim())));
                case 5 -> keep(a.ndim() == 2 && b.ndim() >= 1 ? a.matmul(b) : a.T());
                case 6 -> keep(a.ndim() >= 1 ? a.get(Slice.of(null, null, (long) (rnd.nextBoolean() ? -1 : 2))) : a);
                case 7 -> keep(a.ndim() >= 1 && a.shape(0) > 0 ? a.get((long) rnd.nextInt((int) a.shape(0))) : a);
                case 8 -> keep(Np.where(a.greater(0.5), a, b));
                case 9 -> keep(a.astype(rnd.nextBoolean() ? DType.INT64 : DType.FLOAT32).astype(DType.FLOAT64));
                case 10 -> read(a.max());
                default -> {
                    NdArray c = a.copy();
                    if (c.ndim() >= 1 && c.shape(0) > 1) {
                        c.set(new Object[]{Slice.of(0L, 1L, null)}, 7.25);
                    }
                    keep(c);
                }
            }
        }

        private void read(NdArray a) {
            mix(a.ndim());
            for (long s : a.shape()) {
                mix(s);
            }
            for (double v : a.toDoubleArray()) {
                mix(Double.doubleToRawLongBits(v));
            }
        }

        private void mix(long v) {
            digest = Long.rotateLeft(digest ^ (v * 0xC2B2AE3D27D4EB4FL), 31) * 0x9E3779B97F4A7C15L;
        }
    }
}
