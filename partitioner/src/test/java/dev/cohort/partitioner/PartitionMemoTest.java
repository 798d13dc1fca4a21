package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.partition.Tiling;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PartitionMemoTest {

    /**
     * Random operations asked in random order, many of them again as fresh but equal values (rebuilt from the same
     * seed): the memo answers each with the strategy the partitioner gives it, or with its exception.
     */
    @Property(tries = 300)
    void theMemoGivesThePartitionersStrategyOrItsException(@ForAll long seed) {
        Random r = new Random(seed);
        PartitionMemo memo = new PartitionMemo(1 + r.nextInt(8));
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            seeds.add(r.nextLong());
        }
        for (int k = 0; k < 30; k++) {
            long s = seeds.get(r.nextInt(seeds.size()));
            MachineView m = PartitionerPropertyTest.randomMachine(new Random(s));
            Operation op = PartitionerPropertyTest.randomOperation(new Random(s ^ 0x5DEECE66DL), r.nextInt(4) > 0);
            Strategy want;
            try {
                want = Partitioner.partition(op, m);
            } catch (IllegalArgumentException e) {
                IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> memo.partition(op, m));
                assertEquals(e.getMessage(), again.getMessage());
                continue;
            }
            assertEquals(want, memo.partition(op, m), () -> op + " on " + m);
        }
        assertTrue(memo.size() <= 8);
    }

    private static Operation vectorOp(long n, Tiling key) {
        Operation.Builder b = Operation.builder(n);
        b.operand(Rect.of(new long[] {0}, new long[] {n - 1}), Access.identity(1), Role.WRITE, null);
        int x = b.operand(Rect.of(new long[] {0}, new long[] {n - 1}), Access.identity(1), Role.READ, key);
        b.align(0, x);
        return b.build();
    }

    @Test
    void equalOperationsHitAndAnyDifferenceMisses() {
        MachineView m = new MachineView(2, 2, 4);
        PartitionMemo memo = new PartitionMemo(16);
        Strategy first = memo.partition(vectorOp(100, null), m);
        assertSame(first, memo.partition(vectorOp(100, null), m));
        assertEquals(1, memo.hits());
        assertEquals(1, memo.misses());
        // another extent, another key partition, another machine: each solved afresh
        memo.partition(vectorOp(101, null), m);
        Strategy keyed = memo.partition(vectorOp(100, Tiling.of(10)), m);
        memo.partition(vectorOp(100, null), new MachineView(4, 2, 4));
        assertEquals(1, memo.hits());
        assertEquals(4, memo.misses());
        assertEquals(Partitioner.partition(vectorOp(100, Tiling.of(10)), m), keyed);
        assertNotEquals(vectorOp(100, null), vectorOp(100, Tiling.of(10)));
        assertEquals(vectorOp(100, Tiling.of(10)).hashCode(), vectorOp(100, Tiling.of(10)).hashCode());
    }

    @Test
    void theLeastRecentlyUsedStrategyIsDroppedBeyondTheCapacity() {
        MachineView m = new MachineView(1, 2, 4);
        PartitionMemo memo = new PartitionMemo(2);
        memo.partition(vectorOp(10, null), m);
        memo.partition(vectorOp(20, null), m);
        memo.partition(vectorOp(10, null), m);   // 10 is now the most recent
        memo.partition(vectorOp(30, null), m);   // drops 20
        assertEquals(2, memo.size());
        memo.partition(vectorOp(10, null), m);
        assertEquals(2, memo.hits());
        memo.partition(vectorOp(20, null), m);
        assertEquals(2, memo.hits());
        assertEquals(4, memo.misses());
        assertThrows(IllegalArgumentException.class, () -> new PartitionMemo(0));
    }
}
