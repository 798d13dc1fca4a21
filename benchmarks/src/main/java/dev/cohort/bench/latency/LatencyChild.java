package dev.cohort.bench.latency;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.macro.ChildCase;
import dev.cohort.bench.macro.JitSettle;
import dev.cohort.examples.ConjugateGradient;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.DoubleSupplier;
import java.util.stream.Collectors;

/**
 * One Cohort run of the latency suite in a JVM of its own ({@link LatencyBenchmark} starts it), configured by
 * {@code key=value} arguments and printing {@code key=value} lines.
 * <ul>
 *   <li>{@code mode=ops shards=S warmup=W iterations=N steady_warmup=W2 program_runs=R}: every one of S in-process shards runs the same
 *       loop, and shard 0's times are printed (ns, comma-separated): {@code x = arange(1000.0)}, {@code y} likewise; W
 *       untimed then N timed calls of {@code x.sum().itemDouble()} ({@code sum_ns=}), then the same of
 *       {@code x.add(y).get(5).itemDouble()} ({@code add_get_ns=}), each call timed alone with {@link System#nanoTime};
 *       then 2 untimed and R timed runs of {@link #program} ({@code program_ns=}); then each operation again, W2 untimed
 *       and N timed calls ({@code sum_steady_ns=}, {@code add_get_steady_ns=}: the steady state). Every result is checked.</li>
 *   <li>{@code mode=cg n=N k1=K1 k2=K2}: on 1 shard, {@code ConjugateGradient.poisson2d(N, tol 0, K)}: warm-up solves
 *       of K1 iterations until the JIT has settled ({@link JitSettle#settle}; {@code settle.solves=}, {@code .seconds=},
 *       {@code .settled=} 1 or 0 when the cap ended it), then solves of K1 ({@code short.}) and K2 ({@code long.}) iterations, each between two
 *       readings of the bytes every live thread has allocated, the collectors' time and count, and
 *       {@link System#nanoTime}: {@code short.iterations=}, {@code .allocated_bytes=}, {@code .threads_lost=} (threads
 *       that ended in between, whose allocation is lost), {@code .gc_ms=}, {@code .gc_count=}, {@code .wall_ns=};
 *       {@code gc_names=}.</li>
 * </ul>
 * Both end with {@code vm_hwm_kib=}: the peak resident set ({@code VmHWM} of {@code /proc/self/status}, -1 elsewhere).
 */
@Command(name = "latency-child", description = "One Cohort run of the latency suite (started by LatencyBenchmark; prints key=value lines).")
public final class LatencyChild implements Callable<Integer> {
    /** What {@link #program} reads: sum(arange(1e6) + 10). */
    static final long PROGRAM_SUM = 499_999_500_000L + 10_000_000L;

    @Parameters(paramLabel = "KEY=VALUE", description = "mode=ops shards= warmup= iterations= program_runs=, or mode=cg n= k1= k2=.")
    List<String> settings = List.of();

    @Override
    public Integer call() throws IOException {
        Map<String, String> a = KeyValues.parseArguments(settings.toArray(String[]::new));
        boolean ops = "ops".equals(a.get("mode"));
        int shards = ops ? (int) KeyValues.getLong(a, "shards") : 1;
        Map<String, Object> out = Cohort.run(shards, () -> ops ? ops(a) : cg(a)).get(0);
        out.forEach((k, v) -> System.out.println(k + "=" + v));
        System.out.println("shards=" + shards);
        System.out.println("cpus=" + Runtime.getRuntime().availableProcessors());
        Path status = Path.of("/proc/self/status");
        System.out.println("vm_hwm_kib=" + (Files.isReadable(status) ? vmHwmKib(Files.readAllLines(status)) : -1));
        return 0;
    }

    private static Map<String, Object> ops(Map<String, String> a) {
        int warmup = (int) KeyValues.getLong(a, "warmup");
        int iterations = (int) KeyValues.getLong(a, "iterations");
        NdArray x = Np.arange(0.0, 1000.0, 1.0);
        NdArray y = Np.arange(0.0, 1000.0, 1.0);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sum_ns", joined(timed(() -> x.sum().itemDouble(), 499_500.0, warmup, iterations)));
        out.put("add_get_ns", joined(timed(() -> x.add(y).get(5).itemDouble(), 10.0, warmup, iterations)));
        out.put("program_ns", joined(timed(LatencyChild::program, PROGRAM_SUM, 2, (int) KeyValues.getLong(a, "program_runs"))));
        int steady = (int) KeyValues.getLong(a, "steady_warmup");
        out.put("sum_steady_ns", joined(timed(() -> x.sum().itemDouble(), 499_500.0, steady, iterations)));
        out.put("add_get_steady_ns", joined(timed(() -> x.add(y).get(5).itemDouble(), 10.0, steady, iterations)));
        return out;
    }

    /** {@code c = arange(1_000_000)} (int64), ten times {@code c = c + 1}, then {@code sum(c)} read as a value. */
    static double program() {
        NdArray c = Np.arange(1_000_000);
        for (int i = 0; i < 10; i++) {
            c = c.add(1L);
        }
        return c.sum().itemDouble();
    }

    /**
     * The times (ns) of {@code iterations} calls of {@code op}, each timed alone, after {@code warmup} untimed ones.
     *
     * @throws IllegalStateException if a call does not return {@code expected}
     */
    static long[] timed(DoubleSupplier op, double expected, int warmup, int iterations) {
        long[] samples = new long[iterations];
        for (int i = 0; i < warmup + iterations; i++) {
            long t0 = System.nanoTime();
            double v = op.getAsDouble();
            long elapsed = System.nanoTime() - t0;
            if (v != expected) {
                throw new IllegalStateException("call " + i + " gave " + v + ", expected " + expected);
            }
            if (i >= warmup) {
                samples[i - warmup] = elapsed;
            }
        }
        return samples;
    }

    public static String joined(long[] values) {
        return Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    private static Map<String, Object> cg(Map<String, String> a) {
        long n = KeyValues.getLong(a, "n");
        int k1 = (int) KeyValues.getLong(a, "k1");
        // warm-up: solves until the JIT has settled (the steady state the targets are about), the runtime's caches, pools
        JitSettle.Result settle = JitSettle.settle(() -> ConjugateGradient.poisson2d(n, 0, k1));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", n);
        out.put("settle.solves", settle.rounds());
        out.put("settle.seconds", settle.seconds());
        out.put("settle.settled", settle.settled() ? 1 : 0);
        for (Map.Entry<String, Integer> solve : List.of(Map.entry("short", k1), Map.entry("long", (int) KeyValues.getLong(a, "k2")))) {
            Usage before = Usage.now();
            ConjugateGradient.Result r = ConjugateGradient.poisson2d(n, 0, solve.getValue());
            Usage after = Usage.now();
            String p = solve.getKey() + ".";
            out.put(p + "iterations", r.iterations());
            out.put(p + "allocated_bytes", allocatedBetween(before.threadBytes(), after.threadBytes()));
            out.put(p + "threads_lost", before.threadBytes().keySet().stream().filter(id -> !after.threadBytes().containsKey(id)).count());
            out.put(p + "gc_ms", after.gcMillis() - before.gcMillis());
            out.put(p + "gc_count", after.gcCount() - before.gcCount());
            out.put(p + "wall_ns", after.nanos() - before.nanos());
        }
        out.put("gc_names", ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(" + ")));
        return out;
    }

    /**
     * A reading of the JVM: bytes allocated so far by each live thread (by id), the collectors' total time (ms) and
     * count, and {@link System#nanoTime}.
     */
    record Usage(Map<Long, Long> threadBytes, long gcMillis, long gcCount, long nanos) {
        static Usage now() {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            threads.setThreadAllocatedMemoryEnabled(true);
            long[] ids = threads.getAllThreadIds();
            long[] bytes = threads.getThreadAllocatedBytes(ids);
            Map<Long, Long> byThread = new HashMap<>();
            for (int i = 0; i < ids.length; i++) {
                if (bytes[i] >= 0) { // -1: the thread ended since getAllThreadIds
                    byThread.put(ids[i], bytes[i]);
                }
            }
            long millis = 0;
            long count = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                millis += Math.max(0, gc.getCollectionTime());
                count += Math.max(0, gc.getCollectionCount());
            }
            return new Usage(byThread, millis, count, System.nanoTime());
        }
    }

    /**
     * Bytes allocated between two readings by the threads alive at the second: what each allocated since the first
     * (all of it for a thread started in between). Threads that ended in between are not counted.
     */
    static long allocatedBetween(Map<Long, Long> before, Map<Long, Long> after) {
        long sum = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    /** The {@code VmHWM} of {@code /proc/self/status}'s lines, in KiB, or -1. */
    public static long vmHwmKib(List<String> statusLines) {
        for (String line : statusLines) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    public static void main(String[] args) {
        ChildCase.exit(new LatencyChild(), args);
    }
}
