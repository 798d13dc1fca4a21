package dev.cohort.examples.calibrate;

import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.Topology;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Measures every cost of a {@link Calibration} on this machine ({@code bin/cohort calibrate}): the footprint the
 * shared cache holds ({@link MemoryProbe}), kernels in cache and from memory ({@link KernelBench}), the runtime's
 * copies into gathered pieces ({@link CopyBench}), the program thread's launch, point and wait costs ({@link LaunchBench}), the links
 * ({@link LinkBench}) and the simulator's own cost per task ({@link SimulatorBench}). Nothing is assumed: every
 * number of the result is fitted to times measured here.
 */
final class Calibrator {
    /** Everything measured, and the calibration made from it. */
    record Report(Calibration calibration, MemoryProbe.Result memory, List<KernelBench.Result> kernels, CopyBench.Result copy,
                  LaunchBench.Result launch,
                  Map<Topology.LinkClass, LinkBench.Result> links, SimulatorBench.Result simulator, double seconds) {
    }

    /** The line of the calibration file that prices any op code and type without its own: float64 {@code np.add}. */
    static final String DEFAULT_KERNEL = "1001.FLOAT64";

    private Calibrator() {
    }

    /**
     * Runs the whole calibration; {@code progress} gets one line per measurement (null: none).
     *
     * @param quick smaller sizes and fewer repetitions (about a third of the time)
     */
    static Report run(boolean quick, PrintWriter progress) {
        long t0 = System.nanoTime();
        Path scratch;
        try {
            scratch = Files.createTempDirectory("cohort-calibrate");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch directory for the profiles: " + e.getMessage(), e);
        }
        try {
            say(progress, "memory: c = a + b cycling through footprints of 6 to 384 MiB");
            MemoryProbe.Result memory = new MemoryProbe(quick).measure();
            KernelBench kb = new KernelBench(scratch, quick);
            List<KernelBench.Result> kernels = new ArrayList<>();
            Map<String, Calibration.KernelCost> costs = new TreeMap<>();
            for (KernelBench.Workload w : KernelBench.workloads()) {
                say(progress, "kernel " + w.op() + " " + w.dtype() + ": " + w.what());
                KernelBench.Result r = kb.measure(w, memory.memoryBytes());
                kernels.add(r);
                costs.put(w.key(), r.cost());
            }
            costs.put("default", costs.get(DEFAULT_KERNEL));
            say(progress, "copy: gathers of a[1:] + b[:-1] over tiles of 1 Ki to 256 Ki elements");
            CopyBench.Result copy = new CopyBench(scratch, quick).measure(memory.memoryBytes());
            say(progress, "launch and wait: chains of np.add over 1 to 64 tiles, a.sum().itemDouble()");
            LaunchBench.Result launch = new LaunchBench(scratch, quick).measure();
            Map<Topology.LinkClass, LinkBench.Result> links = new EnumMap<>(Topology.LinkClass.class);
            Map<Topology.LinkClass, Calibration.LinkCost> linkCosts = new EnumMap<>(Topology.LinkClass.class);
            LinkBench lb = new LinkBench(quick);
            for (Topology.LinkClass c : Topology.LinkClass.values()) {
                say(progress, "link " + c + ": ping-pong");
                LinkBench.Result r = lb.measure(c);
                links.put(c, r);
                linkCosts.put(c, r.cost());
            }
            Calibration partial = new Calibration(machine(), costs, launch.launchNanos(), launch.pointNanos(),
                    launch.waitNanos(), linkCosts, 0, KernelBench.cacheBytes(), memory.memoryBytes(), copy.cost());
            say(progress, "simulator: build and full simulation of a " + SimulatorBench.NODES + "-node task graph");
            SimulatorBench.Result sim = new SimulatorBench(scratch, quick).measure(partial);
            Calibration c = new Calibration(partial.machine(), costs, launch.launchNanos(), launch.pointNanos(),
                    launch.waitNanos(), linkCosts, sim.nanosPerTask(), KernelBench.cacheBytes(), memory.memoryBytes(),
                    copy.cost());
            return new Report(c, memory, kernels, copy, launch, links, sim, (System.nanoTime() - t0) / 1e9);
        } finally {
            deleteQuietly(scratch);
        }
    }

    private static void say(PrintWriter progress, String line) {
        if (progress != null) {
            progress.println("calibrate: " + line);
            progress.flush();
        }
    }

    /** What the costs are measured on: CPU model, cores, Java version, date. */
    static String machine() {
        String cpu = System.getProperty("os.arch");
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            cpu = lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(cpu);
        } catch (IOException | UncheckedIOException e) {
            // not Linux: the architecture names the CPU
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return String.format(Locale.ROOT, "%s, %d core%s, Java %s, %s", cpu, cores, cores == 1 ? "" : "s",
                System.getProperty("java.version"), LocalDate.now());
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a scratch directory under the temporary directory; the system cleans it
        }
    }
}
