package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code np.linalg.cholesky} of a large matrix as the distributed tile graph, against the replicated routine. */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BlockedCholeskyTest {
    @AfterEach
    void restore() {
        BlockedCholesky.minSize = Long.getLong("cohort.linalg.blockedCholesky.min", 512);
        BlockedCholesky.block = dev.cohort.tasks.linalg.Cholesky.BLOCK;
    }

    /** A = G G^T + n I from seeded uniforms; returns {blocked L, replicated L, blocked U} flattened, and whether the graph ran. */
    static double[][] factor(int n) {
        Np.random.seed(5);
        NdArray g = Np.random.random(n, n).subtract(0.5);
        NdArray a = g.matmul(g.T()).add(Np.eye(n).multiply((double) n));
        long saved = BlockedCholesky.minSize;
        double[] blocked = Np.linalg.cholesky(a).toDoubleArray();
        double[] upper = Np.linalg.cholesky(a, true).T().toDoubleArray();
        BlockedCholesky.minSize = Long.MAX_VALUE;
        double[] dense = Np.linalg.cholesky(a).toDoubleArray();
        BlockedCholesky.minSize = saved;
        return new double[][] {blocked, dense, upper};
    }

    @ParameterizedTest(name = "64 x 64 tiles on {0} shard(s): the replicated routine's bits")
    @ValueSource(ints = {1, 3})
    void blockedEqualsReplicatedBits(int shards) {
        BlockedCholesky.minSize = 150;
        int n = 200; // tiles of 64, 64, 64 and 8 rows
        List<double[][]> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> factor(n));
        for (int s = 0; s < shards; s++) {
            assertArrayEquals(r.get(s)[1], r.get(s)[0], 0.0, "shard " + s + ": blocked L == replicated L bit for bit");
            assertArrayEquals(r.get(s)[0], r.get(s)[2], 0.0, "shard " + s + ": upper=True is L^T");
            assertEquals(0.0, r.get(s)[0][1], "zeros above the diagonal");
        }
    }

    @ParameterizedTest(name = "16 x 16 tiles with a partial last tile on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void smallTilesPartialLastTile(int shards) {
        BlockedCholesky.minSize = 10;
        BlockedCholesky.block = 16;
        int n = 70;
        List<double[][]> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> factor(n));
        for (int s = 0; s < shards; s++) {
            double[] got = r.get(s)[0];
            double[] want = r.get(s)[1];
            for (int i = 0; i < got.length; i++) {
                assertTrue(Math.abs(got[i] - want[i]) <= 1e-12 * Math.max(1, Math.abs(want[i])), "L flat " + i + ": " + got[i] + " vs " + want[i]);
            }
        }
    }

    @ParameterizedTest(name = "not positive definite fails that operation only, on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void notPositiveDefinite(int shards) {
        BlockedCholesky.minSize = 10;
        BlockedCholesky.block = 8;
        List<String> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            NdArray a = Np.eye(20).multiply(-1.0);
            String msg;
            try {
                Np.linalg.cholesky(a).toDoubleArray();
                msg = "no failure";
            } catch (RuntimeException e) {
                msg = e.getMessage();
            }
            return msg + " | " + Np.linalg.cholesky(Np.eye(20).multiply(4.0)).get(19L, 19L).itemDouble();
        });
        for (int s = 0; s < shards; s++) {
            assertTrue(r.get(s).contains("Matrix is not positive definite") && r.get(s).endsWith(" | 2.0"), "shard " + s + ": " + r.get(s));
        }
    }
}
