package dev.cohort.ndarray;

import dev.cohort.runtime.ShardGroupException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every array belongs to one context: using it from another context, another shard's thread or after its
 * {@code Cohort.run} ended raises a clear exception at the call naming both, and neither context is damaged.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ContextMisuseTest {

    @Test
    void anEmbeddedArrayCapturedInsideARunFailsOnEveryShardAndStaysUsable() {
        NdArray outer = Np.arange(10).astype(DType.FLOAT64); // the embedded (jshell) context
        ShardGroupException e = assertThrows(ShardGroupException.class,
                () -> Cohort.run(4, () -> outer.add(1.0).sum().itemDouble()));
        assertTrue(e.getMessage().contains("an array created in the embedded context cannot be used inside "
                + "Cohort.run(4) shard "), e.getMessage());
        assertTrue(e.getMessage().contains("pass data into a program as Java values"), e.getMessage());
        // the embedded context goes on, its array intact, and so do new runs
        assertEquals(55.0, outer.add(1.0).sum().itemDouble());
        double[] data = outer.toDoubleArray();
        assertEquals(List.of(45.0, 45.0, 45.0, 45.0), Cohort.run(4, () -> Np.array(data).sum().itemDouble()));
    }

    @Test
    void anArrayUsedAfterItsRunEndedOrOutsideItFailsNamingIt() throws Exception {
        NdArray escaped = Cohort.run(2, () -> Np.arange(6)).get(0);
        IllegalStateException after = assertThrows(IllegalStateException.class, () -> escaped.add(1L));
        assertEquals("an array created in Cohort.run(2) shard 0 cannot be used after that Cohort.run has ended; "
                + "return Java values (toArray(), item()) from the program instead", after.getMessage());
        assertThrows(IllegalStateException.class, escaped::toDoubleArray);
        assertThrows(IllegalStateException.class, () -> escaped.sum());

        // while the run is alive, another thread (running no program) cannot use shard 0's array
        List<String> seen = Cohort.run(2, () -> {
            NdArray mine = Np.arange(4);
            CompletableFuture<String> other = CompletableFuture.supplyAsync(() -> {
                try {
                    mine.multiply(2L);
                    return "accepted";
                } catch (IllegalStateException x) {
                    return x.getMessage();
                }
            });
            String message = other.get(30, TimeUnit.SECONDS);
            // the shard's own program goes on
            assertArrayEquals(new double[]{0, 2, 4, 6}, mine.multiply(2L).toDoubleArray());
            return message;
        });
        for (String m : seen) {
            assertTrue(m.startsWith("an array created in Cohort.run(2) shard ") && m.contains(" cannot be used outside it "
                    + "(thread '"), m);
        }
    }

    @Test
    void oneShardsArrayCannotReachAnotherRun() throws ExecutionException, InterruptedException {
        ShardGroupException e = assertThrows(ShardGroupException.class, () -> Cohort.run(1, () -> {
            NdArray a = Np.ones(3);
            return Cohort.run(2, () -> a.add(Np.ones(3)).sum().itemDouble());
        }));
        Throwable inner = e;
        while (inner.getCause() != null && !(inner instanceof IllegalStateException)) {
            inner = inner.getCause();
        }
        assertInstanceOf(IllegalStateException.class, inner, e.toString());
        assertTrue(inner.getMessage().startsWith("an array created in Cohort.run(1) shard 0 cannot be used inside "
                + "Cohort.run(2) shard "), inner.getMessage());
    }
}
