package dev.cohort.runtime.profile;

import static dev.cohort.runtime.profile.Profiler.ANALYSIS;
import static dev.cohort.runtime.profile.Profiler.COLLECTIVE;
import static dev.cohort.runtime.profile.Profiler.COPY;
import static dev.cohort.runtime.profile.Profiler.FILL;
import static dev.cohort.runtime.profile.Profiler.RECEIVE;
import static dev.cohort.runtime.profile.Profiler.SEND;
import static dev.cohort.runtime.profile.Profiler.TASK;
import static dev.cohort.runtime.profile.Profiler.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.cohort.runtime.profile.Profiler.Summary;
import dev.cohort.runtime.profile.Profiler.Summary.Row;
import dev.cohort.runtime.profile.Profiler.Summary.ThreadStat;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProfilerTest {

    /** Strict: rejects trailing content and duplicate keys as well as malformed JSON. */
    static final ObjectMapper JSON = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    @TempDir
    Path dir;

    /** Runs {@code body} on a new thread named {@code name}; returns the thread's id once it has finished. */
    static long onThread(String name, Runnable body) throws InterruptedException {
        Thread t = new Thread(body, name);
        t.start();
        t.join();
        return t.getId();
    }

    /** Writes {@code profilers}' trace and parses it back. */
    JsonNode trace(List<Profiler> profilers) throws IOException {
        Path file = dir.resolve("trace.json");
        Profiler.writeTrace(file, profilers);
        return JSON.readTree(file.toFile());
    }

    /** The trace's events of phase {@code ph}, in file order. */
    static List<JsonNode> events(JsonNode trace, String ph) {
        return StreamSupport.stream(trace.get("traceEvents").spliterator(), false)
                .filter(e -> e.get("ph").asText().equals(ph)).toList();
    }

    /** Checks the fields of every complete event, that ts is non-negative and sorted; returns the events. */
    static List<JsonNode> completeEvents(JsonNode trace) {
        List<JsonNode> xs = events(trace, "X");
        double last = 0;
        for (JsonNode e : xs) {
            for (String field : List.of("ph", "ts", "dur", "pid", "tid", "name", "cat")) {
                assertTrue(e.has(field), () -> "no " + field + " in " + e);
            }
            double ts = e.get("ts").asDouble();
            assertTrue(ts >= last, () -> "ts not sorted at " + e);
            assertTrue(e.get("dur").asDouble() >= 0, e::toString);
            last = ts;
        }
        return xs;
    }

    @Test
    void spansOfSeveralThreadsLandOnTheirThreadsWithTheirNames() throws Exception {
        Profiler p = new Profiler(2);
        long t0 = p.startNanos();
        Map<Long, String> names = new HashMap<>();
        for (int k = 0; k < 3; k++) {
            int shift = k;
            String name = k == 2 ? "worker \"2\"\\\n" : "worker-" + k; // escapes round-trip
            names.put(onThread(name, () -> {
                for (int j = 0; j < 10; j++) {
                    long s = t0 + 1_500 + 10_000L * j + shift;
                    p.span(TASK, "op\t" + shift, s, s + 250);
                }
                p.span(COPY, "copy", t0 + 200_000, t0 + 201_000, 4096);
            }), name);
        }
        p.span(ANALYSIS, "launch", t0 + 1_000, t0 + 1_002);
        names.put(Thread.currentThread().getId(), Thread.currentThread().getName());

        JsonNode trace = trace(List.of(p));
        JsonNode process = events(trace, "M").stream().filter(e -> e.get("name").asText().equals("process_name"))
                .findFirst().orElseThrow();
        assertEquals(3, process.get("pid").asInt());
        assertEquals("shard 2", process.get("args").get("name").asText());
        Map<Long, String> threadNames = events(trace, "M").stream().filter(e -> e.get("name").asText().equals("thread_name"))
                .collect(Collectors.toMap(e -> e.get("tid").asLong(), e -> e.get("args").get("name").asText()));
        assertEquals(names, threadNames);

        List<JsonNode> xs = completeEvents(trace);
        assertEquals(3 * 11 + 1, xs.size());
        xs.forEach(e -> assertEquals(3, e.get("pid").asInt()));
        Map<String, List<JsonNode>> byThread = xs.stream().collect(Collectors.groupingBy(e -> names.get(e.get("tid").asLong())));
        assertEquals(List.of("launch"), byThread.get(Thread.currentThread().getName()).stream().map(e -> e.get("name").asText()).toList());
        for (int k = 0; k < 3; k++) {
            String op = "op\t" + k;
            List<JsonNode> mine = byThread.get(k == 2 ? "worker \"2\"\\\n" : "worker-" + k);
            assertEquals(11, mine.size());
            assertEquals(10, mine.stream().filter(e -> e.get("name").asText().equals(op)).count());
            JsonNode first = mine.get(0);
            assertEquals(TASK, first.get("cat").asText());
            assertEquals(1.5 + k / 1e3, first.get("ts").asDouble(), 1e-9); // microseconds from the creation
            assertEquals(0.25, first.get("dur").asDouble(), 1e-9);
            JsonNode copy = mine.get(10);
            assertEquals(COPY, copy.get("cat").asText());
            assertEquals(200.0, copy.get("ts").asDouble(), 1e-9);
            assertEquals(1.0, copy.get("dur").asDouble(), 1e-9);
            assertEquals(4096, copy.get("args").get("bytes").asLong());
        }
    }

    @Test
    void severalProfilersShareOneTraceAsProcesses() throws Exception {
        Profiler a = new Profiler(0);
        Profiler b = new Profiler(1);
        a.span(TASK, "x", a.startNanos(), a.startNanos() + 1_000);
        b.span(TASK, "y", b.startNanos(), b.startNanos() + 1_000);
        JsonNode trace = trace(List.of(a, b));
        List<JsonNode> xs = completeEvents(trace);
        assertEquals(List.of(1, 2), xs.stream().map(e -> e.get("pid").asInt()).toList());
        assertEquals(0.0, xs.get(0).get("ts").asDouble()); // relative to the earliest creation, a's
        assertEquals((b.startNanos() - a.startNanos()) / 1e3, xs.get(1).get("ts").asDouble(), 1e-9);
        assertEquals(List.of("shard 0", "shard 1"), events(trace, "M").stream()
                .filter(e -> e.get("name").asText().equals("process_name")).map(e -> e.get("args").get("name").asText()).toList());
    }

    @Test
    void emptyProfilerWritesAValidTraceAndSummary() throws Exception {
        Profiler p = new Profiler(0);
        JsonNode trace = trace(List.of(p));
        assertTrue(completeEvents(trace).isEmpty());
        assertEquals(2, trace.get("traceEvents").size()); // process_name and process_sort_index
        Summary s = p.summary();
        assertTrue(s.rows().isEmpty() && s.threads().isEmpty() && s.bytesMoved().isEmpty());
        assertEquals(0, s.workerBusyNanos());
        assertTrue(s.format().contains("bytes moved: none"), s.format());
    }

    @Test
    void summaryTotalsAreExactlyWhatWasRecorded() throws Exception {
        Profiler p = new Profiler(0);
        long t0 = p.startNanos();
        onThread("worker-0", () -> {
            long t = t0;
            for (long d : new long[] {100, 200, 300}) {
                p.span(TASK, "a", t, t += d);
            }
            p.span(TASK, "b", t, t += 1_000);
            p.span(COPY, "copy", t, t += 50, 10);
            p.span(COPY, "copy", t, t += 50, 20);
            p.span(SEND, "send", t, t + 5, 7);
        });
        p.span(ANALYSIS, "launch", t0, t0 + 400);
        p.span(ANALYSIS, "launch", t0 + 400, t0 + 1_000);
        p.span(WAIT, "future", t0 + 1_000, t0 + 1_250);
        p.span(COLLECTIVE, "allreduce", t0 + 1_250, t0 + 1_300, 8);

        Summary s = p.summary(t0 + 10_000);
        assertEquals(10_000, s.wallNanos());
        Row a = s.row(TASK, "a").orElseThrow();
        assertEquals(3, a.count());
        assertEquals(600, a.totalNanos());
        assertEquals(0.2, a.meanMicros(), 1e-12);
        assertEquals(1_705, s.workerBusyNanos());
        assertEquals(600.0 / 1_705, a.busyShare(), 1e-12);
        assertEquals(2, s.row(COPY, "copy").orElseThrow().count());
        assertEquals(100, s.categoryNanos(COPY));
        assertEquals(1_600, s.categoryNanos(TASK));
        assertEquals(2, s.row(ANALYSIS, "launch").orElseThrow().count());
        assertEquals(0.0, s.row(ANALYSIS, "launch").orElseThrow().busyShare()); // not worker time
        assertEquals(Map.of(COPY, 30L, SEND, 7L, COLLECTIVE, 8L), s.bytesMoved());
        assertEquals(1_000, s.analysisNanos());
        assertEquals(250, s.waitNanos());
        assertEquals(List.of(a.totalNanos(), 1_000L), s.rows().stream().filter(r -> r.category().equals(TASK))
                .map(Row::totalNanos).sorted().toList());
        assertEquals(s.rows().stream().mapToLong(Row::totalNanos).boxed().sorted((x, y) -> Long.compare(y, x)).toList(),
                s.rows().stream().map(Row::totalNanos).toList()); // the largest first
        String text = s.format();
        for (String part : List.of("wall 0.010 ms", "worker-0", "copy 30", "send 7", "collective 8",
                "analysis 0.001 ms, wait 0.000 ms", "busy share")) {
            assertTrue(text.contains(part), () -> part + " not in\n" + text);
        }
    }

    /** Collectives differ only by their number in the trace; the summary has one row for all of them. */
    @Test
    void theSummaryCountsNumberedSpansUnderOneRow() {
        Profiler p = new Profiler(0);
        long t0 = p.startNanos();
        p.span(COLLECTIVE, "all-gather #3", t0, t0 + 100, 8);
        p.span(COLLECTIVE, "all-gather #17", t0 + 100, t0 + 300, 8);
        p.span(COLLECTIVE, "rank #x", t0 + 300, t0 + 310);
        Summary s = p.summary(t0 + 1_000);
        Row all = s.row(COLLECTIVE, "all-gather").orElseThrow();
        assertEquals(2, all.count());
        assertEquals(300, all.totalNanos());
        assertTrue(s.row(COLLECTIVE, "all-gather #3").isEmpty());
        assertTrue(s.row(COLLECTIVE, "rank #x").isPresent(), "a name whose tail is not a number stays whole");
        assertEquals("all-gather", Profiler.summaryName("all-gather #17"));
        assertEquals("copy", Profiler.summaryName("copy"));
        assertEquals("odd #", Profiler.summaryName("odd #"));
    }

    @Test
    void busyTimeIsTheUnionOfOverlappingSpansAndIdleShareFollows() throws Exception {
        Profiler p = new Profiler(0);
        long t0 = p.startNanos();
        long w1 = onThread("w1", () -> {
            p.span(TASK, "t", t0, t0 + 100);
            p.span(COPY, "c", t0 + 50, t0 + 150);      // overlaps the task: union [0, 150]
            p.span(TASK, "t", t0 + 200, t0 + 300);
            p.span(FILL, "f", t0 + 250, t0 + 260);     // nested in the task
            p.span(WAIT, "w", t0 + 300, t0 + 900);     // waiting is not busy
            p.span(TASK, "t", t0 + 1_000, t0 + 1_000); // empty
        });
        long w2 = onThread("w2", () -> p.span(RECEIVE, "r", t0, t0 + 500, 64));
        p.span(ANALYSIS, "launch", t0, t0 + 2_000);

        Summary s = p.summary(t0 + 2_000);
        Map<Long, ThreadStat> threads = s.threads().stream().collect(Collectors.toMap(ThreadStat::tid, t -> t));
        assertEquals(250, threads.get(w1).busyNanos());
        assertEquals(1 - 250 / 2_000.0, threads.get(w1).idleShare(), 1e-12);
        assertEquals(500, threads.get(w2).busyNanos());
        assertEquals(0.75, threads.get(w2).idleShare(), 1e-12);
        ThreadStat main = threads.get(Thread.currentThread().getId());
        assertFalse(main.worker());
        assertEquals(2_000, main.busyNanos());
        assertTrue(Double.isNaN(main.idleShare()));
        assertEquals(750, s.workerBusyNanos());
        assertEquals(1 - 750 / 4_000.0, s.meanWorkerIdleShare(), 1e-12);
        assertEquals(210, s.categoryNanos(TASK) + s.categoryNanos(FILL)); // nested spans are summed per category
        assertEquals(List.of(false, true, true), s.threads().stream().map(ThreadStat::worker).toList());
    }

    @Test
    void unionLengthMatchesABitmap() {
        Random rnd = new Random(7);
        for (int round = 0; round < 500; round++) {
            int n = rnd.nextInt(12);
            long[] starts = new long[n + 3];
            long[] ends = new long[n + 3];
            boolean[] covered = new boolean[200];
            for (int i = 0; i < n; i++) {
                starts[i] = rnd.nextInt(150);
                ends[i] = starts[i] + rnd.nextInt(50);
                for (long t = starts[i]; t < ends[i]; t++) {
                    covered[(int) t] = true;
                }
            }
            long expected = 0;
            for (boolean c : covered) {
                expected += c ? 1 : 0;
            }
            assertEquals(expected, Profiler.unionLength(starts, ends, n));
        }
    }

    @Test
    void rejectsASpanThatEndsBeforeItStarts() {
        Profiler p = new Profiler(0);
        assertThrows(IllegalArgumentException.class, () -> p.span(TASK, "t", 10, 9));
    }

    @Test
    void threadsRecordWhileTheSummaryAndTraceAreTaken() throws Exception {
        Profiler p = new Profiler(0);
        int threads = 4;
        int spans = 20_000; // more than one chunk per thread
        List<Thread> recorders = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            Thread t = new Thread(() -> {
                for (int i = 0; i < spans; i++) {
                    long s = Profiler.now();
                    p.span(TASK, "t", s, s + 1, 1);
                }
            }, "recorder-" + k);
            recorders.add(t);
            t.start();
        }
        long previous = 0;
        for (int i = 0; i < 20; i++) {
            Summary s = p.summary();
            long count = s.row(TASK, "t").map(Row::count).orElse(0L);
            assertTrue(count >= previous && count <= (long) threads * spans);
            assertEquals(count, s.bytesMoved().getOrDefault(TASK, 0L)); // one consistent snapshot
            previous = count;
        }
        completeEvents(trace(List.of(p))); // a trace taken mid-recording is well formed
        for (Thread t : recorders) {
            t.join();
        }
        Summary s = p.summary();
        assertEquals((long) threads * spans, s.row(TASK, "t").orElseThrow().count());
        assertEquals((long) threads * spans, s.bytesMoved().get(TASK));
        assertEquals(threads * spans, completeEvents(trace(List.of(p))).size());
    }

    /** A micro-check, not a timing: recording allocates only the amortised buffer, never per span. */
    @Test
    void recordingDoesNotAllocatePerSpan() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        int n = 1_000_000;
        record(new Profiler(0), n); // warm-up: compile the path
        Profiler p = new Profiler(0);
        long before = mx.getCurrentThreadAllocatedBytes();
        record(p, n);
        double perSpan = (double) (mx.getCurrentThreadAllocatedBytes() - before) / n;
        assertTrue(perSpan < 40, () -> perSpan + " bytes per span");
        assertEquals(n, p.summary().row(TASK, "binary_op").orElseThrow().count());
    }

    private static void record(Profiler p, int n) {
        for (int i = 0; i < n; i++) {
            p.span(TASK, "binary_op", i, i + 1L, i);
        }
    }
}
