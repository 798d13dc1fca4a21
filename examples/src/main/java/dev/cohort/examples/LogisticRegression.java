package dev.cohort.examples;

import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Binary logistic regression trained by batch gradient descent, written as one would in NumPy:
 *
 * <pre>
 * X = (X - X.mean(0)) / X.std(0)
 * w = np.zeros(d)
 * for _ in range(iterations):
 *     z = X @ w
 *     p = 1 / (1 + np.exp(-z))
 *     w -= lr * X.T @ (p - y) / n
 * loss = np.mean(np.log1p(np.exp(z)) - y * z)
 * accuracy = np.mean((p >= 0.5) == y)
 * </pre>
 *
 * <p>The program is replicated (DCR): call it inside {@link dev.cohort.ndarray.Cohort#run}, and
 * every shard runs all of it; the arrays are partitioned across the shards by Cohort.
 *
 * <p>Data: the UCI Breast Cancer Wisconsin (Diagnostic) set shipped as the resource
 * {@code breast_cancer.csv} (569 rows, 30 features, then the label, 1 = benign), or synthetic data
 * drawn with Cohort's own random functions.
 */
public final class LogisticRegression {
    /** The shipped data set, a resource next to this class. */
    public static final String BREAST_CANCER_RESOURCE = "breast_cancer.csv";

    private LogisticRegression() {
    }

    /**
     * What a training run gives.
     *
     * @param loss       mean log-loss {@code mean(log(1 + exp(z)) - y z)} at the final weights
     * @param accuracy   fraction of training rows with {@code (p >= 0.5) == y}
     * @param w          the weights, shape {@code (d,)}
     * @param rows       n
     * @param iterations gradient steps taken
     * @param seconds    wall time of the training loop (data loading excluded)
     * @param restartedFrom the step the run started from (its checkpoint's), or -1 for a fresh start
     * @param checkpoints checkpoints written by this run
     */
    public record Result(double loss, double accuracy, double[] w, long rows, int iterations, double seconds,
                         int restartedFrom, int checkpoints) {
    }

    /** A data set: features {@code X: (n, d)} and labels {@code y: (n,)} in {0, 1}, float64. */
    public record Data(NdArray X, NdArray y) {
    }

    /**
     * Reads the shipped breast-cancer CSV into arrays of the current program. Every shard parses the
     * file (the program is replicated); the array is then Cohort's to partition.
     */
    public static Data breastCancer() {
        double[][] rows = readCsv(BREAST_CANCER_RESOURCE);
        NdArray table = Np.array(rows);
        int d = rows[0].length - 1;
        return new Data(table.get(":, :" + d), table.get(":, " + d));
    }

    /**
     * Synthetic, linearly separable up to noise: {@code X = randn(n, d)}, {@code w* = randn(d)},
     * {@code y = (X @ w* + 0.5 randn(n) > 0)}. Drawn from Cohort's counter-based generator seeded
     * with {@code seed}, so the same for any number of shards.
     */
    public static Data synthetic(long rows, int features, long seed) {
        Np.random.seed(seed);
        NdArray X = Np.random.randn(rows, features);
        NdArray wTrue = Np.random.randn(features);
        NdArray noise = Np.random.randn(rows).multiply(0.5);
        NdArray y = X.matmul(wTrue).add(noise).greater(0.0).astype(Np.float64);
        return new Data(X, y);
    }

    /** Columns scaled to mean 0 and population standard deviation 1 (NumPy {@code (X - X.mean(0)) / X.std(0)}). */
    public static NdArray standardize(NdArray X) {
        NdArray centered = X.subtract(X.mean(0));
        NdArray std = centered.multiply(centered).mean(0).sqrt();
        return centered.divide(std);
    }

    /**
     * Standardises {@code data.X}, then trains {@code iterations} steps of batch gradient descent
     * with learning rate {@code lr} from {@code w = 0} (no intercept).
     */
    public static Result train(Data data, int iterations, double lr) {
        return train(data, iterations, lr, Checkpointing.NONE);
    }

    /**
     * {@link #train(Data, int, double)} with checkpoints of {@code w} and the step count after every
     * {@code ck.every()}-th step; a restarted run continues from the newest checkpoint's {@code w}
     * (the data is read and standardised again), taking the remaining steps to {@code iterations}.
     */
    public static Result train(Data data, int iterations, double lr, Checkpointing ck) {
        return train(data, iterations, lr, ck, Progress.Sink.OFF);
    }

    /**
     * {@link #train(Data, int, double, Checkpointing)} reporting its progress to {@code sink}. With progress on, the
     * loss is computed (and waited for) every {@link #lossEvery} steps so that the report can show it; the steps
     * themselves, and so the result, are the same.
     */
    public static Result train(Data data, int iterations, double lr, Checkpointing ck, Progress.Sink sink) {
        NdArray X = standardize(data.X());
        NdArray y = data.y();
        long n = X.shape(0);
        NdArray w = Np.zeros(X.shape(1));
        int first = 0;
        Map<String, NdArray> restored = ck.restore();
        if (restored != null) {
            w = Checkpointing.require(restored, "w", "logreg");
            if (!java.util.Arrays.equals(w.shape(), new long[]{X.shape(1)})) {
                throw new IllegalArgumentException("the checkpoint's 'w' has shape " + java.util.Arrays.toString(w.shape())
                        + ", the data has " + X.shape(1) + " features: restart with the same data");
            }
            first = Checkpointing.iteration(restored);
        }
        X.sum().item(); // operations are deferred: finish loading and standardising before the clock starts

        long start = System.nanoTime();
        int checkpoints = 0;
        // decided by sink.enabled(), the same on every shard (shard 0 alone prints): every shard issues the same operations
        int every = sink.enabled() ? lossEvery(iterations - first) : 0;
        Progress progress = sink.start("logreg", iterations, "loss", Double.NaN);
        for (int i = first; i < iterations; i++) {
            if (every > 0 && (i - first) % every == 0 && i > first) {
                progress.update(i, loss(X, y, w)); // the loss of the weights after i steps
            }
            w = step(X, y, w, lr);
            // no wait here: the runtime bounds how far the program runs ahead (back-pressure)
            if (ck.due(i + 1)) {
                ck.save(i + 1, Map.of("w", w, Checkpointing.ITERATION, Np.full(new long[0], i + 1, Np.int64)));
                checkpoints++;
            }
        }
        double[] weights = w.toDoubleArray(); // waits for the last step
        double seconds = (System.nanoTime() - start) / 1e9;

        NdArray z = X.matmul(w);
        double loss = Np.log1p(z.exp()).subtract(y.multiply(z)).mean().itemDouble();
        progress.done(iterations, loss);
        double accuracy = sigmoid(z).greater_equal(0.5).equal(y).mean().itemDouble();
        return new Result(loss, accuracy, weights, n, iterations, seconds, restored == null ? -1 : first, checkpoints);
    }

    /**
     * One gradient step: {@code w - lr * X.T @ (sigmoid(X @ w) - y) / n} for {@code X: (n, d)}, {@code y: (n,)},
     * {@code w: (d,)}; returns the new {@code w} (deferred, nothing waits). The loop of {@link #train} and the
     * projection of {@code bin/cohort simulate} issue exactly these operations.
     */
    static NdArray step(NdArray X, NdArray y, NdArray w, double lr) {
        NdArray p = sigmoid(X.matmul(w));
        NdArray gradient = X.T().matmul(p.subtract(y)).divide((double) X.shape(0));
        return w.subtract(gradient.multiply(lr));
    }

    /** Steps between the losses a progress report shows: about 50 per run, at least every step. */
    static int lossEvery(int steps) {
        return Math.max(1, steps / 50);
    }

    /** {@code mean(log(1 + exp(z)) - y z)} with {@code z = X @ w}. */
    static double loss(NdArray X, NdArray y, NdArray w) {
        NdArray z = X.matmul(w);
        return Np.log1p(z.exp()).subtract(y.multiply(z)).mean().itemDouble();
    }

    /** {@code 1 / (1 + exp(-z))}. */
    static NdArray sigmoid(NdArray z) {
        return Np.divide(1.0, z.negative().exp().add(1.0));
    }

    /** Parses a headerless numeric CSV resource next to this class. */
    static double[][] readCsv(String resource) {
        try (InputStream in = LogisticRegression.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource not found: " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<double[]> rows = new ArrayList<>();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split(",");
                double[] row = new double[cells.length];
                for (int j = 0; j < cells.length; j++) {
                    row[j] = Double.parseDouble(cells[j].trim());
                }
                rows.add(row);
            }
            return rows.toArray(new double[0][]);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + resource, e);
        }
    }
}
