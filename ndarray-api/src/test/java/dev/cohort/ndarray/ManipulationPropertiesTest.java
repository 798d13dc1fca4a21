package dev.cohort.ndarray;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distributed compositions of the manipulation family (concatenate, stack, tile, repeat with
 * per-element counts, roll, pad in every mode, tril/triu, diagonal) against sequential Java on random
 * shapes, axes and arguments, on 1 to 8 in-process shards with tiles of 2 elements; every shard must
 * read back exactly the sequential answer. Plus: concatenate runs tiled (point tasks divided among
 * shards, not one replicated point).
 */
class ManipulationPropertiesTest {

    /** A host array: row-major values and a shape. */
    record Host(long[] shape, double[] v) {
        long size() {
            return Shapes.volume(shape);
        }

        static Host random(Random r, long[] shape) {
            double[] v = new double[(int) Shapes.volume(shape)];
            for (int i = 0; i < v.length; i++) {
                v[i] = r.nextInt(200) - 100;
            }
            return new Host(shape, v);
        }

        NdArray toNd() {
            return Np.array(v, shape);
        }

        double at(long[] idx) {
            long f = 0;
            for (int d = 0; d < shape.length; d++) {
                f = f * shape[d] + idx[d];
            }
            return v[(int) f];
        }

        /** The array of {@code shape} whose element at each index is {@code f(index)}. */
        static Host of(long[] shape, java.util.function.ToDoubleFunction<long[]> f) {
            double[] v = new double[(int) Shapes.volume(shape)];
            long[] idx = new long[shape.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = f.applyAsDouble(idx);
                for (int d = shape.length - 1; d >= 0; d--) {
                    if (++idx[d] < shape[d]) {
                        break;
                    }
                    idx[d] = 0;
                }
            }
            return new Host(shape, v);
        }
    }

    static long[] randomShape(Random r, int ndim, int max) {
        long[] s = new long[ndim];
        for (int i = 0; i < ndim; i++) {
            s[i] = r.nextInt(max + 1);
        }
        return s;
    }

    /** One random case: a description, the Cohort computation, and the sequential answer. */
    record Case(String what, java.util.function.Supplier<NdArray> cohort, Host want) {
    }

    static Case randomCase(Random r) {
        int op = r.nextInt(8);
        int nd = 1 + r.nextInt(3);
        switch (op) {
            case 0, 1 -> { // concatenate / stack
                int ax = r.nextInt(nd);
                int k = 1 + r.nextInt(4);
                long[] base = randomShape(r, nd, 4);
                List<Host> in = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    long[] s = base.clone();
                    if (op == 0) {
                        s[ax] = r.nextInt(5);
                    }
                    in.add(Host.random(r, s));
                }
                if (op == 1) {
                    long[] out = new long[nd + 1];
                    for (int d = 0, j = 0; d <= nd; d++) {
                        out[d] = d == ax ? k : base[j++];
                    }
                    Host want = Host.of(out, idx -> {
                        long[] sub = new long[nd];
                        for (int d = 0, j = 0; d <= nd; d++) {
                            if (d != ax) {
                                sub[j++] = idx[d];
                            }
                        }
                        return in.get((int) idx[ax]).at(sub);
                    });
                    return new Case("stack " + k + " x " + Arrays.toString(base) + " axis " + ax,
                            () -> Np.stack(in.stream().map(Host::toNd).toArray(NdArray[]::new), ax), want);
                }
                long[] out = base.clone();
                out[ax] = in.stream().mapToLong(h -> h.shape[ax]).sum();
                Host want = Host.of(out, idx -> {
                    long[] sub = idx.clone();
                    for (Host h : in) {
                        if (sub[ax] < h.shape[ax]) {
                            return h.at(sub);
                        }
                        sub[ax] -= h.shape[ax];
                    }
                    throw new AssertionError();
                });
                return new Case("concatenate " + in.stream().map(h -> Arrays.toString(h.shape)).toList() + " axis " + ax,
                        () -> Np.concatenate(in.stream().map(Host::toNd).toArray(NdArray[]::new), ax), want);
            }
            case 2 -> { // tile
                Host a = Host.random(r, randomShape(r, nd, 4));
                long[] reps = randomShape(r, 1 + r.nextInt(3), 5);
                int d = Math.max(nd, reps.length);
                long[] s = new long[d];
                long[] rr = new long[d];
                for (int i = 0; i < d; i++) {
                    int ia = i - (d - nd);
                    int ir = i - (d - reps.length);
                    s[i] = ia >= 0 ? a.shape[ia] : 1;
                    rr[i] = ir >= 0 ? reps[ir] : 1;
                }
                long[] out = new long[d];
                for (int i = 0; i < d; i++) {
                    out[i] = s[i] * rr[i];
                }
                Host want = Host.of(out, idx -> {
                    long[] sub = new long[nd];
                    for (int i = 0; i < nd; i++) {
                        sub[i] = idx[i + d - nd] % s[i + d - nd];
                    }
                    return a.at(sub);
                });
                return new Case("tile " + Arrays.toString(a.shape) + " reps " + Arrays.toString(reps), () -> Np.tile(a.toNd(), reps), want);
            }
            case 3 -> { // repeat with per-element counts
                Host a = Host.random(r, randomShape(r, nd, 4));
                int ax = r.nextInt(nd);
                long[] counts = new long[(int) a.shape[ax]];
                for (int i = 0; i < counts.length; i++) {
                    counts[i] = r.nextInt(3) == 0 && i > 0 ? counts[i - 1] : r.nextInt(4);
                }
                long[] out = a.shape.clone();
                out[ax] = Arrays.stream(counts).sum();
                Host want = Host.of(out, idx -> {
                    long[] sub = idx.clone();
                    long j = idx[ax];
                    int e = 0;
                    while (j >= counts[e]) {
                        j -= counts[e++];
                    }
                    sub[ax] = e;
                    return a.at(sub);
                });
                return new Case("repeat " + Arrays.toString(a.shape) + " counts " + Arrays.toString(counts) + " axis " + ax,
                        () -> Np.repeat(a.toNd(), counts, ax), want);
            }
            case 4 -> { // roll
                Host a = Host.random(r, randomShape(r, nd, 5));
                int ax = r.nextInt(nd);
                long shift = r.nextInt(21) - 10;
                Host want = Host.of(a.shape, idx -> {
                    long[] sub = idx.clone();
                    sub[ax] = Math.floorMod(idx[ax] - shift, a.shape[ax]);
                    return a.at(sub);
                });
                return new Case("roll " + Arrays.toString(a.shape) + " by " + shift + " axis " + ax, () -> Np.roll(a.toNd(), shift, ax), want);
            }
            case 5 -> { // pad
                String mode = List.of("constant", "edge", "wrap", "reflect", "symmetric").get(r.nextInt(5));
                long[] s = randomShape(r, nd, 4);
                for (int i = 0; i < nd; i++) {
                    s[i] = Math.max(s[i], 2);
                }
                Host a = Host.random(r, s);
                long[][] w = new long[nd][2];
                for (int i = 0; i < nd; i++) {
                    w[i][0] = r.nextInt(3 * (int) s[i] + 1);   // wider than the axis too
                    w[i][1] = r.nextInt(3 * (int) s[i] + 1);
                }
                long[] out = new long[nd];
                for (int i = 0; i < nd; i++) {
                    out[i] = s[i] + w[i][0] + w[i][1];
                }
                Host want = Host.of(out, idx -> {
                    long[] sub = new long[nd];
                    for (int i = 0; i < nd; i++) {
                        long j = idx[i] - w[i][0];
                        long n = s[i];
                        if (j < 0 || j >= n) {
                            switch (mode) {
                                case "constant" -> {
                                    return 5.0;
                                }
                                case "edge" -> j = j < 0 ? 0 : n - 1;
                                case "wrap" -> j = Math.floorMod(j, n);
                                case "reflect" -> { // a triangle wave of period 2(n-1)
                                    long p = Math.floorMod(j, 2 * (n - 1));
                                    j = p < n ? p : 2 * (n - 1) - p;
                                }
                                default -> {        // symmetric: period 2n, each edge repeated
                                    long p = Math.floorMod(j, 2 * n);
                                    j = p < n ? p : 2 * n - 1 - p;
                                }
                            }
                        }
                        sub[i] = j;
                    }
                    return a.at(sub);
                });
                return new Case("pad " + mode + " " + Arrays.toString(s) + " " + Arrays.deepToString(w),
                        () -> Np.pad(a.toNd(), w, mode, 5.0), want);
            }
            case 6 -> { // tril / triu
                int n2 = Math.max(2, nd);
                Host a = Host.random(r, randomShape(r, n2, 5));
                long k = r.nextInt(7) - 3;
                boolean lower = r.nextBoolean();
                Host want = Host.of(a.shape, idx -> {
                    long i = idx[n2 - 2];
                    long j = idx[n2 - 1];
                    boolean keep = lower ? j <= i + k : j >= i + k;
                    return keep ? a.at(idx) : 0.0;
                });
                return new Case((lower ? "tril " : "triu ") + Arrays.toString(a.shape) + " k " + k,
                        () -> lower ? Np.tril(a.toNd(), k) : Np.triu(a.toNd(), k), want);
            }
            default -> { // diagonal of a 2-d or 3-d array
                int n3 = Math.max(2, nd);
                Host a = Host.random(r, randomShape(r, n3, 5));
                long off = r.nextInt(7) - 3;
                long n1 = a.shape[n3 - 2];
                long m = a.shape[n3 - 1];
                long len = off >= 0 ? Math.max(0, Math.min(n1, m - off)) : Math.max(0, Math.min(n1 + off, m));
                long[] out = Arrays.copyOf(a.shape, n3 - 1);
                out[n3 - 2] = len;
                Host want = Host.of(out, idx -> {
                    long[] sub = Arrays.copyOf(idx, n3);
                    long t = idx[n3 - 2];
                    sub[n3 - 2] = off >= 0 ? t : t - off;
                    sub[n3 - 1] = off >= 0 ? t + off : t;
                    return a.at(sub);
                });
                return new Case("diagonal " + Arrays.toString(a.shape) + " offset " + off,
                        () -> Np.diagonal(a.toNd(), off, n3 - 2, n3 - 1), want);
            }
        }
    }

    @Property(tries = 40)
    void distributedCompositionsMatchSequentialJava(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 2) long seed) {
        Random r = new Random(seed);
        int shards = 1 + r.nextInt(8);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            cases.add(randomCase(r));
        }
        // jqwik does not honour JUnit's @Timeout: each program runs under its own deadline
        List<List<double[]>> got = assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
                Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
                    List<double[]> out = new ArrayList<>();
                    for (Case c : cases) {
                        NdArray a = c.cohort().get();
                        assertArrayEquals(c.want().shape(), a.shape(), c.what());
                        out.add(a.toDoubleArray());
                    }
                    return out;
                }), () -> "seed " + seed + " did not finish");
        for (int s = 0; s < shards; s++) {
            for (int i = 0; i < cases.size(); i++) {
                assertArrayEquals(cases.get(i).want().v(), got.get(s).get(i),
                        "seed " + seed + ", shard " + s + "/" + shards + ": " + cases.get(i).what());
            }
        }
    }

    /**
     * Concatenate copies each input's tiles into the result's tiles: the copies run in many point tasks
     * (more than one per input), and on 4 shards those point tasks are divided among the shards (their
     * total is the 1-shard count) rather than replicated (a single replicated point would run on every
     * shard, once per input).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void concatenateRunsTiledAcrossShards() {
        long[] one = concatPoints(1).get(0);
        List<long[]> four = concatPoints(4);
        long copies = one[0] - one[1];
        assertTrue(copies > 2 * 2, "the two copies ran in " + copies + " point tasks on one shard");
        long total = 0;
        for (long[] x : four) {
            assertEquals(3L * (64 * 32) * (64 * 32 - 1) / 2, x[2], "the concatenation's sum");
            assertTrue(x[0] < one[0], "a shard ran " + x[0] + " of the " + one[0] + " point tasks");
            total += x[0];
        }
        assertEquals(one[0], total, "every point task ran once, on one of the shards");
    }

    /** Per shard: point tasks of concatenate + sum, of the sum alone, and the sum's value. */
    private static List<long[]> concatPoints(int shards) {
        ToLongFunction<Cohort> points = c -> c.runtime().stats().pointTasks();
        return Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            NdArray a = Np.arange(64 * 32).reshape(64, 32).astype(DType.FLOAT64);
            NdArray b = Np.arange(64 * 32).reshape(64, 32).multiply(2.0);
            a.sum().itemDouble();
            b.sum().itemDouble();
            Cohort ctx = Cohort.current();
            long p0 = points.applyAsLong(ctx);
            NdArray c = Np.concatenate(new NdArray[]{a, b}, 0);
            long sum = (long) c.sum().itemDouble();
            long p1 = points.applyAsLong(ctx);
            c.sum().itemDouble();
            long p2 = points.applyAsLong(ctx);
            return new long[]{p1 - p0, p2 - p1, sum};
        });
    }
}
