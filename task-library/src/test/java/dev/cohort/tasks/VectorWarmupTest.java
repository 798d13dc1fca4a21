package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link VectorWarmup}'s gates: they open once C2 compiled a kernel, stay closed where C2 never does, and the reductions
 * give the same bits through either side.
 */
class VectorWarmupTest {

    /** A child JVM's program: asks for every gate, prints the outcome, then the scalar-or-vector sum of known data. */
    public static void main(String[] args) throws InterruptedException {
        boolean every = VectorWarmup.awaitAll(Long.parseLong(args[0]));
        System.out.println("every=" + every);
        System.out.println("sumD=" + VectorWarmup.open(VectorWarmup.SUM_D));
        System.out.println("outcome=" + VectorWarmup.outcome());
        double[] a = data(10_007);
        System.out.println("sum=" + Double.doubleToLongBits(Reductions.sumD(0.0, a, 0, a.length)));
    }

    static double[] data(int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = Math.sin(i) * 1e3 + 1.0 / (i + 1);
        }
        return a;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void gatesOpenOnceC2CompiledTheKernels() throws InterruptedException {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        double[] a = data(10_007);
        long scalar = Double.doubleToLongBits(Reductions.sumScalarD(a, 0, a.length));
        VectorWarmup.awaitAll(90_000);
        String outcome = VectorWarmup.outcome();
        // float64 sum and the long max compile on every machine tried; other kernels may be left on the scalar loops
        assertTrue(VectorWarmup.open(VectorWarmup.SUM_D), outcome);
        assertTrue(VectorWarmup.open(VectorWarmup.MAX_L), outcome);
        assertTrue(outcome.contains("sumD after"), outcome);
        assertEquals(scalar, Double.doubleToLongBits(Reductions.sumD(0.0, a, 0, a.length)), "the vector sum gives the scalar loop's bits");
    }

    /** {@code awaitRequested} returns once every gate asked for has settled: opened, or left on the scalar loops. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void awaitRequestedWaitsUntilTheGatesAskedForSettle() throws InterruptedException {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        VectorWarmup.open(VectorWarmup.MAX_D); // asks for the gate when closed
        VectorWarmup.open(VectorWarmup.MIN_D);
        assertTrue(VectorWarmup.awaitRequested(90_000), VectorWarmup.outcome());
        String outcome = VectorWarmup.outcome();
        for (String kernel : new String[] {"maxD", "minD"}) {
            assertTrue(outcome.contains(kernel + " after"), kernel + " settled (opened or left on the scalar loops): " + outcome);
        }
    }

    /** Where the test's stand-in for an uncompiled kernel's boxes goes (a field: escape analysis cannot drop it). */
    static long[][] boxes;

    /**
     * A watched call through an open gate that allocates as the uncompiled form does (C2 threw the kernel's code away)
     * closes the gate; the warm-up compiles the kernel again and reopens it; a call that allocates nothing does not.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aWatchedCallThatRunsUncompiledClosesTheGateUntilTheWarmUpReopensIt() throws InterruptedException {
        int gate = warmedUp(VectorWarmup.MAX_L);
        // WATCH_EVERY small calls that allocate nothing: the watched one among them leaves the gate open
        int watched = 0;
        for (int i = 0; i < VectorWarmup.WATCH_EVERY; i++) {
            long m = VectorWarmup.mark(gate, 1000);
            watched += m >= 0 ? 1 : 0;
            VectorWarmup.check(gate, m);
        }
        assertEquals(1, watched, "calls watched among " + VectorWarmup.WATCH_EVERY);
        // a call on WATCH_ALL_FROM elements or more is watched every time
        for (int i = 0; i < 3; i++) {
            long m = VectorWarmup.mark(gate, VectorWarmup.WATCH_ALL_FROM);
            assertTrue(m >= 0, "a large call went unwatched");
            VectorWarmup.check(gate, m);
        }
        assertTrue(VectorWarmup.open(gate), "a watched call that allocated nothing closed the gate");
        // then a call that allocates as an uncompiled kernel does (a box per vector): checked, it closes the gate. The
        // warm-up thread may compile and reopen it within microseconds, so the closing is read from the outcome
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long mark = mx.getCurrentThreadAllocatedBytes();
        boxes = new long[64][8];
        VectorWarmup.check(gate, mark);
        String outcome = VectorWarmup.outcome();
        int reopened = outcome.indexOf("closed again for recompilation: [");
        assertTrue(reopened >= 0 && outcome.indexOf("gate " + gate + " (", reopened) > 0, outcome);
        // the warm-up thread compiles it again: the gate reopens and the vector kernel gives the scalar bits
        assertTrue(awaitOpen(gate), VectorWarmup.outcome());
        long[] a = {5, -3, 99, 12, 7, 99, -100, 4};
        long[] big = new long[1000];
        for (int i = 0; i < big.length; i++) {
            big[i] = a[i % a.length] * (i + 1);
        }
        long expected = Long.MIN_VALUE;
        for (long v : big) {
            expected = Math.max(expected, v);
        }
        assertEquals(expected, Reductions.reduceL(ReduceOp.MAX, Long.MIN_VALUE, big, 0, big.length));
    }

    /** {@code gate} after every gate's warm-up, skipping the test where vector kernels are off or the gate stays closed. */
    private static int warmedUp(int gate) throws InterruptedException {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        VectorWarmup.awaitAll(90_000);
        assumeTrue(VectorWarmup.open(gate), VectorWarmup.outcome());
        return gate;
    }

    /** Waits up to 60 s for the warm-up to open {@code gate}; whether it is open. */
    private static boolean awaitOpen(int gate) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!VectorWarmup.open(gate) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return VectorWarmup.open(gate);
    }

    /** A gate closed by watched calls more than {@link VectorWarmup#MAX_CLOSINGS} times stays on the scalar loops for good. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aGateClosedTooOftenStaysOnTheScalarLoops() throws InterruptedException {
        int gate = warmedUp(VectorWarmup.MIN_L);
        int before = VectorWarmup.reopenings();
        for (int closing = 1; closing <= VectorWarmup.MAX_CLOSINGS + 1; closing++) {
            assertTrue(awaitOpen(gate), "reopened before closing " + closing + ": " + VectorWarmup.outcome());
            long m = VectorWarmup.mark(gate, VectorWarmup.WATCH_ALL_FROM);
            boxes = new long[64][8];   // as an uncompiled kernel's boxes
            VectorWarmup.check(gate, m);
            // the warm-up thread may reopen it within microseconds, so the closing is read from the count
            assertEquals(before + closing, VectorWarmup.reopenings(), "closing " + closing);
        }
        assertEquals(before + VectorWarmup.MAX_CLOSINGS + 1, VectorWarmup.reopenings());
        Thread.sleep(1000);
        assertFalse(VectorWarmup.open(gate), "reopened after too many closings: " + VectorWarmup.outcome());
        assertTrue(VectorWarmup.outcome().contains("gate " + gate + " (closed " + (VectorWarmup.MAX_CLOSINGS + 1) + " times"),
                VectorWarmup.outcome());
        long[] a = {5, -3, 99, 12, 7, 99, -100, 4};
        assertEquals(-100, Reductions.reduceL(ReduceOp.MIN, Long.MAX_VALUE, a, 0, a.length), "the scalar loop serves");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void gatesStayClosedWithoutC2AndTheScalarLoopsServe() throws IOException, InterruptedException {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        // C1 only: the Vector API is never intrinsified, so every gate stays closed
        List<String> c1 = run("-XX:TieredStopAtLevel=1");
        assertEquals("every=false", c1.get(0), String.join("\n", c1));
        assertEquals("sumD=false", c1.get(1), String.join("\n", c1));
        assertTrue(c1.get(2).endsWith("left on the scalar loops: [every kernel (-XX:TieredStopAtLevel=1: no C2)]"),
                String.join("\n", c1));
        // with the gates opened at once the vector kernel runs from the first call, uncompiled, with the same bits
        List<String> atOnce = run("-D" + VectorWarmup.PROP + "=false");
        assertEquals("sumD=true", atOnce.get(1), String.join("\n", atOnce));
        assertEquals(c1.get(3), atOnce.get(3), "the sum's bits do not depend on the gate");
        double[] a = data(10_007);
        assertEquals("sum=" + Double.doubleToLongBits(Reductions.sumScalarD(a, 0, a.length)), c1.get(3));
    }

    private static List<String> run(String option) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "--add-modules=jdk.incubator.vector", option, "-cp",
                System.getProperty("java.class.path"), VectorWarmupTest.class.getName(), "60000")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertTrue(p.waitFor(100, TimeUnit.SECONDS), "the child JVM ended");
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertEquals(0, p.exitValue(), String.join("\n", lines));
            assertEquals(4, lines.size(), String.join("\n", lines));
            assertFalse(lines.get(3).isEmpty());
            return lines;
        } finally {
            p.destroyForcibly();
        }
    }
}
