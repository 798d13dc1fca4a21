package dev.cohort.runtime;

import dev.cohort.runtime.launch.Future;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writes through one tiling, reads through another with a halo, reduces into a replicated store
 * and a future: the same bits on 1, 2, 3, 4 and 8 shards, equal to plain Java.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StencilProgramTest {
    static final int N = 103;

    record Result(double[] out, double sum, double dot, double scaled0) {
    }

    static Result program(Runtime rt) {
        Rect bounds = Rect.ofExtents(N);
        Store x = rt.createStore(bounds, FieldType.FLOAT64);
        Store y = rt.createStore(bounds, FieldType.FLOAT64);
        Store acc = rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64);
        Tiling writeTiles = Tiling.of(10);
        Tiling readTiles = Tiling.of(new long[] {17}, new long[] {3}, new long[] {1});
        Tiling outTiles = readTiles.withoutHalo();
        rt.execute(GroupLaunch.builder(TestTasks.INIT, writeTiles.colorSpace(bounds))
                .require(x, writeTiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.5)).build());
        rt.execute(GroupLaunch.builder(TestTasks.STENCIL, readTiles.colorSpace(bounds))
                .require(x, readTiles, Privilege.READ)
                .require(y, outTiles, Privilege.WRITE_DISCARD).build());
        rt.fill(acc, 1.0);
        rt.execute(GroupLaunch.builder(TestTasks.SUM_INTO, outTiles.colorSpace(bounds))
                .require(y, outTiles, Privilege.READ)
                .require(acc, Replicated.INSTANCE, dev.cohort.runtime.partition.Projection.constant(Point.of(0)),
                        Privilege.reduce(ReductionOp.SUM)).build());
        Future dot = rt.execute(GroupLaunch.builder(TestTasks.DOT, writeTiles.colorSpace(bounds))
                .require(x, writeTiles, Privilege.READ)
                .require(y, writeTiles, Privilege.READ)
                .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
        rt.execute(GroupLaunch.builder(TestTasks.SCALE, writeTiles.colorSpace(bounds))
                .require(x, writeTiles, Privilege.READ_WRITE).scalars(TestTasks.scalar(3.0)).build());
        double[] out = rt.read(y).doubles().clone();
        double sum = rt.read(acc).doubles()[0];
        return new Result(out, sum, dot.getDouble(), rt.read(x).doubles()[0]);
    }

    static Result reference() {
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = TestTasks.init(Point.of(i), 0.5);
        }
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            y[i] = 2 * x[i] + (i > 0 ? x[i - 1] : 0) + (i < N - 1 ? x[i + 1] : 0);
        }
        // partials per read tile (offset 3, size 17: colors -1..5), folded in point order
        double sum = 1.0;
        for (long c = -1; c <= 5; c++) {
            double part = 0;
            for (long i = Math.max(0, 3 + c * 17); i <= Math.min(N - 1, 3 + c * 17 + 16); i++) {
                part += y[(int) i];
            }
            sum += part;
        }
        double dot = 0;
        for (int t = 0; t < N; t += 10) {
            double part = 0;
            for (int i = t; i < Math.min(N, t + 10); i++) {
                part += x[i] * y[i];
            }
            dot += part;
        }
        return new Result(y, sum, dot, x[0] * 3.0);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void sameBitsOnAnyNumberOfShards(int shards) {
        Result expected = reference();
        List<Result> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()),
                StencilProgramTest::program);
        assertEquals(shards, results.size());
        for (Result r : results) {
            assertArrayEquals(expected.out(), r.out(), 0.0);
            assertEquals(Double.doubleToRawLongBits(expected.sum()), Double.doubleToRawLongBits(r.sum()),
                    () -> expected.sum() + " vs " + r.sum());
            assertEquals(Double.doubleToRawLongBits(expected.dot()), Double.doubleToRawLongBits(r.dot()),
                    () -> expected.dot() + " vs " + r.dot());
            assertEquals(expected.scaled0(), r.scaled0(), 0.0);
        }
        assertTrue(expected.sum() > 0);
    }
}
