package dev.cohort.bench.simulator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm-up's settling rule of {@link SimChild}: medians of two windows of five iterations, over a ring. */
class SimChildTest {
    @Test
    void aLoopStillGettingFasterHasNotSettled() {
        // a JIT warm-up: 3.3 ms falling to 1.2 ms, oldest first, the newest at index 9
        double[] t = {3.3, 3.1, 2.9, 2.6, 2.4, 2.1, 1.9, 1.6, 1.4, 1.2};
        assertFalse(SimChild.settled(t, 9));
    }

    @Test
    void twoWindowsWithTheSameMedianHaveSettledWhateverTheirOutliers() {
        double[] t = {1.2, 1.25, 9.0, 1.18, 1.21, 1.22, 1.19, 1.2, 0.3, 1.24};
        assertTrue(SimChild.settled(t, 9));
    }

    @Test
    void theRingIsReadFromTheNewestEntryBackwards() {
        // newest five at indices 3, 2, 1, 0, 9 are slow (2.0); the five before (8..4) fast (1.0)
        double[] t = {2.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0};
        assertFalse(SimChild.settled(t, 3));
        double[] same = {1.0, 1.0, 1.0, 1.0, 1.05, 1.0, 1.0, 1.0, 1.0, 0.98};
        assertTrue(SimChild.settled(same, 3));
    }
}
