package dev.cohort.examples;

import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Lloyd's k-means, written as one would in NumPy, the Java twin of {@code tools/reference/kmeans.py}:
 *
 * <pre>
 * X = (D - D.mean(0)) / D.std(0)                                    n x d, the standardised features
 * D2 = (X * X).sum(1)[:, None] - 2.0 * (X @ C.T) + (C * C).sum(1)[None, :]    n x k
 * labels = D2.argmin(1)                                             first index on ties
 * repeat:
 *     M = (labels[:, None] == arange(k)[None, :]).astype(float64)   one-hot, n x k
 *     sizes = M.sum(0); sums = M.T @ X
 *     C = where(sizes > 0 [:, None], sums / where(sizes > 0, sizes, 1)[:, None], C)   an empty cluster keeps its centroid
 *     new = argmin of D2 at the new C; stop when new == labels (converged) or after max_iterations updates
 * </pre>
 *
 * <p>Initial centroids: {@code first} (the first k rows), {@code farthest} (row 0, then repeatedly the row farthest
 * from the chosen ones, first index on ties) or {@code kmeans++} (after {@code Np.random.seed(seed)},
 * {@code u = Np.random.rand(k)}: {@code c_0 = x[floor(u_0 n)]}, then {@code c_j = x[m]}, {@code m = #{i : F_i <= u_j}}
 * with {@code F = cumsum(w) / sum(w)} and {@code w_i} the squared distance to the nearest chosen centroid).
 *
 * <p>Reported with the final centroids and labels: {@code inertia = sum_i |x_i - c_label_i|^2} (direct differences;
 * {@code C[labels]} is {@code M @ C}, exact since each row of M holds a single 1), the cluster sizes,
 * {@code label_checksum = sum_i (i + 1) label_i}, {@code centroid_sum} and {@code min_margin}, the smallest gap over
 * every assignment between a row's nearest and second-nearest centroid (D2), which says how far a change of the
 * summation order (a distributed matmul) is from moving a label. The program is replicated (DCR): call it inside
 * {@link dev.cohort.ndarray.Cohort#run}; decisions (convergence) come from values every shard reads identically.
 */
public final class KMeans {
    /** How the initial centroids are chosen. */
    public enum Init {
        first("first"), farthest("farthest"), kmeansPlusPlus("kmeans++");

        private final String text;

        Init(String text) {
            this.text = text;
        }

        /** The name kmeans.py uses ({@code first}, {@code farthest}, {@code kmeans++}). */
        @Override
        public String toString() {
            return text;
        }

        /** Parses {@code first}, {@code farthest} or {@code kmeans++}. */
        public static Init parse(String s) {
            for (Init i : values()) {
                if (i.text.equals(s)) {
                    return i;
                }
            }
            throw new IllegalArgumentException("init must be first, farthest or kmeans++, not '" + s + "'");
        }
    }

    /**
     * One k's clustering.
     *
     * @param k             clusters
     * @param iterations    centroid updates done
     * @param converged     whether the last update left every label unchanged
     * @param inertia       {@code sum_i |x_i - c_label_i|^2}
     * @param sizes         rows per cluster
     * @param labelChecksum {@code sum_i (i + 1) label_i}
     * @param centroidSum   sum of every centroid coordinate
     * @param minMargin     the smallest nearest / second-nearest D2 gap over every assignment (inf for k = 1)
     * @param seconds       wall time of Lloyd's iterations (initialisation included, loading excluded)
     */
    public record Result(int k, int iterations, boolean converged, double inertia, long[] sizes, long labelChecksum,
                         double centroidSum, double minMargin, double seconds) {
    }

    private KMeans() {
    }

    /**
     * The shipped breast-cancer features ({@code breast_cancer.csv} without its label column), standardised:
     * {@code (D - D.mean(0)) / D.std(0)}, n = 569, d = 30.
     */
    public static NdArray breastCancer() {
        return LogisticRegression.standardize(LogisticRegression.breastCancer().X());
    }

    /**
     * The features of a headerless comma-separated file whose last column is a label (as {@code breast_cancer.csv}),
     * read with {@code Np.loadtxt(file, ',')} and standardised as {@link #breastCancer()}.
     */
    public static NdArray fromCsv(Path file) {
        NdArray table = Np.loadtxt(file, ',');
        if (table.ndim() != 2 || table.shape(1) < 2) {
            throw new IllegalArgumentException(file + ": need at least 2 columns (features, then a label), got shape "
                    + java.util.Arrays.toString(table.shape()));
        }
        return LogisticRegression.standardize(table.get(":, :-1"));
    }

    /** {@link #cluster(NdArray, int, Init, long, int, Progress.Sink)} without progress. */
    public static Result cluster(NdArray X, int k, Init init, long seed, int maxIterations) {
        return cluster(X, k, init, seed, maxIterations, Progress.Sink.OFF);
    }

    /**
     * Lloyd's algorithm on the rows of {@code X} (n x d, float64) from the initial centroids {@code init} chooses.
     *
     * @throws IllegalArgumentException when k < 1, k > n or maxIterations < 0
     */
    public static Result cluster(NdArray X, int k, Init init, long seed, int maxIterations, Progress.Sink sink) {
        long n = X.shape(0);
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("k = " + k + " must be between 1 and the " + n + " rows");
        }
        if (maxIterations < 0) {
            throw new IllegalArgumentException("max_iterations must be >= 0, got " + maxIterations);
        }
        X.sum().item(); // operations are deferred: finish loading and standardising before the clock starts
        long start = System.nanoTime();
        NdArray xx = X.multiply(X).sum(1).get(":, None");
        NdArray clusters = Np.arange(k).get("None, :");
        NdArray C = initialCentroids(X, k, init, seed);
        Progress progress = sink.startUntilStable(String.format(Locale.ROOT, "kmeans k=%d", k), maxIterations, "inertia");

        Assignment a = assign(X, xx, C, clusters);
        NdArray margin = a.margin;
        NdArray labels = a.labels;
        int iterations = 0;
        boolean converged = false;
        while (iterations < maxIterations) {
            NdArray M = oneHot(labels, clusters);
            NdArray sizes = M.sum(0);
            NdArray sums = M.T().matmul(X);
            NdArray nonempty = sizes.greater(0.0);
            NdArray means = sums.divide(Np.where(nonempty, sizes, 1.0).get(":, None"));
            C = Np.where(nonempty.get(":, None"), means, C);
            iterations++;
            Assignment next = assign(X, xx, C, clusters);
            margin = Np.minimum(margin, next.margin);
            long moved = ((Number) next.labels.not_equal(labels).sum().item()).longValue();
            progress.update(iterations, next.nearest.sum().itemDouble()); // sum of min D2: the inertia as D2 says
            if (moved == 0) {
                converged = true;
                break;
            }
            labels = next.labels;
        }
        NdArray M = oneHot(labels, clusters);
        NdArray residual = X.subtract(M.matmul(C)); // X - C[labels]
        double inertia = residual.multiply(residual).sum().itemDouble();
        double[] sizes = M.sum(0).toDoubleArray();
        long[] counts = new long[k];
        for (int j = 0; j < k; j++) {
            counts[j] = Math.round(sizes[j]);
        }
        long checksum = ((Number) Np.arange(n).add(1L).multiply(labels).sum().item()).longValue();
        double centroidSum = C.sum().itemDouble();
        double minMargin = margin.itemDouble();
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.done(iterations, inertia);
        return new Result(k, iterations, converged, inertia, counts, checksum, centroidSum, minMargin, seconds);
    }

    /** Labels, the smallest D2 per row, and the smallest nearest / second-nearest gap of this assignment (0-d). */
    private record Assignment(NdArray labels, NdArray nearest, NdArray margin) {
    }

    private static Assignment assign(NdArray X, NdArray xx, NdArray C, NdArray clusters) {
        NdArray cc = C.multiply(C).sum(1).get("None, :");
        NdArray d2 = xx.subtract(X.matmul(C.T()).multiply(2.0)).add(cc);
        NdArray labels = d2.argmin(1);
        NdArray nearest = d2.min(1);
        NdArray margin;
        if (clusters.size() > 1) {
            // np.partition(D2, 1, axis=1)[:, 1]: the smallest D2 once the nearest column is masked out
            NdArray second = Np.where(oneHot(labels, clusters).greater(0.0), Double.POSITIVE_INFINITY, d2).min(1);
            margin = second.subtract(nearest).min();
        } else {
            margin = Np.scalar(Double.POSITIVE_INFINITY);
        }
        return new Assignment(labels, nearest, margin);
    }

    /** {@code (labels[:, None] == arange(k)[None, :]).astype(float64)}. */
    private static NdArray oneHot(NdArray labels, NdArray clusters) {
        return labels.get(":, None").equal(clusters).astype(Np.float64);
    }

    /** The k x d initial centroids. */
    static NdArray initialCentroids(NdArray X, int k, Init init, long seed) {
        long n = X.shape(0);
        switch (init) {
            case first:
                return X.get(":" + k).copy();
            case farthest: {
                NdArray C = Np.zeros(k, X.shape(1));
                long m = 0;
                C.set(new Object[]{0L}, X.get(m));
                NdArray w = squaredDistances(X, m);
                for (int j = 1; j < k; j++) {
                    m = ((Number) w.argmax().item()).longValue();
                    C.set(new Object[]{(long) j}, X.get(m));
                    w = Np.minimum(w, squaredDistances(X, m));
                }
                return C;
            }
            case kmeansPlusPlus: {
                Np.random.seed(seed);
                double[] u = Np.random.rand(k).toDoubleArray();
                NdArray C = Np.zeros(k, X.shape(1));
                long m = (long) Math.floor(u[0] * n);
                C.set(new Object[]{0L}, X.get(m));
                NdArray w = squaredDistances(X, m);
                for (int j = 1; j < k; j++) {
                    // the running sum on the host, in NumPy's sequential order: Np.cumsum of float64 folds tile
                    // totals, whose last bits can differ from NumPy's and move m where F_i meets u_j
                    double[] weights = w.toDoubleArray();
                    double total = w.sum().itemDouble();
                    double running = 0;
                    m = 0;
                    for (double wi : weights) {
                        running += wi;
                        if (running / total <= u[j]) {
                            m++;
                        }
                    }
                    C.set(new Object[]{(long) j}, X.get(m));
                    w = Np.minimum(w, squaredDistances(X, m));
                }
                return C;
            }
            default:
                throw new IllegalStateException(init.name());
        }
    }

    /** {@code ((X - X[m]) ** 2).sum(1)}. */
    private static NdArray squaredDistances(NdArray X, long m) {
        NdArray diff = X.subtract(X.get(m));
        return diff.multiply(diff).sum(1);
    }
}
