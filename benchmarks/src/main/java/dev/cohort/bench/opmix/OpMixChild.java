package dev.cohort.bench.opmix;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.macro.ChildCase;
import dev.cohort.bench.opmix.OpMixCases.Case;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The Cohort side of the op-mix suite, in a JVM of its own ({@link OpMixBenchmark} starts it and talks to it through a
 * {@link CaseServer}): {@code cases=FILE} ({@link OpMixCases#write}) and {@code warm_calls=N} (default 0). First
 * {@link #warmUp} over the file's cases, then {@code ready=1}; then it runs each case line of its standard input
 * ({@link OpMixCases#line}) until its end, the cases of each dtype and size in one program. On 1 shard ({@code Cohort.run(1, ...)}, the default configuration, as a new user runs),
 * for each case: the dtype's inputs are built from {@link OpMixCases}' formulas on the host and loaded
 * ({@code Np.array(data, shape)}, untimed, once per dtype and size), then the case's program (the operation and the
 * read-back of one value as a double, {@link #program}) runs {@code warmup} times untimed and {@code rounds} x
 * {@code inner} times timed with {@link System#nanoTime}, a sample per round; each call's result is closed after its
 * value is read ({@link Inputs#free}), inside the timing. It prints, as it goes:
 * {@code <op>.<dtype>.<size>.samples=} (seconds per call, comma-separated), {@code .value=} (the last call's value,
 * {@link Double#toString}), {@code .dtype=} (the result's dtype), or {@code .error=} when the program throws (the
 * child goes on with the next case), then {@code done=<op>.<dtype>.<size>}.
 */
@Command(name = "opmix-child", description = "The Cohort side of the op-mix suite (started by OpMixBenchmark; prints key=value lines).")
public final class OpMixChild implements Callable<Integer> {
    @Parameters(paramLabel = "KEY=VALUE", description = "cases=FILE.")
    List<String> settings = List.of();

    public static void main(String[] args) {
        ChildCase.exit(new OpMixChild(), args);
    }

    @Override
    public Integer call() throws Exception {
        Map<String, String> a = KeyValues.parseArguments(settings.toArray(String[]::new));
        String file = a.get("cases");
        if (file == null) {
            throw new IllegalArgumentException("missing cases=FILE");
        }
        List<Case> cases = OpMixCases.read(Path.of(file));
        int warmCalls = a.containsKey("warm_calls") ? (int) KeyValues.getLong(a, "warm_calls") : 0;
        long t0 = System.nanoTime();
        Cohort.run(1, () -> {
            warmUp(cases, warmCalls);
            return null;
        });
        if (warmCalls > 0) {
            // the Vector API kernels' warm-up thread (VectorWarmup) still compiling beside a timed case took a core
            // from it and made 1e3 cases 5-10x slower by turns; wait for it as the kernel benchmarks do
            dev.cohort.tasks.VectorWarmup.awaitAll(150_000);
            // for the parent's log: which kernels compiled, which stayed on the scalar loops
            System.out.println("vector_kernels=" + dev.cohort.tasks.VectorWarmup.outcome().replace('\n', ' '));
        }
        System.out.printf(Locale.ROOT, "warm_up_s=%.3f%n", (System.nanoTime() - t0) / 1e9);
        System.out.println("ready=1");
        System.out.flush();
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String next = nextLine(requests);
        while (next != null) {
            // one program per dtype and size: an in-process Cohort.run may last 2 x the blocking timeout + 10 s (610 s
            // by default) at most, which all the 1e7 cases together exceed on a busy machine
            String first = next;
            next = Cohort.run(1, () -> serve(requests, first)).get(0);
        }
        System.out.println("cpus=" + Runtime.getRuntime().availableProcessors());
        System.out.println("max_heap_mib=" + Runtime.getRuntime().maxMemory() / (1024 * 1024));
        System.out.flush();
        return 0;
    }

    /**
     * The JIT's warm-up before anything is timed: {@code calls} untimed calls of every (op, dtype) of {@code cases} on
     * inputs of {@link #WARM_SIZE} elements (small enough to run eagerly on the program thread), then {@code calls / 4}
     * on {@link #WARM_LAUNCHED_SIZE} (launched and partitioned), so that the first cases timed do not pay for the
     * compilation of the eager path, the runtime's launch path and the kernels that later ones find compiled.
     */
    private static void warmUp(List<Case> cases, int calls) {
        if (calls <= 0) {
            return;
        }
        warmUp(cases, calls, WARM_SIZE);
        warmUp(cases, Math.max(1, calls / 4), WARM_LAUNCHED_SIZE);
    }

    private static void warmUp(List<Case> cases, int calls, long size) {
        Map<String, Inputs> inputs = new HashMap<>();
        List<String> done = new java.util.ArrayList<>();
        for (Case c : cases) {
            String k = c.op() + "." + c.dtype();
            if (done.contains(k)) {
                continue;
            }
            done.add(k);
            Case small = new Case(c.op(), c.dtype(), size, c.plan());
            Inputs in = inputs.computeIfAbsent(c.dtype(), d -> new Inputs(d, size));
            try {
                calls(small, in, program(small, in), calls);
            } catch (RuntimeException e) {
                // the case itself reports it
            }
        }
        inputs.values().forEach(Inputs::close);
    }

    /** Elements of the warm-up's inputs that run eagerly. */
    static final long WARM_SIZE = 1_000;
    /** Elements of the warm-up's inputs that are launched (above the eager bound and the minimum tile volume). */
    static final long WARM_LAUNCHED_SIZE = 100_000;

    /** The next non-blank line of {@code in}, or null at its end. */
    private static String nextLine(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    /**
     * Runs case line {@code first} and the following lines of {@code requests} of the same dtype and size, printing each
     * one's lines and then {@code done=<key>}; returns the first line of another dtype or size (not run), or null at
     * the input's end.
     */
    /** {@link dev.cohort.tasks.VectorWarmup#reopenings()} after the last case that changed it. */
    private static int reopenings;

    private static String serve(BufferedReader requests, String first) throws IOException {
        Case head = OpMixCases.parse(first);
        Inputs inputs = new Inputs(head.dtype(), head.size());
        for (String line = first; line != null; line = nextLine(requests)) {
            Case c = OpMixCases.parse(line);
            if (!inputs.dtype.equals(c.dtype()) || inputs.size != c.size()) {
                inputs.close();
                return line;
            }
            String k = c.key();
            try {
                Inputs in = inputs;
                Supplier<NdArray> result = program(c, in);
                double[] samples = new double[c.plan().rounds()];
                if (c.plan().rounds() < 1) {
                    throw new IllegalArgumentException("a case needs at least one timed round");
                }
                Last last = calls(c, in, result, c.plan().warmup());
                last = settle(c, in, result, last);
                for (int round = 0; round < samples.length; round++) {
                    long t0 = System.nanoTime();
                    last = calls(c, in, result, c.plan().inner());
                    samples[round] = (System.nanoTime() - t0) / 1e9 / c.plan().inner();
                }
                double value = last.value();
                String dtype = last.dtype();
                StringBuilder s = new StringBuilder();
                for (double v : samples) {
                    s.append(s.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6e", v));
                }
                System.out.println(k + ".samples=" + s);
                System.out.println(k + ".value=" + value);
                System.out.println(k + ".dtype=" + dtype);
            } catch (RuntimeException e) {
                System.out.println(k + ".error=" + (e.getClass().getSimpleName() + ": " + e.getMessage()).replace('\n', ' '));
            }
            int closed = dev.cohort.tasks.VectorWarmup.reopenings();
            if (closed > reopenings) {
                // a vector kernel's compiled code was thrown away during this case (the parent logs it)
                reopenings = closed;
                System.out.println(k + ".vector_gates_closed=" + closed);
            }
            System.out.println("done=" + k);
            System.out.flush();
        }
        inputs.close();
        return null;
    }

    /** The value read back by the last call of {@link #calls} and its result's dtype ({@code "?"} after no call). */
    record Last(double value, String dtype) {
    }

    /**
     * {@code n} calls of the case's program: the operation, its value read back, its result freed. The warm-up and
     * every timed round of every case run this one loop, so that it is compiled code by the time it is timed, as the
     * hot loop of a Java program is. Measured: with the timed calls in a loop of {@link #serve} itself, which C2
     * throws away whenever a new case's call sites trap, the timed rounds (20 calls each at 1e3) ran in the
     * interpreter or C1 and a 1e3 {@code negative} float32 took 3.9-5.1 us a call; with 2 000 calls a round, or this
     * loop, 0.9 us.
     */
    static Last calls(Case c, Inputs in, Supplier<NdArray> program, int n) {
        double value = Double.NaN;
        String dtype = "?";
        for (int i = 0; i < n; i++) {
            NdArray r = program.get();
            value = read(c, in, r);
            dtype = r.dtype().numpyName();
            in.free(r);
        }
        return new Last(value, dtype);
    }

    /** The least window of {@link #settle} (ns). */
    static final long SETTLE_WINDOW_NANOS = 20_000_000L;
    /** The longest {@link #settle} (ns). */
    static final long SETTLE_CAP_NANOS = 1_000_000_000L;

    /**
     * After a case's untimed calls: more untimed calls, in windows of at least {@link #SETTLE_WINDOW_NANOS}, until a
     * window in which the JVM's compilers took no time ({@link java.lang.management.CompilationMXBean}, milliseconds),
     * at most {@link #SETTLE_CAP_NANOS}; {@code last} if none ran. Why: the first cases of each dtype and size (a new
     * program, new code paths) were timed while C2 still compiled them on one of the 2 cores: {@code add} bool 1e3
     * 3.9-4.1 us a call in two suite runs (the first case of its group) where {@code multiply} bool, the next, took
     * 0.54; in a child running {@code multiply}, {@code add}, {@code multiply} bool: 2.6, 2.0 and 1.07 us.
     */
    static Last settle(Case c, Inputs in, Supplier<NdArray> program, Last last) {
        java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return last;
        }
        long start = System.nanoTime();
        int batch = 1;
        while (System.nanoTime() - start < SETTLE_CAP_NANOS) {
            long compiled = jit.getTotalCompilationTime();
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < SETTLE_WINDOW_NANOS) {
                last = calls(c, in, program, batch);
                batch = Math.min(batch * 2, 1024);
            }
            if (jit.getTotalCompilationTime() == compiled) {
                break;
            }
        }
        return last;
    }

    /** The operation of case {@code c} on the inputs; {@link #read} reads its value back. */
    static Supplier<NdArray> program(Case c, Inputs in) {
        String dtype = c.dtype();
        return switch (c.op()) {
            case "add" -> () -> Np.add(in.x(), in.y());
            case "subtract" -> () -> Np.subtract(in.x(), in.y());
            case "multiply" -> () -> Np.multiply(in.x(), in.y());
            case "divide" -> () -> Np.divide(in.x(), in.y());
            case "power" -> () -> Np.power(in.x(), in.y());
            case "maximum" -> () -> Np.maximum(in.x(), in.y());
            case "minimum" -> () -> Np.minimum(in.x(), in.y());
            case "equal" -> () -> Np.equal(in.x(), in.y());
            case "not_equal" -> () -> Np.not_equal(in.x(), in.y());
            case "less" -> () -> Np.less(in.x(), in.y());
            case "less_equal" -> () -> Np.less_equal(in.x(), in.y());
            case "greater" -> () -> Np.greater(in.x(), in.y());
            case "greater_equal" -> () -> Np.greater_equal(in.x(), in.y());
            case "logical_and" -> () -> Np.logical_and(in.x(), in.y());
            case "logical_or" -> () -> Np.logical_or(in.x(), in.y());
            case "logical_not" -> () -> Np.logical_not(in.x());
            case "negative" -> () -> Np.negative(in.x());
            case "abs" -> () -> Np.abs(in.x());
            case "square" -> () -> Np.square(in.x());
            case "sqrt" -> () -> Np.sqrt(in.x());
            case "exp" -> () -> Np.exp(in.x());
            case "log" -> () -> Np.log(in.x());
            case "log1p" -> () -> Np.log1p(in.x());
            case "sin" -> () -> Np.sin(in.x());
            case "cos" -> () -> Np.cos(in.x());
            case "tanh" -> () -> Np.tanh(in.x());
            case "clip" -> OpMixCases.floating(dtype) ? () -> Np.clip(in.x(), 1.0, 4.0) : () -> Np.clip(in.x(), 10L, 60L);
            case "sum" -> () -> in.x().sum();
            case "prod" -> () -> in.p().prod();
            case "max" -> () -> in.x().max();
            case "min" -> () -> in.x().min();
            case "mean" -> () -> in.x().mean();
            case "argmax" -> () -> in.x().argmax();
            case "argmin" -> () -> in.x().argmin();
            case "any" -> () -> in.x().any();
            case "all" -> () -> in.x().all();
            case "matvec" -> () -> in.a().matmul(in.v());
            case "matmul" -> () -> in.b().matmul(in.m());
            case "slice_copy" -> () -> in.x().get(Np.slice(null, null, 2L)).copy();
            case "where" -> () -> Np.where(in.c(), in.x(), in.y());
            default -> throw new IllegalArgumentException("unknown op '" + c.op() + "'");
        };
    }

    /** The value case {@code c} reads back from its result {@code r} (see {@link OpMixCases.Kind}). */
    static double read(Case c, Inputs in, NdArray r) {
        long size = c.size();
        return switch (c.operation().kind()) {
            case BINARY, UNARY, CLIP, WHERE -> r.get(OpMixCases.index(size)).itemDouble();
            case SLICE_COPY -> r.get(OpMixCases.index(size) / 2).itemDouble();
            case REDUCE -> r.itemDouble();
            case MATVEC -> r.get((long) OpMixCases.matvecN(size) / 2).itemDouble();
            case MATMUL -> r.get((long) OpMixCases.matmulM(size) / 2, 5L).itemDouble();
        };
    }

    /** A dtype's inputs at a size, built on first use. */
    static final class Inputs {
        final String dtype;
        final long size;
        private final Map<String, NdArray> arrays = new HashMap<>();

        Inputs(String dtype, long size) {
            this.dtype = dtype;
            this.size = size;
        }

        NdArray x() {
            return arrays.computeIfAbsent("x", k -> load(dtype, size, i -> OpMixCases.x(dtype, i), size));
        }

        NdArray y() {
            return arrays.computeIfAbsent("y", k -> load(dtype, size, i -> OpMixCases.y(dtype, i), size));
        }

        NdArray p() {
            return arrays.computeIfAbsent("p", k -> load(dtype, size, i -> OpMixCases.p(dtype, i), size));
        }

        NdArray c() {
            return arrays.computeIfAbsent("c", k -> load("bool", size, i -> OpMixCases.cond(i) ? 1 : 0, size));
        }

        /** The (n, n) matrix of matvec: x's first n * n elements. */
        NdArray a() {
            long n = OpMixCases.matvecN(size);
            return arrays.computeIfAbsent("a", k -> load(dtype, n * n, i -> OpMixCases.x(dtype, i), n, n));
        }

        /** The vector of matvec: y's first n elements. */
        NdArray v() {
            long n = OpMixCases.matvecN(size);
            return arrays.computeIfAbsent("v", k -> load(dtype, n, i -> OpMixCases.y(dtype, i), n));
        }

        /** The (m, 64) matrix of matmul: x's first m * 64 elements. */
        NdArray b() {
            long m = OpMixCases.matmulM(size);
            int k = OpMixCases.MATMUL_K;
            return arrays.computeIfAbsent("b", key -> load(dtype, m * k, i -> OpMixCases.x(dtype, i), m, k));
        }

        /** The (64, 64) matrix of matmul: y's first 64 * 64 elements. */
        NdArray m() {
            int k = OpMixCases.MATMUL_K;
            return arrays.computeIfAbsent("m", key -> load(dtype, (long) k * k, i -> OpMixCases.y(dtype, i), k, k));
        }

        /**
         * Frees a result ({@link NdArray#close()}) unless it is one of the inputs: the program's equivalent of NumPy
         * freeing the temporary when its reference count drops. Without it the float64 cases at 1e7 ran the child out
         * of a 3 GiB heap after 4 cases (a store is freed only once the GC has found its array unreachable).
         */
        void free(NdArray r) {
            for (NdArray a : arrays.values()) {
                if (a == r) {
                    return;
                }
            }
            r.close();
        }

        void close() {
            arrays.values().forEach(NdArray::close);
            arrays.clear();
        }
    }

    /** An element formula. */
    interface Formula {
        double at(long i);
    }

    /** {@code n} elements {@code f(0..n-1)} of {@code dtype} as an array of {@code shape}. */
    static NdArray load(String dtype, long n, Formula f, long... shape) {
        int len = Math.toIntExact(n);
        switch (dtype) {
            case "float64" -> {
                double[] d = new double[len];
                for (int i = 0; i < len; i++) {
                    d[i] = f.at(i);
                }
                return Np.array(d, shape);
            }
            case "float32" -> {
                float[] d = new float[len];
                for (int i = 0; i < len; i++) {
                    d[i] = (float) f.at(i);
                }
                return Np.array(d, shape);
            }
            case "int64" -> {
                long[] d = new long[len];
                for (int i = 0; i < len; i++) {
                    d[i] = (long) f.at(i);
                }
                return Np.array(d, shape);
            }
            case "int32" -> {
                int[] d = new int[len];
                for (int i = 0; i < len; i++) {
                    d[i] = (int) f.at(i);
                }
                return Np.array(d, shape);
            }
            case "bool" -> {
                boolean[] d = new boolean[len];
                for (int i = 0; i < len; i++) {
                    d[i] = f.at(i) != 0;
                }
                return Np.array(d, shape);
            }
            default -> throw new IllegalArgumentException("unknown dtype '" + dtype + "'");
        }
    }
}
