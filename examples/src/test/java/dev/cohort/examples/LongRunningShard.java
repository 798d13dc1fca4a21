package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;

/**
 * A shard process for {@link MultiProcessTest}: logistic regression on breast_cancer for {@code args[0]} iterations,
 * printing {@code running shard R} once its job is connected. Exits 0 when done, 1 (with the stack trace on stderr)
 * when the run fails.
 */
public final class LongRunningShard {
    private LongRunningShard() {
    }

    public static void main(String[] args) {
        int iterations = Integer.parseInt(args[0]);
        try {
            Cohort.run(new Cohort.Config(), () -> {
                LogisticRegression.Data data = LogisticRegression.breastCancer();
                System.out.println("running shard " + Cohort.current().shard());
                System.out.flush();
                return LogisticRegression.train(data, iterations, 0.1);
            });
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }
}
