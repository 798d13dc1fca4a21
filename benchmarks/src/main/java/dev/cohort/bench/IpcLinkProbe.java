package dev.cohort.bench;

import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.JobEnvironment;
import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The cost of moving bytes between two shard processes of this host over Aeron IPC, measured with the transport
 * benchmark's shards ({@link TransportBenchmarkShard}): the latency is the median of 64-byte all-reduces between
 * two processes (one exchange on two processes, so one message's latency), the bandwidth the median rate of
 * 16-MiB transfers from rank 0 to rank 1 — the simulator's {@code link.IPC} line.
 *
 * @param latencyNanos median one-exchange latency, ns
 * @param bytesPerNano median transfer rate, bytes per ns (= GB/s)
 */
public record IpcLinkProbe(double latencyNanos, double bytesPerNano) {
    /** Runs both jobs of two processes (about 10 s); {@code log} gets the shards' other output. */
    public static IpcLinkProbe measure(int iterations, int rounds, PrintStream log) {
        Map<String, String> lat = job(List.of("mode=allreduce", "iterations=" + iterations, "warmup=" + Math.max(100, iterations / 2)),
                256, log);
        Map<String, String> thr = job(List.of("mode=throughput", "size_mib=16", "pieces=8", "rounds=" + rounds,
                "warmup_rounds=2"), TransportBenchmark.heapMiB(16), log);
        double latency = KeyValues.getDouble(lat, "allreduce.median_ns");
        double mbps = KeyValues.getDouble(thr, "throughput.mbps");
        return new IpcLinkProbe(latency, mbps * 1e6 / 1e9);
    }

    private static Map<String, String> job(List<String> args, int heapMiB, PrintStream log) {
        long jobId = JobEnvironment.newJobId();
        MediaDriver driver = AeronDrivers.launchHostDriver(AeronDrivers.hostDirectory(String.format("%016x", jobId)));
        try {
            JobEnvironment job = new JobEnvironment(jobId, JobEnvironment.newSecret(), 0, 2, JobEnvironment.Transport.IPC,
                    List.of(), driver.aeronDirectoryName(), JobEnvironment.DEFAULT_HEARTBEAT_TIMEOUT,
                    JobEnvironment.DEFAULT_CONNECT_TIMEOUT);
            return ChildJob.run(job, TransportBenchmarkShard.class, args, heapMiB, List.of(), Duration.ofSeconds(120), log)
                    .get(0);
        } finally {
            CloseHelper.quietClose(driver);
        }
    }
}
