package dev.cohort.examples;

import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

/**
 * Steady-state heat on a square plate by Jacobi iteration with slices, written as one would in NumPy, the Java twin
 * of {@code tools/reference/heat.py}. The grid u is n x n, boundary included: the top row is held at {@code top},
 * the bottom row at {@code bottom}, the left and right columns without the corners at {@code left} and
 * {@code right}; the interior starts at 0. One sweep, from the previous iterate, with the reference's order of
 * additions (so the bits match NumPy's):
 *
 * <pre>
 * nxt[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
 * change = max |nxt[1:-1, 1:-1] - u[1:-1, 1:-1]|;  u, nxt = nxt, u
 * </pre>
 *
 * <p>It stops after the first sweep whose change is {@code < tol} (converged) or after {@code maxIterations}
 * sweeps. Then {@code residual = max |u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 u[1:-1, 1:-1]|},
 * {@code sum = sum(u)}, {@code weighted = sum(u[i, j] (i + 2 j + 1)) / n^2} and {@code center = u[n // 2, n // 2]}.
 * The change that steers the loop comes back with {@link NdArray#itemDouble()}, the same on every shard.
 */
public final class Heat {
    /**
     * What a run gives.
     *
     * @param iterations sweeps done
     * @param converged  whether the last sweep's change is {@code < tol}
     * @param change     the last sweep's max change
     * @param residual   max |5-point Laplacian| of the final grid over the interior
     * @param sum        sum of the grid, boundary included
     * @param weighted   {@code sum(u[i, j] (i + 2 j + 1)) / n^2}
     * @param center     {@code u[n // 2, n // 2]}
     * @param seconds    wall time of the sweeps (set-up excluded)
     */
    public record Result(long n, int iterations, boolean converged, double change, double residual, double sum,
                         double weighted, double center, double seconds) {
    }

    /** The fixed edge temperatures. */
    public record Edges(double top, double bottom, double left, double right) {
        /** heat.py's defaults: top 1, the others 0. */
        public static final Edges DEFAULT = new Edges(1, 0, 0, 0);
    }

    /** Sweeps issued ahead of the one whose change the program waits for. */
    static final int LOOKAHEAD = 3;

    private Heat() {
    }

    /** {@link #solve(long, double, int, Edges, Progress.Sink)} without progress. */
    public static Result solve(long n, double tol, int maxIterations, Edges edges) {
        return solve(n, tol, maxIterations, edges, Progress.Sink.OFF);
    }

    /**
     * Jacobi sweeps on an n x n grid until the max change is {@code < tol} or {@code maxIterations} sweeps.
     *
     * @throws IllegalArgumentException unless n >= 3, tol > 0 and maxIterations >= 1
     */
    public static Result solve(long n, double tol, int maxIterations, Edges edges, Progress.Sink sink) {
        if (n < 3 || !(tol > 0) || maxIterations < 1) {
            throw new IllegalArgumentException("need n >= 3, tol > 0 and max_iterations >= 1, got n = " + n + ", tol = " + tol
                    + ", max_iterations = " + maxIterations);
        }
        Sweeps sweeps = new Sweeps(n, edges);
        Progress progress = sink.start("heat n=" + n, maxIterations, "change", tol);
        long start = System.nanoTime();
        double change = Double.POSITIVE_INFINITY;
        int k = 0;
        boolean converged = false;
        while (k < maxIterations) {
            while (sweeps.issued() < maxIterations && sweeps.issued() <= k + LOOKAHEAD) {
                sweeps.issue();
            }
            change = sweeps.next();
            k++;
            progress.update(k, change);
            if (change < tol) {
                converged = true;
                break;
            }
        }
        NdArray u = sweeps.grid(); // the grid after sweep k; the (at most LOOKAHEAD) sweeps issued after it are discarded
        sweeps.drain(); // the time covers every sweep issued
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.done(k, change);
        NdArray laplacian = u.get(":-2, 1:-1").add(u.get("2:, 1:-1")).add(u.get("1:-1, :-2")).add(u.get("1:-1, 2:"))
                .subtract(u.get("1:-1, 1:-1").multiply(4.0));
        double residual = laplacian.abs().max().itemDouble();
        NdArray i = Np.arange(n).get(":, None");
        NdArray j = Np.arange(n).get("None, :");
        NdArray weights = i.add(j.multiply(2L)).add(1L); // np.indices((n, n)) gives i and j
        double weighted = u.multiply(weights).sum().itemDouble() / (double) (n * n);
        return new Result(n, k, converged, change, residual, u.sum().itemDouble(), weighted,
                u.get(n / 2, n / 2).itemDouble(), seconds);
    }

    /**
     * Jacobi sweeps issued ahead of the change the program waits for: sweep j reads {@code ring[(j - 1) % R]} and
     * writes {@code ring[j % R]} ({@code R = LOOKAHEAD + 1} grids, each with the fixed edges), so while at most
     * {@code LOOKAHEAD} sweeps are issued beyond the last one whose change was read, that one's grid is intact.
     * Every shard makes the same calls (the program is replicated).
     */
    public static final class Sweeps {
        private final NdArray[] ring = new NdArray[LOOKAHEAD + 1];
        private final java.util.ArrayDeque<NdArray> changes = new java.util.ArrayDeque<>();
        private int issued;
        private int read;

        /** The initial grid (and its copies), finished before this returns. */
        public Sweeps(long n, Edges edges) {
            ring[0] = initial(n, edges);
            for (int b = 1; b < ring.length; b++) {
                ring[b] = ring[0].copy(); // the edges: every sweep writes only the interior
            }
            ring[ring.length - 1].sum().item(); // operations are deferred: finish the set-up before any clock starts
        }

        /** Sweeps issued so far. */
        public int issued() {
            return issued;
        }

        /** Sweeps whose change was read. */
        public int read() {
            return read;
        }

        /**
         * Issues the next sweep, {@code nxt[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])}
         * and its change {@code max |nxt[1:-1, 1:-1] - u[1:-1, 1:-1]|}; first reads the oldest change when
         * {@code LOOKAHEAD + 1} are pending, so that the last read sweep's grid stays intact.
         */
        public void issue() {
            if (issued - read > LOOKAHEAD) {
                next();
            }
            NdArray u = ring[issued % ring.length];
            NdArray nxt = ring[(issued + 1) % ring.length];
            NdArray mean = u.get(":-2, 1:-1").add(u.get("2:, 1:-1")).add(u.get("1:-1, :-2")).add(u.get("1:-1, 2:"))
                    .multiply(0.25);
            nxt.set("1:-1, 1:-1", mean);
            changes.add(nxt.get("1:-1, 1:-1").subtract(u.get("1:-1, 1:-1")).abs().max());
            issued++;
        }

        /** The change of the oldest sweep not read yet (waits for it). */
        public double next() {
            NdArray c = changes.poll();
            if (c == null) {
                throw new IllegalStateException("no sweep issued beyond the " + read + " read");
            }
            read++;
            return c.itemDouble();
        }

        /** Reads every pending change; the last one (NaN when none was pending). */
        public double drain() {
            double last = Double.NaN;
            while (!changes.isEmpty()) {
                last = next();
            }
            return last;
        }

        /** The grid after the last sweep whose change was read. */
        public NdArray grid() {
            return ring[read % ring.length];
        }
    }

    /** The initial grid: zeros, the left and right columns (rows 1..n-2), then the top and bottom rows. */
    static NdArray initial(long n, Edges edges) {
        NdArray u = Np.zeros(n, n);
        u.set("1:-1, 0", edges.left());
        u.set("1:-1, -1", edges.right());
        u.set("0, :", edges.top());
        u.set("-1, :", edges.bottom());
        return u;
    }
}
