package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every collective over {@link AeronCommunicator} for 1 to 8 shards, over ipc and udp, against a sequential
 * computation: each shard has its own Aeron client, publications and subscription, as a process would.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AeronCollectivesTest {

    static Stream<Arguments> jobs() {
        List<Arguments> out = new ArrayList<>();
        for (AeronJob.Wire wire : new AeronJob.Wire[] {AeronJob.Wire.IPC, AeronJob.Wire.UDP}) {
            for (int size = 1; size <= 8; size++) {
                out.add(Arguments.of(wire, size));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, {1} shards")
    @MethodSource("jobs")
    void everyCollectiveMatchesTheSequentialResult(AeronJob.Wire wire, int size) {
        try (AeronJob job = AeronJob.start(size, wire)) {
            AtomicInteger entered = new AtomicInteger();
            List<Integer> seen = job.run(shard -> {
                entered.incrementAndGet();
                return shard.barrier(1).thenApply(ignored -> entered.get());
            });
            seen.forEach(count -> assertEquals(size, count, "barrier completed before every shard entered"));

            for (int root = 0; root < size; root++) {
                int r = root;
                List<byte[]> got = job.run(shard -> shard.broadcast(10 + r, r, shard.rank() == r ? payload(r, 100 + r) : null));
                for (int rank = 0; rank < size; rank++) {
                    assertArrayEquals(payload(r, 100 + r), got.get(rank), "broadcast from " + r + " to " + rank);
                }
            }

            long expectedSum = 0;
            for (int rank = 0; rank < size; rank++) {
                expectedSum += value(rank);
            }
            int root = size / 2;
            List<byte[]> reduced = job.run(shard ->
                    shard.reduce(50, root, LocalJob.longBytes(value(shard.rank())), LocalJob::sumOfLongs));
            for (int rank = 0; rank < size; rank++) {
                if (rank == root) {
                    assertEquals(expectedSum, LocalJob.longOf(reduced.get(rank)), "reduce at root " + root);
                } else {
                    assertNull(reduced.get(rank), "reduce result on non-root " + rank);
                }
            }

            for (int elements : new int[] {8, 20_001}) {
                double[] expected = new double[elements];
                for (int rank = 0; rank < size; rank++) {
                    double[] v = doubles(rank, elements);
                    for (int i = 0; i < elements; i++) {
                        expected[i] += v[i];
                    }
                }
                int n = elements;
                List<byte[]> sums = job.run(shard -> shard.allReduce(60 + n, bytes(doubles(shard.rank(), n)),
                        Communicator.ByteReducer.elementwise(Double.BYTES, LocalJob::sumOfDoubles)));
                for (int rank = 0; rank < size; rank++) {
                    assertArrayEquals(sums.get(0), sums.get(rank), "all-reduce bits differ on shard " + rank);
                    double[] got = toDoubles(sums.get(rank));
                    for (int i = 0; i < elements; i++) {
                        assertEquals(expected[i], got[i], 1e-9 * size, "all-reduce element " + i);
                    }
                }
            }

            List<byte[][]> gathered = job.run(shard -> shard.allGather(90, payload(shard.rank(), 3 * shard.rank())));
            for (int rank = 0; rank < size; rank++) {
                assertEquals(size, gathered.get(rank).length);
                for (int from = 0; from < size; from++) {
                    assertArrayEquals(payload(from, 3 * from), gathered.get(rank)[from],
                            "all-gather block of " + from + " on " + rank);
                }
            }
        }
    }

    static long value(int rank) {
        return 1_000_003L * rank + 17;
    }

    static byte[] payload(int rank, int length) {
        byte[] b = new byte[length];
        new SplittableRandom(rank * 31L + length).nextBytes(b);
        return b;
    }

    static double[] doubles(int rank, int n) {
        SplittableRandom random = new SplittableRandom(rank);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextDouble() - 0.5;
        }
        return v;
    }

    static byte[] bytes(double[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * Double.BYTES);
        for (double x : v) {
            b.putDouble(x);
        }
        return b.array();
    }

    static double[] toDoubles(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        double[] v = new double[bytes.length / Double.BYTES];
        for (int i = 0; i < v.length; i++) {
            v[i] = b.getDouble();
        }
        return v;
    }
}
