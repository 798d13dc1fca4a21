package dev.cohort.examples.calibrate;

import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code bin/cohort calibrate [--quick] [--out FILE] [--details]}: measures this machine's costs for the simulator
 * ({@link Calibrator}), writes them as a {@link Calibration} file ({@link Calibration#defaultFile()} unless
 * {@code --out}) and prints what it measured as tables on standard output; progress goes to standard error.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures this machine's costs for the partitioning simulator (kernel time per op code, type and "
                + "size; launch, point and wait costs of the program thread; latency and bandwidth of in-process, "
                + "Aeron ipc and Aeron udp links; the simulator's own cost per task) and writes them as its calibration "
                + "file."})
public final class CalibrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "Fewer sizes and repetitions (about a third of the time; noisier).")
    boolean quick;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the calibration (default: $COHORT_CACHE_DIR/calibration.properties, else "
                    + "$XDG_CACHE_HOME/cohort/calibration.properties, else ~/.cache/cohort/calibration.properties).")
    Path out;

    @Option(names = "--details", description = "Also print every measured size beside its fitted time.")
    boolean details;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter o = spec.commandLine().getOut();
        Path file = out != null ? out : Calibration.defaultFile();
        Calibrator.Report r = Calibrator.run(quick, err);
        r.calibration().save(file);
        o.print(format(r, details));
        o.println("written " + file.toAbsolutePath() + " (" + String.format(Locale.ROOT, "%.1f", r.seconds()) + " s"
                + (quick ? ", --quick" : "") + ")");
        o.flush();
        return 0;
    }

    /** The tables of a report. */
    static String format(Calibrator.Report r, boolean details) {
        StringBuilder sb = new StringBuilder();
        sb.append("machine: ").append(r.calibration().machine()).append("\n\n");
        sb.append(String.format(Locale.ROOT, "Memory: a loop's stores stream from DRAM beyond %d MiB per node (c = a + b, "
                + "ns/byte by footprint:", r.memory().memoryBytes() >> 20));
        for (MemoryProbe.Sample m : r.memory().samples()) {
            sb.append(String.format(Locale.ROOT, " %d MiB %.4f", m.footprintBytes() >> 20, m.nanosPerByte()));
        }
        sb.append(")\n\n");
        sb.append("Kernels: fixed + ns/point * points + ns/row * rows + ns/byte * bytes + ns/byte>L2 * bytes beyond the "
                + "core's L2 (" + r.calibration().cacheBytes() / 1024 + " KiB) of one point task in cache, or ns/byte mem * "
                + "bytes for the bytes when the loop streams from memory (median of each size; fit error relative to it)\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"key", "op", "type", "launch", "fixed ns", "ns/point", "ns/row", "ns/byte", "ns/byte>L2",
                "ns/byte mem", "rms err", "max err", "sizes"});
        for (KernelBench.Result k : r.kernels()) {
            Calibration.KernelCost c = k.cost();
            rows.add(new String[]{k.workload().key(), k.workload().op().name(), k.workload().dtype().name(),
                    k.workload().what(), num(c.fixedNanos()), num(c.nanosPerPoint()), num(c.nanosPerRow()),
                    num(c.nanosPerByte()), num(c.nanosPerByteBeyondCache()), num(c.nanosPerByteFromMemory()), pct(k.fit().rms()), pct(k.fit().maxError()), Integer.toString(k.samples().size())});
        }
        table(sb, rows, 4);
        sb.append("(kernel.default = ").append(Calibrator.DEFAULT_KERNEL).append(")\n");
        if (details) {
            sb.append('\n');
            List<String[]> d = new ArrayList<>();
            d.add(new String[]{"key", "points", "rows", "bytes", "from", "tasks", "measured ns", "fitted ns", "error"});
            for (KernelBench.Result k : r.kernels()) {
                for (KernelBench.Sample s : k.samples()) {
                    double p = k.predicted(s);
                    d.add(new String[]{k.workload().key(), Long.toString(s.points()), Long.toString(s.rows()),
                            Long.toString(s.bytes()), s.cold() ? "memory" : "cache", Integer.toString(s.count()), num(s.nanos()), num(p), pct((p - s.nanos()) / s.nanos())});
                }
            }
            table(sb, d, 1);
        }
        CopyBench.Result cp = r.copy();
        sb.append(String.format(Locale.ROOT, "%nCopies into gathered pieces: %s ns + %s ns/byte in cache, %s ns/byte from "
                        + "memory (fit rms %s)%n", num(cp.cost().fixedNanos()), num(cp.cost().nanosPerByte()),
                num(cp.cost().nanosPerByteFromMemory()), pct(cp.fit().rms())));
        if (details) {
            List<String[]> d = new ArrayList<>();
            d.add(new String[]{"bytes", "from", "copies", "measured ns", "fitted ns"});
            for (CopyBench.Sample s : cp.samples()) {
                double rate = s.cold() ? cp.cost().nanosPerByteFromMemory() : cp.cost().nanosPerByte();
                d.add(new String[]{Long.toString(s.bytes()), s.cold() ? "memory" : "cache", Integer.toString(s.count()),
                        num(s.nanos()), num(cp.cost().fixedNanos() + rate * s.bytes())});
            }
            table(sb, d, 0);
        }
        LaunchBench.Result l = r.launch();
        sb.append("\nProgram thread: launch = ").append(num(l.launchNanos())).append(" ns + ").append(num(l.pointNanos()))
                .append(" ns/point (fit rms ").append(pct(l.fit().rms())).append("); wait = ").append(num(l.waitNanos()))
                .append(" ns (a.sum().itemDouble() on 1000 elements: ").append(num(l.waitTotalNanos()))
                .append(" ns, of which the program thread's launch ").append(num(l.waitLaunchNanos()))
                .append(" ns and the task ").append(num(l.waitTaskNanos())).append(" ns)\n");
        if (details) {
            List<String[]> d = new ArrayList<>();
            d.add(new String[]{"points", "launches", "ns/launch", "fitted"});
            for (LaunchBench.Sample s : l.samples()) {
                d.add(new String[]{Long.toString(s.points()), Integer.toString(s.count()), num(s.nanos()),
                        num(l.launchNanos() + l.pointNanos() * s.points())});
            }
            table(sb, d, 0);
        }
        sb.append("\nLinks: latency + bytes / bandwidth (half round trip of a packed, sent, received, unpacked message)\n");
        List<String[]> links = new ArrayList<>();
        links.add(new String[]{"link", "latency us", "GB/s", "rms err", "max err", "sizes"});
        for (Topology.LinkClass c : Topology.LinkClass.values()) {
            LinkBench.Result k = r.links().get(c);
            links.add(new String[]{c.name(), num(k.cost().latencyNanos() / 1e3), num(k.cost().bytesPerNano()),
                    pct(k.fit().rms()), pct(k.fit().maxError()), Integer.toString(k.samples().size())});
        }
        table(sb, links, 1);
        if (details) {
            List<String[]> d = new ArrayList<>();
            d.add(new String[]{"link", "bytes", "round trips", "measured ns", "fitted ns"});
            for (Topology.LinkClass c : Topology.LinkClass.values()) {
                LinkBench.Result k = r.links().get(c);
                for (LinkBench.Sample s : k.samples()) {
                    d.add(new String[]{c.name(), Long.toString(s.bytes()), Integer.toString(s.count()), num(s.nanos()),
                            num(k.cost().nanos(s.bytes()))});
                }
            }
            table(sb, d, 1);
        }
        SimulatorBench.Result s = r.simulator();
        sb.append(String.format(Locale.ROOT, "%nSimulator: %s ns per task (build %s + full simulation %s; %d tasks from %d "
                        + "launches on %d nodes x 4 processors: %.3f s)%n", num(s.nanosPerTask()), num(s.buildNanosPerTask()),
                num(s.simulateNanosPerTask()), s.tasks(), s.launches(), SimulatorBench.NODES, s.seconds()));
        return sb.toString();
    }

    private static String num(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 1 ? String.format(Locale.ROOT, "%.2f", v)
                : String.format(Locale.ROOT, "%.4g", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    /** Rows as columns padded to width; the first {@code textColumns} left-aligned, the rest right-aligned. */
    private static void table(StringBuilder sb, List<String[]> rows, int textColumns) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                w[c] = Math.max(w[c], r[c].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < r.length; c++) {
                String pad = " ".repeat(w[c] - r[c].length());
                line.append(c < textColumns ? r[c] + pad : pad + r[c]).append("  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
