package dev.cohort.runtime.profile;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.cohort.runtime.profile.SpanBuffer.Snapshot;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;

/**
 * Per-shard recorder of timed spans (tasks, copies, messages, collectives, analysis, waits), written out as a
 * Chrome/Perfetto trace ({@link #writeTrace}) and summarised as a text table ({@link #summary()}).
 *
 * <p><b>Units.</b> Every time given to or returned by this class is a {@link System#nanoTime()} value or a
 * duration in nanoseconds; only the trace file holds microseconds, as its format requires.
 *
 * <p><b>Threads.</b> All methods are thread-safe. Each recording thread appends to its own buffer, found
 * through a {@link ThreadLocal}: no lock, no contention, and no allocation per span beyond the buffer's
 * amortised growth (about 32 bytes a span with compressed references; the name and category strings are
 * stored by reference, not copied). {@link #writeTrace} and {@link #summary()} may run while other threads
 * record; they see every span whose {@code span} call returned before they started, and possibly some later.
 *
 * <p><b>Trace format.</b> The JSON trace-event format of Chrome's trace viewer ("Trace Event Format",
 * https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU), which
 * https://ui.perfetto.dev opens: one complete event ({@code "ph":"X"}) per span, with {@code ts} and {@code
 * dur} in microseconds, {@code pid} for the shard and {@code tid} for the recording thread, plus metadata
 * events ({@code "ph":"M"}) {@code process_name} "shard N" and {@code thread_name} (the thread's
 * {@link Thread#getName()} when it first recorded). The pid is {@code shard + 1}, because Perfetto treats pid
 * 0 as the kernel's idle process; the process name carries the shard number.
 */
public final class Profiler {

    /** Category of a point task's body on a worker thread. */
    public static final String TASK = "task";
    /** Category of a copy between instances. */
    public static final String COPY = "copy";
    /** Category of a message sent to another shard. */
    public static final String SEND = "send";
    /** Category of a message received from another shard. */
    public static final String RECEIVE = "receive";
    /** Category of a collective (all-reduce, broadcast, ...) across shards. */
    public static final String COLLECTIVE = "collective";
    /** Category of the program thread's dependence analysis of an operation. */
    public static final String ANALYSIS = "analysis";
    /** Category of a thread blocked waiting (for a future, a message, a free worker, ...). */
    public static final String WAIT = "wait";
    /** Category of a fill of an instance with a constant. */
    public static final String FILL = "fill";

    /** A thread that records one of these, and no {@link #ANALYSIS} span, is a worker; the others are program threads. */
    private static final Set<String> WORKER_CATEGORIES = Set.of(TASK, COPY, SEND, RECEIVE);

    private final int shard;
    private final long origin = now();
    private final List<SpanBuffer> buffers = new CopyOnWriteArrayList<>();
    private final ThreadLocal<SpanBuffer> local = ThreadLocal.withInitial(this::register);

    /**
     * A profiler for shard {@code shard}; its creation is time 0 of the trace and the start of the summary's
     * wall time.
     *
     * @param shard the shard's rank, shown as process "shard N" (pid {@code shard + 1}) in the trace
     */
    public Profiler(int shard) {
        this.shard = shard;
    }

    /**
     * The current time for {@link #span}: {@link System#nanoTime()}, in nanoseconds. Thread-safe.
     *
     * @return the current value of the monotonic clock, in nanoseconds
     */
    public static long now() {
        return System.nanoTime();
    }

    /**
     * The shard this profiler records for. Thread-safe.
     *
     * @return the shard given to the constructor
     */
    public int shard() {
        return shard;
    }

    /**
     * When this profiler was created: time 0 of its trace. Thread-safe.
     *
     * @return the {@link #now()} value at construction, in nanoseconds
     */
    public long startNanos() {
        return origin;
    }

    /**
     * Records a span that moved no bytes on the calling thread; same as {@code span(category, name,
     * startNanos, endNanos, 0)}. Thread-safe, lock-free, allocation-free but for amortised buffer growth.
     *
     * @param category one of the category constants ({@link #TASK}, {@link #COPY}, ...)
     * @param name what ran, e.g. the task name {@code "binary_op"}
     * @param startNanos start, a {@link #now()} value in nanoseconds
     * @param endNanos end, a {@link #now()} value in nanoseconds, not before {@code startNanos}
     */
    public void span(String category, String name, long startNanos, long endNanos) {
        span(category, name, startNanos, endNanos, 0);
    }

    /**
     * Records a span on the calling thread. Thread-safe, lock-free, allocation-free but for amortised buffer
     * growth; the strings are kept by reference.
     *
     * @param category one of the category constants ({@link #TASK}, {@link #COPY}, ...)
     * @param name what ran, e.g. the task name {@code "binary_op"}
     * @param startNanos start, a {@link #now()} value in nanoseconds
     * @param endNanos end, a {@link #now()} value in nanoseconds, not before {@code startNanos}
     * @param bytes bytes moved by the span (copies, sends, receives, collectives), 0 if none
     * @throws IllegalArgumentException if {@code endNanos < startNanos}
     */
    public void span(String category, String name, long startNanos, long endNanos, long bytes) {
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("span " + name + " ends before it starts");
        }
        local.get().add(category, name, startNanos, endNanos, bytes);
    }

    private SpanBuffer register() {
        SpanBuffer b = new SpanBuffer(Thread.currentThread());
        buffers.add(b);
        return b;
    }

    private List<Snapshot> snapshots() {
        return buffers.stream().map(SpanBuffer::snapshot).toList();
    }

    /**
     * Writes everything recorded so far as a Chrome/Perfetto JSON trace (see the class comment for the
     * format): {@code ts} relative to this profiler's creation and {@code dur}, both in microseconds with
     * nanosecond precision, events sorted by {@code ts}. Thread-safe; may run while threads record.
     *
     * @param file the file to (over)write
     * @throws IOException if the file cannot be written
     */
    public void writeTrace(Path file) throws IOException {
        writeTrace(file, List.of(this));
    }

    /**
     * Writes the spans of several profilers (e.g. the in-process shards of one run) into one trace, one process
     * per shard; {@code ts} is relative to the earliest creation among them, in microseconds. Only meaningful
     * for profilers of one JVM, whose {@link #now()} values are comparable. Thread-safe.
     *
     * @param file the file to (over)write
     * @param profilers the profilers to include
     * @throws IOException if the file cannot be written
     */
    public static void writeTrace(Path file, Collection<Profiler> profilers) throws IOException {
        long origin = profilers.stream().mapToLong(Profiler::startNanos).min().orElse(0);
        List<Track> tracks = new ArrayList<>();
        try (Writer w = Files.newBufferedWriter(file, UTF_8)) {
            TraceWriter out = new TraceWriter(w);
            for (Profiler p : profilers) {
                int pid = p.shard + 1;
                out.metadata("process_name", pid, 0, "name", "shard " + p.shard);
                out.metadata("process_sort_index", pid, 0, "sort_index", p.shard);
                for (Snapshot s : p.snapshots()) {
                    out.metadata("thread_name", pid, s.tid(), "name", s.threadName());
                    tracks.add(new Track(pid, s));
                }
            }
            // Span ids (track << 32 | index), by start, the longer first on ties, so that parents precede children.
            long[] ids = new long[tracks.stream().mapToInt(t -> t.spans.size()).sum()];
            for (int t = 0, k = 0; t < tracks.size(); t++) {
                for (int i = 0; i < tracks.get(t).spans.size(); i++) {
                    ids[k++] = (long) t << 32 | i;
                }
            }
            ToLongFunction<Long> start = id -> tracks.get((int) (id >>> 32)).spans.start(id.intValue());
            ToLongFunction<Long> end = id -> tracks.get((int) (id >>> 32)).spans.end(id.intValue());
            Long[] sorted = Arrays.stream(ids).boxed().toArray(Long[]::new);
            Arrays.sort(sorted, Comparator.comparingLong(start).thenComparing(Comparator.comparingLong(end).reversed()));
            for (long id : sorted) {
                Track t = tracks.get((int) (id >>> 32));
                int i = (int) id;
                long from = Math.max(t.spans.start(i), origin); // a span begun before the origin is clipped to it
                out.span(t.spans.category(i), t.spans.name(i), from - origin, Math.max(t.spans.end(i), from) - from,
                        t.pid, t.spans.tid(), t.spans.bytes(i));
            }
            out.finish();
        }
    }

    /**
     * The row a span of {@code name} counts under in the summary: the name without a trailing instance number
     * ({@code "all-gather #17"} counts as {@code "all-gather"}). The trace keeps each collective's own name, so that
     * one can be found in Perfetto; the summary has one row per kind, not one per collective (a loop of 300
     * iterations listed 300 all-gathers).
     */
    static String summaryName(String name) {
        int h = name.lastIndexOf(" #");
        if (h < 0 || h + 2 == name.length()) {
            return name;
        }
        for (int i = h + 2; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return name;
            }
        }
        return name.substring(0, h);
    }

    /**
     * Summary of everything recorded so far, with the wall time ending now. Thread-safe.
     *
     * @return the summary; {@link Summary#format()} renders it as text
     */
    public Summary summary() {
        return summary(now());
    }

    /**
     * Summary of everything recorded so far, with the wall time ending at {@code endNanos} (spans are counted
     * whole, whenever they ran). Thread-safe.
     *
     * @param endNanos end of the wall time, a {@link #now()} value in nanoseconds
     * @return the summary; {@link Summary#format()} renders it as text
     */
    public Summary summary(long endNanos) {
        long wall = endNanos - origin;
        Map<String, Map<String, long[]>> acc = new TreeMap<>(); // category -> name -> {count, total, on workers}
        Map<String, Long> bytes = new TreeMap<>();
        List<Summary.ThreadStat> threads = new ArrayList<>();
        long analysis = 0;
        long wait = 0;
        long workerBusy = 0;
        for (Snapshot s : snapshots()) {
            int n = s.size();
            // a worker records work and never analysis: the program thread also runs small point
            // tasks and copies itself (the fast path), yet stays the program thread
            boolean worker = false;
            boolean analyses = false;
            for (int i = 0; i < n; i++) {
                worker |= WORKER_CATEGORIES.contains(s.category(i));
                analyses |= ANALYSIS.equals(s.category(i));
            }
            worker &= !analyses;
            long[] starts = new long[n];
            long[] ends = new long[n];
            int busySpans = 0;
            for (int i = 0; i < n; i++) {
                String category = s.category(i);
                long d = s.end(i) - s.start(i);
                long[] a = acc.computeIfAbsent(category, k -> new TreeMap<>()).computeIfAbsent(summaryName(s.name(i)),
                        k -> new long[3]);
                a[0]++;
                a[1] += d;
                a[2] += worker ? d : 0;
                if (s.bytes(i) != 0) {
                    bytes.merge(category, s.bytes(i), Long::sum);
                }
                if (WAIT.equals(category)) {
                    wait += worker ? 0 : d;
                } else {
                    analysis += !worker && ANALYSIS.equals(category) ? d : 0;
                    starts[busySpans] = s.start(i);
                    ends[busySpans++] = s.end(i);
                }
            }
            long busy = unionLength(starts, ends, busySpans);
            workerBusy += worker ? busy : 0;
            threads.add(new Summary.ThreadStat(s.tid(), s.threadName(), worker, busy,
                    worker ? 1 - (double) busy / Math.max(wall, 1) : Double.NaN));
        }
        List<Summary.Row> rows = new ArrayList<>();
        for (var c : acc.entrySet()) {
            for (var e : c.getValue().entrySet()) {
                long[] a = e.getValue();
                rows.add(new Summary.Row(c.getKey(), e.getKey(), a[0], a[1], workerBusy == 0 ? 0 : (double) a[2] / workerBusy));
            }
        }
        rows.sort(Comparator.comparingLong(Summary.Row::totalNanos).reversed());
        threads.sort(Comparator.comparing(Summary.ThreadStat::worker).thenComparingLong(Summary.ThreadStat::tid));
        return new Summary(shard, wall, List.copyOf(rows), List.copyOf(threads), Collections.unmodifiableMap(bytes),
                analysis, wait);
    }

    /** The spans of one thread of one profiler, whose process is {@code pid} in the trace. */
    private record Track(int pid, Snapshot spans) {
    }

    /** Length of the union of the intervals {@code [starts[i], ends[i]]}, {@code i < n}; sorts both arrays' prefixes. */
    static long unionLength(long[] starts, long[] ends, int n) {
        Arrays.sort(starts, 0, n);
        Arrays.sort(ends, 0, n);
        // The k-th smallest start never exceeds the k-th smallest end, so the sweep's open count stays >= 0.
        long total = 0;
        long openedAt = 0;
        int open = 0;
        for (int i = 0, j = 0; j < n; ) {
            if (i < n && starts[i] <= ends[j]) {
                if (open++ == 0) {
                    openedAt = starts[i];
                }
                i++;
            } else {
                if (--open == 0) {
                    total += ends[j] - openedAt;
                }
                j++;
            }
        }
        return total;
    }

    /**
     * Totals of a profiler at one moment. All times are in nanoseconds; {@link #format()} shows milliseconds
     * and microseconds. Immutable, hence thread-safe.
     *
     * @param shard the profiler's shard
     * @param wallNanos wall time from the profiler's creation to the summary's end
     * @param rows one row per (category, name), the largest total first
     * @param threads one entry per recording thread: program threads first, then workers, each by tid
     * @param bytesMoved total bytes of the spans of each category that moved any
     * @param analysisNanos total {@link #ANALYSIS} time of the program (non-worker) threads
     * @param waitNanos total {@link #WAIT} time of the program (non-worker) threads
     */
    public record Summary(int shard, long wallNanos, List<Row> rows, List<ThreadStat> threads, Map<String, Long> bytesMoved,
                          long analysisNanos, long waitNanos) {

        /**
         * The spans of one (category, name); nested or overlapping spans are each counted whole.
         *
         * @param category the span category
         * @param name the span name
         * @param count number of spans
         * @param totalNanos sum of their durations, in nanoseconds
         * @param busyShare their total on worker threads over {@link #workerBusyNanos()} (0 when that is 0)
         */
        public record Row(String category, String name, long count, long totalNanos, double busyShare) {
            /**
             * Mean duration.
             *
             * @return {@code totalNanos / count}, in microseconds
             */
            public double meanMicros() {
                return totalNanos / 1e3 / count;
            }
        }

        /**
         * One recording thread.
         *
         * @param tid the thread's id ({@link Thread#getId()}), its {@code tid} in the trace
         * @param name the thread's name when it first recorded
         * @param worker whether it recorded {@link #TASK}, {@link #COPY}, {@link #SEND} or {@link #RECEIVE} spans
         * @param busyNanos length of the union of its spans other than {@link #WAIT}, in nanoseconds (overlapping
         *     spans count once)
         * @param idleShare for a worker {@code 1 - busyNanos / wallNanos}; NaN for a program thread
         */
        public record ThreadStat(long tid, String name, boolean worker, long busyNanos, double idleShare) {
        }

        /**
         * The row of one (category, name).
         *
         * @param category the span category
         * @param name the span name
         * @return the row, empty if no such span was recorded
         */
        public Optional<Row> row(String category, String name) {
            return rows.stream().filter(r -> r.category.equals(category) && r.name.equals(name)).findFirst();
        }

        /**
         * Total time of one category over all names (nested spans each counted whole).
         *
         * @param category the span category
         * @return the sum of its spans' durations, in nanoseconds
         */
        public long categoryNanos(String category) {
            return rows.stream().filter(r -> r.category.equals(category)).mapToLong(Row::totalNanos).sum();
        }

        /**
         * Busy time of all workers together.
         *
         * @return the sum of the workers' {@link ThreadStat#busyNanos()}, in nanoseconds
         */
        public long workerBusyNanos() {
            return threads.stream().filter(ThreadStat::worker).mapToLong(ThreadStat::busyNanos).sum();
        }

        /**
         * The workers' mean idle share.
         *
         * @return {@code 1 - workerBusyNanos / (workers · wallNanos)}, NaN if there is no worker
         */
        public double meanWorkerIdleShare() {
            long workers = threads.stream().filter(ThreadStat::worker).count();
            return workers == 0 ? Double.NaN : 1 - (double) workerBusyNanos() / workers / Math.max(wallNanos, 1);
        }

        /**
         * A readable multi-line table (e.g. for stderr at the end of a run): wall time, the rows with count,
         * total ms, mean µs and share of worker busy time, the threads with busy ms and idle share, bytes moved
         * per category, and the program threads' analysis and wait time.
         *
         * @return the table, lines ending in {@code '\n'}
         */
        public String format() {
            StringBuilder sb = new StringBuilder();
            long workers = threads.stream().filter(ThreadStat::worker).count();
            sb.append(String.format(Locale.ROOT, "profile of shard %d: wall %s ms, %d workers busy %s ms (mean idle %s)%n",
                    shard, ms(wallNanos), workers, ms(workerBusyNanos()), percent(meanWorkerIdleShare())));
            List<String[]> table = new ArrayList<>();
            table.add(new String[] {"category", "name", "count", "total ms", "mean us", "busy share"});
            for (Row r : rows) {
                table.add(new String[] {r.category, r.name, Long.toString(r.count), ms(r.totalNanos),
                    String.format(Locale.ROOT, "%.3f", r.meanMicros()), percent(r.busyShare)});
            }
            appendTable(sb, table, 2);
            table.clear();
            table.add(new String[] {"thread", "role", "tid", "busy ms", "idle"});
            for (ThreadStat t : threads) {
                table.add(new String[] {t.name, t.worker ? "worker" : "program", Long.toString(t.tid), ms(t.busyNanos),
                    percent(t.idleShare)});
            }
            appendTable(sb, table, 2);
            sb.append("bytes moved:");
            bytesMoved.forEach((c, b) -> sb.append(' ').append(c).append(' ').append(b));
            sb.append(bytesMoved.isEmpty() ? " none\n" : "\n");
            return sb.append(String.format(Locale.ROOT, "program threads: analysis %s ms, wait %s ms%n",
                    ms(analysisNanos), ms(waitNanos))).toString();
        }

        private static String ms(long nanos) {
            return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
        }

        private static String percent(double share) {
            return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
        }

        /** Appends {@code rows} as aligned columns: the first {@code textColumns} left-aligned, the rest right-aligned. */
        private static void appendTable(StringBuilder sb, List<String[]> rows, int textColumns) {
            int[] width = new int[rows.get(0).length];
            for (String[] r : rows) {
                for (int c = 0; c < r.length; c++) {
                    width[c] = Math.max(width[c], r[c].length());
                }
            }
            for (String[] r : rows) {
                StringBuilder line = new StringBuilder("  ");
                for (int c = 0; c < r.length; c++) {
                    String pad = " ".repeat(width[c] - r[c].length());
                    line.append(c < textColumns ? r[c] + pad : pad + r[c]).append(c + 1 < r.length ? "  " : "");
                }
                sb.append(line.toString().stripTrailing()).append('\n');
            }
        }
    }

    /** Writes the {@code traceEvents} array of a JSON trace, one event a line. */
    private static final class TraceWriter {
        private final Writer w;
        private final StringBuilder sb = new StringBuilder(256);
        private boolean first = true;

        TraceWriter(Writer w) throws IOException {
            this.w = w;
            w.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[");
        }

        /** A metadata event {@code {"name":name,"ph":"M","pid":..,"tid":..,"args":{key:value}}}. */
        void metadata(String name, int pid, long tid, String key, Object value) throws IOException {
            begin(name).append(",\"ph\":\"M\",\"pid\":").append(pid).append(",\"tid\":").append(tid).append(",\"args\":{");
            string(key).append(':');
            if (value instanceof String s) {
                string(s);
            } else {
                sb.append(value);
            }
            end("}}");
        }

        /** A complete event; {@code ts} and {@code dur} are given in nanoseconds and written in microseconds. */
        void span(String category, String name, long tsNanos, long durNanos, int pid, long tid, long bytes) throws IOException {
            begin(name).append(",\"cat\":");
            string(category).append(",\"ph\":\"X\",\"ts\":");
            micros(tsNanos).append(",\"dur\":");
            micros(durNanos).append(",\"pid\":").append(pid).append(",\"tid\":").append(tid);
            end(bytes != 0 ? ",\"args\":{\"bytes\":" + bytes + "}}" : "}");
        }

        void finish() throws IOException {
            w.write("\n]}\n");
        }

        private StringBuilder begin(String name) {
            sb.setLength(0);
            sb.append(first ? "\n{\"name\":" : ",\n{\"name\":");
            first = false;
            return string(name);
        }

        private void end(String tail) throws IOException {
            w.append(sb.append(tail));
        }

        /** Microseconds with three decimals, exact for a non-negative count of nanoseconds. */
        private StringBuilder micros(long nanos) {
            long frac = nanos % 1000;
            return sb.append(nanos / 1000).append('.').append(frac < 100 ? frac < 10 ? "00" : "0" : "").append(frac);
        }

        /** A JSON string literal (RFC 8259 escapes). */
        private StringBuilder string(String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                if (ch == '"' || ch == '\\') {
                    sb.append('\\').append(ch);
                } else if (ch < 0x20) {
                    sb.append(String.format("\\u%04x", (int) ch));
                } else {
                    sb.append(ch);
                }
            }
            return sb.append('"');
        }
    }
}
