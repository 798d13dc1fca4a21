package dev.cohort.ndarray;

import dev.cohort.runtime.execution.InstanceManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link EagerPool}: the host elements of eager arrays come from the shard's instance manager and go back to it when
 * the array is closed, demoted or unreachable; the next eager array of the same dtype and size reuses them (counted,
 * not timed), never with old bits where a new array holds zeros, never while another live array still holds them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EagerPoolTest {
    static final int N = 20_000;

    static InstanceManager manager() {
        return Cohort.current().runtime().executor().memory(0).manager();
    }

    @Test
    void aClosedArraysStorageServesTheNextArrayOfItsSizeWithTheRightValues() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            NdArray x = Np.arange(0.0, N, 1.0);
            NdArray y = x.multiply(3.0);
            assertTrue(x.base.isEager() && y.base.isEager());
            assertEquals(3.0 * (N - 1), y.get(N - 1).itemDouble());
            long reuses = manager().stats().reuses();
            y.close();
            // an output the operation writes whole: y's storage, its old values overwritten
            NdArray w = x.add(1.0);
            assertEquals(reuses + 1, manager().stats().reuses(), "the closed array's storage was not reused");
            double[] v = w.toDoubleArray();
            for (int i = 0; i < N; i++) {
                assertEquals(i + 1.0, v[i], "element " + i);
            }
            // a closed array stays closed: its storage went to w
            IllegalStateException e = assertThrows(IllegalStateException.class, y::toDoubleArray);
            assertTrue(e.getMessage().contains("was closed"), e.getMessage());
            w.close();
            // arrays that hold zeros before their first write (empty, zeros written in part) get zeros
            NdArray z = Np.empty(new long[]{N});
            assertEquals(0.0, z.sum().itemDouble());
            assertEquals(reuses + 2, manager().stats().reuses());
            z.close();
            NdArray t = Np.zeros(new long[]{N});
            t.set(new Object[]{Slice.of(0, 10)}, 2.0);
            assertEquals(reuses + 3, manager().stats().reuses());
            assertEquals(20.0, t.sum().itemDouble());
            assertEquals(0.0, t.get(10).itemDouble());
            return null;
        });
    }

    @Test
    void aReusedOutputOfAConvertingOperationHoldsTheResult() {
        Cohort.run(new Cohort.Config().shards(2), () -> {
            NdArray a = Np.arange((long) N);
            NdArray b = Np.arange(0.0, N, 1.0).astype(DType.FLOAT32).multiply(0.5f);
            NdArray junk = Np.full(new long[]{N}, Double.NaN);
            junk.close();
            long reuses = manager().stats().reuses();
            // int64 + float32 computes in float64 with both operands converted (the strided path)
            NdArray c = a.add(b);
            assertEquals(DType.FLOAT64, c.dtype());
            assertEquals(reuses + 1, manager().stats().reuses());
            double[] v = c.toDoubleArray();
            for (int i = 0; i < N; i++) {
                assertEquals(i * 1.5, v[i], "element " + i);
            }
            return null;
        });
    }

    /**
     * A loop that drops its temporaries as a NumPy user does (no close): once the collector has found them
     * unreachable, their storage serves the loop's new arrays, and the values stay right. Bounded: at most 40 rounds
     * of 50 iterations, each followed by a collection.
     */
    @Test
    void theStorageOfUnreachableArraysIsReusedAndLiveArraysKeepTheirs() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            Cohort ctx = Cohort.current();
            NdArray x = Np.arange(0.0, N, 1.0);
            NdArray keep = x.multiply(2.0);
            NdArray v = Np.zeros(new long[]{N});
            long reusesBefore = manager().stats().reuses();
            for (int round = 0; round < 40 && (ctx.eagerPool.reclaimed == 0 || manager().stats().reuses() == reusesBefore); round++) {
                for (int i = 0; i < 50; i++) {
                    v = v.multiply(0.5).add(x);
                }
                System.gc();
                Thread.sleep(20);
            }
            assertTrue(ctx.eagerPool.reclaimed > 0, "no unreachable array's storage was taken back");
            assertTrue(manager().stats().reuses() > reusesBefore, "no storage was reused");
            // v converged to 2x; keep (made before the loop, still reachable) kept its own storage and values
            assertEquals(2.0 * (N - 1), v.get(N - 1).itemDouble(), 1e-9 * N);
            double[] k = keep.toDoubleArray();
            for (int i = 0; i < N; i++) {
                assertEquals(2.0 * i, k[i], "element " + i + " of an array still reachable");
            }
            return null;
        });
    }
}
