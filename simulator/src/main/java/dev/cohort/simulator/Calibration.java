package dev.cohort.simulator;

import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Measured costs of one machine, the inputs of the {@link CostModel}: kernel time per op code, element type and piece
 * size, the runtime's overhead per launch and per point, and the cost of moving bytes between shards per
 * {@link Topology.LinkClass link class}. Made by {@code bin/cohort calibrate} (which measures them, see
 * {@code dev.cohort.examples.calibrate.Calibrator}) and kept in {@link #defaultFile()}; every value is a measurement, never a
 * guess. The file is a {@link Properties} text:
 * <pre>
 * machine = AMD EPYC 7B13, 2 cores, Java 17.0.13     (what it was measured on)
 * kernel.1001.FLOAT64 = 950, 0.0, 0.061              (fixed ns, ns per iteration point, ns per byte)
 * kernel.default = 950, 0.0, 0.061                   (any op code and type without its own line)
 * launch = 21000, 900                                (program-thread ns per launch, per point of the launch)
 * wait = 60000                                       (ns from a result's completion to the program thread running on)
 * link.IN_PROCESS = 2000, 4.5                        (latency ns, bytes per ns)
 * link.IPC = 9000, 2.1
 * link.NETWORK = 25000, 0.9
 * simulator = 180                                    (the simulator's own ns per simulated task)
 * cache = 1048576                                    (bytes of a point's pieces that stay in the core's cache)
 * memory = 50331648                                  (bytes of a loop's stores per node the shared cache holds)
 * copy = 1500, 0.15, 0.2                             (a runtime copy into a gathered piece: fixed ns, ns per byte
 *                                                     in cache, ns per byte from memory)
 * </pre>
 * A kernel line may have up to three more numbers: the extra ns per byte of the pieces beyond {@code cache} (a tile
 * that does not fit in the core's L2 streams from L3), the ns per row of the point's largest piece (every kernel walks
 * its pieces row by row, and a short row costs its loop set-up), and the ns per byte when the loop's data streams
 * from memory — a loop whose stores together exceed {@code memory} bytes per node (line {@code memory}: the
 * footprint beyond which the shared cache no longer holds them) reads every piece from DRAM, whatever its size.
 * Missing numbers are 0 (no knee, no row cost, no memory rate: the in-cache rate applies).
 *
 * @param machine         what the costs were measured on
 * @param kernels         per key {@code "taskId.TYPE"}, {@code "taskIdt.TYPE"} (the largest operand read transposed,
 *                        e.g. {@code A.T @ y}), {@code "taskId"} or {@code "default"}
 * @param launchNanos     program-thread time to analyse one launch (coarse and fine stage), ns
 * @param pointNanos      program-thread time per launch point, ns
 * @param waitNanos       from a result's completion until a blocked program thread runs again, ns
 * @param links           latency and bandwidth per link class
 * @param simulatorNanosPerTask the simulator's own cost per task of a graph (build and full simulation), ns
 * @param cacheBytes      the per-core cache a point task's pieces stay fast in (line {@code cache}; the L2 of the
 *                        machine measured): bytes beyond it cost {@link KernelCost#nanosPerByteBeyondCache} more
 *                        ({@code Long.MAX_VALUE}: no such knee)
 * @param memoryBytes     the footprint per node (bytes of the distinct stores a traced loop touches) beyond which the
 *                        loop's pieces stream from memory at {@link KernelCost#nanosPerByteFromMemory} (line
 *                        {@code memory}: the shared last-level cache the calibration measured; {@code Long.MAX_VALUE}:
 *                        never)
 * @param copy            the runtime's copy of one fragment into a gathered piece (line {@code copy}: {@code fixed},
 *                        {@code nanosPerByte}, {@code nanosPerByteFromMemory}; the other terms 0), or null: priced with
 *                        the COPY kernel's line
 */
public record Calibration(String machine, Map<String, KernelCost> kernels, double launchNanos, double pointNanos,
                          double waitNanos, Map<Topology.LinkClass, LinkCost> links, double simulatorNanosPerTask,
                          long cacheBytes, long memoryBytes, KernelCost copy) {
    /** The file {@code bin/cohort calibrate} writes, relative to the cache directory. */
    public static final String FILE_NAME = "cohort/calibration.properties";
    /** The resource with the reference calibration (measured on the development machine; see {@link #reference()}). */
    public static final String REFERENCE_RESOURCE = "/dev/cohort/simulator/reference-calibration.properties";

    /**
     * The time of one point task: {@code fixed + nanosPerPoint * points + nanosPerRow * rows} plus, for its bytes,
     * either {@code nanosPerByteFromMemory * bytes} when the loop's data streams from memory (and that rate was
     * measured), or {@code nanosPerByte * bytes + nanosPerByteBeyondCache * max(0, bytes - cacheBytes)}. {@code points}
     * is the volume of the point's tile of the iteration space, {@code rows} the rows of its largest piece (the
     * piece's volume over its last extent) and {@code bytes} the bytes of the pieces it touches ({@link PointWork}).
     */
    public record KernelCost(double fixedNanos, double nanosPerPoint, double nanosPerByte, double nanosPerByteBeyondCache,
                             double nanosPerRow, double nanosPerByteFromMemory) {
        public KernelCost {
            if (!(fixedNanos >= 0) || !(nanosPerPoint >= 0) || !(nanosPerByte >= 0) || !(nanosPerByteBeyondCache >= 0)
                    || !(nanosPerRow >= 0) || !(nanosPerByteFromMemory >= 0)) {
                throw new IllegalArgumentException("kernel cost terms must be >= 0, got " + fixedNanos + ", "
                        + nanosPerPoint + ", " + nanosPerByte + ", " + nanosPerByteBeyondCache + ", " + nanosPerRow + ", "
                        + nanosPerByteFromMemory);
            }
        }

        /** A cost with a cache knee, without row or memory terms. */
        public KernelCost(double fixedNanos, double nanosPerPoint, double nanosPerByte, double nanosPerByteBeyondCache) {
            this(fixedNanos, nanosPerPoint, nanosPerByte, nanosPerByteBeyondCache, 0, 0);
        }

        /** A cost without a cache knee. */
        public KernelCost(double fixedNanos, double nanosPerPoint, double nanosPerByte) {
            this(fixedNanos, nanosPerPoint, nanosPerByte, 0);
        }

        /** This cost with the row and memory terms set. */
        public KernelCost withRowsAndMemory(double perRow, double perByteFromMemory) {
            return new KernelCost(fixedNanos, nanosPerPoint, nanosPerByte, nanosPerByteBeyondCache, perRow, perByteFromMemory);
        }

        /** ns for a point of {@code points} iteration points touching {@code bytes} bytes in cache: the linear terms only. */
        public double nanos(long points, long bytes) {
            return fixedNanos + nanosPerPoint * points + nanosPerByte * bytes;
        }

        /**
         * ns for a point of {@code points} iteration points and {@code rows} rows touching {@code bytes} bytes, with a
         * per-core cache of {@code cacheBytes}, its data streaming from memory or not ({@code fromMemory}).
         */
        public double nanos(long points, long rows, long bytes, long cacheBytes, boolean fromMemory) {
            double t = fixedNanos + nanosPerPoint * points + nanosPerRow * rows;
            if (fromMemory && nanosPerByteFromMemory > 0) {
                return t + nanosPerByteFromMemory * bytes;
            }
            return t + nanosPerByte * bytes + (bytes > cacheBytes ? nanosPerByteBeyondCache * (bytes - cacheBytes) : 0);
        }
    }

    /** One link class: {@code latency + bytes / bandwidth}. */
    public record LinkCost(double latencyNanos, double bytesPerNano) {
        public LinkCost {
            if (!(latencyNanos >= 0) || !(bytesPerNano > 0)) {
                throw new IllegalArgumentException("a link needs latency >= 0 and bandwidth > 0; got " + latencyNanos
                        + " ns, " + bytesPerNano + " bytes/ns");
            }
        }

        /** ns to move {@code bytes}. */
        public double nanos(long bytes) {
            return latencyNanos + bytes / bytesPerNano;
        }
    }

    public Calibration {
        Objects.requireNonNull(machine, "machine");
        kernels = Collections.unmodifiableMap(new TreeMap<>(kernels));
        if (!kernels.containsKey("default")) {
            throw new IllegalArgumentException("a calibration needs a kernel.default line; has " + kernels.keySet());
        }
        EnumMap<Topology.LinkClass, LinkCost> l = new EnumMap<>(Topology.LinkClass.class);
        l.putAll(links);
        for (Topology.LinkClass c : Topology.LinkClass.values()) {
            if (!l.containsKey(c)) {
                throw new IllegalArgumentException("a calibration needs link." + c + "; has " + l.keySet());
            }
        }
        links = Collections.unmodifiableMap(l);
        if (cacheBytes < 1) {
            throw new IllegalArgumentException("cache must be >= 1 byte, got " + cacheBytes);
        }
        if (memoryBytes < 1) {
            throw new IllegalArgumentException("memory must be >= 1 byte, got " + memoryBytes);
        }
        if (!(launchNanos >= 0) || !(pointNanos >= 0) || !(waitNanos >= 0) || !(simulatorNanosPerTask >= 0)) {
            throw new IllegalArgumentException("launch, point, wait and simulator costs must be >= 0; got " + launchNanos
                    + ", " + pointNanos + ", " + waitNanos + ", " + simulatorNanosPerTask);
        }
    }

    /** A calibration without a cache knee or a memory footprint ({@code cacheBytes = memoryBytes = Long.MAX_VALUE}). */
    public Calibration(String machine, Map<String, KernelCost> kernels, double launchNanos, double pointNanos,
                       double waitNanos, Map<Topology.LinkClass, LinkCost> links, double simulatorNanosPerTask) {
        this(machine, kernels, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /** A calibration without a memory footprint ({@code memoryBytes = Long.MAX_VALUE}: loops stay in cache). */
    public Calibration(String machine, Map<String, KernelCost> kernels, double launchNanos, double pointNanos,
                       double waitNanos, Map<Topology.LinkClass, LinkCost> links, double simulatorNanosPerTask,
                       long cacheBytes) {
        this(machine, kernels, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, cacheBytes, Long.MAX_VALUE);
    }

    /** A calibration without a copy line (gathers priced with the COPY kernel's line). */
    public Calibration(String machine, Map<String, KernelCost> kernels, double launchNanos, double pointNanos,
                       double waitNanos, Map<Topology.LinkClass, LinkCost> links, double simulatorNanosPerTask,
                       long cacheBytes, long memoryBytes) {
        this(machine, kernels, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, cacheBytes, memoryBytes, null);
    }

    /** This calibration with the copy line set. */
    public Calibration withCopy(KernelCost c) {
        return new Calibration(machine, kernels, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, cacheBytes,
                memoryBytes, c);
    }

    /** Whether a loop touching {@code footprintBytes} of distinct stores per node streams its pieces from memory. */
    public boolean fromMemory(long footprintBytes) {
        return footprintBytes > memoryBytes;
    }

    /** This calibration with the memory footprint set (line {@code memory}). */
    public Calibration withMemoryBytes(long bytes) {
        return new Calibration(machine, kernels, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, cacheBytes, bytes,
                copy);
    }

    /** The kernel cost of {@code taskId} on {@code type}: its own line, else the op code's, else {@code default}. */
    public KernelCost kernel(int taskId, FieldType type) {
        return kernel(taskId, false, type);
    }

    /**
     * The kernel cost of {@code taskId} on {@code type}, its largest operand read transposed or not: the transposed
     * line ({@code kernel.<taskId>t.<TYPE>}) when asked for and present, else the type's line, else the op code's,
     * else {@code default}.
     */
    public KernelCost kernel(int taskId, boolean transposed, FieldType type) {
        KernelCost k = transposed ? kernels.get(kernelKey(taskId, true, type)) : null;
        if (k == null) {
            k = kernels.get(kernelKey(taskId, false, type));
        }
        if (k == null) {
            k = kernels.get(Integer.toString(taskId));
        }
        return k != null ? k : kernels.get("default");
    }

    /** The key of a kernel line: {@code taskId.TYPE}, or {@code taskIdt.TYPE} for a transposed read. */
    public static String kernelKey(int taskId, boolean transposed, FieldType type) {
        return taskId + (transposed ? "t" : "") + "." + type;
    }

    /** The cost of link class {@code c}. */
    public LinkCost link(Topology.LinkClass c) {
        return links.get(c);
    }

    /** This calibration with link class {@code c} replaced (a projection's {@code --network}). */
    public Calibration withLink(Topology.LinkClass c, LinkCost cost) {
        EnumMap<Topology.LinkClass, LinkCost> l = new EnumMap<>(links);
        l.put(c, cost);
        return new Calibration(machine, kernels, launchNanos, pointNanos, waitNanos, l, simulatorNanosPerTask, cacheBytes, memoryBytes, copy);
    }

    /** This calibration with kernel line {@code key} set. */
    public Calibration withKernel(String key, KernelCost cost) {
        Map<String, KernelCost> k = new TreeMap<>(kernels);
        k.put(key, cost);
        return new Calibration(machine, k, launchNanos, pointNanos, waitNanos, links, simulatorNanosPerTask, cacheBytes, memoryBytes, copy);
    }

    /**
     * The file a calibration is cached in: {@code $COHORT_CACHE_DIR/calibration.properties} when that is set, else
     * {@code $XDG_CACHE_HOME/cohort/calibration.properties}, else {@code ~/.cache/cohort/calibration.properties}.
     */
    public static Path defaultFile() {
        String own = System.getenv("COHORT_CACHE_DIR");
        if (own != null && !own.isBlank()) {
            return Path.of(own, "calibration.properties");
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve(FILE_NAME);
    }

    /**
     * This machine's calibration from {@link #defaultFile()} when {@code bin/cohort calibrate} has written one, else
     * the {@link #reference()} one.
     */
    public static Calibration loadOrReference() {
        Path f = defaultFile();
        return Files.isRegularFile(f) ? load(f) : reference();
    }

    /**
     * The reference calibration shipped with Cohort: {@code bin/cohort calibrate} run on the development machine
     * (its {@link #machine} line says which); for projections and tests where this machine has none of its own.
     */
    public static Calibration reference() {
        try (InputStream in = Calibration.class.getResourceAsStream(REFERENCE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + REFERENCE_RESOURCE + " is missing from the simulator jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), REFERENCE_RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a calibration file.
     *
     * @throws IllegalArgumentException naming the file and the line at fault when it is malformed
     * @throws UncheckedIOException     when it cannot be read
     */
    public static Calibration load(Path file) {
        try {
            return parse(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read calibration " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses the text of a calibration file ({@code source} names it in errors). */
    public static Calibration parse(String text, String source) {
        Properties p = new Properties();
        try (Reader r = new StringReader(text)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, KernelCost> kernels = new TreeMap<>();
        EnumMap<Topology.LinkClass, LinkCost> links = new EnumMap<>(Topology.LinkClass.class);
        for (String name : new TreeMap<>(p).keySet().stream().map(Object::toString).toList()) {
            String v = p.getProperty(name);
            if (name.startsWith("kernel.")) {
                int count = v.split(",").length;
                double[] x = numbers(source, name, v, count >= 3 && count <= 6 ? count : 3);
                kernels.put(name.substring("kernel.".length()), checked(source, name, v,
                        () -> new KernelCost(x[0], x[1], x[2], term(x, 3), term(x, 4), term(x, 5))));
            } else if (name.startsWith("link.")) {
                double[] x = numbers(source, name, v, 2);
                Topology.LinkClass c;
                try {
                    c = Topology.LinkClass.valueOf(name.substring("link.".length()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(source + ": unknown link class in '" + name + "'");
                }
                links.put(c, checked(source, name, v, () -> new LinkCost(x[0], x[1])));
            }
        }
        double[] launch = numbers(source, "launch", required(p, source, "launch"), 2);
        double wait = numbers(source, "wait", required(p, source, "wait"), 1)[0];
        double sim = numbers(source, "simulator", required(p, source, "simulator"), 1)[0];
        long cache = wholeBytes(p, source, "cache");
        long memory = wholeBytes(p, source, "memory");
        KernelCost copy = null;
        if (p.getProperty("copy") != null) {
            double[] x = numbers(source, "copy", p.getProperty("copy"), 3);
            copy = checked(source, "copy", p.getProperty("copy"), () -> new KernelCost(x[0], 0, x[1], 0, 0, x[2]));
        }
        try {
            return new Calibration(p.getProperty("machine", "unknown"), kernels, launch[0], launch[1], wait, links, sim, cache,
                    memory, copy);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** Number {@code i} of a kernel line, 0 when the line is shorter. */
    private static double term(double[] x, int i) {
        return i < x.length ? x[i] : 0;
    }

    /** Line {@code name} as a whole number of bytes >= 1; {@code Long.MAX_VALUE} when absent. */
    private static long wholeBytes(Properties p, String source, String name) {
        if (p.getProperty(name) == null) {
            return Long.MAX_VALUE;
        }
        double c = numbers(source, name, p.getProperty(name), 1)[0];
        if (!(c >= 1) || c != Math.rint(c)) {
            throw new IllegalArgumentException(source + ": '" + name + " = " + p.getProperty(name)
                    + "' must be a whole number of bytes >= 1");
        }
        return (long) c;
    }

    /** {@code make}'s value; its {@code IllegalArgumentException} names the file and the line at fault. */
    private static <T> T checked(String source, String name, String value, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": '" + name + " = " + value + "': " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, String source, String name) {
        String v = p.getProperty(name);
        if (v == null) {
            throw new IllegalArgumentException(source + ": missing '" + name + "'");
        }
        return v;
    }

    private static double[] numbers(String source, String name, String value, int n) {
        String[] parts = value.split(",");
        if (parts.length != n) {
            throw new IllegalArgumentException(source + ": '" + name + " = " + value + "' needs " + n + " comma-separated numbers");
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            try {
                x[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(source + ": '" + name + " = " + value + "': '" + parts[i].trim()
                        + "' is not a number");
            }
        }
        return x;
    }

    /** The text of the calibration file (what {@link #parse} reads back). */
    public String format() {
        StringWriter w = new StringWriter();
        w.write("# Cohort calibration (bin/cohort calibrate): measured costs for the simulator's cost model\n");
        w.write("machine = " + machine + "\n");
        for (Map.Entry<String, KernelCost> e : kernels.entrySet()) {
            KernelCost k = e.getValue();
            boolean more = k.nanosPerRow() > 0 || k.nanosPerByteFromMemory() > 0;
            w.write("kernel." + e.getKey() + " = " + k.fixedNanos() + ", " + k.nanosPerPoint() + ", " + k.nanosPerByte()
                    + (more || k.nanosPerByteBeyondCache() > 0 ? ", " + k.nanosPerByteBeyondCache() : "")
                    + (more ? ", " + k.nanosPerRow() + ", " + k.nanosPerByteFromMemory() : "") + "\n");
        }
        w.write("launch = " + launchNanos + ", " + pointNanos + "\n");
        w.write("wait = " + waitNanos + "\n");
        for (Map.Entry<Topology.LinkClass, LinkCost> e : links.entrySet()) {
            w.write("link." + e.getKey() + " = " + e.getValue().latencyNanos() + ", " + e.getValue().bytesPerNano() + "\n");
        }
        w.write("simulator = " + simulatorNanosPerTask + "\n");
        if (cacheBytes != Long.MAX_VALUE) {
            w.write("cache = " + cacheBytes + "\n");
        }
        if (memoryBytes != Long.MAX_VALUE) {
            w.write("memory = " + memoryBytes + "\n");
        }
        if (copy != null) {
            w.write("copy = " + copy.fixedNanos() + ", " + copy.nanosPerByte() + ", " + copy.nanosPerByteFromMemory() + "\n");
        }
        return w.toString();
    }

    /** Writes {@link #format()} to {@code file}, creating its directory. */
    public void save(Path file) {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, format());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write calibration " + file + ": " + e.getMessage(), e);
        }
    }
}
