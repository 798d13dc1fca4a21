package dev.cohort.examples.calibrate;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The spans of a runtime profile ({@code Cohort.Config.profile}, the runtime's {@code Profiler}: a Chrome/Perfetto
 * JSON trace of complete events, {@code ts} and {@code dur} in microseconds with three decimals), read back in
 * nanoseconds, sorted by start.
 */
public final class TraceSpans {
    /** The category of a point task's body. */
    public static final String TASK = "task";
    /** The category of the program thread's analysis of a launch. */
    public static final String ANALYSIS = "analysis";
    /** The category of the runtime's copies between instances (gathers of pieces no one instance holds). */
    public static final String COPY = "copy";
    /** The category of a data collective (an all-gather), from this shard's contribution to the result. */
    public static final String COLLECTIVE = "collective";

    /**
     * One span: category, name (a task's registered name for tasks and analyses), thread, start and length in ns, and
     * the bytes it moved (its {@code args.bytes}; 0 when it has none).
     */
    public record Span(String category, String name, long tid, long startNanos, long durNanos, long bytes) {
        public long endNanos() {
            return startNanos + durNanos;
        }
    }

    private final List<Span> spans;

    private TraceSpans(List<Span> spans) {
        this.spans = spans;
    }

    /**
     * Reads a trace file.
     *
     * @throws UncheckedIOException naming the file when it cannot be read or is not a trace
     */
    public static TraceSpans read(Path file) {
        ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        JsonNode root;
        try {
            root = json.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the profile " + file + ": " + e.getMessage(), e);
        }
        JsonNode events = root.get("traceEvents");
        if (events == null || !events.isArray()) {
            throw new UncheckedIOException(new IOException("the profile " + file + " has no traceEvents array"));
        }
        List<Span> out = new ArrayList<>();
        for (JsonNode e : events) {
            if (!"X".equals(e.path("ph").asText())) {
                continue;
            }
            out.add(new Span(e.path("cat").asText(), e.path("name").asText(), e.path("tid").asLong(),
                    nanos(e.get("ts")), nanos(e.get("dur")), e.path("args").path("bytes").asLong(0)));
        }
        out.sort(Comparator.comparingLong(Span::startNanos));
        return new TraceSpans(out);
    }

    private static long nanos(JsonNode micros) {
        return micros.decimalValue().movePointRight(3).longValue();
    }

    /** Every span, by start. */
    public List<Span> all() {
        return spans;
    }

    /** The spans that pass {@code filter}, by start. */
    public List<Span> where(Predicate<Span> filter) {
        return spans.stream().filter(filter).toList();
    }

    /** The spans of category {@code category} named {@code name}, by start. */
    public List<Span> of(String category, String name) {
        return where(s -> s.category().equals(category) && s.name().equals(name));
    }
}
