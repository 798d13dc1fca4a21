package dev.cohort.runtime.execution;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per task id, the point tasks a shard ran and their wall-clock time together, kept once someone reads them (two
 * clock reads and two atomic adds a point task): the operator costs measured on the device that FlexFlow's simulator
 * takes (seed 002 §5), read by the strategy search ({@code dev.cohort.simulator.MeasuredCosts}). An open-addressed table of
 * {@link #SLOTS} task ids; the ids beyond it (a program of more distinct tasks) are not counted. Thread-safe.
 */
final class PointTimes {
    /** Distinct task ids counted. */
    static final int SLOTS = 512;

    /** Per slot, the task id + 1 (0: empty). */
    private final AtomicIntegerArray ids = new AtomicIntegerArray(SLOTS);
    private final AtomicLongArray counts = new AtomicLongArray(SLOTS);
    private final AtomicLongArray nanos = new AtomicLongArray(SLOTS);

    /** Counts one point task of {@code taskId} that took {@code ns}. */
    void add(int taskId, long ns) {
        int tag = taskId + 1;
        int h = (taskId * 0x9E3779B1) >>> 23 & (SLOTS - 1);
        for (int probe = 0; probe < SLOTS; probe++, h = (h + 1) & (SLOTS - 1)) {
            int id = ids.get(h);
            if (id == 0 && ids.compareAndSet(h, 0, tag)) {
                id = tag;
            } else if (id == 0) {
                id = ids.get(h);
            }
            if (id == tag) {
                counts.incrementAndGet(h);
                nanos.addAndGet(h, ns);
                return;
            }
        }
    }

    /** Task id -> {point tasks, nanoseconds}, in task id order. */
    Map<Integer, long[]> snapshot() {
        Map<Integer, long[]> out = new TreeMap<>();
        for (int h = 0; h < SLOTS; h++) {
            int id = ids.get(h);
            if (id != 0) {
                out.put(id - 1, new long[] {counts.get(h), nanos.get(h)});
            }
        }
        return out;
    }
}
