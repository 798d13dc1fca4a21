package dev.cohort.simulator;

import java.util.Arrays;

/**
 * A binary min-heap of task indices ordered by {@code (ready[t], key(t))}: the priority queue of
 * {@link FullSimulation}, where a task's ready time is final when it is added.
 */
final class TaskHeap {
    private final TaskGraph g;
    private final double[] ready;
    private int[] heap;
    private int size;

    TaskHeap(TaskGraph g, double[] ready, int capacity) {
        this.g = g;
        this.ready = ready;
        this.heap = new int[Math.max(1, capacity)];
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(int t) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        heap[i] = t;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!less(heap[i], heap[p])) {
                break;
            }
            int x = heap[i];
            heap[i] = heap[p];
            heap[p] = x;
            i = p;
        }
    }

    int poll() {
        int top = heap[0];
        heap[0] = heap[--size];
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                break;
            }
            int m = l + 1 < size && less(heap[l + 1], heap[l]) ? l + 1 : l;
            if (!less(heap[m], heap[i])) {
                break;
            }
            int x = heap[i];
            heap[i] = heap[m];
            heap[m] = x;
            i = m;
        }
        return top;
    }

    private boolean less(int a, int b) {
        double ra = ready[a];
        double rb = ready[b];
        return ra < rb || (ra == rb && g.key(a) < g.key(b));
    }
}
