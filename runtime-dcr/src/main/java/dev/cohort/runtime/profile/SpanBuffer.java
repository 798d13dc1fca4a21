package dev.cohort.runtime.profile;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The spans one thread recorded into one {@link Profiler}. Only the owning thread appends; any thread may read
 * a {@link #snapshot()} at the same time. Spans live in fixed-size chunks, so appending never copies what is
 * already stored and allocates, amortised, only the span's own slots (three {@code long}s, two references).
 *
 * <p>Publication: the owner fills a slot, then stores the new size with release semantics; a reader loads the
 * size with acquire semantics and reads only the slots below it. {@link #chunks} is volatile so that a reader
 * sees every chunk the size covers.
 */
final class SpanBuffer {

    private static final int SHIFT = 12;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    private static final VarHandle SIZE;

    static {
        try {
            SIZE = MethodHandles.lookup().findVarHandle(SpanBuffer.class, "size", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One chunk: {@code times} holds start, end, bytes of each span; {@code labels} its category, name. */
    private record Chunk(long[] times, String[] labels) {
        Chunk() {
            this(new long[3 * CHUNK], new String[2 * CHUNK]);
        }
    }

    final long tid;
    final String threadName;
    private volatile Chunk[] chunks = new Chunk[4];
    /** Owner only: the chunk being filled. */
    private Chunk current;
    /** Written by the owner through {@link #SIZE} (release), read by others through it (acquire). */
    private int size;

    @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+
    SpanBuffer(Thread owner) {
        this.tid = owner.getId();
        this.threadName = owner.getName();
    }

    /** Appends a span; owner thread only. */
    void add(String category, String name, long start, long end, long bytes) {
        int n = size;
        int i = n & MASK;
        if (i == 0) {
            current = newChunk(n >>> SHIFT);
        }
        long[] t = current.times;
        t[3 * i] = start;
        t[3 * i + 1] = end;
        t[3 * i + 2] = bytes;
        String[] l = current.labels;
        l[2 * i] = category;
        l[2 * i + 1] = name;
        SIZE.setRelease(this, n + 1);
    }

    private Chunk newChunk(int k) {
        Chunk[] cs = chunks;
        if (k == cs.length) {
            cs = Arrays.copyOf(cs, 2 * k);
        }
        Chunk c = new Chunk();
        cs[k] = c;
        chunks = cs; // volatile store: publishes the new element, even when the array is the same
        return c;
    }

    /** The spans recorded so far; safe from any thread. */
    Snapshot snapshot() {
        int n = (int) SIZE.getAcquire(this);
        return new Snapshot(tid, threadName, n, chunks);
    }

    /** An immutable view of the first {@code size} spans of a buffer. */
    record Snapshot(long tid, String threadName, int size, Chunk[] chunks) {
        long start(int i) {
            return chunks[i >>> SHIFT].times[3 * (i & MASK)];
        }

        long end(int i) {
            return chunks[i >>> SHIFT].times[3 * (i & MASK) + 1];
        }

        long bytes(int i) {
            return chunks[i >>> SHIFT].times[3 * (i & MASK) + 2];
        }

        String category(int i) {
            return chunks[i >>> SHIFT].labels[2 * (i & MASK)];
        }

        String name(int i) {
            return chunks[i >>> SHIFT].labels[2 * (i & MASK) + 1];
        }
    }
}
