package dev.cohort.simulator;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed's claim for Algorithms 1 and 2: "the full and delta simulation algorithms always produce the same
 * timeline for a given task graph" — checked bit for bit on random graphs and random changes (execution times,
 * devices, added and removed tasks and dependences), chained as a search chains them; and both against timelines
 * computed by hand.
 */
class DeltaSimulationTest {

    /** A mutable description of a graph, so that random changes can be made and the graph rebuilt. */
    private static final class Spec {
        final int devices;
        final List<long[]> tasks = new ArrayList<>();   // {key, device, exe}
        final List<int[]> edges = new ArrayList<>();    // {from, to} as task positions

        Spec(int devices) {
            this.devices = devices;
        }

        TaskGraph build() {
            TaskGraph.Builder b = TaskGraph.builder(devices);
            for (long[] t : tasks) {
                b.task(t[0], TaskGraph.Kind.POINT, (int) t[1], t[2]);
            }
            for (int[] e : edges) {
                b.edge(e[0], e[1]);
            }
            return b.build();
        }

        Spec copy() {
            Spec s = new Spec(devices);
            for (long[] t : tasks) {
                s.tasks.add(t.clone());
            }
            for (int[] e : edges) {
                s.edges.add(e.clone());
            }
            return s;
        }

        void remove(int i) {
            tasks.remove(i);
            List<int[]> kept = new ArrayList<>();
            for (int[] e : edges) {
                if (e[0] != i && e[1] != i) {
                    kept.add(new int[] {e[0] > i ? e[0] - 1 : e[0], e[1] > i ? e[1] - 1 : e[1]});
                }
            }
            edges.clear();
            edges.addAll(kept);
        }

        void insert(int i, long[] task) {
            tasks.add(i, task);
            for (int[] e : edges) {
                if (e[0] >= i) {
                    e[0]++;
                }
                if (e[1] >= i) {
                    e[1]++;
                }
            }
        }
    }

    private static long nextKey = 1;

    private static Spec randomSpec(Random rnd) {
        Spec s = new Spec(1 + rnd.nextInt(4));
        int n = 1 + rnd.nextInt(40);
        for (int i = 0; i < n; i++) {
            s.tasks.add(new long[] {nextKey++ * 7919 % 100_003, rnd.nextInt(s.devices), exe(rnd)});
        }
        for (int i = 1; i < n; i++) {
            int m = rnd.nextInt(4);
            for (int j = 0; j < m; j++) {
                s.edges.add(new int[] {rnd.nextInt(i), i});
            }
        }
        return s;
    }

    /** Small integers, so that equal ready times (ties broken by key) are common. */
    private static long exe(Random rnd) {
        return 1 + rnd.nextInt(5);
    }

    private static void change(Spec s, Random rnd) {
        int n = s.tasks.size();
        switch (rnd.nextInt(6)) {
            case 0 -> s.tasks.get(rnd.nextInt(n))[2] = exe(rnd);
            case 1 -> s.tasks.get(rnd.nextInt(n))[1] = rnd.nextInt(s.devices);
            case 2 -> {
                if (n > 1) {
                    s.remove(rnd.nextInt(n));
                }
            }
            case 3 -> {
                int at = rnd.nextInt(n + 1);
                s.insert(at, new long[] {nextKey++ * 7919 % 100_003, rnd.nextInt(s.devices), exe(rnd)});
                if (at > 0) {
                    s.edges.add(new int[] {rnd.nextInt(at), at});
                }
                if (at + 1 < s.tasks.size()) {
                    s.edges.add(new int[] {at, at + 1 + rnd.nextInt(s.tasks.size() - at - 1)});
                }
            }
            case 4 -> {
                if (n > 1) {
                    int to = 1 + rnd.nextInt(n - 1);
                    s.edges.add(new int[] {rnd.nextInt(to), to});
                }
            }
            default -> {
                if (!s.edges.isEmpty()) {
                    s.edges.remove(rnd.nextInt(s.edges.size()));
                }
            }
        }
    }

    @Test
    void fullAndDeltaGiveTheSameTimelineOnRandomGraphsAndChanges() {
        Random rnd = new Random(20261124);
        int compared = 0;
        for (int tr = 0; tr < 3000; tr++) {
            int trial = tr;
            Spec spec = randomSpec(rnd);
            DeltaSimulation state = DeltaSimulation.of(spec.build());
            int steps = 1 + rnd.nextInt(6);
            for (int k = 0; k < steps; k++) {
                Spec next = spec.copy();
                int changes = 1 + rnd.nextInt(3);
                for (int c = 0; c < changes; c++) {
                    change(next, rnd);
                }
                TaskGraph g = next.build();
                Timeline full = FullSimulation.run(g);
                DeltaSimulation delta = state.update(g);
                int diff = full.firstDifference(delta.timeline());
                assertEquals(-1, diff, () -> "trial " + trial + ": task " + diff + " differs; full " + full
                        + ", delta " + delta.timeline());
                assertTrue(full.sameAs(delta.timeline()));
                compared++;
                if (rnd.nextBoolean()) {   // accepted: the next change starts from here
                    spec = next;
                    state = delta;
                }
            }
        }
        assertTrue(compared > 3000, "compared " + compared);
    }

    @Test
    void anUnchangedGraphNeedsNoUpdates() {
        Spec s = randomSpec(new Random(5));
        DeltaSimulation a = DeltaSimulation.of(s.build());
        DeltaSimulation b = a.update(s.build());
        assertEquals(0, b.updatedTasks());
        assertTrue(a.timeline().sameAs(b.timeline()));
    }

    /**
     * Hand-computed: two devices; a (3 ns, d0) and b (2 ns, d1) start at 0; c (4 ns, d0) waits for a and b, so it is
     * ready at 3 and starts at 3; d (1 ns, d1) waits for a: ready at 3, starts at 3 (d1 is free from 2); e (2 ns, d0)
     * waits for d: ready at 4, but d0 runs c until 7, so e runs 7-9. Makespan 9.
     */
    @Test
    void aHandBuiltGraphHasTheHandComputedTimeline() {
        TaskGraph.Builder b = TaskGraph.builder(2);
        int a = b.task(10, TaskGraph.Kind.POINT, 0, 3);
        int bb = b.task(11, TaskGraph.Kind.POINT, 1, 2);
        int c = b.task(12, TaskGraph.Kind.POINT, 0, 4);
        int d = b.task(13, TaskGraph.Kind.TRANSFER, 1, 1);
        int e = b.task(14, TaskGraph.Kind.POINT, 0, 2);
        b.edge(a, c).edge(bb, c).edge(a, d).edge(d, e);
        TaskGraph g = b.build();
        Timeline t = FullSimulation.run(g);
        double[][] want = {{0, 0, 3}, {0, 0, 2}, {3, 3, 7}, {3, 3, 4}, {4, 7, 9}};
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i][0], t.ready(i), "ready of " + i);
            assertEquals(want[i][1], t.start(i), "start of " + i);
            assertEquals(want[i][2], t.end(i), "end of " + i);
        }
        assertEquals(9, t.makespan());

        // b takes 5 ns instead: c is ready at 5 and runs 5-9; d still 5-6 on d1 (after b); e ready at 6, runs 9-11
        TaskGraph.Builder b2 = TaskGraph.builder(2);
        b2.task(10, TaskGraph.Kind.POINT, 0, 3);
        b2.task(11, TaskGraph.Kind.POINT, 1, 5);
        b2.task(12, TaskGraph.Kind.POINT, 0, 4);
        b2.task(13, TaskGraph.Kind.TRANSFER, 1, 1);
        b2.task(14, TaskGraph.Kind.POINT, 0, 2);
        b2.edge(0, 2).edge(1, 2).edge(0, 3).edge(3, 4);
        TaskGraph g2 = b2.build();
        Timeline t2 = DeltaSimulation.of(g).update(g2).timeline();
        double[][] want2 = {{0, 0, 3}, {0, 0, 5}, {5, 5, 9}, {3, 5, 6}, {6, 9, 11}};
        for (int i = 0; i < want2.length; i++) {
            assertEquals(want2[i][0], t2.ready(i), "ready of " + i);
            assertEquals(want2[i][1], t2.start(i), "start of " + i);
            assertEquals(want2[i][2], t2.end(i), "end of " + i);
        }
    }

    /** FIFO per device by ready time, ties by key: two tasks ready at 0 on one device run in key order. */
    @Test
    void tiesOnADeviceGoInKeyOrder() {
        TaskGraph.Builder b = TaskGraph.builder(1);
        b.task(20, TaskGraph.Kind.POINT, 0, 3);
        b.task(5, TaskGraph.Kind.POINT, 0, 2);
        Timeline t = FullSimulation.run(b.build());
        assertEquals(2, t.start(0));
        assertEquals(0, t.start(1));
        assertEquals(5, t.makespan());
    }

    @Test
    void badGraphsFailAtTheCall() {
        TaskGraph.Builder b = TaskGraph.builder(2);
        assertThrows(IllegalArgumentException.class, () -> b.task(1, TaskGraph.Kind.POINT, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> b.task(1, TaskGraph.Kind.POINT, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> b.task(1, TaskGraph.Kind.POINT, 0, Double.NaN));
        b.task(1, TaskGraph.Kind.POINT, 0, 1);
        b.task(1, TaskGraph.Kind.POINT, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> b.edge(1, 0));
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class, b::build);
        assertTrue(dup.getMessage().contains("key 1"), dup.getMessage());
    }
}
