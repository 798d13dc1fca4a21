package dev.cohort.runtime.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

/** When an instance manager asks for a garbage collection ({@link InstanceManager#underPressure}). */
class InstanceManagerPressureTest {
    private static final int MIB_OF_DOUBLES = 1 << 17;
    private static final long MIB = 1 << 20;

    @Test
    void newArraysPastTheMissedLimitCallForACollectionEvenFarBelowHalfTheBudget() {
        InstanceManager im = new Memory(0, Memory.Kind.SYSTEM, 0, 1024 * MIB, false, 1).manager();
        PhysicalInstance[] held = new PhysicalInstance[8];
        for (int i = 0; i < 3; i++) {
            held[i] = im.allocate(FieldType.FLOAT64, Rect.ofExtents(MIB_OF_DOUBLES), false);
        }
        assertFalse(im.underPressure(4 * MIB), "3 MiB of new arrays, limit 4 MiB, 3 of 1024 MiB in use");
        for (int i = 3; i < 8; i++) {
            held[i] = im.allocate(FieldType.FLOAT64, Rect.ofExtents(MIB_OF_DOUBLES), false);
        }
        assertTrue(im.underPressure(4 * MIB), "5 MiB of new arrays since the last call, limit 4 MiB");
        assertFalse(im.underPressure(4 * MIB), "the call reset the count");

        // storage served by the pool is not a new array
        for (int i = 0; i < 8; i++) {
            im.pending(held[i]);
            im.free(held[i]);
        }
        for (int i = 0; i < 8; i++) {
            held[i] = im.allocate(FieldType.FLOAT64, Rect.ofExtents(MIB_OF_DOUBLES), false);
        }
        assertEquals(8, im.stats().reuses());
        assertFalse(im.underPressure(4 * MIB), "8 MiB allocated, all of it reused");
        assertEquals(8 * MIB, im.liveBytes());
    }
}
