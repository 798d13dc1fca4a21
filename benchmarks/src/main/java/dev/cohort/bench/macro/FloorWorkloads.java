package dev.cohort.bench.macro;

import dev.cohort.bench.Stats;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * The macro benchmark's <b>machine-limit reference</b> ("Java floor"): each workload's iteration written by hand in
 * plain Java over {@code double[]} with a fixed team of threads (one per core; no Cohort runtime, no NdArray), fused
 * as a careful hand-written program would fuse it, so that a missed target can be set beside what this machine
 * allows. Each does the same arithmetic as {@link CohortWorkloads} and {@code benchmarks/python/*.py} (same
 * elementwise formulas in the same order; only the order of the sums differs) and gives the same checksums.
 *
 * <ul>
 *   <li><b>logreg</b>: one pass over X per iteration. Each thread takes a contiguous half of the rows and, per block
 *       of {@code blockRows} rows (in L2), computes {@code z = X_b w}, {@code r = 1 / (exp(-z) + 1) - y} and
 *       {@code g += X_bᵀ r} while the block is in cache; then {@code w -= (g / n) * lr} with the threads' partial
 *       {@code g} added in thread order. Also measured: a plain read pass over X (the sum of its elements, every
 *       thread, 8 accumulators), the bandwidth floor of any iteration that reads X once.</li>
 *   <li><b>poisson</b>: the 5-point stencil applied directly (out-of-grid neighbours are 0: no padded copy), in
 *       {@link #POISSON_PASSES} passes over the n² arrays: (1) {@code p·Ap}; (2) {@code r -= α Ap} with Ap recomputed
 *       from p (cheaper than storing it) and {@code r·r} (so {@code r·z = r·r / 4} and the residual norm); (3)
 *       {@code x += α p}, {@code p = r / 4 + β p}. That is 6 array reads and 3 array writes per iteration
 *       ({@link #POISSON_STREAMS}), no write-allocate traffic (every written array is read first in the same pass).</li>
 *   <li><b>dense</b>: {@code A @ p} as row-split dot products (8 accumulators) with {@code p·Ap} fused into it, then
 *       the n-vector updates ({@code x}, {@code r}, {@code z = r / diag}, {@code r·z}, {@code r·r}, {@code p}) fused
 *       in two loops on one thread (n doubles fit in L1/L2). The matvec is timed on its own: 8 n² bytes / its time
 *       is the bandwidth the iteration reaches on A.</li>
 * </ul>
 * Reductions are deterministic: each thread sums its fixed rows in a fixed order and the caller adds the threads'
 * partial sums in thread order. Rounds, samples and checksums are as in {@link CohortWorkloads}; {@link Run#info()}
 * adds what the report needs to turn times into bandwidth.
 */
public final class FloorWorkloads {
    /** Passes over the n² arrays per Poisson iteration. */
    public static final int POISSON_PASSES = 3;
    /** Array streams (6 reads + 3 writes of n² doubles) per Poisson iteration. */
    public static final int POISSON_STREAMS = 9;
    /** Default rows per logistic-regression block: 2048 x 32 doubles = 512 KiB, well inside a 2 MiB L2. */
    public static final int DEFAULT_BLOCK_ROWS = 2048;
    /** Read passes over X: untimed, then timed (the median is reported). */
    static final int READ_PASS_WARMUP = 3;
    static final int READ_PASS_TIMED = 10;

    private FloorWorkloads() {
    }

    /**
     * What one floor run gives: as {@link CohortWorkloads.Run}, plus {@code info}: {@code threads},
     * {@code passes} (over the workload's largest arrays per iteration), {@code bytes_per_iteration} (the bytes those
     * passes read and write), and {@code read_pass_seconds} + {@code read_pass_bytes} (logreg: the plain read pass
     * over X, median) or {@code matvec_seconds} + {@code matvec_bytes} (dense: the A @ p part of the iteration,
     * median), {@code block_rows} (logreg), {@code system_from_cache} (dense: 1 when A was read from NumPy's A.npy).
     */
    public record Run(double[] samples, Map<String, Double> checks, Map<String, Double> info) {
    }

    /** The default team size: one thread per core. */
    public static int defaultThreads() {
        return java.lang.Runtime.getRuntime().availableProcessors();
    }

    /**
     * A fixed team of platform threads: {@link #run} runs {@code body(t)} for every {@code t} in {@code [0, size)},
     * {@code t = 0} on the calling thread, and returns when all have finished (two barrier crossings per call).
     */
    static final class Team implements AutoCloseable {
        private final int size;
        private final CyclicBarrier start;
        private final CyclicBarrier done;
        private final Thread[] workers;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private volatile IntConsumer body;
        private volatile boolean closed;

        Team(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("a team needs at least one thread, got " + size);
            }
            this.size = size;
            this.start = new CyclicBarrier(size);
            this.done = new CyclicBarrier(size);
            this.workers = new Thread[size - 1];
            for (int t = 1; t < size; t++) {
                int id = t;
                Thread worker = new Thread(() -> loop(id), "java-floor-" + t);
                worker.setDaemon(true);
                workers[t - 1] = worker;
                worker.start();
            }
        }

        int size() {
            return size;
        }

        /** The first row of thread {@code t}'s share of {@code rows} rows (its share ends at {@code lo(t + 1, rows)}). */
        int lo(int t, int rows) {
            return (int) ((long) rows * t / size);
        }

        private void loop(int id) {
            try {
                while (true) {
                    start.await();
                    if (closed) {
                        return;
                    }
                    try {
                        body.accept(id);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                    done.await();
                }
            } catch (InterruptedException | BrokenBarrierException e) {
                // closed or broken: leave
            }
        }

        void run(IntConsumer task) {
            body = task;
            await(start);
            try {
                task.accept(0);
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
            await(done);
            Throwable f = failure.getAndSet(null);
            if (f != null) {
                throw new IllegalStateException("a java-floor thread failed: " + f, f);
            }
        }

        private static void await(CyclicBarrier barrier) {
            try {
                barrier.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (BrokenBarrierException e) {
                throw new IllegalStateException("team barrier broken", e);
            }
        }

        @Override
        public void close() {
            closed = true;
            if (size > 1) {
                await(start);
            }
            for (Thread w : workers) {
                try {
                    w.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Per-thread partial sums, added in thread order (deterministic for a given team size). */
    private static double sum(double[] partial) {
        double s = 0;
        for (double v : partial) {
            s += v;
        }
        return s;
    }

    // ------------------------------------------------------------------------------------------------ logreg

    /**
     * Logistic regression, the iteration of {@link CohortWorkloads#logreg} fused to one pass over X (see the class
     * comment), from {@code w = 0}; checksums {@code loss} and {@code w_sum}.
     */
    public static Run logreg(double[] x, double[] y, int n, int d, double lr, CohortWorkloads.Rounds rounds, int threads,
            int blockRows) {
        if ((long) n * d != x.length || y.length != n || blockRows < 1) {
            throw new IllegalArgumentException("X must be n x d, y n long, blockRows >= 1");
        }
        double[] w = new double[d];
        try (Team team = new Team(threads)) {
            double[][] g = new double[threads][d];
            double[][] zb = new double[threads][Math.min(blockRows, Math.max(1, n))];
            IntConsumer gradient = t -> {
                double[] gt = g[t];
                double[] z = zb[t];
                Arrays.fill(gt, 0.0);
                int hi = team.lo(t + 1, n);
                for (int b0 = team.lo(t, n); b0 < hi; b0 += blockRows) {
                    int b1 = Math.min(b0 + blockRows, hi);
                    int len = b1 - b0;
                    int i = 0;
                    for (; i + 3 < len; i += 4) {
                        dot4Rows(x, (b0 + i) * d, d, w, z, i);
                    }
                    for (; i < len; i++) {
                        z[i] = dot(x, (b0 + i) * d, w, 0, d);
                    }
                    for (i = 0; i < len; i++) {
                        z[i] = 1.0 / (Math.exp(-z[i]) + 1.0) - y[b0 + i];
                    }
                    for (i = 0; i < len; i++) {
                        axpy(z[i], x, (b0 + i) * d, gt, d);
                    }
                }
            };
            double[] samples = new double[rounds.timed()];
            for (int r = 0; r < rounds.warmup() + rounds.timed(); r++) {
                long t0 = System.nanoTime();
                for (int it = 0; it < rounds.length(); it++) {
                    team.run(gradient);
                    for (int j = 0; j < d; j++) {
                        double gj = 0;
                        for (int t = 0; t < threads; t++) {
                            gj += g[t][j];
                        }
                        w[j] = w[j] - (gj / n) * lr;
                    }
                }
                if (r >= rounds.warmup()) {
                    samples[r - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
                }
            }

            // the bandwidth floor: one plain read pass over X
            double[] partial = new double[threads];
            IntConsumer read = t -> partial[t] = sumRange(x, (long) team.lo(t, n) * d, (long) team.lo(t + 1, n) * d);
            double[] passes = new double[READ_PASS_TIMED];
            double readSum = 0;
            for (int k = 0; k < READ_PASS_WARMUP + READ_PASS_TIMED; k++) {
                long t0 = System.nanoTime();
                team.run(read);
                readSum = sum(partial);
                if (k >= READ_PASS_WARMUP) {
                    passes[k - READ_PASS_WARMUP] = (System.nanoTime() - t0) / 1e9;
                }
            }

            Map<String, Double> checks = new LinkedHashMap<>();
            double loss = 0;
            for (int i = 0; i < n; i++) {
                double z = dot(x, i * d, w, 0, d);
                loss += Math.log1p(Math.exp(z)) - y[i] * z;
            }
            checks.put("loss", loss / n);
            checks.put("w_sum", sum(w));
            Map<String, Double> info = new LinkedHashMap<>();
            info.put("threads", (double) threads);
            info.put("block_rows", (double) blockRows);
            info.put("passes", 1.0);
            info.put("bytes_per_iteration", 8.0 * ((double) n * d + n));
            info.put("read_pass_seconds", Stats.median(passes));
            info.put("read_pass_bytes", 8.0 * n * d);
            info.put("read_pass_sum", readSum);
            return new Run(samples, checks, info);
        }
    }

    /** {@code sum(a[ao..ao+len) * b[bo..bo+len))} with 4 accumulators. */
    static double dot(double[] a, int ao, double[] b, int bo, int len) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < len; j += 4) {
            s0 += a[ao + j] * b[bo + j];
            s1 += a[ao + j + 1] * b[bo + j + 1];
            s2 += a[ao + j + 2] * b[bo + j + 2];
            s3 += a[ao + j + 3] * b[bo + j + 3];
        }
        for (; j < len; j++) {
            s0 += a[ao + j] * b[bo + j];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * {@code z[zi + q] = x[xo + q d ..][0..d) · w} for the 4 rows {@code q = 0..3} starting at {@code xo}: each {@code w[j]}
     * loaded once for 4 rows, 2 accumulators per row (about 20% faster than 4 separate row dots here).
     */
    static void dot4Rows(double[] x, int xo, int d, double[] w, double[] z, int zi) {
        double a0 = 0;
        double a1 = 0;
        double a2 = 0;
        double a3 = 0;
        double b0 = 0;
        double b1 = 0;
        double b2 = 0;
        double b3 = 0;
        int o0 = xo;
        int o1 = xo + d;
        int o2 = xo + 2 * d;
        int o3 = xo + 3 * d;
        int j = 0;
        for (; j + 1 < d; j += 2) {
            double w0 = w[j];
            double w1 = w[j + 1];
            a0 += x[o0 + j] * w0;
            b0 += x[o0 + j + 1] * w1;
            a1 += x[o1 + j] * w0;
            b1 += x[o1 + j + 1] * w1;
            a2 += x[o2 + j] * w0;
            b2 += x[o2 + j + 1] * w1;
            a3 += x[o3 + j] * w0;
            b3 += x[o3 + j + 1] * w1;
        }
        if (j < d) {
            double w0 = w[j];
            a0 += x[o0 + j] * w0;
            a1 += x[o1 + j] * w0;
            a2 += x[o2 + j] * w0;
            a3 += x[o3 + j] * w0;
        }
        z[zi] = a0 + b0;
        z[zi + 1] = a1 + b1;
        z[zi + 2] = a2 + b2;
        z[zi + 3] = a3 + b3;
    }

    /** {@code sum(a[ao..ao+len) * b[bo..bo+len))} with 8 accumulators (the dense matvec's rows). */
    static double dot8(double[] a, int ao, double[] b, int len) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        int j = 0;
        for (; j + 7 < len; j += 8) {
            s0 += a[ao + j] * b[j];
            s1 += a[ao + j + 1] * b[j + 1];
            s2 += a[ao + j + 2] * b[j + 2];
            s3 += a[ao + j + 3] * b[j + 3];
            s4 += a[ao + j + 4] * b[j + 4];
            s5 += a[ao + j + 5] * b[j + 5];
            s6 += a[ao + j + 6] * b[j + 6];
            s7 += a[ao + j + 7] * b[j + 7];
        }
        for (; j < len; j++) {
            s0 += a[ao + j] * b[j];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /** {@code g[0..len) += a * x[xo..xo+len)} (vectorised by C2). */
    private static void axpy(double a, double[] x, int xo, double[] g, int len) {
        for (int j = 0; j < len; j++) {
            g[j] += x[xo + j] * a;
        }
    }

    /** The sum of {@code a[from..to)} with 8 accumulators: a plain read pass. */
    static double sumRange(double[] a, long from, long to) {
        int lo = (int) from;
        int hi = (int) to;
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        int i = lo;
        for (; i + 7 < hi; i += 8) {
            s0 += a[i];
            s1 += a[i + 1];
            s2 += a[i + 2];
            s3 += a[i + 3];
            s4 += a[i + 4];
            s5 += a[i + 5];
            s6 += a[i + 6];
            s7 += a[i + 7];
        }
        for (; i < hi; i++) {
            s0 += a[i];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    // ----------------------------------------------------------------------------------------------- Poisson

    /**
     * Jacobi CG on the 2-D Poisson problem of {@link CohortWorkloads#cgPoisson} ({@code b = ones(n, n)}, the 5-point
     * Laplacian with zero Dirichlet border, {@code M⁻¹ r = r * 0.25}), in {@link #POISSON_PASSES} passes per
     * iteration; checksums {@code residual} and {@code x_sum}.
     */
    public static Run cgPoisson(int n, CohortWorkloads.Rounds rounds, int threads) {
        int size = Math.multiplyExact(n, n);
        double[] x = new double[size];
        double[] r = new double[size];
        double[] p = new double[size];
        Arrays.fill(r, 1.0); // r = b = ones
        Arrays.fill(p, 0.25); // p = z = r * 0.25
        double[] zeroRow = new double[n];
        double bNorm = Math.sqrt(size); // ||ones(n, n)||
        double rz = 0.25 * size; // sum(r * z)
        double residual = 1.0;
        double[] partial = new double[threads];
        double[] scalars = new double[2]; // alpha, beta of the current pass
        double[] samples = new double[rounds.timed()];
        try (Team team = new Team(threads)) {
            IntConsumer pAp = t -> {
                double s = 0;
                for (int i = team.lo(t, n), hi = team.lo(t + 1, n); i < hi; i++) {
                    s += stencilDotRow(p, i, n, zeroRow);
                }
                partial[t] = s;
            };
            IntConsumer updateR = t -> {
                double s = 0;
                double alpha = scalars[0];
                for (int i = team.lo(t, n), hi = team.lo(t + 1, n); i < hi; i++) {
                    s += stencilUpdateRow(p, r, alpha, i, n, zeroRow);
                }
                partial[t] = s;
            };
            IntConsumer updateXP = t -> {
                double alpha = scalars[0];
                double beta = scalars[1];
                for (int k = team.lo(t, n) * n, hi = team.lo(t + 1, n) * n; k < hi; k++) {
                    double pk = p[k];
                    x[k] = x[k] + alpha * pk;
                    p[k] = r[k] * 0.25 + beta * pk;
                }
            };
            for (int round = 0; round < rounds.warmup() + rounds.timed(); round++) {
                long t0 = System.nanoTime();
                for (int it = 0; it < rounds.length(); it++) {
                    team.run(pAp);
                    scalars[0] = rz / sum(partial);
                    team.run(updateR);
                    double rr = sum(partial);
                    double rzNext = 0.25 * rr; // sum(r * (r * 0.25)): scaling by 1/4 is exact
                    scalars[1] = rzNext / rz;
                    team.run(updateXP);
                    rz = rzNext;
                    residual = Math.sqrt(rr) / bNorm;
                }
                if (round >= rounds.warmup()) {
                    samples[round - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
                }
            }
        }
        Map<String, Double> checks = new LinkedHashMap<>();
        checks.put("residual", residual);
        checks.put("x_sum", sumRange(x, 0, size));
        Map<String, Double> info = new LinkedHashMap<>();
        info.put("threads", (double) threads);
        info.put("passes", (double) POISSON_PASSES);
        info.put("bytes_per_iteration", 8.0 * POISSON_STREAMS * size);
        return new Run(samples, checks, info);
    }

    /**
     * {@code sum_j p[i, j] * (A p)[i, j]} over row i, {@code (A p)[i, j] = 4 p[i, j] - p[i-1, j] - p[i+1, j] - p[i, j-1]
     * - p[i, j+1]} (the order of the NumPy slices), out-of-grid neighbours 0.
     */
    static double stencilDotRow(double[] p, int i, int n, double[] zeroRow) {
        int c = i * n;
        double[] up = i > 0 ? p : zeroRow;
        int u = i > 0 ? c - n : 0;
        double[] dn = i < n - 1 ? p : zeroRow;
        int dd = i < n - 1 ? c + n : 0;
        if (n == 1) {
            return p[c] * (4.0 * p[c] - up[u] - dn[dd]);
        }
        double s0 = p[c] * (4.0 * p[c] - up[u] - dn[dd] - p[c + 1]);
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 1;
        for (; j + 3 < n - 1; j += 4) {
            int k = c + j;
            s0 += p[k] * (4.0 * p[k] - up[u + j] - dn[dd + j] - p[k - 1] - p[k + 1]);
            s1 += p[k + 1] * (4.0 * p[k + 1] - up[u + j + 1] - dn[dd + j + 1] - p[k] - p[k + 2]);
            s2 += p[k + 2] * (4.0 * p[k + 2] - up[u + j + 2] - dn[dd + j + 2] - p[k + 1] - p[k + 3]);
            s3 += p[k + 3] * (4.0 * p[k + 3] - up[u + j + 3] - dn[dd + j + 3] - p[k + 2] - p[k + 4]);
        }
        for (; j < n - 1; j++) {
            int k = c + j;
            s0 += p[k] * (4.0 * p[k] - up[u + j] - dn[dd + j] - p[k - 1] - p[k + 1]);
        }
        int k = c + n - 1;
        s1 += p[k] * (4.0 * p[k] - up[u + n - 1] - dn[dd + n - 1] - p[k - 1]);
        return (s0 + s1) + (s2 + s3);
    }

    /** Row i of {@code r = r - alpha * (A p)} (A p recomputed as in {@link #stencilDotRow}); returns the row's {@code r·r}. */
    static double stencilUpdateRow(double[] p, double[] r, double alpha, int i, int n, double[] zeroRow) {
        int c = i * n;
        double[] up = i > 0 ? p : zeroRow;
        int u = i > 0 ? c - n : 0;
        double[] dn = i < n - 1 ? p : zeroRow;
        int dd = i < n - 1 ? c + n : 0;
        if (n == 1) {
            double v = r[c] - alpha * (4.0 * p[c] - up[u] - dn[dd]);
            r[c] = v;
            return v * v;
        }
        double v0 = r[c] - alpha * (4.0 * p[c] - up[u] - dn[dd] - p[c + 1]);
        r[c] = v0;
        double s0 = v0 * v0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 1;
        for (; j + 3 < n - 1; j += 4) {
            int k = c + j;
            double a = r[k] - alpha * (4.0 * p[k] - up[u + j] - dn[dd + j] - p[k - 1] - p[k + 1]);
            double b = r[k + 1] - alpha * (4.0 * p[k + 1] - up[u + j + 1] - dn[dd + j + 1] - p[k] - p[k + 2]);
            double e = r[k + 2] - alpha * (4.0 * p[k + 2] - up[u + j + 2] - dn[dd + j + 2] - p[k + 1] - p[k + 3]);
            double f = r[k + 3] - alpha * (4.0 * p[k + 3] - up[u + j + 3] - dn[dd + j + 3] - p[k + 2] - p[k + 4]);
            r[k] = a;
            r[k + 1] = b;
            r[k + 2] = e;
            r[k + 3] = f;
            s0 += a * a;
            s1 += b * b;
            s2 += e * e;
            s3 += f * f;
        }
        for (; j < n - 1; j++) {
            int k = c + j;
            double a = r[k] - alpha * (4.0 * p[k] - up[u + j] - dn[dd + j] - p[k - 1] - p[k + 1]);
            r[k] = a;
            s0 += a * a;
        }
        int k = c + n - 1;
        double last = r[k] - alpha * (4.0 * p[k] - up[u + n - 1] - dn[dd + n - 1] - p[k - 1]);
        r[k] = last;
        s1 += last * last;
        return (s0 + s1) + (s2 + s3);
    }

    // ------------------------------------------------------------------------------------------------- dense

    /**
     * The dense system {@code A = M Mᵀ + n I} built in Java (untimed set-up, for when no NumPy run left its A.npy):
     * {@code A[i, k] = M_i · M_k} for {@code k <= i}, mirrored, plus n on the diagonal; rows dealt to the threads in turn.
     */
    public static double[] denseSystem(double[] m, int n, int threads) {
        double[] a = new double[Math.multiplyExact(n, n)];
        try (Team team = new Team(threads)) {
            team.run(t -> {
                for (int i = t; i < n; i += threads) {
                    for (int k = 0; k <= i; k++) {
                        double v = dot(m, i * n, m, k * n, n);
                        a[i * n + k] = v;
                        a[k * n + i] = v;
                    }
                }
            });
        }
        for (int i = 0; i < n; i++) {
            a[i * n + i] += n;
        }
        return a;
    }

    /**
     * Jacobi CG on the dense system {@code a} ({@code (n, n)}, row-major, e.g. from {@link #denseSystem}) with right-hand
     * side {@code b}, as {@link CohortWorkloads#cgDense}; checksums {@code residual}, {@code x_sum}; info
     * {@code matvec_seconds} (median over the timed iterations) and {@code matvec_bytes}.
     */
    public static Run cgDense(double[] a, double[] b, int n, CohortWorkloads.Rounds rounds, int threads) {
        if ((long) n * n != a.length || b.length != n) {
            throw new IllegalArgumentException("A must be n x n and b n long");
        }
        double[] diag = new double[n];
        for (int i = 0; i < n; i++) {
            diag[i] = a[i * n + i];
        }
        double[] x = new double[n];
        double[] r = b.clone();
        double[] z = new double[n];
        double[] p = new double[n];
        double[] ap = new double[n];
        double rz = 0;
        double bb = 0;
        for (int i = 0; i < n; i++) {
            p[i] = r[i] / diag[i];
            rz += r[i] * p[i];
            bb += b[i] * b[i];
        }
        double bNorm = Math.sqrt(bb);
        double residual = 1.0;
        double[] partial = new double[threads];
        double[] samples = new double[rounds.timed()];
        double[] matvec = new double[rounds.timed() * rounds.length()];
        try (Team team = new Team(threads)) {
            IntConsumer matvecPAp = t -> {
                double s = 0;
                for (int i = team.lo(t, n), hi = team.lo(t + 1, n); i < hi; i++) {
                    double v = dot8(a, i * n, p, n);
                    ap[i] = v;
                    s += p[i] * v;
                }
                partial[t] = s;
            };
            for (int round = 0; round < rounds.warmup() + rounds.timed(); round++) {
                long t0 = System.nanoTime();
                for (int it = 0; it < rounds.length(); it++) {
                    long m0 = System.nanoTime();
                    team.run(matvecPAp);
                    if (round >= rounds.warmup()) {
                        matvec[(round - rounds.warmup()) * rounds.length() + it] = (System.nanoTime() - m0) / 1e9;
                    }
                    double alpha = rz / sum(partial);
                    double rzNext = 0;
                    double rr = 0;
                    for (int i = 0; i < n; i++) {
                        x[i] = x[i] + alpha * p[i];
                        double ri = r[i] - alpha * ap[i];
                        r[i] = ri;
                        double zi = ri / diag[i];
                        z[i] = zi;
                        rzNext += ri * zi;
                        rr += ri * ri;
                    }
                    double beta = rzNext / rz;
                    for (int i = 0; i < n; i++) {
                        p[i] = z[i] + beta * p[i];
                    }
                    rz = rzNext;
                    residual = Math.sqrt(rr) / bNorm;
                }
                if (round >= rounds.warmup()) {
                    samples[round - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
                }
            }
        }
        Map<String, Double> checks = new LinkedHashMap<>();
        checks.put("residual", residual);
        checks.put("x_sum", sum(x));
        Map<String, Double> info = new LinkedHashMap<>();
        info.put("threads", (double) threads);
        info.put("passes", 1.0);
        info.put("bytes_per_iteration", 8.0 * n * n);
        info.put("matvec_seconds", Stats.median(matvec));
        info.put("matvec_bytes", 8.0 * n * n);
        return new Run(samples, checks, info);
    }
}
