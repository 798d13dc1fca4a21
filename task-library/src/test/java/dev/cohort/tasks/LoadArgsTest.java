package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

/** LOAD's arguments written by a filler straight into the encoding ({@link ViewTasks.Load#encode(IterSpace, FieldType, Operand, int, java.util.function.Consumer)}). */
class LoadArgsTest {
    @Test
    void aFillerGivesTheBytesOfTheRecordsEncodingAndMustWriteExactlyTheLength() {
        IterSpace space = IterSpace.whole(3);
        Operand out = Operand.store(0, FieldType.FLOAT64, Access.identity(1));
        java.nio.ByteBuffer data = java.nio.ByteBuffer.allocate(24).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        data.putDouble(1.5).putDouble(-2).putDouble(Double.MIN_VALUE);
        byte[] want = new ViewTasks.Load(space, FieldType.FLOAT64, out, data.array()).encode();
        byte[] got = ViewTasks.Load.encode(space, FieldType.FLOAT64, out, 24, b -> b.putDouble(1.5).putDouble(-2).putDouble(Double.MIN_VALUE));
        assertArrayEquals(want, got);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ViewTasks.Load.encode(space, FieldType.FLOAT64, out, 24, b -> b.putDouble(1.5)));
        assertTrue(e.getMessage().contains("8 bytes written of 24"), e.getMessage());
    }
}
