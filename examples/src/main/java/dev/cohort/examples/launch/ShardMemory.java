package dev.cohort.examples.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How much memory each shard JVM of a launch may take (Legate's {@code --sysmem}, per rank): the host's memory,
 * less a share kept for the operating system, divided among the shards the launcher starts on it, each shard
 * also needing some memory outside its heap. The shard's Java heap ({@code -Xmx}) is what is left; the
 * execution layer's instance budget follows from the heap (3/4 of it by default).
 *
 * <ul>
 *   <li>kept for the OS: {@code max(1 GiB, host / 8)};</li>
 *   <li>outside the heap, per shard: {@value #OUTSIDE_HEAP_MIB} MiB (metaspace, thread stacks, direct buffers);</li>
 *   <li>default heap: {@code min(host / 4, (host - kept) / shards - outside)} — never more than a lone JVM's
 *       default of a quarter of the host;</li>
 *   <li>{@code --sysmem MIB}: the shard's instance budget; its heap is {@code 4/3} of it, and the job must fit.</li>
 * </ul>
 * A job whose shards cannot each get {@value #MIN_HEAP_MIB} MiB of heap, or whose {@code --sysmem} does not fit,
 * is refused before anything starts, in one line. A user's own {@code -Xmx} (in {@code COHORT_JAVA_OPTS}) wins.
 *
 * @param heapMiB     the {@code -Xmx} of each shard, MiB; 0 when the user's own {@code -Xmx} is kept
 * @param sysmemMiB   the instance budget to pass ({@code -Dcohort.sysmem.mib}), or 0 to let the heap decide
 * @param explanation how the numbers came about, for {@code --verbose}
 */
record ShardMemory(long heapMiB, long sysmemMiB, String explanation) {
    static final long OUTSIDE_HEAP_MIB = 256;
    static final long MIN_HEAP_MIB = 128;
    private static final long GIB = 1024;

    /** The JVM options of each shard: {@code -Xmx…m}, and {@code -Dcohort.sysmem.mib=…} for {@code --sysmem}. */
    List<String> jvmOptions() {
        List<String> o = new ArrayList<>();
        if (heapMiB > 0) {
            o.add("-Xmx" + heapMiB + "m");
        }
        if (sysmemMiB > 0) {
            o.add("-Dcohort.sysmem.mib=" + sysmemMiB);
        }
        return o;
    }

    /**
     * The plan for {@code shards} shard JVMs on a host of {@code hostMiB}.
     *
     * @param sysmemMiB    {@code --sysmem}, or null
     * @param userOptions  the user's extra JVM options ({@code COHORT_JAVA_OPTS})
     * @throws IllegalArgumentException (one line, naming the numbers) when the job cannot fit
     */
    static ShardMemory plan(long hostMiB, int shards, Long sysmemMiB, List<String> userOptions) {
        long kept = Math.max(GIB, hostMiB / 8);
        long forJobs = Math.max(0, hostMiB - kept);
        String host = "this host's " + gib(hostMiB) + " (less " + gib(kept) + " kept for the OS)";
        if (sysmemMiB != null) {
            ShardMemory asked = asked(sysmemMiB, userOptions);
            long heap = heapFor(sysmemMiB);
            long need = shards * (heap + OUTSIDE_HEAP_MIB);
            if (need > forJobs) {
                throw new IllegalArgumentException("--sysmem " + sysmemMiB + " MiB x " + shards + " shard" + (shards == 1 ? "" : "s")
                        + " needs " + gib(need) + " (a heap of " + heap + " MiB and " + OUTSIDE_HEAP_MIB
                        + " MiB outside it per shard), more than " + host + ": use a smaller --sysmem or fewer shards");
            }
            return asked;
        }
        if (userHeap(userOptions)) {
            return new ShardMemory(0, 0, "heap from COHORT_JAVA_OPTS");
        }
        long heap = Math.min(hostMiB / 4, forJobs / shards - OUTSIDE_HEAP_MIB);
        if (heap < MIN_HEAP_MIB) {
            throw new IllegalArgumentException(shards + " shards do not fit " + host + ": each would get "
                    + Math.max(0, heap) + " MiB of heap (" + OUTSIDE_HEAP_MIB + " MiB more outside it), at least "
                    + MIN_HEAP_MIB + " MiB is needed; use fewer shards, more hosts, or --sysmem");
        }
        return new ShardMemory(heap, 0, host + " / " + shards + " shard" + (shards == 1 ? "" : "s") + ": heap " + heap
                + " MiB each");
    }

    /**
     * What {@code --sysmem MIB} asks of each shard, on a host whose memory is not known here (over ssh): the
     * budget and its heap, unchecked against the host.
     *
     * @throws IllegalArgumentException if {@code sysmemMiB < 1}
     */
    static ShardMemory asked(long sysmemMiB, List<String> userOptions) {
        if (sysmemMiB < 1) {
            throw new IllegalArgumentException("--sysmem must be >= 1 MiB, got " + sysmemMiB);
        }
        boolean userHeap = userHeap(userOptions);
        long heap = heapFor(sysmemMiB);
        return new ShardMemory(userHeap ? 0 : heap, sysmemMiB, "--sysmem " + sysmemMiB + " MiB per shard, heap "
                + (userHeap ? "from COHORT_JAVA_OPTS" : heap + " MiB"));
    }

    private static long heapFor(long sysmemMiB) {
        return Math.max(MIN_HEAP_MIB, sysmemMiB * 4 / 3 + 1);
    }

    private static boolean userHeap(List<String> userOptions) {
        return userOptions.stream().anyMatch(o -> o.startsWith("-Xmx") || o.startsWith("-XX:MaxHeapSize"));
    }

    /** The host's physical memory in MiB (the container's limit inside one). */
    static long hostMiB() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize() >> 20;
        }
        return Runtime.getRuntime().maxMemory() * 4 >> 20;
    }

    private static String gib(long mib) {
        return String.format(Locale.ROOT, "%.1f GiB", mib / 1024.0);
    }
}
