package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import org.junit.jupiter.api.Test;

/** Philox4x32-10 known answers (Random123 kat_vectors) and task registration. */
class PhiloxAndRegistryTest {
    private static int[] w(long... v) {
        int[] r = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = (int) v[i];
        }
        return r;
    }

    @Test
    void random123KnownAnswers() {
        // Random123 examples/kat_vectors, "philox4x32 10" lines: counter[4] key[2] -> output[4]
        assertArrayEquals(w(0x6627e8d5L, 0xe169c58dL, 0xbc57ac4cL, 0x9b00dbd8L),
                Philox4x32.block(w(0, 0, 0, 0), w(0, 0)));
        assertArrayEquals(w(0x408f276dL, 0x41c83b0eL, 0xa20bc7c6L, 0x6d5451fdL),
                Philox4x32.block(w(0xffffffffL, 0xffffffffL, 0xffffffffL, 0xffffffffL), w(0xffffffffL, 0xffffffffL)));
        assertArrayEquals(w(0xd16cfe09L, 0x94fdccebL, 0x5001e420L, 0x24126ea1L),
                Philox4x32.block(w(0x243f6a88L, 0x85a308d3L, 0x13198a2eL, 0x03707344L), w(0xa4093822L, 0x299f31d0L)));
    }

    @Test
    void elementCounterLayout() {
        int[] a = new int[4];
        Philox4x32.element(0x299f31d0a4093822L, 0x0370734413198a2eL, 0x85a308d3243f6a88L, a);
        assertArrayEquals(w(0xd16cfe09L, 0x94fdccebL, 0x5001e420L, 0x24126ea1L), a);
        assertEquals(0.0, Philox4x32.toUnit(0, 0), 0.0);
        assertTrue(Philox4x32.toUnit(-1, -1) < 1.0);
        assertEquals(1.0, Philox4x32.toUnitOpenZero(-1, -1), 0.0);
        assertTrue(Philox4x32.toUnitOpenZero(0, 0) > 0.0);
    }

    @Test
    void registersEveryOpCodeOnceAndIdempotently() {
        TaskRegistry r = new TaskRegistry();
        CpuTasks.register(r);
        CpuTasks.register(r);
        for (OpCode op : OpCode.values()) {
            assertNotNull(r.variant(op.taskId(), ProcessorKind.CPU), op.name());
            assertEquals("cohort." + op.name().toLowerCase(java.util.Locale.ROOT), r.name(op.taskId()));
        }
        assertEquals("cohort.binary_op", CpuTasks.taskName(OpCode.BINARY_OP));
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        TaskRegistry r = TaskRegistry.withProviders();
        for (OpCode op : OpCode.values()) {
            assertTrue(r.contains(op.taskId()), op.name());
            assertNotNull(r.variant(op.taskId(), ProcessorKind.CPU));
        }
        CpuTasks.register(r);
    }
}
