package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.LoadTxt;
import dev.cohort.ndarray.MatrixMarket;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.ndarray.TextFileException;

import java.nio.file.Path;
import java.util.List;

/**
 * A shard process for {@link MultiProcessTest}: in directory {@code args[0]}, savetxt of a seeded
 * 41 x 3 array to {@code out.txt}, loadtxt of it back, loadtxt of the bad {@code bad.csv} (its
 * error caught), then mmread of the shipped bcsstk01; prints {@code key=value} lines. Exits 0 when
 * done, 1 (with the stack trace on stderr) when the run fails.
 */
public final class TextIoShard {
    private TextIoShard() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        try {
            List<String> out = Cohort.run(new Cohort.Config(), () -> {
                Np.random.seed(9);
                NdArray a = Np.random.randn(41, 3);
                Np.savetxt(dir.resolve("out.txt"), a);
                NdArray b = Np.loadtxt(dir.resolve("out.txt"));
                String error;
                try {
                    Np.loadtxt(dir.resolve("bad.csv"), LoadTxt.options().delimiter(','));
                    error = "none";
                } catch (TextFileException e) {
                    error = e.getMessage().replace(dir.toString(), "DIR");
                }
                NdArray A = MatrixMarket.mmread(ConjugateGradient.shippedMatrix());
                return "max_abs_diff=" + a.subtract(b).abs().max().itemDouble() + "\n"
                        + "rows=" + b.shape()[0] + "\n"
                        + "error=" + error + "\n"
                        + "after_error_sum=" + Main.g17(b.sum().itemDouble()) + "\n"
                        + "bcsstk01_sum=" + Main.g17(A.sum().itemDouble()) + "\n"
                        + "shards=" + Cohort.current().shards();
            });
            System.out.println(out.get(0));
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }
}
