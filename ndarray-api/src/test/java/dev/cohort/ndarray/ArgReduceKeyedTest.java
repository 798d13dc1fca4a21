package dev.cohort.ndarray;

import dev.cohort.tasks.ArgReduceOp;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one-pass {@code argmax}/{@code argmin} of bool, int32 and float32 ({@code ArgReduceKeys}) against a plain Java
 * reference with NumPy's rules (the first occurrence of the best value; a NaN is the best for both, and -0.0 equals
 * 0.0), full and along each axis, over dense arrays, transposes and negative-step views, with ties, NaN, signed zeros
 * and the integer extremes among the values, on 1-4 shards with tiles of a few elements (so that the MIN of keys folds
 * partials from many points and shards).
 */
class ArgReduceKeyedTest {

    /** Values of one dtype as doubles (bool 0/1), many repeated. */
    private static double[] values(Random rnd, DType d, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (d) {
                case BOOL -> rnd.nextInt(5) == 0 ? 1 : 0;
                case INT32 -> switch (rnd.nextInt(12)) {
                    case 0 -> Integer.MIN_VALUE;
                    case 1 -> Integer.MAX_VALUE;
                    default -> rnd.nextInt(9) - 4;
                };
                default -> switch (rnd.nextInt(40)) {
                    case 0 -> Double.NaN;
                    case 1 -> -0.0;
                    case 2 -> 0.0;
                    case 3 -> Double.POSITIVE_INFINITY;
                    case 4 -> Double.NEGATIVE_INFINITY;
                    default -> (rnd.nextInt(9) - 4) * 0.5;
                };
            };
        }
        return v;
    }

    private static NdArray array(DType d, double[] v) {
        return switch (d) {
            case BOOL -> {
                boolean[] b = new boolean[v.length];
                for (int i = 0; i < v.length; i++) {
                    b[i] = v[i] != 0;
                }
                yield Np.array(b);
            }
            case INT32 -> {
                int[] k = new int[v.length];
                for (int i = 0; i < v.length; i++) {
                    k[i] = (int) v[i];
                }
                yield Np.array(k);
            }
            default -> {
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    f[i] = (float) v[i];
                }
                yield Np.array(f);
            }
        };
    }

    /** NumPy's argmax/argmin of {@code v[first + j * step]} for {@code j < n}: the first best, NaN first. */
    private static long reference(double[] v, int first, int step, int n, boolean max) {
        int best = 0;
        for (int j = 0; j < n; j++) {
            double x = v[first + j * step];
            if (x != x) {
                return j;
            }
            double b = v[first + best * step];
            if (max ? x > b : x < b) {
                best = j;
            }
        }
        return best;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void keyedArgReductionsGiveNumPysFirstBestIndex(int shards) {
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(4).maxTileVolume(16);
        Cohort.run(config, () -> {
            Random rnd = new Random(70 + shards);
            for (DType d : new DType[]{DType.BOOL, DType.INT32, DType.FLOAT32}) {
                for (int[] shape : new int[][]{{1, 1}, {7, 9}, {13, 5}, {3, 40}}) {
                    int rows = shape[0];
                    int cols = shape[1];
                    double[] v = values(rnd, d, rows * cols);
                    NdArray a = array(d, v).reshape(rows, cols);
                    for (ArgReduceOp op : ArgReduceOp.values()) {
                        boolean max = op == ArgReduceOp.ARGMAX;
                        String what = d + " " + rows + "x" + cols + " " + op + " on " + shards + " shard(s)";
                        // full
                        long full = Reductions.argReduce(op, a, null).toLongArray()[0];
                        assertEquals(reference(v, 0, 1, v.length, max), full, what);
                        // along axis 0 and axis 1
                        long[] ax0 = new long[cols];
                        for (int c = 0; c < cols; c++) {
                            ax0[c] = reference(v, c, cols, rows, max);
                        }
                        assertArrayEquals(ax0, Reductions.argReduce(op, a, 0).toLongArray(), what + " axis 0");
                        long[] ax1 = new long[rows];
                        for (int r = 0; r < rows; r++) {
                            ax1[r] = reference(v, r * cols, 1, cols, max);
                        }
                        assertArrayEquals(ax1, Reductions.argReduce(op, a, 1).toLongArray(), what + " axis 1");
                        // the transpose's rows are a's columns
                        assertArrayEquals(ax0, Reductions.argReduce(op, a.T(), 1).toLongArray(), what + " transposed");
                        // a negative-step view: a[:, ::-1] (row r reversed)
                        NdArray rev = a.get(":, ::-1");
                        long[] revRows = new long[rows];
                        for (int r = 0; r < rows; r++) {
                            revRows[r] = reference(v, r * cols + cols - 1, -1, cols, max);
                        }
                        assertArrayEquals(revRows, Reductions.argReduce(op, rev, 1).toLongArray(), what + " reversed rows");
                        double[] flatRev = new double[v.length];
                        List<Double> seq = new ArrayList<>();
                        for (int r = 0; r < rows; r++) {
                            for (int c = cols - 1; c >= 0; c--) {
                                seq.add(v[r * cols + c]);
                            }
                        }
                        for (int i = 0; i < flatRev.length; i++) {
                            flatRev[i] = seq.get(i);
                        }
                        assertEquals(reference(flatRev, 0, 1, flatRev.length, max),
                                Reductions.argReduce(op, rev, null).toLongArray()[0], what + " reversed, full");
                    }
                }
            }
            return null;
        });
    }
}
