package dev.cohort.ndarray;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.RuntimeStats;
import dev.cohort.runtime.ShardGroupException;
import dev.cohort.runtime.execution.InstanceManager;
import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime's execution layer seen through the array API: the small-operation fast path changes
 * no bits, the instance manager reuses storage in a steady-state loop, the SYSTEM memory budget fails
 * cleanly (and a later job works), and the profile is written per shard as a Chrome trace.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ExecutionLayerTest {
    static final long MIN_TILE = 16;

    // ------------------------------------------------------------------ helpers

    /** Runs {@code body} with system property {@code name} set to {@code value} (null: cleared), restoring it after. */
    static <T> T withProperty(String name, String value, Callable<T> body) throws Exception {
        String old = System.getProperty(name);
        try {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
            return body.call();
        } finally {
            if (old == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, old);
            }
        }
    }

    /** The raw bits of {@code a}: float arrays as raw double bits, integer and bool arrays as longs; then shape and dtype. */
    static long[] bits(NdArray a) {
        long[] values;
        if (a.dtype() == DType.FLOAT64 || a.dtype() == DType.FLOAT32) {
            double[] d = a.toDoubleArray();
            values = new long[d.length];
            for (int i = 0; i < d.length; i++) {
                values[i] = Double.doubleToRawLongBits(d[i]);
            }
        } else {
            values = a.toLongArray();
        }
        long[] b = new long[values.length + a.ndim() + 1];
        System.arraycopy(values, 0, b, 0, values.length);
        for (int i = 0; i < a.ndim(); i++) {
            b[values.length + i] = a.shape(i);
        }
        b[b.length - 1] = a.dtype().ordinal();
        return b;
    }

    static RuntimeStats stats() {
        return Cohort.current().runtime().stats();
    }

    // ------------------------------------------------------------------ 1. fast path equivalence

    /** What one shard returns: the bits of each result array, and its runtime's counters at the end. */
    record ShardOutcome(List<long[]> bits, long inlinePointTasks, long pointTasks) {
    }

    /**
     * A program of small (10..1000 elements) and large (~200k elements) operations: element-wise float64
     * and int64, full and axis reductions, matmul, shifted slices and {@code set} of slices; mixed so
     * that small results (0-d reductions) feed large operations and the other way round.
     */
    static List<NdArray> mixedProgram() {
        List<NdArray> out = new ArrayList<>();
        // small float64
        NdArray s1 = arange(10).astype(float64).multiply(0.5).add(1.0);                     // (10,)
        NdArray s2 = linspace(0.0, 3.0, 1000);                                              // (1000,)
        NdArray s3 = s2.multiply(s2).add(s2.sqrt()).divide(s2.add(1.0));
        out.add(s1.multiply(s1).subtract(0.25));
        out.add(s3);
        out.add(s3.sum());
        out.add(s3.max());
        out.add(s2.get("2:").subtract(s2.get(":-2")));                                      // shifted views
        // small int64
        NdArray i1 = arange(1000).multiply(3L).subtract(7L);
        out.add(i1);
        out.add(i1.sum());
        out.add(i1.get("1:").subtract(i1.get(":-1")).max());
        out.add(i1.reshape(10, 100).sum(1));
        // small matmul and 2-d slices
        NdArray A = arange(100).astype(float64).multiply(0.01).reshape(10, 10).add(s1);     // broadcast (10,)
        NdArray Asq = A.matmul(A.T());
        out.add(Asq);
        out.add(A.matmul(s1));
        NdArray padSmall = zeros(12, 12);
        padSmall.set("1:-1, 1:-1", A);
        out.add(padSmall.get("1:-1, 1:-1").multiply(4.0).subtract(padSmall.get(":-2, 1:-1"))
                .subtract(padSmall.get("2:, 1:-1")).subtract(padSmall.get("1:-1, :-2")).subtract(padSmall.get("1:-1, 2:")));
        out.add(padSmall.sum(0));
        // tiny arrays (fewer elements than the minimum tile volume: replicated, run on every shard)
        NdArray t = arange(9).astype(float64).reshape(3, 3).add(0.5);
        out.add(t.matmul(t).matmul(t.T()));
        out.add(t.sum(0));
        out.add(t.max(1));
        NdArray ti = arange(12).multiply(7L).subtract(3L);
        out.add(ti.get("::2").add(ti.get("1::2")));
        out.add(ti.sum());
        // large float64
        NdArray L = arange(200_000).astype(float64).multiply(1e-5);
        NdArray L2 = L.exp().subtract(L.multiply(L)).divide(3.0).add(s3.sum());            // small result feeds a large op
        out.add(L2);
        out.add(L2.sum());
        out.add(L2.min());
        out.add(L2.mean());
        out.add(L2.get("1:").subtract(L2.get(":-1")));
        NdArray Lcopy = L2.copy();
        Lcopy.set("100:1100", s2);                                                          // small into large
        Lcopy.set("150000:", 0.5);
        out.add(Lcopy.sum());
        out.add(Lcopy.get("90:1200"));
        // large int64
        NdArray LI = arange(200_000).multiply(5L).add(1L);
        out.add(LI.sum());
        out.add(LI.get("::7").max());
        out.add(LI.subtract(LI.get("::-1")));
        // large matmul, axis reductions and a large 2-d stencil
        NdArray M = arange(200_000).astype(float64).multiply(1e-6).reshape(400, 500);
        NdArray v = arange(500).astype(float64).multiply(0.002);
        NdArray Mv = M.matmul(v);                                                           // (400,)
        out.add(Mv);
        out.add(M.T().matmul(Mv));                                                          // (500,)
        out.add(M.get("0:40, 0:50").matmul(M.get("100:150, 200:240")));                    // small slices of a large array
        out.add(M.sum(0));
        out.add(M.max(1));
        NdArray padBig = zeros(402, 502);
        padBig.set("1:-1, 1:-1", M);
        NdArray lapBig = padBig.get("1:-1, 1:-1").multiply(4.0).subtract(padBig.get(":-2, 1:-1"))
                .subtract(padBig.get("2:, 1:-1")).subtract(padBig.get("1:-1, :-2")).subtract(padBig.get("1:-1, 2:"));
        out.add(lapBig.sum());
        out.add(lapBig.get("::37, ::41"));
        // a short loop: small reductions feeding large updates, large reductions feeding small ones
        NdArray x = zeros(200_000);
        NdArray y = s2.copy();
        for (int k = 0; k < 5; k++) {
            NdArray alpha = y.sum().divide(1000.0);
            x = x.add(L.multiply(alpha));
            y = y.multiply(x.sum().divide(1e9)).add(1.0);
        }
        out.add(x);
        out.add(y);
        return out;
    }

    /** Runs {@link #mixedProgram} on {@code shards} shards with the inline limit {@code inlineLimit} (null: default). */
    static List<ShardOutcome> runMixed(int shards, String inlineLimit) throws Exception {
        return withProperty(RuntimeConfig.INLINE_PROP_NAME, inlineLimit, () ->
                Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
                    List<long[]> bits = new ArrayList<>();
                    for (NdArray a : mixedProgram()) {
                        bits.add(bits(a));
                    }
                    RuntimeStats st = stats();
                    return new ShardOutcome(bits, st.inlinePointTasks(), st.pointTasks());
                }));
    }

    static void assertSameBits(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": number of arrays");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), what + ": array " + i);
        }
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    void fastPathGivesTheSameBitsAsWorkers(int shards) throws Exception {
        List<ShardOutcome> on = runMixed(shards, null);
        List<ShardOutcome> off = runMixed(shards, "0");
        assertEquals(shards, on.size());
        assertEquals(shards, off.size());
        for (int s = 0; s < shards; s++) {
            assertSameBits(on.get(0).bits(), on.get(s).bits(), "fast path on: shard " + s + " vs shard 0");
            assertSameBits(off.get(0).bits(), off.get(s).bits(), "fast path off: shard " + s + " vs shard 0");
            assertSameBits(off.get(s).bits(), on.get(s).bits(), "shard " + s + "/" + shards + ": fast path on vs off");
            assertEquals(0, off.get(s).inlinePointTasks(), "shard " + s + ": with the limit 0 no point task may run inline");
            assertTrue(off.get(s).pointTasks() > 0, "shard " + s + " ran point tasks");
        }
        for (int s = 0; s < shards; s++) {
            assertTrue(on.get(s).inlinePointTasks() > 0, "the fast path never ran on shard " + s + " of " + shards);
        }
        long inline = on.stream().mapToLong(ShardOutcome::inlinePointTasks).sum();
        System.err.println("ExecutionLayerTest fast path on " + shards + " shard(s): inline/point tasks per shard "
                + on.stream().map(o -> o.inlinePointTasks() + "/" + o.pointTasks()).toList()
                + "; off: " + off.stream().map(o -> o.inlinePointTasks() + "/" + o.pointTasks()).toList());
        assertTrue(inline > 0, "the fast path never ran on " + shards + " shard(s)");
        // the shard-count-independent int64 results agree with plain Java
        List<long[]> b = on.get(0).bits();
        long expectedSum = 0;
        for (long i = 0; i < 1000; i++) {
            expectedSum += 3 * i - 7;
        }
        assertEquals(expectedSum, b.get(6)[0], "sum(3*arange(1000)-7)");
    }

    /** The fast path runs on one shard whenever a launch is small, and never when it is off. */
    @Test
    void fastPathCountsInlineTasksOnOneShard() throws Exception {
        Callable<long[]> program = () -> {
            long before = stats().inlinePointTasks();
            NdArray a = arange(100).astype(float64).add(1.0);
            double s = a.multiply(a).sum().itemDouble();
            long after = stats().inlinePointTasks();
            return new long[]{after - before, Double.doubleToRawLongBits(s)};
        };
        long[] on = withProperty(RuntimeConfig.INLINE_PROP_NAME, null,
                () -> Cohort.run(new Cohort.Config().shards(1).eagerMaxVolume(0), program).get(0));
        long[] off = withProperty(RuntimeConfig.INLINE_PROP_NAME, "0",
                () -> Cohort.run(new Cohort.Config().shards(1).eagerMaxVolume(0), program).get(0));
        assertTrue(on[0] > 0, "a 100-element program ran " + on[0] + " point tasks inline");
        assertEquals(0, off[0]);
        assertEquals(on[1], off[1]);
        assertEquals(338350.0, Double.longBitsToDouble(on[1]));
    }

    // ------------------------------------------------------------------ 2. instance reuse

    /** What the CG loop reports: allocations after each iteration, reuses at the end, and the bits of x and the residuals. */
    record CgOutcome(long[] allocationsAfter, long reuses, long peakBytes, long budget, long[] xBits, long[] residualBits,
                     long collectionsAsked) {
    }

    /** {@link PoissonCgProgram}'s loop, counting new arrays and recording the relative residual after each iteration. */
    static CgOutcome cg(long n, int iterations) {
        InstanceManager manager = Cohort.current().runtime().executor().memory(0).manager();
        double bNorm = n; // norm(ones(n, n))
        long[] allocations = new long[iterations + 1];
        long[] residuals = new long[iterations];
        allocations[0] = manager.stats().allocations();
        List<NdArray> xr = PoissonCgProgram.run(n, iterations, (k, x, r, rz) -> {
            residuals[k] = Double.doubleToRawLongBits(linalg.norm(r).itemDouble() / bNorm);
            allocations[k + 1] = manager.stats().allocations();
        });
        long[] xBits = bits(xr.get(0));
        InstanceManager.Stats st = manager.stats();
        return new CgOutcome(allocations, st.reuses(), st.peakBytes(), manager.budget(), xBits, residuals, st.collectionsAsked());
    }

    static CgOutcome runCg(long sysmemMiB, long n, int iterations, boolean poison) throws Exception {
        return withProperty(RuntimeConfig.POISON_PROP_NAME, poison ? "true" : null, () ->
                Cohort.run(new Cohort.Config().shards(1).eagerMaxVolume(0).sysmemMiB(sysmemMiB), () -> cg(n, iterations)).get(0));
    }

    /** Allocation counts of a CG run for a failure message: totals at some iterations and new arrays per 10 iterations. */
    static String describe(CgOutcome o) {
        long[] a = o.allocationsAfter();
        StringBuilder per = new StringBuilder();
        for (int k = 10; k < a.length; k += 10) {
            per.append(k == 10 ? "" : " ").append(a[k] - a[k - 10]);
        }
        return "new arrays after iterations 2/100/200: " + a[2] + "/" + a[100] + "/" + a[a.length - 1]
                + "; per 10 iterations: [" + per + "]; reuses " + o.reuses() + "; collections asked " + o.collectionsAsked()
                + "; peak " + (o.peakBytes() >> 10)
                + " KiB of a budget of " + (o.budget() >> 10) + " KiB";
    }

    /**
     * Poisoned reuse (every reused array is first filled with garbage; {@code cohort.instance.poison})
     * changes no bit of the CG loop. A 16 MiB budget makes pressure rounds collect garbage early, so
     * that storage is reused well before the end.
     */
    @Test
    void cgLoopIsTheSameWithPoisonedReuse() throws Exception {
        CgOutcome plain = runCg(16, 64, 120, false);
        CgOutcome poisoned = runCg(16, 64, 120, true);
        assertTrue(poisoned.reuses() > 0, "poisoning is only tested when storage is reused: " + describe(poisoned));
        assertArrayEquals(plain.residualBits(), poisoned.residualBits(), "residuals per iteration");
        assertArrayEquals(plain.xBits(), poisoned.xBits(), "x");
        // -Δu = 1 with unit grid spacing, zero boundary: 0 < u < (n+1)^2 / 8 everywhere
        for (int i = 0; i < 64 * 64; i++) {
            double xi = Double.longBitsToDouble(plain.xBits()[i]);
            assertTrue(xi > 0 && xi < 65.0 * 65.0 / 8, "x[" + i / 64 + "," + i % 64 + "] = " + xi);
        }
    }

    /**
     * Under a budget far larger than the loop's working set (so no pressure round collects: its threshold is 64 MiB
     * of stores, the loop makes 2.5 MiB an iteration), the pool asks for a collection when it runs low
     * ({@code CollectionRequest}) and the storage of the stores the loop drops comes back. When it comes back
     * depends on the collector (a full collection finds every dead handle at once; a concurrent cycle finds the
     * handles promoted to the old generation only when its marking ends), so the bound is on the whole run:
     * measured in this test's JVM, 1 280 new arrays for about 1 500 stores before the pool asked, 330-760 after.
     */
    @Test
    void aLoopUnderALargeBudgetReusesTheStorageItDrops() throws Exception {
        CgOutcome o = runCg(512, 256, 300, false);
        long[] a = o.allocationsAfter();
        assertTrue(o.collectionsAsked() >= 1, describe(o));
        assertTrue(a[300] < 1000, "new arrays in 300 iterations: " + a[300] + "; " + describe(o));
    }

    // ------------------------------------------------------------------ 3. memory budget

    static Set<Thread> cohortThreads() {
        Set<Thread> s = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith("cohort-")) {
                s.add(t);
            }
        }
        return s;
    }

    /** Waits (up to 10 s) until no thread named "cohort-" is alive that was not in {@code before}; returns the leftovers. */
    static List<String> leakedThreads(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<String> extra;
        do {
            extra = new ArrayList<>();
            for (Thread t : cohortThreads()) {
                if (!before.contains(t)) {
                    extra.add(t.getName() + " (" + t.getState() + ")");
                }
            }
            if (extra.isEmpty()) {
                return extra;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return extra;
    }

    static List<Throwable> chain(Throwable t) {
        List<Throwable> all = new ArrayList<>();
        IdentityHashMap<Throwable, Boolean> seen = new IdentityHashMap<>();
        ArrayList<Throwable> todo = new ArrayList<>();
        todo.add(t);
        while (!todo.isEmpty()) {
            Throwable x = todo.remove(todo.size() - 1);
            if (x == null || seen.put(x, Boolean.TRUE) != null) {
                continue;
            }
            all.add(x);
            todo.add(x.getCause());
            for (Throwable s : x.getSuppressed()) {
                todo.add(s);
            }
        }
        return all;
    }

    /** Holds ten arrays of 1M float64 (80 MB in all) alive, then sums them. */
    static double holdTooMuch() {
        List<NdArray> held = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            held.add(ones(1_000_000).add((double) i));
        }
        NdArray total = zeros(1_000_000);
        for (NdArray a : held) {
            total = total.add(a);
        }
        return total.sum().itemDouble() + held.size();
    }

    private static final Pattern REQUEST = Pattern.compile("needs \\d+\\.\\d MiB");

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    void exceedingTheBudgetFailsNamingMemoryRequestAndBudget(int shards) throws Exception {
        Set<Thread> before = cohortThreads();
        ShardGroupException e = assertThrows(ShardGroupException.class, () ->
                Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE).sysmemMiB(16),
                        ExecutionLayerTest::holdTooMuch));
        MemoryBudgetExceededException oom = null;
        for (Throwable t : chain(e)) {
            if (t instanceof MemoryBudgetExceededException m) {
                oom = m;
                break;
            }
        }
        assertNotNull(oom, "no MemoryBudgetExceededException in the chain of " + e);
        String msg = oom.getMessage();
        System.err.println("ExecutionLayerTest budget on " + shards + " shard(s): " + e.getMessage());
        assertTrue(msg.contains("SYSTEM"), "names the memory: " + msg);
        assertTrue(msg.contains("16.0 MiB"), "names the budget: " + msg);
        assertTrue(REQUEST.matcher(msg).find() && msg.contains("FLOAT64"), "names the request: " + msg);
        assertTrue(e.getMessage().contains("16.0 MiB"), "the group's message carries it: " + e.getMessage());
        assertEquals(shards, e.errors().length);
        for (int s = 0; s < shards; s++) {
            assertNotNull(e.errors()[s], "shard " + s + " must fail too");
        }

        // the failure poisons nothing: a new job in this JVM works and is right
        List<Double> again = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE).sysmemMiB(16), () -> {
            NdArray a = arange(100_000).astype(float64);
            NdArray b = ones(100_000).multiply(2.0);
            return a.add(b).sum().itemDouble();
        });
        for (int s = 0; s < shards; s++) {
            assertEquals(99_999.0 * 100_000 / 2 + 200_000.0, again.get(s), "shard " + s);
        }
        List<String> leaked = leakedThreads(before);
        assertTrue(leaked.isEmpty(), "threads left running: " + leaked);
    }

    /** The same data fits when it is not all held at once (control: the failure above is the budget's). */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    void theSameArraysFitWhenNotHeldAtOnce(int shards) {
        List<Double> sums = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE).sysmemMiB(64), () -> {
            double total = 0;
            for (int i = 0; i < 10; i++) {
                NdArray a = ones(1_000_000).add((double) i);
                total += a.sum().itemDouble();
                a.close();
            }
            return total;
        });
        for (double s : sums) {
            assertEquals(10 * 1_000_000.0 + 45 * 1_000_000.0, s);
        }
    }

    /**
     * Memory pressure frees temporaries: 100 chained int64 operations with references dropped as a NumPy
     * user drops them ({@code c = c.add(b).subtract(1)}: 200 arrays of 20 MB, 4 GB in all) run within a
     * 256 MiB budget, where four arrays are live at a time — the 1e7 elements in a 1 GB heap, scaled.
     * No {@code close()}: only the garbage collector, the pressure rounds and the run-ahead bound free them.
     */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2})
    void chainedTemporariesFitABudgetOfAFewArrays(int shards) {
        long n = 2_500_000;
        List<Long> sums = Cohort.run(new Cohort.Config().shards(shards).sysmemMiB(256), () -> {
            NdArray b = arange(n);
            NdArray c = arange(n);
            for (int i = 0; i < 100; i++) {
                c = c.add(b).subtract(1L);
            }
            return ((Number) c.sum().item()).longValue();
        });
        long expected = 101 * (n * (n - 1) / 2) - 100 * n; // c_k = (k + 1) arange(n) - k
        for (long s : sums) {
            assertEquals(expected, s);
        }
    }

    // ------------------------------------------------------------------ 4. profile

    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void profileWritesOneChromeTracePerShard(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("trace.json");
        List<Double> r = Cohort.run(new Cohort.Config().shards(2).minTileVolume(MIN_TILE).profile(file), () -> {
            NdArray a = arange(4000).astype(float64).multiply(0.5);
            NdArray m = arange(4096).astype(float64).reshape(64, 64);
            return a.sum().itemDouble() + m.matmul(m).sum().itemDouble();
        });
        assertEquals(r.get(0), r.get(1));
        assertTrue(Files.exists(dir.resolve("trace.0.json")), "trace.0.json in " + listing(dir));
        assertTrue(Files.exists(dir.resolve("trace.1.json")), "trace.1.json in " + listing(dir));
        assertTrue(!Files.exists(file), "no un-numbered trace for several shards: " + listing(dir));
        for (int s = 0; s < 2; s++) {
            JsonNode root = JSON.readTree(dir.resolve("trace." + s + ".json").toFile());
            JsonNode events = root.get("traceEvents");
            assertNotNull(events, "shard " + s + ": traceEvents");
            assertTrue(events.isArray());
            Set<String> taskNames = new TreeSet<>();
            Set<Integer> pids = new TreeSet<>();
            for (JsonNode ev : events) {
                if ("X".equals(ev.path("ph").asText()) && "task".equals(ev.path("cat").asText())) {
                    taskNames.add(ev.get("name").asText());
                    assertTrue(ev.get("dur").asDouble() >= 0, "dur >= 0: " + ev);
                    assertTrue(ev.get("ts").asDouble() >= 0, "ts >= 0: " + ev);
                    pids.add(ev.get("pid").asInt());
                }
            }
            assertTrue(taskNames.contains("cohort.arange"), "shard " + s + " task names: " + taskNames);
            assertTrue(taskNames.stream().anyMatch(n -> n.equals("cohort.gemm") || n.equals("cohort.matvec")),
                    "shard " + s + ": the matmul's task: " + taskNames);
            assertTrue(taskNames.stream().allMatch(n -> n.startsWith("cohort.") || n.equals("copy")),
                    "shard " + s + ": only tasks that exist: " + taskNames);
            assertEquals(Set.of(s + 1), pids, "shard " + s + "'s events are process " + (s + 1));
        }
    }

    /**
     * The profile's summary tells the program thread from the workers: with the fast path the program
     * thread also runs (small) point tasks, and it must still be reported as the program thread, its
     * analysis time counted as the program's.
     */
    @Test
    void profileSummaryKeepsTheProgramThreadAProgramThread(@TempDir Path dir) {
        List<String> problems = Cohort.run(new Cohort.Config().shards(1).eagerMaxVolume(0).profile(dir.resolve("one.json")), () -> {
            NdArray a = arange(100).astype(float64).add(1.0);
            double s = a.multiply(a).sum().itemDouble();
            List<String> bad = new ArrayList<>();
            if (s != 338350.0) {
                bad.add("sum " + s);
            }
            if (stats().inlinePointTasks() == 0) {
                bad.add("the fast path did not run, so this test shows nothing");
            }
            var summary = Cohort.current().runtime().executor().profiler().summary();
            String me = Thread.currentThread().getName();
            var mine = summary.threads().stream().filter(t -> t.name().equals(me)).toList();
            if (mine.size() != 1) {
                bad.add("program thread " + me + " not in " + summary.threads());
            } else if (mine.get(0).worker()) {
                bad.add("program thread " + me + " is reported as a worker: " + mine.get(0));
            }
            if (summary.analysisNanos() == 0) {
                bad.add("analysis time of the program threads is 0 although " + summary.rows().stream()
                        .filter(r -> r.category().equals("analysis")).count() + " analysis rows were recorded");
            }
            return bad;
        }).get(0);
        assertTrue(problems.isEmpty(), String.join("; ", problems));
    }

    static String listing(Path dir) {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList().toString();
        } catch (java.io.IOException e) {
            return "? (" + e + ")";
        }
    }
}
