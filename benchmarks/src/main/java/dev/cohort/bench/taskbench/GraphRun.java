package dev.cohort.bench.taskbench;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.region.Store;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runs one graph on a shard's runtime and reads every store back (for the correctness checks). */
final class GraphRun {
    private GraphRun() {
    }

    /** Issues {@code pattern}'s graph keeping every store, waits, and returns each store's elements by key. */
    static Map<String, long[]> runAndRead(Runtime rt, Pattern pattern, int width, int units, long iterations) {
        GraphIssuer g = new GraphIssuer(rt, iterations, true);
        pattern.issue(g, width, units);
        rt.sync();
        Map<String, long[]> out = new LinkedHashMap<>();
        for (Map.Entry<String, Store> e : g.kept().entrySet()) {
            out.put(e.getKey(), rt.read(e.getValue()).longs().clone());
        }
        for (Store s : g.kept().values()) {
            rt.delete(s);
        }
        return out;
    }

    /** The first difference between a run's values and the reference, or null when they agree. */
    static String firstDifference(Map<String, long[]> expected, Map<String, long[]> actual) {
        if (!expected.keySet().equals(actual.keySet())) {
            return "stores differ: expected " + expected.keySet() + ", got " + actual.keySet();
        }
        for (Map.Entry<String, long[]> e : expected.entrySet()) {
            long[] want = e.getValue();
            long[] got = actual.get(e.getKey());
            if (want.length != got.length) {
                return "store " + e.getKey() + ": " + want.length + " elements expected, " + got.length + " read";
            }
            for (int i = 0; i < want.length; i++) {
                if (want[i] != got[i]) {
                    return "store " + e.getKey() + " element " + i + ": expected " + want[i] + ", got " + got[i];
                }
            }
        }
        return null;
    }
}
