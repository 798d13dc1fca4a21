package dev.cohort.bench.taskbench;

import static dev.cohort.bench.taskbench.GraphIssuer.column;
import static dev.cohort.bench.taskbench.GraphIssuer.fixed;
import static dev.cohort.bench.taskbench.GraphIssuer.range;
import static dev.cohort.bench.taskbench.GraphIssuer.same;
import static dev.cohort.bench.taskbench.GraphIssuer.shifted;
import static dev.cohort.bench.taskbench.GraphIssuer.whole;

import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The dependence patterns of the Parla paper's Task Bench suite (Table 3), each as Cohort group
 * launches whose region requirements carry exactly the pattern's edges, with a plain sequential
 * Java evaluation of the same graph written from the pattern's definition (not from the
 * partitions) for the tests to compare against.
 *
 * <p>{@code width} is the pattern's width parameter (tasks per step; the widest tree level; tiles
 * per side of the Cholesky matrix) and {@code units} how many times its unit repeats (time steps;
 * trees; map-reduce rounds; independent factorizations).
 */
public enum Pattern {
    /** Task Bench {@code trivial} (Parla "Independent"): no dependences at all. */
    TRIVIAL("trivial", "steps x width tasks, no dependences (Task Bench trivial; Parla: Independent, 1,000 tasks)") {
        @Override
        public long tasks(int width, int units) {
            return (long) width * units;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            for (int t = 0; t < units; t++) {
                Store s = g.store("s" + t, width);
                g.launch(range(0, width - 1), stepSalt(t), same(s));
                g.retire(s);
            }
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            return stepReference(this, width, units, iterations);
        }

        @Override
        long[] deps(int width, int units, int t, int i) {
            return new long[0];
        }
    },

    /** Task Bench {@code stencil_1d}: point i of step t reads i-1, i, i+1 of step t-1 (clipped). */
    STENCIL("stencil_1d", "1-D 3-point stencil: (t,i) <- (t-1, i-1..i+1) (Parla: 32 wide, 1,000 deep)") {
        @Override
        public long tasks(int width, int units) {
            return (long) width * units;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            Store prev = null;
            for (int t = 0; t < units; t++) {
                Store s = g.store("s" + t, width);
                if (prev == null) {
                    g.launch(range(0, width - 1), stepSalt(t), same(s));
                } else {
                    // one halo-1 tile per point: exactly [i-1, i+1] clipped to the store
                    g.launch(range(0, width - 1), stepSalt(t), same(s),
                            new GraphIssuer.Access(prev, GraphIssuer.ONE.withHalo(1), Projection.identity(1)));
                }
                g.retire(prev);
                prev = s;
            }
            g.retire(prev);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            return stepReference(this, width, units, iterations);
        }

        @Override
        long[] deps(int width, int units, int t, int i) {
            if (t == 0) {
                return new long[0];
            }
            List<Long> d = new ArrayList<>();
            for (int j = Math.max(0, i - 1); j <= Math.min(width - 1, i + 1); j++) {
                d.add((long) j);
            }
            return toArray(d);
        }
    },

    /**
     * Task Bench {@code dom} (Parla "Sweep"): a 2-D wavefront in diagonal order; step t has the
     * points [offset(t), offset(t) + width(t)) with width(t) = min(W, t+1, T-t) and
     * offset(t) = max(0, t + W - T); (t,i) reads i-1 and i of step t-1 where they exist.
     */
    SWEEP("sweep", "wavefront (Task Bench dom): (t,i) <- (t-1, i-1), (t-1, i) over a diagonal band (Parla: 32 wide, 1,000 deep)") {
        @Override
        public long tasks(int width, int units) {
            long n = 0;
            for (int t = 0; t < units; t++) {
                n += domWidth(width, units, t);
            }
            return n;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            Store prev = null;
            for (int t = 0; t < units; t++) {
                Store s = g.store("s" + t, width);
                long off = domOffset(width, units, t);
                long end = off + domWidth(width, units, t) - 1;
                if (prev == null) {
                    g.launch(range(off, end), stepSalt(t), same(s));
                } else {
                    long pOff = domOffset(width, units, t - 1);
                    long pEnd = pOff + domWidth(width, units, t - 1) - 1;
                    // runs of points with the same dependences; an i-1 below 0 reads an empty piece
                    long runStart = off;
                    int runKind = domKind(off, pOff, pEnd);
                    for (long i = off + 1; i <= end + 1; i++) {
                        int kind = i <= end ? domKind(i, pOff, pEnd) : -1;
                        if (kind != runKind) {
                            List<GraphIssuer.Access> ins = new ArrayList<>();
                            if ((runKind & 1) != 0) {
                                ins.add(shifted(prev, -1));
                            }
                            if ((runKind & 2) != 0) {
                                ins.add(same(prev));
                            }
                            g.launch(range(runStart, i - 1), stepSalt(t), same(s), ins.toArray(new GraphIssuer.Access[0]));
                            runStart = i;
                            runKind = kind;
                        }
                    }
                }
                g.retire(prev);
                prev = s;
            }
            g.retire(prev);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            return stepReference(this, width, units, iterations);
        }

        @Override
        long[] deps(int width, int units, int t, int i) {
            if (t == 0) {
                return new long[0];
            }
            long pOff = domOffset(width, units, t - 1);
            long pEnd = pOff + domWidth(width, units, t - 1) - 1;
            List<Long> d = new ArrayList<>();
            for (long j = Math.max(0, i - 1); j <= i; j++) {
                if (j >= pOff && j <= pEnd) {
                    d.add(j);
                }
            }
            return toArray(d);
        }

        @Override
        boolean active(int width, int units, int t, int i) {
            long off = domOffset(width, units, t);
            return i >= off && i < off + domWidth(width, units, t);
        }
    },

    /**
     * Task Bench {@code fft}: (t,i) reads i - 2^k, i, i + 2^k of step t-1 (where inside the width),
     * k = (t + L - 1) mod L, L = ceil(log2 W) (Parla: FFT butterfly).
     */
    FFT("fft", "butterfly (Task Bench fft): (t,i) <- (t-1, i-2^k), (t-1, i), (t-1, i+2^k), k = (t+L-1) mod L (Parla: 257 wide, 9 steps)") {
        @Override
        public long tasks(int width, int units) {
            return (long) width * units;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            requireWidth(this, width, 2);
            Store prev = null;
            for (int t = 0; t < units; t++) {
                Store s = g.store("s" + t, width);
                if (prev == null) {
                    g.launch(range(0, width - 1), stepSalt(t), same(s));
                } else {
                    long d = fftDistance(width, t);
                    // out-of-range partners are colours outside the store: empty pieces, no dependence
                    g.launch(range(0, width - 1), stepSalt(t), same(s), shifted(prev, -d), same(prev), shifted(prev, d));
                }
                g.retire(prev);
                prev = s;
            }
            g.retire(prev);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            return stepReference(this, width, units, iterations);
        }

        @Override
        long[] deps(int width, int units, int t, int i) {
            if (t == 0) {
                return new long[0];
            }
            long d = fftDistance(width, t);
            List<Long> out = new ArrayList<>();
            if (i - d >= 0) {
                out.add(i - d);
            }
            out.add((long) i);
            if (i + d < width) {
                out.add(i + d);
            }
            return toArray(out);
        }
    },

    /**
     * Parla's "Scatter-Reduction": a binary tree from 1 node to W nodes (node n of level l reads
     * its parent n/2) and its inverse back to 1 (node n reads nodes 2n and 2n+1 of the level
     * below); trees repeat, each root reading the previous tree's last node. Level l is stored in
     * bit-reversed order (node n at position bitrev_l(n)) so both directions are shifts.
     */
    TREE("tree", "scatter-reduction: binary tree 1 -> W nodes and its inverse W -> 1, repeated (Parla: 256 nodes at the widest point)") {
        @Override
        public long tasks(int width, int units) {
            return (long) units * (3L * width - 2);
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            int levels = log2Exact(this, width);
            Store lastRoot = null;
            for (int r = 0; r < units; r++) {
                Store prev = g.store("r" + r + "/s0", 1);
                if (lastRoot == null) {
                    g.launch(range(0, 0), treeSalt(r, 0, 0), same(prev));
                } else {
                    g.launch(range(0, 0), treeSalt(r, 0, 0), same(prev), same(lastRoot));
                    g.retire(lastRoot);
                }
                for (int l = 1; l <= levels; l++) {
                    long half = 1L << (l - 1);
                    Store s = g.store("r" + r + "/s" + l, 2 * half);
                    // child 2n + b of the parent at position p is at position b * 2^(l-1) + p
                    for (int b = 0; b < 2; b++) {
                        g.launch(range(0, half - 1), treeSalt(r, 0, l), shifted(s, b * half), same(prev));
                    }
                    g.retire(prev);
                    prev = s;
                }
                for (int l = levels - 1; l >= 0; l--) {
                    long n = 1L << l;
                    Store s = g.store("r" + r + "/r" + l, n);
                    // children 2n, 2n+1 of the node at position q are at q and q + 2^l one level up
                    g.launch(range(0, n - 1), treeSalt(r, 1, l), same(s), same(prev), shifted(prev, n));
                    g.retire(prev);
                    prev = s;
                }
                lastRoot = prev;
            }
            g.retire(lastRoot);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            int levels = log2Exact(this, width);
            Map<String, long[]> out = new LinkedHashMap<>();
            long root = 0;
            for (int r = 0; r < units; r++) {
                // values by logical node id
                long[] up = {r == 0 ? Kernel.value(iterations, treeSalt(r, 0, 0), Kernel.key(0))
                        : Kernel.value(iterations, treeSalt(r, 0, 0), Kernel.key(0), root)};
                out.put("r" + r + "/s0", byPosition(up, 0));
                for (int l = 1; l <= levels; l++) {
                    long[] next = new long[1 << l];
                    for (int n = 0; n < next.length; n++) {
                        next[n] = Kernel.value(iterations, treeSalt(r, 0, l), Kernel.key(bitReverse(n, l)), up[n / 2]);
                    }
                    up = next;
                    out.put("r" + r + "/s" + l, byPosition(up, l));
                }
                for (int l = levels - 1; l >= 0; l--) {
                    long[] next = new long[1 << l];
                    for (int n = 0; n < next.length; n++) {
                        next[n] = Kernel.value(iterations, treeSalt(r, 1, l), Kernel.key(bitReverse(n, l)),
                                up[2 * n], up[2 * n + 1]);
                    }
                    up = next;
                    out.put("r" + r + "/r" + l, byPosition(up, l));
                }
                root = up[0];
            }
            return out;
        }
    },

    /**
     * Parla's "Map-Reduce" (fan-out/fan-in, "500 + 500m tasks for m workers"): each round, W map
     * tasks read the previous round's reduce task, then one reduce task reads all W maps.
     */
    MAP_REDUCE("map_reduce", "fan-out/fan-in: W maps <- previous reduce; 1 reduce <- all W maps, per round (Parla: 500 + 500m tasks)") {
        @Override
        public long tasks(int width, int units) {
            return (long) (width + 1) * units;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            Store reduced = null;
            for (int r = 0; r < units; r++) {
                Store maps = g.store("m" + r, width);
                if (reduced == null) {
                    g.launch(range(0, width - 1), roundSalt(r, 0), same(maps));
                } else {
                    g.launch(range(0, width - 1), roundSalt(r, 0), same(maps), fixed(reduced, 0));
                    g.retire(reduced);
                }
                reduced = g.store("R" + r, 1);
                g.launch(range(0, 0), roundSalt(r, 1), same(reduced), whole(maps, width));
                g.retire(maps);
            }
            g.retire(reduced);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            Map<String, long[]> out = new LinkedHashMap<>();
            long red = 0;
            for (int r = 0; r < units; r++) {
                long[] maps = new long[width];
                for (int i = 0; i < width; i++) {
                    maps[i] = r == 0 ? Kernel.value(iterations, roundSalt(r, 0), Kernel.key(i))
                            : Kernel.value(iterations, roundSalt(r, 0), Kernel.key(i), red);
                }
                red = Kernel.value(iterations, roundSalt(r, 1), Kernel.key(0), maps);
                out.put("m" + r, maps);
                out.put("R" + r, new long[] {red});
            }
            return out;
        }
    },

    /**
     * Task Bench {@code all_to_all}: (t,i) reads every point of step t-1 (not in Parla's table;
     * optional).
     */
    ALL_TO_ALL("all_to_all", "all-to-all (Task Bench all_to_all): (t,i) <- (t-1, every j) (not in Parla's table)") {
        @Override
        public long tasks(int width, int units) {
            return (long) width * units;
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            Store prev = null;
            for (int t = 0; t < units; t++) {
                Store s = g.store("s" + t, width);
                if (prev == null) {
                    g.launch(range(0, width - 1), stepSalt(t), same(s));
                } else {
                    g.launch(range(0, width - 1), stepSalt(t), same(s), whole(prev, width));
                }
                g.retire(prev);
                prev = s;
            }
            g.retire(prev);
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            return stepReference(this, width, units, iterations);
        }

        @Override
        long[] deps(int width, int units, int t, int i) {
            if (t == 0) {
                return new long[0];
            }
            long[] d = new long[width];
            for (int j = 0; j < width; j++) {
                d[j] = j;
            }
            return d;
        }
    },

    /**
     * The task graph of a right-looking blocked Cholesky factorization of a W x W tile matrix
     * (Parla: 40 x 40 blocks): POTRF(k) <- last update of tile (k,k); TRSM(i,k) <- POTRF(k) and the
     * last update of (i,k); SYRK(i,k) updates (i,i) <- TRSM(i,k); GEMM(i,j,k) updates (i,j) <-
     * TRSM(i,k), TRSM(j,k). Repeats are independent factorizations.
     */
    CHOLESKY("cholesky", "blocked Cholesky dependences: POTRF, TRSM, SYRK, GEMM over W x W tiles (Parla: 40 x 40 blocks)") {
        @Override
        public long tasks(int width, int units) {
            long t = width;
            return units * (t + t * (t - 1) + t * (t - 1) * (t - 2) / 6);
        }

        @Override
        void issue(GraphIssuer g, int width, int units) {
            int n = width;
            for (int rep = 0; rep < units; rep++) {
                // the diagonal tiles apart (a projection cannot map i to (i, i)); factored tiles
                // apart from the tiles being updated (a launch may not read and write one store
                // through different projections)
                Store adiag = g.store("Adiag" + rep, n);
                Store aoff = g.store("Aoff" + rep, n, n);
                Store d = g.store("D" + rep, n);
                Store f = g.store("F" + rep, n, n);
                for (int k = 0; k < n; k++) {
                    g.launch(range(k, k), choleskySalt(rep, 0, k), same(d), same(adiag));
                    if (k == n - 1) {
                        break;
                    }
                    g.launch(range(k + 1, n - 1), choleskySalt(rep, 1, k), column(f, k), column(aoff, k), fixed(d, k));
                    g.launch(range(k + 1, n - 1), choleskySalt(rep, 2, k), true, same(adiag), column(f, k));
                    // GEMM over the triangle k < j < i: one launch per column j (a launch domain is a rectangle)
                    for (int j = k + 1; j < n - 1; j++) {
                        g.launch(range(j + 1, n - 1), choleskySalt(rep, 3, k), true, column(aoff, j), column(f, k),
                                fixed(f, j, k));
                    }
                }
                g.retire(adiag);
                g.retire(aoff);
                g.retire(d);
                g.retire(f);
            }
        }

        @Override
        Map<String, long[]> reference(int width, int units, long iterations) {
            int n = width;
            Map<String, long[]> out = new LinkedHashMap<>();
            for (int rep = 0; rep < units; rep++) {
                long[] adiag = new long[n];
                long[][] aoff = new long[n][n];
                long[] d = new long[n];
                long[][] f = new long[n][n];
                for (int k = 0; k < n; k++) {
                    d[k] = Kernel.value(iterations, choleskySalt(rep, 0, k), Kernel.key(k), adiag[k]);
                    for (int i = k + 1; i < n; i++) {
                        f[i][k] = Kernel.value(iterations, choleskySalt(rep, 1, k), Kernel.key(i, k), aoff[i][k], d[k]);
                    }
                    for (int i = k + 1; i < n; i++) {
                        adiag[i] = Kernel.value(iterations, choleskySalt(rep, 2, k), Kernel.key(i), adiag[i], f[i][k]);
                        for (int j = k + 1; j < i; j++) {
                            aoff[i][j] = Kernel.value(iterations, choleskySalt(rep, 3, k), Kernel.key(i, j), aoff[i][j],
                                    f[i][k], f[j][k]);
                        }
                    }
                }
                out.put("Adiag" + rep, adiag);
                out.put("Aoff" + rep, flatten(aoff));
                out.put("D" + rep, d);
                out.put("F" + rep, flatten(f));
            }
            return out;
        }
    };

    private final String id;
    private final String description;

    Pattern(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name on the command line and in the results (Task Bench's where it has one). */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** Point tasks in a graph of {@code units} units of width {@code width}. */
    public abstract long tasks(int width, int units);

    /** Issues the graph through {@code g}. */
    abstract void issue(GraphIssuer g, int width, int units);

    /** Every task's value by store key, each array the store's elements in row-major order, computed sequentially. */
    abstract Map<String, long[]> reference(int width, int units, long iterations);

    /** For steps x width patterns: the points of step t-1 that (t, i) depends on. */
    long[] deps(int width, int units, int t, int i) {
        throw new UnsupportedOperationException(id + " is not a steps x width pattern");
    }

    /** For steps x width patterns: whether (t, i) is a task. */
    boolean active(int width, int units, int t, int i) {
        return true;
    }

    /** Looks a pattern up by its id ({@code stencil_1d}, {@code map_reduce}, ...) or enum name, case-insensitively. */
    public static Pattern byName(String name) {
        for (Pattern p : values()) {
            if (p.id.equalsIgnoreCase(name) || p.name().equalsIgnoreCase(name)
                    || p.id.replace("_1d", "").equalsIgnoreCase(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown pattern '" + name + "'; known: " + ids());
    }

    /** The ids of all patterns, comma-separated. */
    public static String ids() {
        List<String> s = new ArrayList<>();
        for (Pattern p : values()) {
            s.add(p.id);
        }
        return String.join(",", s);
    }

    // ------------------------------------------------------------------ helpers

    static Map<String, long[]> stepReference(Pattern p, int width, int units, long iterations) {
        Map<String, long[]> out = new LinkedHashMap<>();
        long[] prev = null;
        for (int t = 0; t < units; t++) {
            long[] cur = new long[width];
            for (int i = 0; i < width; i++) {
                if (!p.active(width, units, t, i)) {
                    continue;
                }
                long[] deps = p.deps(width, units, t, i);
                long[] in = new long[deps.length];
                for (int k = 0; k < deps.length; k++) {
                    in[k] = prev[(int) deps[k]];
                }
                cur[i] = Kernel.value(iterations, stepSalt(t), Kernel.key(i), in);
            }
            out.put("s" + t, cur);
            prev = cur;
        }
        return out;
    }

    static long stepSalt(int t) {
        return Kernel.salt(1, t);
    }

    static long treeSalt(int tree, int phase, int level) {
        return Kernel.salt(2, tree, phase, level);
    }

    static long roundSalt(int round, int phase) {
        return Kernel.salt(3, round, phase);
    }

    static long choleskySalt(int rep, int kind, int k) {
        return Kernel.salt(4, rep, kind, k);
    }

    static long domWidth(int width, int steps, int t) {
        return Math.min(width, Math.min(t + 1, steps - t));
    }

    static long domOffset(int width, int steps, int t) {
        return Math.max(0, t + width - steps);
    }

    /** Bit 0: i-1 is a dependence (or below 0, an empty piece); bit 1: i is a dependence. */
    private static int domKind(long i, long pOff, long pEnd) {
        int k = 0;
        if (i - 1 < 0 || (i - 1 >= pOff && i - 1 <= pEnd)) {
            k |= 1;
        }
        if (i >= pOff && i <= pEnd) {
            k |= 2;
        }
        return k;
    }

    static long fftDistance(int width, int t) {
        int levels = 64 - Long.numberOfLeadingZeros(width - 1L); // ceil(log2 width) for width >= 2
        return 1L << ((t + levels - 1) % levels);
    }

    static int bitReverse(int n, int bits) {
        return bits == 0 ? 0 : Integer.reverse(n) >>> (32 - bits);
    }

    private static long[] byPosition(long[] byNode, int level) {
        long[] out = new long[byNode.length];
        for (int n = 0; n < byNode.length; n++) {
            out[bitReverse(n, level)] = byNode[n];
        }
        return out;
    }

    private static int log2Exact(Pattern p, int width) {
        if (width < 2 || Integer.bitCount(width) != 1) {
            throw new IllegalArgumentException(p.id + " needs a power-of-two width >= 2, got " + width);
        }
        return Integer.numberOfTrailingZeros(width);
    }

    private static void requireWidth(Pattern p, int width, int min) {
        if (width < min) {
            throw new IllegalArgumentException(p.id + " needs width >= " + min + ", got " + width);
        }
    }

    private static long[] toArray(List<Long> list) {
        long[] a = new long[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    private static long[] flatten(long[][] m) {
        int n = m.length;
        long[] out = new long[n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, out, i * n, n);
        }
        return out;
    }

    @Override
    public String toString() {
        return id.toLowerCase(Locale.ROOT);
    }
}
