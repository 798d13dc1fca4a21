package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * When rounds are due ({@link DeletionAgreement#due}, {@link DeletionAgreement#pressure}), and
 * {@link DeletionAgreement#intersect}, the merge of the shards' sorted candidate lists, against a set intersection:
 * element 0 is the OR of the shards' flags, then the ids every shard proposed, ascending.
 */
class DeletionAgreementTest {

    @Test
    void theMergeGivesTheIdsEveryShardProposedAndAnyShardsFlag() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 500; trial++) {
            int shards = 1 + rnd.nextInt(5);
            int universe = 1 + rnd.nextInt(trial % 2 == 0 ? 20 : 2000);
            byte[][] lists = new byte[shards][];
            TreeSet<Long> common = null;
            long flag = 0;
            for (int s = 0; s < shards; s++) {
                TreeSet<Long> ids = new TreeSet<>();
                int n = rnd.nextInt(universe + 1);
                for (int k = 0; k < n; k++) {
                    ids.add((long) rnd.nextInt(universe) + (rnd.nextBoolean() ? 0 : 1L << 40));
                }
                boolean full = rnd.nextInt(4) == 0;
                flag |= full ? 1 : 0;
                ByteBuffer b = ByteBuffer.allocate(8 + 8 * ids.size()).order(ByteOrder.LITTLE_ENDIAN);
                b.putLong(full ? 1 : 0);
                ids.forEach(b::putLong);
                lists[s] = b.array();
                if (common == null) {
                    common = ids;
                } else {
                    common.retainAll(ids);
                }
            }
            long[] expected = new long[1 + common.size()];
            expected[0] = flag;
            int i = 1;
            for (long id : common) {
                expected[i++] = id;
            }
            assertArrayEquals(expected, DeletionAgreement.intersect(lists), "trial " + trial + ": " + shards + " shards");
        }
    }

    /**
     * A thorough collection (the next stores would not fit) collects again while a collection found a dead handle:
     * a dead handle found by the first leaves a second that finds nothing; an ordinary one collects once; none
     * without {@code collect}.
     */
    @Test
    void aThoroughCollectionRepeatsWhileItFindsDeadHandles() {
        DeletionAgreement d = new DeletionAgreement(null, 16, 1024, 800);
        assertEquals(0, d.collectObserved(false, true));
        d.watch(new Object(), 7);
        assertEquals(2, d.collectObserved(true, true), "found store 7, then nothing");
        assertEquals(1, d.collectObserved(true, true), "nothing dead");
        d.watch(new Object(), 8);
        assertEquals(1, d.collectObserved(true, false));
    }

    @Test
    void aRoundIsDueEveryIntervalCalls() {
        DeletionAgreement d = new DeletionAgreement(null, 16, 1024, 800);
        for (int call = 1; call < 16; call++) {
            assertFalse(d.due(), "call " + call + " of an interval of 16");
        }
        assertTrue(d.due(), "call 16");
    }

    /**
     * A loop that makes stores fast gets rounds by their bytes (an eighth of the pressure threshold), whatever the
     * call count; the synchronous pressure round still waits for the whole threshold.
     */
    @Test
    void aRoundIsDueOnceNewStoresHoldAnEighthOfThePressureThreshold() {
        DeletionAgreement d = new DeletionAgreement(null, 16, 1024, 800);
        d.created(99);
        assertFalse(d.due(), "99 bytes of new stores after 1 call");
        d.created(1);
        assertTrue(d.due(), "100 bytes = 800 / 8 after 2 calls");
        assertFalse(d.pressure(), "a pressure round needs 800 bytes");
        assertFalse(d.pressureWith(699));
        assertTrue(d.pressureWith(700));
    }
}
