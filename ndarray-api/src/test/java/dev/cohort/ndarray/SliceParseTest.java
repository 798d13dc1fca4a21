package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link Slice#parse} with its cache: the same results as parsing afresh, a new array each call, errors every time. */
class SliceParseTest {
    @Test
    void aCachedSpecGivesANewArrayOfTheSameIndices() {
        Object[] first = Slice.parse("1:-1, 2:, ..., None, 3, ::-2");
        assertEquals("[1:-1, 2:, Ellipsis, None, 3, ::-2]", Arrays.toString(first));
        assertSame(Slice.ELLIPSIS, first[2]);
        assertSame(Slice.NEWAXIS, first[3]);
        first[0] = null;   // a caller's change to its array is not the next caller's
        Object[] again = Slice.parse("1:-1, 2:, ..., None, 3, ::-2");
        assertNotSame(first, again);
        assertEquals("[1:-1, 2:, Ellipsis, None, 3, ::-2]", Arrays.toString(again));
    }

    @Test
    void aBadSpecFailsEveryTimeNamingThePart() {
        for (int i = 0; i < 2; i++) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Slice.parse("1:x, 2"));
            assertTrue(e.getMessage().contains("'1:x'") && e.getMessage().contains("\"1:x, 2\""), e.getMessage());
        }
    }

    @Test
    void moreSpecsThanTheCacheHoldsStillParse() {
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < Slice.PARSED_MAX + 100; i++) {
                assertEquals("[0:" + i + "]", Arrays.toString(Slice.parse("0:" + i)), "spec " + i);
            }
        }
    }
}
