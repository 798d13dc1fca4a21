package dev.cohort.bench;

import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.Communicator;
import dev.cohort.transport.Communicator.ByteReducer;
import dev.cohort.transport.JobEnvironment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Map;

/**
 * One shard of a {@link TransportBenchmark} job over {@link AeronCommunicator}: a child JVM whose environment
 * ({@link JobEnvironment#fromEnvironment()}) makes it a shard, and whose {@code key=value} arguments say what to
 * measure. Rank 0 prints the results as {@code key=value} lines on standard output.
 *
 * <ul>
 *   <li>{@code mode=allreduce iterations=K warmup=W}: W untimed then K timed all-reduces of 8 doubles (64 bytes,
 *       element-wise sum), one after the other, collective ids from a counter; every result is checked. Prints
 *       {@code allreduce.median_ns}, {@code allreduce.p99_ns}, {@code allreduce.mean_ns}, {@code allreduce.min_ns},
 *       {@code allreduce.max_ns} of rank 0's latencies (call to completed future).</li>
 *   <li>{@code mode=throughput size_mib=S pieces=M rounds=R warmup_rounds=W} (2 shards): each round rank 0 sends M
 *       pieces of S MiB to rank 1 (tags from a counter), rank 1 receives them all and answers one 8-byte ack; a
 *       round's time runs from rank 0's first send until the ack is there. Prints {@code throughput.mbps} (median of
 *       the R timed rounds, MB/s = 10^6 bytes/s) and {@code throughput.rounds_mbps}.</li>
 * </ul>
 */
public final class TransportBenchmarkShard {
    private static final VarHandle DOUBLES = MethodHandles.byteArrayViewVarHandle(double[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** Element-wise sum of little-endian doubles. */
    static final ByteReducer SUM = ByteReducer.elementwise(Double.BYTES, (left, right) -> {
        byte[] out = new byte[left.length];
        for (int i = 0; i < left.length; i += Double.BYTES) {
            DOUBLES.set(out, i, (double) DOUBLES.get(left, i) + (double) DOUBLES.get(right, i));
        }
        return out;
    });
    /** Doubles in one all-reduce. */
    static final int ELEMENTS = 8;

    private TransportBenchmarkShard() {
    }

    public static void main(String[] args) {
        int status = 0;
        try {
            Map<String, String> options = KeyValues.parseArguments(args);
            JobEnvironment job = JobEnvironment.fromEnvironment().orElseThrow(() -> new IllegalStateException(
                    "not a shard: " + JobEnvironment.JOB_ID_ENV + " is not set"));
            try (AeronCommunicator communicator = AeronCommunicator.connect(job)) {
                String mode = options.getOrDefault("mode", "");
                switch (mode) {
                    case "allreduce":
                        allReduce(communicator, (int) KeyValues.getLong(options, "iterations"),
                                (int) KeyValues.getLong(options, "warmup"));
                        break;
                    case "throughput":
                        throughput(communicator, (int) KeyValues.getLong(options, "size_mib"),
                                (int) KeyValues.getLong(options, "pieces"), (int) KeyValues.getLong(options, "rounds"),
                                (int) KeyValues.getLong(options, "warmup_rounds"));
                        break;
                    default:
                        throw new IllegalArgumentException("mode must be allreduce or throughput, was '" + mode + "'");
                }
                // every shard is past its last collective before any closes
                communicator.barrier(CLOSING_BARRIER_ID).join();
            }
        } catch (Throwable t) {
            t.printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.exit(status);
    }

    /** The id of the closing barrier: above every id the measurements use. */
    private static final long CLOSING_BARRIER_ID = Communicator.MAX_COLLECTIVE_ID;

    static void allReduce(AeronCommunicator communicator, int iterations, int warmup) {
        int rank = communicator.rank();
        int size = communicator.size();
        long id = 0;
        communicator.barrier(id++).join();
        long[] latencies = new long[iterations];
        for (int i = 0; i < warmup + iterations; i++) {
            byte[] payload = new byte[ELEMENTS * Double.BYTES];
            for (int e = 0; e < ELEMENTS; e++) {
                DOUBLES.set(payload, e * Double.BYTES, rank + e + 0.5 * i);
            }
            long start = System.nanoTime();
            byte[] result = communicator.allReduce(id++, payload, SUM).join();
            long elapsed = System.nanoTime() - start;
            double expected = size * (ELEMENTS - 1 + 0.5 * i) + size * (size - 1) / 2.0;
            double got = (double) DOUBLES.get(result, (ELEMENTS - 1) * Double.BYTES);
            if (got != expected) {
                throw new IllegalStateException("all-reduce " + i + " gave " + got + ", expected " + expected);
            }
            if (i >= warmup) {
                latencies[i - warmup] = elapsed;
            }
        }
        if (rank == 0) {
            Stats.printLatencies("allreduce", size, latencies);
        }
    }

    static void throughput(AeronCommunicator communicator, int sizeMiB, int pieces, int rounds, int warmupRounds) {
        if (communicator.size() != 2) {
            throw new IllegalArgumentException("throughput runs on 2 shards, not " + communicator.size());
        }
        int bytes = sizeMiB << 20;
        long tag = 0;
        double[] mbps = new double[rounds];
        if (communicator.rank() == 0) {
            // one array sent M times: it is only read, so the communicator may hold it in M queued sends
            byte[] piece = new byte[bytes];
            for (int i = 0; i < bytes; i++) {
                piece[i] = (byte) (i * 31 + 7);
            }
            for (int round = 0; round < warmupRounds + rounds; round++) {
                long start = System.nanoTime();
                for (int m = 0; m < pieces; m++) {
                    communicator.send(1, tag++, piece);
                }
                communicator.receive(1, tag++).join();
                long elapsed = System.nanoTime() - start;
                if (round >= warmupRounds) {
                    mbps[round - warmupRounds] = Stats.megabytesPerSecond((long) pieces * bytes, elapsed);
                }
            }
            StringBuilder all = new StringBuilder();
            for (double v : mbps) {
                all.append(all.length() == 0 ? "" : ",").append(Report.format(v, 1));
            }
            System.out.println("throughput.size_mib=" + sizeMiB);
            System.out.println("throughput.pieces=" + pieces);
            System.out.println("throughput.mbps=" + Report.format(Stats.median(mbps), 1));
            System.out.println("throughput.rounds_mbps=" + all);
        } else {
            for (int round = 0; round < warmupRounds + rounds; round++) {
                for (int m = 0; m < pieces; m++) {
                    byte[] got = communicator.receive(0, tag++).join();
                    if (got.length != bytes || got[bytes - 1] != (byte) ((bytes - 1) * 31 + 7)) {
                        throw new IllegalStateException("piece " + m + " of round " + round + " arrived damaged");
                    }
                }
                communicator.send(0, tag++, new byte[8]);
            }
        }
    }
}
