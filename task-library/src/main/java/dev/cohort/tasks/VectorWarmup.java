package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The gates of the Vector API kernels ({@link SimdReductions}, {@link FusedSimd}, {@link SimdPredicates}): each stays
 * closed until C2 has compiled its kernel, so that no user's array runs through the API's uncompiled form.
 *
 * <p><b>Why.</b> Until C2 compiles a Vector API loop, the interpreter and C1 run it as Java code that boxes every
 * vector: measured here, {@code x.sum()} of 1e5 float64 took 1.5-3 ms a call for its first 100-300 calls (about
 * 20 ns an element), against 0.18 ms on the scalar loops at their second call and 0.05 ms once compiled. A program of
 * a few hundred operations (a short script, a jshell session, the op-mix suite's cases) ran almost all of them in
 * that state. The scalar loops of {@link Reductions} and {@link Loops} compute the same bits (the fixed accumulation
 * order of {@link Reductions}' class comment; element-wise IEEE operations), so a kernel can take them until its
 * vector code is ready and switch without changing a result.
 *
 * <p><b>How.</b> A kernel's call site asks {@link #open} for its gate. The first time a closed gate is asked for, it is
 * queued for one daemon thread ({@code cohort-vector-warmup}, started on the first request), which calls that kernel,
 * with every operation and path the gate covers, over small private arrays (263 and 256 elements: with and without a
 * scalar tail; rows of 16 to 128 columns for MATVEC's row kernels), in batches of {@link #BATCH}, round robin over
 * the kernels it warms, without pause: HotSpot drops a queued compilation whose method was not called for
 * {@code TieredCompileTaskTimeout} (50 ms), and a C1-compiled method reports its calls only every 1 024, so a
 * kernel called now and then was measured to wait 5-10 s for C2 instead of 1-2 s. A kernel counts as compiled
 * when a batch allocates at most {@link #COMPILED_BYTES} bytes a call
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}): C2's intrinsics keep vectors in
 * registers, while the uncompiled form allocates a box per vector (kilobytes a call here), which no load on the
 * machine changes. The gate opens when all of its kernel's forms are compiled. A form still allocating after
 * {@link #GIVE_UP_SECONDS} s of warm-up (and a second of an idle JIT, {@link #GIVE_UP_BUSY_SECONDS} s at most)
 * leaves its gate closed for good, and the scalar loops serve it; so does every
 * gate of a JVM without C2 ({@code -XX:TieredStopAtLevel} below 4, {@code -Xint}) or without allocation counters.
 * {@link #outcome} says what happened.
 *
 * <p><b>Watching an open gate.</b> C2 may later throw a compiled kernel away (a deoptimization: the Vector API's
 * internals are shared by every kernel, so a class or profile C2 speculated on when the warm-up compiled one kernel
 * can fail once the program's own calls, or another kernel, reach it), and until C2 compiles it again the kernel
 * runs in the uncompiled form behind an open gate: measured here, {@code less} of two 1 000-element int32 arrays
 * took 90-100 µs a call for about 1 400 calls after the warm-up had opened its gate, against 5 µs compiled. So every
 * call of at least {@link #WATCH_ALL_FROM} elements and every {@link #WATCH_EVERY}-th smaller one through an open
 * gate is watched ({@link #mark} before it, {@link #check} or {@link #checked} after it): a call that allocated more
 * than {@link #COMPILED_BYTES} closes the gate again and queues it for the warm-up thread (once: a gate closed
 * {@link #MAX_CLOSINGS} + 1 times stays closed), and the scalar loops serve until it is compiled again.
 * {@link #outcome} lists such gates. The cost: two reads of the thread's allocation counter (about 50 ns) per
 * watched call. Each kernel is one {@link VectorLoop}, compiled alone, so the code warmed is the code watched.
 * {@code -Dcohort.simd.watch=false} turns the watch off.
 *
 * <p>{@code -Dcohort.simd.warmup=false} opens every gate at once, without the thread (the behaviour before the gates).
 * The cost of the gates: the warm-up calls of each kernel a program uses, in the uncompiled form until C2 compiles
 * it (all 70 forms of the 32 gates together: 1-3 s of one core here, while the program's own calls run on the
 * scalar loops), and C2's compilations, which the program's first calls would otherwise trigger.
 */
public final class VectorWarmup {
    private VectorWarmup() {
    }

    /** System property: {@code false} opens every gate at once, without warming the kernels up. */
    public static final String PROP = "cohort.simd.warmup";
    /** Calls of one kernel between two readings of the thread's allocation counter. */
    static final int BATCH = 32;
    /**
     * A kernel counts as compiled when a batch allocated at most this many bytes a call (about 2 an element of the
     * calls; the compiled forms allocate 0 to 144, the uncompiled ones 3 to 20 kilobytes).
     */
    static final long COMPILED_BYTES = 512;
    /**
     * Seconds of warm-up after which a kernel still allocating stays on the scalar loops, once the JIT has been idle
     * for {@link #JIT_IDLE_SECONDS} (while it compiles other methods, C2 may not yet have reached the kernel: in the
     * op-mix suite's child, whose own warm-up kept C2 busy, the float32 function loops were still queued after 10 s).
     * A gate that a watched call closed is warmed again for this long at most, JIT busy or not: the program is running
     * then, and the warm-up thread takes a core from it (a re-warm that did not compile took one from the op-mix
     * suite's cases for up to a minute, 10x slower 1e3 cases).
     */
    static final int GIVE_UP_SECONDS = 10;
    /** Seconds without JIT compilation after which {@link #GIVE_UP_SECONDS} applies. */
    static final int JIT_IDLE_SECONDS = 1;
    /** Seconds of warm-up after which a kernel still allocating stays on the scalar loops, however busy the JIT. */
    static final int GIVE_UP_BUSY_SECONDS = 30;
    /** Elements of a warm-up call's arrays: a multiple of 16 and a tail of 7. */
    static final int N = 263;

    // the gates: one per kernel (and per operation of the FUSED loops)
    static final int ACCUMULATE = 0;
    static final int SUM_D = 1;
    static final int SUM_F = 2;
    static final int SUM_L = 3;
    static final int SUM_I = 4;
    static final int DOT_D = 5;
    static final int DOT_F = 6;
    static final int DOT_ROWS_D = 7;
    static final int DOT_ROWS_F = 8;
    static final int AXPY_ROWS_D = 9;
    static final int AXPY_ROWS_F = 10;
    static final int MAX_D = 11;
    static final int MAX_F = 12;
    static final int MAX_L = 13;
    static final int MAX_I = 14;
    static final int MIN_D = 15;
    static final int MIN_F = 16;
    static final int MIN_L = 17;
    static final int MIN_I = 18;
    /** {@code FUSED_D + op.ordinal()}: {@link FusedSimd#binaryD}, {@code binaryDS} and {@code binarySD} on {@code op}. */
    static final int FUSED_D = 19;
    /** {@code FUSED_L + op.ordinal()}: {@link FusedSimd#binaryL}, {@code binaryLS} and {@code binarySL} on {@code op}. */
    static final int FUSED_L = FUSED_D + BinaryOp.values().length;
    /** {@code FUSED_UNARY_D + op.ordinal()}: {@link FusedSimd#unaryD} on {@code op}. */
    static final int FUSED_UNARY_D = FUSED_L + BinaryOp.values().length;
    /** {@code FUSED_I + op.ordinal()}: {@link FusedSimd#binaryI}, {@code binaryIS} and {@code binarySI} on {@code op}. */
    static final int FUSED_I = FUSED_UNARY_D + UnaryOp.values().length;
    /**
     * {@code PREDICATE + type.ordinal() * BinaryOp.PREDICATES + op.predicateSlot()}: {@link SimdPredicates}' loops of
     * predicate {@code op} (the comparisons and the logical operators) on arrays of {@code FieldType} {@code type}, array
     * and scalar forms.
     */
    static final int PREDICATE = FUSED_I + BinaryOp.values().length;
    /** {@code FLOAT32_FUNCTIONS + op.ordinal()}: {@link Float32Simd#apply} on {@code op} ({@link Float32Functions#covers}). */
    static final int FLOAT32_FUNCTIONS = PREDICATE + FieldType.values().length * BinaryOp.PREDICATES;
    /** {@link Float32Simd#powCore}: float32 {@code power}'s approximations ({@link Float32Functions#pow}). */
    static final int FLOAT32_POW = FLOAT32_FUNCTIONS + UnaryOp.values().length;
    /** {@code FLOAT64_FUNCTIONS} ({@code exp}) and the three gates after it ({@code log}, {@code log1p}, {@code tanh}): {@link Float64Simd#apply} ({@link Float64Functions#gate}). */
    /** {@link Float32Simd#roundPow}: float32 {@code power}'s rounding of its approximations ({@link Float32Functions#pow}). */
    static final int FLOAT32_ROUND_POW = FLOAT32_POW + 1;
    static final int FLOAT64_FUNCTIONS = FLOAT32_ROUND_POW + 1;
    static final int GATES = FLOAT64_FUNCTIONS + 4;

    /**
     * The gate of {@link SimdPredicates}' loops of {@code op} on arrays of {@code type}, or -1 when it has none: {@code op}
     * is not a predicate, or is a logical operator on a number type (bool only: see {@link SimdPredicates}).
     */
    static int predicateGate(FieldType type, BinaryOp op) {
        int c = op.predicateSlot();
        return c < 0 || op.isLogical() && type != FieldType.BOOL ? -1 : PREDICATE + type.ordinal() * BinaryOp.PREDICATES + c;
    }

    /** System property: {@code false} watches no open gate ({@link #mark} always -1). */
    public static final String WATCH_PROP = "cohort.simd.watch";
    private static final boolean WATCH = !"false".equalsIgnoreCase(System.getProperty(WATCH_PROP, "true"));
    /** Calls through an open gate between two watched ones (a power of two). */
    static final int WATCH_EVERY = 64;
    /**
     * Elements from which every call through an open gate is watched: two readings of the allocation counter cost
     * about 50 ns here, under 1 % of a kernel's call on this many elements, while a call that meets the uncompiled
     * kernel costs milliseconds (about 20 ns an element), so one such call is all a program pays before the scalar
     * loops take over.
     */
    static final int WATCH_ALL_FROM = 16_384;

    private static final boolean[] OPEN = new boolean[GATES];
    /** Calls through each open gate, counted for {@link #mark} (racy: a lost count only moves a watched call). */
    private static final int[] CALLS = new int[GATES];
    /** The allocation counter of the calling thread, or null where the JVM has none (then nothing is watched). */
    private static final com.sun.management.ThreadMXBean ALLOCATION = allocationCounter();
    private static final List<String> REOPENED = new ArrayList<>();
    /** Per gate: 0 never asked for, 1 queued or warming, 2 opened, 3 closed for good. */
    private static final AtomicIntegerArray STATE = new AtomicIntegerArray(GATES);
    private static final LinkedBlockingQueue<Integer> REQUESTS = new LinkedBlockingQueue<>();
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final boolean AT_ONCE = "false".equalsIgnoreCase(System.getProperty(PROP, "true"));
    private static final List<String> OPENED = new ArrayList<>();
    private static final List<String> CLOSED = new ArrayList<>();

    static {
        if (AT_ONCE) {
            java.util.Arrays.fill(OPEN, true);
            for (int g = 0; g < GATES; g++) {
                STATE.set(g, 2);
            }
        }
    }

    /**
     * Whether gate {@code gate} is open (C2 compiled that kernel, or {@link #PROP} is false). A closed gate asked for
     * the first time is queued for the warm-up thread.
     */
    static boolean open(int gate) {
        if (OPEN[gate]) {
            return true;
        }
        if (STATE.get(gate) == 0) {
            request(gate);
        }
        return false;
    }

    /**
     * Before a call of gate {@code gate}'s kernel over {@code elements} elements through an open gate: -1, or, for a
     * call of at least {@link #WATCH_ALL_FROM} elements and on every {@link #WATCH_EVERY}-th call, the calling thread's
     * allocated bytes, to hand to {@link #check} after the call.
     */
    static long mark(int gate, long elements) {
        if (ALLOCATION == null || AT_ONCE || !WATCH || elements < WATCH_ALL_FROM && (++CALLS[gate] & (WATCH_EVERY - 1)) != 0) {
            return -1;
        }
        return ALLOCATION.getCurrentThreadAllocatedBytes();
    }

    /**
     * After a call begun with {@code mark} = {@link #mark}{@code (gate)}: when the call was watched and allocated more
     * than {@link #COMPILED_BYTES} (the kernel runs uncompiled again: C2 threw its code away), closes the gate and
     * queues it for the warm-up thread; its kernel's callers take the scalar loops until it is compiled again.
     */
    static void check(int gate, long mark) {
        if (mark >= 0) {
            long bytes = ALLOCATION.getCurrentThreadAllocatedBytes() - mark;
            if (bytes > COMPILED_BYTES) {
                reopen(gate, bytes);
            }
        }
    }

    /** {@link #check}, returning the kernel's result {@code value} (for a call inside a condition). */
    static boolean checked(int gate, long mark, boolean value) {
        check(gate, mark);
        return value;
    }

    private static synchronized void reopen(int gate, long bytes) {
        if (!OPEN[gate] || STATE.get(gate) != 2) {
            return;
        }
        OPEN[gate] = false;
        if (++CLOSINGS[gate] > MAX_CLOSINGS) {
            // the compiled kernel keeps being thrown away under this program's calls: the scalar loops serve for good
            STATE.set(gate, 3);
            CLOSED.add("gate " + gate + " (closed " + CLOSINGS[gate] + " times by watched calls, " + bytes + " B in the last)");
            return;
        }
        STATE.set(gate, 1);
        REOPENED.add("gate " + gate + " (" + bytes + " B in a watched call)");
        REQUESTS.add(gate);
    }

    /**
     * Times a gate may be closed by a watched call and reopened by the warm-up: one more closing leaves it on the scalar
     * loops for good. Measured: without a bound, a float32 sum's gate of the op-mix suite was closed and reopened 36
     * times in one case (each closing costs a call on the uncompiled kernel and the warm-up thread's core).
     */
    static final int MAX_CLOSINGS = 1;
    /** Per gate: closings by watched calls so far. */
    private static final int[] CLOSINGS = new int[GATES];

    private static com.sun.management.ThreadMXBean allocationCounter() {
        try {
            if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                    && mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled()) {
                return mx;
            }
        } catch (RuntimeException | LinkageError e) {
            // no counter: nothing is watched
        }
        return null;
    }

    private static void request(int gate) {
        if (!STATE.compareAndSet(gate, 0, 1)) {
            return;
        }
        REQUESTS.add(gate);
        if (STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(VectorWarmup::run, "cohort-vector-warmup");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /**
     * Asks for every gate and waits up to {@code timeoutMillis} for the warm-up to settle them (benchmarks that measure
     * the vector kernels call this first); returns whether every gate is open.
     */
    public static boolean awaitAll(long timeoutMillis) throws InterruptedException {
        if (!Reductions.SIMD) {
            return false;
        }
        for (int g = 0; g < GATES; g++) {
            if (STATE.get(g) == 0) {
                request(g);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (System.nanoTime() < deadline) {
            boolean settled = true;
            boolean every = true;
            for (int g = 0; g < GATES; g++) {
                settled &= STATE.get(g) >= 2;
                every &= OPEN[g];
            }
            if (settled) {
                return every;
            }
            Thread.sleep(10);
        }
        return false;
    }

    /**
     * Waits up to {@code timeoutMillis} until the warm-up has settled (opened or closed for good) every gate asked for so
     * far, without asking for any other; returns whether it did. A benchmark that measures a program's steady state
     * calls this after its untimed rounds: until then the warm-up thread takes a core and the program's kernels run
     * the scalar loops. A no-op returning true where the vector kernels are off or every gate opened at once.
     */
    public static boolean awaitRequested(long timeoutMillis) throws InterruptedException {
        if (!Reductions.SIMD || AT_ONCE) {
            return true;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            boolean settled = true;
            for (int g = 0; g < GATES && settled; g++) {
                settled = STATE.get(g) != 1;
            }
            if (settled) {
                return true;
            }
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(10);
        }
    }

    /** What the warm-up did so far: the kernels it compiled, and those it left on the scalar loops with the reason. */
    public static synchronized String outcome() {
        if (!Reductions.SIMD) {
            return "the vector kernels are off in this JVM (" + Reductions.SIMD_PROP + ", module or CPU)";
        }
        if (AT_ONCE) {
            return "every gate opened at once (-D" + PROP + "=false)";
        }
        return "compiled: " + OPENED + "; left on the scalar loops: " + CLOSED
                + (REOPENED.isEmpty() ? "" : "; closed again for recompilation: " + REOPENED);
    }

    /** How many times a watched call closed an open gate ({@link #outcome} lists them). */
    public static synchronized int reopenings() {
        int n = 0;
        for (int c : CLOSINGS) {
            n += c;
        }
        return n;
    }

    /** Opens or closes gate {@code gate} for good; {@code what} names an opened gate's last compiled form, or why it stays closed. */
    private static synchronized void settle(int gate, boolean open, String what) {
        (open ? OPENED : CLOSED).add(what);
        OPEN[gate] = open;
        STATE.set(gate, open ? 2 : 3);
    }

    /** One form of a vector kernel over fixed private arrays; the argument is the call's number ({@link #len}). */
    record Kernel(String name, int gate, java.util.function.IntConsumer call) {
    }

    /** A form being warmed up. */
    private static final class Warming {
        final Kernel kernel;
        final long since = System.nanoTime();
        /** Whether a watched call closed its gate: the program is running, so the warm-up's core is the program's. */
        final boolean again;
        int calls;

        Warming(Kernel kernel, boolean again) {
            this.kernel = kernel;
            this.again = again;
        }
    }

    private static void run() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        String without = !(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled())
                ? "this JVM counts no allocation per thread" : withoutC2();
        List<Warming> warming = new ArrayList<>();
        int[] left = new int[GATES]; // forms of each gate not yet compiled
        boolean[] failed = new boolean[GATES];
        try {
            while (true) {
                Integer next = warming.isEmpty() ? REQUESTS.take() : REQUESTS.poll();
                for (; next != null; next = REQUESTS.poll()) {
                    int gate = next;
                    if (without != null) {
                        synchronized (VectorWarmup.class) {
                            if (CLOSED.isEmpty()) {
                                CLOSED.add("every kernel (" + without + ")");
                            }
                        }
                        STATE.set(gate, 3);
                        continue;
                    }
                    for (Kernel k : kernels()) {
                        if (k.gate() == gate) {
                            warming.add(new Warming(k, CLOSINGS[gate] > 0));
                            left[gate]++;
                        }
                    }
                    if (left[gate] == 0) {
                        // an operation without a vector loop (FusedSimd returns false for it): nothing to open
                        STATE.set(gate, 3);
                    }
                }
                long now = System.nanoTime();
                long jit = jitMillis();
                if (jit != jitSeen) {
                    jitSeen = jit;
                    jitBusyAt = now;
                }
                boolean jitIdle = now - jitBusyAt > TimeUnit.SECONDS.toNanos(JIT_IDLE_SECONDS);
                for (int i = warming.size() - 1; i >= 0; i--) {
                    Warming w = warming.get(i);
                    long before = mx.getCurrentThreadAllocatedBytes();
                    for (int c = 0; c < BATCH; c++) {
                        w.kernel.call().accept(w.calls + c);
                    }
                    long bytes = mx.getCurrentThreadAllocatedBytes() - before;
                    w.calls += BATCH;
                    int gate = w.kernel.gate();
                    boolean compiled = bytes <= COMPILED_BYTES * BATCH;
                    long warmed = now - w.since;
                    boolean late = warmed > TimeUnit.SECONDS.toNanos(GIVE_UP_SECONDS) && (jitIdle || w.again)
                            || warmed > TimeUnit.SECONDS.toNanos(GIVE_UP_BUSY_SECONDS);
                    if (compiled || late) {
                        warming.remove(i);
                        failed[gate] |= !compiled;
                        String what = String.format(Locale.ROOT, "%s after %d calls, %.2f s", w.kernel.name(), w.calls, (now - w.since) / 1e9)
                                + (compiled ? "" : " (" + bytes / BATCH + " B a call)");
                        if (!compiled) {
                            synchronized (VectorWarmup.class) {
                                CLOSED.add(what);
                            }
                        }
                        if (--left[gate] == 0) {
                            if (failed[gate]) {
                                STATE.set(gate, 3); // never opened: closed for good
                            } else {
                                settle(gate, true, what);
                            }
                        }
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | LinkageError e) {
            for (int g = 0; g < GATES; g++) {
                if (STATE.get(g) == 1) {
                    settle(g, false, "gate " + g + " (the warm-up failed: " + e + ")");
                }
            }
        }
    }

    /** The JIT's total compilation time so far (ms), or 0 where the JVM does not report it. */
    private static long jitMillis() {
        return JIT != null ? JIT.getTotalCompilationTime() : 0;
    }

    private static final java.lang.management.CompilationMXBean JIT = compilationBean();
    private static long jitSeen = -1;
    private static long jitBusyAt = System.nanoTime();

    private static java.lang.management.CompilationMXBean compilationBean() {
        java.lang.management.CompilationMXBean b = ManagementFactory.getCompilationMXBean();
        return b != null && b.isCompilationTimeMonitoringSupported() ? b : null;
    }

    /** Why this JVM never runs C2 ({@code -Xint}, {@code -XX:TieredStopAtLevel} below 4), or null. */
    private static String withoutC2() {
        if (String.valueOf(System.getProperty("java.vm.info")).contains("interpreted mode")) {
            return "-Xint: no compiler";
        }
        try {
            com.sun.management.HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            String level = hs == null ? null : hs.getVMOption("TieredStopAtLevel").getValue();
            return level != null && Integer.parseInt(level) < 4 ? "-XX:TieredStopAtLevel=" + level + ": no C2" : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static List<Kernel> cached;

    /** Every vector kernel with every operation it dispatches on, over private arrays. */
    static synchronized List<Kernel> kernels() {
        if (cached != null) {
            return cached;
        }
        int n = N + 8; // room for offsets of up to 2 and calls of N elements
        double[] d = filled(n, 1.0);
        double[] e = filled(n, 2.0);
        double[] od = new double[n];
        float[] f = new float[n];
        float[] g = new float[n];
        float[] of = new float[n];
        long[] l = new long[n];
        long[] m = new long[n];
        long[] ol = new long[n];
        int[] k = new int[n];
        int[] k2 = new int[n];
        int[] ok = new int[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) d[i];
            g[i] = (float) e[i];
            l[i] = i % 97;
            m[i] = i % 89 + 1;
            k[i] = i % 97;
            k2[i] = i % 89 + 1;
        }
        double[] s = new double[Reductions.K];
        List<Kernel> ks = new ArrayList<>();
        ks.add(new Kernel("accumulate", ACCUMULATE, c -> SimdReductions.accumulate(s, d, 0, N / 16)));
        ks.add(new Kernel("sumD", SUM_D, c -> sink(SimdReductions.sumD(d, 0, len(c)))));
        ks.add(new Kernel("dotD", DOT_D, c -> sink(SimdReductions.dotD(d, 0, e, 1, len(c)))));
        ks.add(new Kernel("sumF", SUM_F, c -> sink(SimdReductions.sumF(f, 0, len(c)))));
        ks.add(new Kernel("dotF", DOT_F, c -> sink(SimdReductions.dotF(f, 0, g, 1, len(c)))));
        ks.add(new Kernel("maxD", MAX_D, c -> sink(SimdReductions.maxD(d, 0, len(c)))));
        ks.add(new Kernel("minD", MIN_D, c -> sink(SimdReductions.minD(d, 0, len(c)))));
        ks.add(new Kernel("maxF", MAX_F, c -> sink(SimdReductions.maxF(f, 0, len(c)))));
        ks.add(new Kernel("minF", MIN_F, c -> sink(SimdReductions.minF(f, 0, len(c)))));
        ks.add(new Kernel("maxL", MAX_L, c -> sink(SimdReductions.maxL(l, 0, len(c)))));
        ks.add(new Kernel("minL", MIN_L, c -> sink(SimdReductions.minL(l, 0, len(c)))));
        ks.add(new Kernel("sumL", SUM_L, c -> sink(SimdReductions.sumL(l, 0, len(c)))));
        ks.add(new Kernel("maxI", MAX_I, c -> sink(SimdReductions.maxI(k, 0, len(c)))));
        ks.add(new Kernel("minI", MIN_I, c -> sink(SimdReductions.minI(k, 0, len(c)))));
        ks.add(new Kernel("sumI", SUM_I, c -> sink(SimdReductions.sumI(k, 0, len(c)))));
        for (int cols : new int[] {16, 20, 32, 40, 100, 128}) {
            int rows = N / cols;
            ks.add(new Kernel("dotRowsD/" + cols, DOT_ROWS_D, c -> SimdReductions.dotRowsD(d, 0, cols, e, 0, 0, od, 0, 1, rows, cols)));
            ks.add(new Kernel("dotRowsF/" + cols, DOT_ROWS_F, c -> SimdReductions.dotRowsF(f, 0, cols, g, 0, 0, of, 0, 1, rows, cols)));
            ks.add(new Kernel("axpyRowsD/" + cols, AXPY_ROWS_D, c -> SimdReductions.axpyRowsD(od, 0, d, 0, cols, e, 0, 1, rows, cols)));
            ks.add(new Kernel("axpyRowsF/" + cols, AXPY_ROWS_F, c -> SimdReductions.axpyRowsF(of, 0, f, 0, cols, g, 0, 1, rows, cols)));
        }
        for (BinaryOp op : new BinaryOp[] {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY, BinaryOp.DIVIDE,
                BinaryOp.MAXIMUM, BinaryOp.MINIMUM}) {
            ks.add(new Kernel("binaryD." + op, FUSED_D + op.ordinal(), c -> FusedSimd.binaryD(op, od, 0, d, 1, e, 2, len(c))));
            ks.add(new Kernel("binaryDS." + op, FUSED_D + op.ordinal(), c -> FusedSimd.binaryDS(op, od, 0, d, 1, 3.0, len(c))));
            ks.add(new Kernel("binarySD." + op, FUSED_D + op.ordinal(), c -> FusedSimd.binarySD(op, od, 0, 3.0, e, 1, len(c))));
        }
        for (BinaryOp op : new BinaryOp[] {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.BITWISE_AND, BinaryOp.BITWISE_OR, BinaryOp.BITWISE_XOR,
                BinaryOp.MAXIMUM, BinaryOp.MINIMUM}) {
            ks.add(new Kernel("binaryL." + op, FUSED_L + op.ordinal(), c -> FusedSimd.binaryL(op, ol, 0, l, 1, m, 2, len(c))));
            ks.add(new Kernel("binaryLS." + op, FUSED_L + op.ordinal(), c -> FusedSimd.binaryLS(op, ol, 0, l, 1, 3L, len(c))));
            ks.add(new Kernel("binarySL." + op, FUSED_L + op.ordinal(), c -> FusedSimd.binarySL(op, ol, 0, 3L, m, 1, len(c))));
        }
        for (UnaryOp op : new UnaryOp[] {UnaryOp.NEGATIVE, UnaryOp.SQUARE, UnaryOp.SQRT, UnaryOp.RECIPROCAL}) {
            ks.add(new Kernel("unaryD." + op, FUSED_UNARY_D + op.ordinal(), c -> FusedSimd.unaryD(op, od, 0, e, 1, len(c))));
        }
        for (BinaryOp op : new BinaryOp[] {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.BITWISE_AND, BinaryOp.BITWISE_OR, BinaryOp.BITWISE_XOR,
                BinaryOp.MAXIMUM, BinaryOp.MINIMUM}) {
            ks.add(new Kernel("binaryI." + op, FUSED_I + op.ordinal(), c -> FusedSimd.binaryI(op, ok, 0, k, 1, k2, 2, len(c))));
            ks.add(new Kernel("binaryIS." + op, FUSED_I + op.ordinal(), c -> FusedSimd.binaryIS(op, ok, 0, k, 1, 3, len(c))));
            ks.add(new Kernel("binarySI." + op, FUSED_I + op.ordinal(), c -> FusedSimd.binarySI(op, ok, 0, 3, k2, 1, len(c))));
        }
        // the comparisons' operands: a(i) = i % 3 against b(i) = 1 (and the scalar 1), so that every run of 3
        // elements, the scalar tails included, is below, equal to and above: each branch of a tail is taken both
        // ways in the warm-up (a branch C2 saw go one way only is compiled as a trap, and the program's first call
        // that goes the other way would throw the compiled kernel away); bool: i % 3 != 0 against i % 2
        double[] pd = new double[n];
        double[] qd = new double[n];
        float[] pf = new float[n];
        float[] qf = new float[n];
        long[] pl = new long[n];
        long[] ql = new long[n];
        int[] pi = new int[n];
        int[] qi = new int[n];
        byte[] z = new byte[n];
        byte[] y = new byte[n];
        byte[] oz = new byte[n];
        for (int i = 0; i < n; i++) {
            pd[i] = i % 3;
            qd[i] = 1;
            pf[i] = i % 3;
            qf[i] = 1;
            pl[i] = i % 3;
            ql[i] = 1;
            pi[i] = i % 3;
            qi[i] = 1;
            z[i] = (byte) (i % 3 == 0 ? 0 : 1);
            y[i] = (byte) (i % 2);
        }
        for (BinaryOp op : BinaryOp.values()) {
            for (FieldType t : FieldType.values()) {
                if (predicateGate(t, op) < 0) {
                    continue;
                }
                Object a = switch (t) {
                    case FLOAT64 -> pd;
                    case FLOAT32 -> pf;
                    case INT64 -> pl;
                    case INT32 -> pi;
                    case BOOL -> z;
                };
                Object b = switch (t) {
                    case FLOAT64 -> qd;
                    case FLOAT32 -> qf;
                    case INT64 -> ql;
                    case INT32 -> qi;
                    case BOOL -> y;
                };
                int gate = predicateGate(t, op);
                ks.add(new Kernel("predicate" + t + "." + op, gate, q -> SimdPredicates.predicate(t, op, oz, 0, a, 1, b, 2, len(q))));
                ks.add(new Kernel("predicateVS" + t + "." + op, gate, q -> SimdPredicates.predicateVS(t, op, oz, 0, a, 1, 1.0, 1L, len(q))));
            }
        }
        // last: the largest methods, whose compilations take longest
        for (UnaryOp op : UnaryOp.values()) {
            if (Float32Functions.SIMD && Float32Functions.covers(op)) {
                ks.add(new Kernel("float32." + op, FLOAT32_FUNCTIONS + op.ordinal(), c -> Float32Simd.apply(op, od, 0, e, 1, len(c))));
            }
        }
        if (Float32Functions.SIMD) {
            ks.add(new Kernel("float32.POW", FLOAT32_POW, c -> Float32Simd.powCore(od, 0, e, 1, e, 2, len(c))));
            // the rounding of approximations of powers of e's (float) values: whole vectors of its fast case, and (where
            // c % 8 == 5) a vector of a negative base first, so that both ways out of the loop are taken
            double[] pa = new double[n];
            double[] pr = new double[n];
            for (int i = 0; i < n; i++) {
                pa[i] = (float) e[i];
                pr[i] = Float32Functions.powCore(pa[i], 1.5);
            }
            double[] pb = new double[n];
            java.util.Arrays.fill(pb, 1.5);
            double[] pw = new double[n];
            ks.add(new Kernel("float32.ROUND_POW", FLOAT32_ROUND_POW, c -> {
                System.arraycopy(pr, 0, pw, 0, n);
                pa[1] = (c & 7) == 5 ? -1.0 : (float) e[1];
                Float32Simd.roundPow(pw, pa, 0, pb, 0, len(c));
            }));
        }
        if (Float64Functions.SIMD) {
            for (UnaryOp op : new UnaryOp[] {UnaryOp.EXP, UnaryOp.LOG, UnaryOp.LOG1P}) {
                ks.add(new Kernel("float64." + op, Float64Functions.gate(op), c -> Float64Simd.apply(op, od, 0, e, 1, len(c))));
            }
            // tanh: arguments up to 24.25, so that some vectors are all at least 22 (its loop's shortcut) and some not
            double[] th = new double[n];
            for (int i = 0; i < n; i++) {
                th[i] = (i % 97 + 1) / (i % 2 == 0 ? 4.0 : -4.0);
            }
            ks.add(new Kernel("float64." + UnaryOp.TANH, Float64Functions.gate(UnaryOp.TANH), c -> Float64Simd.apply(UnaryOp.TANH, od, 0, th, 1, len(c))));
        }
        cached = List.copyOf(ks);
        return cached;
    }

    /**
     * The elements of call {@code c}: {@link #N} (a scalar tail of 7) for even calls, 256 (no tail) for odd ones, and
     * {@link #SHORT} for every fourth: a call too short for the vector loop, so that C2 sees each way out of the loops
     * taken (a user's array of 5 elements must not meet a trap in the compiled kernel).
     */
    static int len(int c) {
        return (c & 3) == 3 ? SHORT : N - (c & 1) * 7;
    }

    /** Elements of every fourth warm-up call: fewer than one vector step of any kernel. */
    static final int SHORT = 5;

    private static double[] filled(int n, double scale) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = scale * ((i % 97) + 1) / 16.0;
        }
        return a;
    }

    /** Keeps a result alive so that C2 cannot drop the call. */
    @SuppressWarnings("unused")
    private static volatile double sunk;

    private static void sink(double v) {
        sunk = v;
    }
}
