package dev.cohort.bench;

import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.JobEnvironment;
import io.aeron.driver.MediaDriver;
import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.agrona.CloseHelper;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 4's transport benchmark: all-reduce latency of 8 doubles over N local processes and transfer throughput of
 * 1–64 MiB pieces between 2, through {@link AeronCommunicator}, each printed beside raw Aeron measured in the same
 * run with the same process layout, media drivers, transport, MTU and term length ({@link RawAeronShard}), and their
 * ratio. Every measurement is a job of child JVMs, one per rank ({@link ChildJob}); jobs run one after the other,
 * so at most {@code max(--processes)} shard processes exist at once. For ipc this JVM starts the job's shared host
 * driver ({@link AeronDrivers#launchHostDriver}); for udp each child starts its embedded driver on a free loopback
 * port.
 */
@Command(name = "transport-benchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"AeronCommunicator against raw Aeron in the same run: all-reduce latency and transfer "
                + "throughput, with ratios Cohort/raw."})
public final class TransportBenchmark implements Callable<Integer> {
    @Option(names = "--metric", split = ",", paramLabel = "latency|throughput", defaultValue = "latency,throughput",
            description = "What to measure (default: ${DEFAULT-VALUE}).")
    List<String> metrics;

    @Option(names = "--processes", split = ",", paramLabel = "N", defaultValue = "2,4",
            description = "Processes of the all-reduce jobs (default: ${DEFAULT-VALUE}).")
    List<Integer> processes;

    @Option(names = "--transport", split = ",", paramLabel = "ipc|udp", defaultValue = "ipc,udp",
            description = "Transports (default: ${DEFAULT-VALUE}).")
    List<String> transports;

    @Option(names = "--sizes-mib", split = ",", paramLabel = "S", defaultValue = "1,4,16,64",
            description = "Piece sizes of the throughput jobs, MiB (default: ${DEFAULT-VALUE}).")
    List<Integer> sizesMiB;

    @Option(names = "--iterations", paramLabel = "K", defaultValue = "5000",
            description = "Timed all-reduces and ping-pongs per job (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "2000",
            description = "Untimed all-reduces and ping-pongs before them (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--round-mib", paramLabel = "B", defaultValue = "256",
            description = "Bytes of one throughput round, MiB: max(2, B / S) pieces of S MiB (default: ${DEFAULT-VALUE}).")
    int roundMiB;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "5",
            description = "Timed throughput rounds per size; the median is reported (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warmup-rounds", paramLabel = "W", defaultValue = "2",
            description = "Untimed throughput rounds before them (default: ${DEFAULT-VALUE}).")
    int warmupRounds;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write every result to FILE as CSV.")
    Path csv;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An extra option of every shard JVM (repeatable), e.g. --jvm-option=-Xlog:gc.")
    List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--verbose", description = "Log every key=value that rank 0 of each job reports.")
    boolean verbose;

    @Option(names = "--job-timeout-s", paramLabel = "T", defaultValue = "300",
            description = "Kill a job whose processes run longer (default: ${DEFAULT-VALUE}).")
    int jobTimeoutSeconds;

    private final PrintStream out;
    private final PrintStream log;

    TransportBenchmark(PrintStream out, PrintStream log) {
        this.out = out;
        this.log = log;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new TransportBenchmark(System.out, System.err)).execute(args));
    }

    /** One all-reduce latency comparison: Cohort against raw references, nanoseconds. */
    record Latency(String transport, int processes, int rounds, double cohortMedian, double cohortP99,
            double pingMedian, double pingP99, double spinMedian, double spinP99, double exchangeMedian,
            double exchangeP99) {
    }

    /** One throughput comparison, MB/s. */
    record Throughput(String transport, int sizeMiB, int pieces, double cohort, double raw, double rawCopy,
            double rawCopyMtu) {
    }

    @Override
    public Integer call() throws IOException {
        validate();
        out.println("# Cohort transport benchmark, " + Instant.now() + ": Java " + System.getProperty("java.version")
                + ", " + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores");
        out.println("# --metric " + String.join(",", metrics) + " --processes " + join(processes) + " --transport " + String.join(",", transports)
                + " --sizes-mib " + join(sizesMiB) + " --iterations " + iterations + " --warmup " + warmup
                + " --round-mib " + roundMiB + " --rounds " + rounds + " --warmup-rounds " + warmupRounds);
        String loadAtStart = loadAverage();
        ParkCalibration.Result park = ParkCalibration.measure(2000);
        List<Latency> latencies = new ArrayList<>();
        List<Throughput> throughputs = new ArrayList<>();
        for (String transport : transports) {
            if (metrics.contains("latency")) {
                Map<String, String> ping = runJob(transport, 2, RawAeronShard.class, List.of("mode=pingpong",
                        "iterations=" + iterations, "warmup=" + warmup, "idles=backoff,spin"), 128).get(0);
                for (int n : processes) {
                    Map<String, String> cohort = runJob(transport, n, TransportBenchmarkShard.class,
                            List.of("mode=allreduce", "iterations=" + iterations, "warmup=" + warmup), 128).get(0);
                    double exchangeMedian = Double.NaN;
                    double exchangeP99 = Double.NaN;
                    if (Integer.bitCount(n) == 1 && n >= 2) {
                        Map<String, String> exchange = runJob(transport, n, RawAeronShard.class,
                                List.of("mode=exchange", "iterations=" + iterations, "warmup=" + warmup), 128).get(0);
                        exchangeMedian = KeyValues.getDouble(exchange, "exchange.median_ns");
                        exchangeP99 = KeyValues.getDouble(exchange, "exchange.p99_ns");
                    }
                    int r = allReduceRounds(n);
                    latencies.add(new Latency(transport, n, r, KeyValues.getDouble(cohort, "allreduce.median_ns"),
                            KeyValues.getDouble(cohort, "allreduce.p99_ns"),
                            r * KeyValues.getDouble(ping, "pingpong.backoff.oneway_median_ns"),
                            r * KeyValues.getDouble(ping, "pingpong.backoff.oneway_p99_ns"),
                            r * KeyValues.getDouble(ping, "pingpong.spin.oneway_median_ns"),
                            r * KeyValues.getDouble(ping, "pingpong.spin.oneway_p99_ns"),
                            exchangeMedian, exchangeP99));
                }
            }
            for (int s : metrics.contains("throughput") ? sizesMiB : List.<Integer>of()) {
                int pieces = pieces(roundMiB, s);
                List<String> args = List.of("size_mib=" + s, "pieces=" + pieces, "rounds=" + rounds,
                        "warmup_rounds=" + warmupRounds);
                Map<String, String> cohort = runJob(transport, 2, TransportBenchmarkShard.class,
                        with("mode=throughput", args), heapMiB(s)).get(0);
                Map<String, String> raw = runJob(transport, 2, RawAeronShard.class,
                        with("mode=throughput", with("variants=nocopy,copy,copy-mtu", args)), heapMiB(s)).get(0);
                throughputs.add(new Throughput(transport, s, pieces, KeyValues.getDouble(cohort, "throughput.mbps"),
                        KeyValues.getDouble(raw, "throughput.nocopy.mbps"),
                        KeyValues.getDouble(raw, "throughput.copy.mbps"),
                        KeyValues.getDouble(raw, "throughput.copy-mtu.mbps")));
            }
        }
        out.println();
        if (!latencies.isEmpty()) {
            out.print(latencyTable(latencies));
            out.println();
        }
        if (!throughputs.isEmpty()) {
            out.print(throughputTable(throughputs));
            out.println();
        }
        out.printf(Locale.ROOT, "Scheduler, measured in this JVM: parkNanos(1 µs) sleeps %.1f µs, parkNanos(100 µs) sleeps "
                + "%.1f µs (medians); a parked thread runs %.1f µs (median), %.1f µs (p99) after another unparks it.%n",
                park.park1us() / 1e3, park.park100us() / 1e3, park.wakeUp() / 1e3, park.wakeUpP99() / 1e3);
        out.println("Load average at the start and the end: " + loadAtStart + " / " + loadAverage());
        out.println("Ratio = Cohort / raw Aeron. Latency: lower is better, so a ratio above 1 says how many times "
                + "longer Cohort takes. Throughput: higher is better, so a ratio below 1 is the fraction of raw "
                + "Aeron's rate that Cohort reaches.");
        if (csv != null) {
            List<String> lines = csvLines(latencies, throughputs);
            lines.add(row("calibration_park_1us", "", "", 0, "median", "us", Double.NaN, "LockSupport.parkNanos(1000)",
                    park.park1us() / 1e3));
            lines.add(row("calibration_park_100us", "", "", 0, "median", "us", Double.NaN,
                    "LockSupport.parkNanos(100000)", park.park100us() / 1e3));
            lines.add(row("calibration_wake_up", "", "", 0, "median", "us", Double.NaN, "unpark to running",
                    park.wakeUp() / 1e3));
            lines.add(row("calibration_wake_up", "", "", 0, "p99", "us", Double.NaN, "unpark to running",
                    park.wakeUpP99() / 1e3));
            Files.write(csv, lines, StandardCharsets.UTF_8);
            out.println("CSV: " + csv.toAbsolutePath());
        }
        return 0;
    }

    private void validate() {
        for (int n : processes) {
            if (n < 2) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--processes must be >= 2, was " + n);
            }
        }
        for (String m : metrics) {
            if (!m.equals("latency") && !m.equals("throughput")) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--metric must be latency or throughput, "
                        + "was " + m);
            }
        }
        for (String t : transports) {
            if (!t.equals("ipc") && !t.equals("udp")) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--transport must be ipc or udp, was "
                        + t);
            }
        }
        for (int s : sizesMiB) {
            if (s < 1 || s > 1024) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--sizes-mib must be in [1, 1024], was "
                        + s);
            }
        }
        if (iterations < 1 || warmup < 0 || rounds < 1 || warmupRounds < 0 || roundMiB < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--iterations, --rounds and --round-mib must be >= 1, the warm-ups >= 0");
        }
    }

    /** Rounds of Cohort's small all-reduce on {@code n} shards: log2 P exchanges, +2 (fold-in, result back) if n ≠ P. */
    static int allReduceRounds(int n) {
        int p = Integer.highestOneBit(n);
        return Integer.numberOfTrailingZeros(p) + (n == p ? 0 : 2);
    }

    /** Pieces of one throughput round: {@code max(2, roundMiB / sizeMiB)}. */
    static int pieces(int roundMiB, int sizeMiB) {
        return Math.max(2, roundMiB / sizeMiB);
    }

    /** Heap of a throughput shard: 256 MiB, or 12 pieces' worth for pieces above 16 MiB. */
    static int heapMiB(int sizeMiB) {
        return Math.max(256, 12 * sizeMiB);
    }

    /** Runs {@code main} as every rank of a fresh job of {@code size} processes over {@code transport}. */
    private List<Map<String, String>> runJob(String transport, int size, Class<?> main, List<String> args, int heapMiB) {
        long jobId = JobEnvironment.newJobId();
        String jobHex = String.format("%016x", jobId);
        boolean ipc = transport.equals("ipc");
        List<InetSocketAddress> endpoints = new ArrayList<>();
        if (!ipc) {
            for (int r = 0; r < size; r++) {
                endpoints.add(InetSocketAddress.createUnresolved("127.0.0.1", freeUdpPort()));
            }
        }
        MediaDriver hostDriver = ipc ? AeronDrivers.launchHostDriver(AeronDrivers.hostDirectory(jobHex)) : null;
        try {
            JobEnvironment job = new JobEnvironment(jobId, JobEnvironment.newSecret(), 0, size,
                    ipc ? JobEnvironment.Transport.IPC : JobEnvironment.Transport.UDP, endpoints,
                    ipc ? hostDriver.aeronDirectoryName() : null, JobEnvironment.DEFAULT_HEARTBEAT_TIMEOUT,
                    JobEnvironment.DEFAULT_CONNECT_TIMEOUT);
            long start = System.nanoTime();
            List<Map<String, String>> results = ChildJob.run(job, main, args, heapMiB, jvmOptions,
                    Duration.ofSeconds(jobTimeoutSeconds), log);
            log.printf(Locale.ROOT, "%s %s x%d %s: %.1f s (load %s)%n", main.getSimpleName(), transport, size,
                    String.join(" ", args), (System.nanoTime() - start) / 1e9, loadAverage());
            if (verbose) {
                results.get(0).forEach((k, v) -> log.println("    " + k + "=" + v));
            }
            return results;
        } finally {
            CloseHelper.quietClose(hostDriver);
        }
    }

    static String latencyTable(List<Latency> results) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("transport", "procs", "rounds", "Cohort med", "raw med", "ratio", "Cohort p99", "raw p99",
                "ratio", "spin med", "ratio", "raw N-proc med", "ratio"));
        for (Latency l : results) {
            rows.add(List.of(l.transport(), Integer.toString(l.processes()), Integer.toString(l.rounds()),
                    us(l.cohortMedian()), us(l.pingMedian()), ratio(l.cohortMedian(), l.pingMedian()),
                    us(l.cohortP99()), us(l.pingP99()), ratio(l.cohortP99(), l.pingP99()),
                    us(l.spinMedian()), ratio(l.cohortMedian(), l.spinMedian()),
                    us(l.exchangeMedian()), ratio(l.cohortMedian(), l.exchangeMedian())));
        }
        return "All-reduce of 8 doubles (64 bytes, element-wise sum), latency in µs at rank 0 (median and p99).\n"
                + "raw = rounds x one-way latency of a raw Aeron ping-pong of 64 bytes between 2 processes (one-way = "
                + "RTT/2), idling as AeronCommunicator's agent does\n(BackoffIdleStrategy(" + AeronCommunicator.AGENT_SPINS + ", " + AeronCommunicator.AGENT_YIELDS + ", 1 µs, "
                + AeronCommunicator.AGENT_MAX_PARK_NS / 1000 + " µs)); "
                + "spin = the same with a busy-spin idle strategy; raw N-proc = a raw recursive-doubling exchange of "
                + "64 bytes\namong the same N processes (backoff idle), measured like Cohort's all-reduce.\n"
                + Report.table(rows);
    }

    static String throughputTable(List<Throughput> results) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("transport", "MiB", "pieces", "Cohort MB/s", "raw MB/s", "ratio", "raw+copy MB/s", "ratio",
                "raw+copy MTU chunks", "ratio"));
        for (Throughput t : results) {
            rows.add(List.of(t.transport(), Integer.toString(t.sizeMiB()), Integer.toString(t.pieces()),
                    Report.format(t.cohort(), 0), Report.format(t.raw(), 0), ratio(t.cohort(), t.raw()),
                    Report.format(t.rawCopy(), 0), ratio(t.cohort(), t.rawCopy()),
                    Report.format(t.rawCopyMtu(), 0), ratio(t.cohort(), t.rawCopyMtu())));
        }
        return "Transfer of S-MiB pieces from rank 0 to rank 1, MB/s (10^6 bytes/s) from the first send until a small "
                + "ack is back, median of the timed rounds.\n"
                + "raw = raw Aeron offers of publication.maxMessageLength() chunks, a FragmentAssembler on the "
                + "receiver; raw+copy = the same, copying every chunk into a fresh\nbyte[S MiB] per piece as "
                + "AeronCommunicator's receiver does; raw+copy MTU chunks = raw+copy with chunks of "
                + "publication.maxPayloadLength()\n(one frame each, which the FragmentAssembler hands on without "
                + "buffering).\n"
                + Report.table(rows);
    }

    static List<String> csvLines(List<Latency> latencies, List<Throughput> throughputs) {
        List<String> lines = new ArrayList<>();
        lines.add(Report.csvLine(List.of("metric", "transport", "processes", "bytes", "statistic", "unit", "cohort",
                "reference", "raw", "ratio")));
        for (Latency l : latencies) {
            String n = Integer.toString(l.processes());
            lines.add(row("allreduce_latency", l.transport(), n, 64, "median", "us", l.cohortMedian() / 1e3,
                    "pingpong_oneway_x" + l.rounds() + "_backoff", l.pingMedian() / 1e3));
            lines.add(row("allreduce_latency", l.transport(), n, 64, "p99", "us", l.cohortP99() / 1e3,
                    "pingpong_oneway_x" + l.rounds() + "_backoff", l.pingP99() / 1e3));
            lines.add(row("allreduce_latency", l.transport(), n, 64, "median", "us", l.cohortMedian() / 1e3,
                    "pingpong_oneway_x" + l.rounds() + "_spin", l.spinMedian() / 1e3));
            lines.add(row("allreduce_latency", l.transport(), n, 64, "p99", "us", l.cohortP99() / 1e3,
                    "pingpong_oneway_x" + l.rounds() + "_spin", l.spinP99() / 1e3));
            lines.add(row("allreduce_latency", l.transport(), n, 64, "median", "us", l.cohortMedian() / 1e3,
                    "raw_exchange_" + n + "_processes", l.exchangeMedian() / 1e3));
            lines.add(row("allreduce_latency", l.transport(), n, 64, "p99", "us", l.cohortP99() / 1e3,
                    "raw_exchange_" + n + "_processes", l.exchangeP99() / 1e3));
        }
        for (Throughput t : throughputs) {
            long bytes = (long) t.sizeMiB() << 20;
            lines.add(row("throughput", t.transport(), "2", bytes, "median", "MB/s", t.cohort(), "raw", t.raw()));
            lines.add(row("throughput", t.transport(), "2", bytes, "median", "MB/s", t.cohort(), "raw_copy",
                    t.rawCopy()));
            lines.add(row("throughput", t.transport(), "2", bytes, "median", "MB/s", t.cohort(), "raw_copy_mtu_chunks",
                    t.rawCopyMtu()));
        }
        return lines;
    }

    private static String row(String metric, String transport, String processes, long bytes, String statistic,
            String unit, double cohort, String reference, double raw) {
        return Report.csvLine(List.of(metric, transport, processes, Long.toString(bytes), statistic, unit,
                Report.csvNumber(cohort, 2), reference, Report.csvNumber(raw, 2),
                Report.csvNumber(Report.ratio(cohort, raw), 3)));
    }

    private static String us(double nanos) {
        return Report.format(Report.micros(nanos), 1);
    }

    private static String ratio(double cohort, double raw) {
        return Report.formatRatio(Report.ratio(cohort, raw));
    }

    private static List<String> with(String first, List<String> rest) {
        List<String> out = new ArrayList<>();
        out.add(first);
        out.addAll(rest);
        return out;
    }

    private static String join(List<Integer> values) {
        List<String> parts = new ArrayList<>();
        for (int v : values) {
            parts.add(Integer.toString(v));
        }
        return String.join(",", parts);
    }

    /** The first three fields of /proc/loadavg, or "n/a". */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    static int freeUdpPort() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free udp port on loopback", e);
        }
    }
}
