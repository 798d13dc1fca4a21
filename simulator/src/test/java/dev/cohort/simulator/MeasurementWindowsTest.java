package dev.cohort.simulator;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** When the strategy search reads a loop's own costs, and which window it takes. */
class MeasurementWindowsTest {
    /**
     * A reading at detection; none before a window of 8 iterations (counted in launches over the body's length) is
     * over; a longer period that holds the body (the cycle of a loop that flushes or restarts now and then) continues
     * the measurement; the second window that costs what the first did per iteration is taken; another loop starts
     * over.
     */
    @Test
    void windowsAreReadAtTheSameLaunchesAndTheSettledOneIsTaken() {
        int[] reads = {0};
        MeasurementWindows w = new MeasurementWindows(() -> {
            long n = 8L * reads[0]++;
            return new MeasuredCosts(n, n * 1_000);
        });
        List<String> body = List.of("a", "b", "c");
        assertNull(w.offer(body, 30));
        assertEquals(1, reads[0], "read at detection");
        assertNull(w.offer(List.of("b", "c", "a"), 45));
        assertEquals(1, reads[0], "5 iterations: the window is not over");
        assertNull(w.offer(List.of("c", "x", "a", "b", "c", "a", "b"), 60));
        assertEquals(2, reads[0], "a longer cycle holding the body continues it: 10 iterations, the first window");
        MeasuredCosts taken = w.offer(body, 90);
        assertNotNull(taken, "the second window costs what the first did per iteration");
        assertEquals(3, reads[0]);
        assertEquals(30, w.lastLaunches());
        assertEquals(8, taken.collectives());
        assertNull(w.offer(List.of("x", "y", "z"), 120));
        assertEquals(4, reads[0], "another loop: a new first reading");
    }
}
