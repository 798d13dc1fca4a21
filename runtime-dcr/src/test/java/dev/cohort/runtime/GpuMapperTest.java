package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.sharding.Mapper;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Mapper#gpuWhereLarge}: the GPU variant for pieces of at least the threshold, where the task has one. */
class GpuMapperTest {
    private static GroupLaunch launch(long elements, long tiles) {
        Store s = new Store(1, 1, 0, Rect.ofExtents(elements), FieldType.FLOAT64, null);
        Tiling t = Tiling.of((elements + tiles - 1) / tiles);
        return GroupLaunch.builder(1000, t.colorSpace(s.bounds())).require(s, t, Privilege.READ).build();
    }

    @Test
    void largePiecesGoToTheGpuSmallOnesAndGpuLessTasksToTheCpu() {
        Mapper m = Mapper.gpuWhereLarge(65_536);
        Set<ProcessorKind> both = EnumSet.of(ProcessorKind.CPU, ProcessorKind.GPU);
        assertEquals(ProcessorKind.GPU, m.selectProcessor(launch(1 << 20, 4), both), "pieces of 262144");
        assertEquals(ProcessorKind.CPU, m.selectProcessor(launch(1 << 20, 32), both), "pieces of 32768");
        assertEquals(ProcessorKind.CPU, m.selectProcessor(launch(1 << 20, 1), EnumSet.of(ProcessorKind.CPU)), "no GPU variant");
        assertEquals(ProcessorKind.GPU, Mapper.gpuWhereLarge(0).selectProcessor(launch(10, 1), both), "0 forces the GPU");
        assertEquals(ProcessorKind.CPU, Mapper.DEFAULT.selectProcessor(launch(1 << 24, 1), both), "the default stays on the CPU");
        assertEquals(1 << 18, Mapper.pieceElements(launch(1 << 20, 4)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mapper.gpuWhereLarge(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }
}
