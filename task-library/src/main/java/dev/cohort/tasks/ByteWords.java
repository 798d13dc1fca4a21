package dev.cohort.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Bool (and other byte) arrays read and written eight bytes at a time: {@link #LONGS} views a {@code byte[]} as
 * little-endian longs at any byte offset (plain access; no alignment needed). The bool scans of {@link Reductions}
 * ({@code any}, {@code all}, {@code count_nonzero}) and the word loops of {@link DataLoops} (the stride-2 copy, WHERE at
 * different offsets) go through it; C2 compiles each access to one unaligned 8-byte load or store.
 */
final class ByteWords {
    private ByteWords() {
    }

    /** {@code byte[]} as little-endian {@code long}s: {@code (long) LONGS.get(a, i)} is bytes {@code a[i, i + 8)}. */
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}
