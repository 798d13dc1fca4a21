package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.longBytes;
import static dev.cohort.transport.LocalJob.longOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every collective, for 1 to 8 shards and a few larger non-powers of two, against a sequential computation. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectivesTest {

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17})
    void barrierCompletesOnlyAfterEveryShardHasEntered(int size) {
        AtomicInteger entered = new AtomicInteger();
        try (LocalJob job = LocalJob.of(size)) {
            List<Integer> seen = job.run(shard -> {
                sleepMillis(3L * shard.rank());
                entered.incrementAndGet();
                return shard.barrier(1).thenApply(ignored -> entered.get());
            });
            seen.forEach(count -> assertEquals(size, count));
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13})
    void broadcastGivesEveryShardTheRootsPayloadFromEveryRoot(int size) {
        try (LocalJob job = LocalJob.of(size)) {
            for (int root = 0; root < size; root++) {
                int r = root;
                byte[] expected = payloadOf(root, 10 + root);
                List<byte[]> results = job.run(shard ->
                        shard.broadcast(100 + r, r, shard.rank() == r ? payloadOf(r, 10 + r) : null));
                for (int rank = 0; rank < size; rank++) {
                    assertArrayEquals(expected, results.get(rank), "root " + root + ", shard " + rank);
                    if (rank != root) {
                        assertNotSame(results.get(root), results.get(rank), "shards must not share arrays");
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13})
    void reduceGivesTheRootTheSumAndTheOthersNull(int size) {
        long expected = IntStream.range(0, size).mapToLong(CollectivesTest::valueOf).sum();
        try (LocalJob job = LocalJob.of(size)) {
            for (int root = 0; root < size; root++) {
                int r = root;
                List<byte[]> results = job.run(shard ->
                        shard.reduce(200 + r, r, longBytes(valueOf(shard.rank())), LocalJob::sumOfLongs));
                for (int rank = 0; rank < size; rank++) {
                    if (rank == root) {
                        assertEquals(expected, longOf(results.get(rank)), "root " + root);
                    } else {
                        assertNull(results.get(rank), "root " + root + ", shard " + rank);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17})
    void allReduceGivesEveryShardTheSumOfVectors(int size) {
        int length = 5;
        long[] expected = new long[length];
        for (int rank = 0; rank < size; rank++) {
            for (int i = 0; i < length; i++) {
                expected[i] += valueOf(rank) * (i + 1);
            }
        }
        try (LocalJob job = LocalJob.of(size)) {
            List<byte[]> results = job.run(shard -> {
                ByteBuffer vector = ByteBuffer.allocate(length * Long.BYTES);
                for (int i = 0; i < length; i++) {
                    vector.putLong(valueOf(shard.rank()) * (i + 1));
                }
                return shard.allReduce(3, vector.array(), LocalJob::sumOfLongs);
            });
            for (int rank = 0; rank < size; rank++) {
                long[] actual = new long[length];
                ByteBuffer.wrap(results.get(rank)).asLongBuffer().get(actual);
                assertArrayEquals(expected, actual, "shard " + rank);
            }
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13})
    void allReduceWithMaxGivesEveryShardTheLargestValue(int size) {
        long expected = IntStream.range(0, size).mapToLong(CollectivesTest::scrambled).max().orElseThrow();
        try (LocalJob job = LocalJob.of(size)) {
            List<byte[]> results = job.run(shard ->
                    shard.allReduce(4, longBytes(scrambled(shard.rank())), LocalJob::maxOfLongs));
            results.forEach(result -> assertEquals(expected, longOf(result)));
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17})
    void allReduceOfFloatingPointSumsIsBitIdenticalOnEveryShard(int size) {
        int length = 64;
        double[][] inputs = new double[size][length];
        SplittableRandom random = new SplittableRandom(size);
        for (double[] input : inputs) {
            for (int i = 0; i < length; i++) {
                // Magnitudes far apart, so that a different summation order changes the low bits.
                input[i] = random.nextDouble() * Math.pow(10, random.nextInt(-8, 9));
            }
        }
        try (LocalJob job = LocalJob.of(size)) {
            for (int repetition = 0; repetition < 5; repetition++) {
                int id = 10 + repetition;
                List<byte[]> results = job.run(shard -> {
                    sleepMillis((shard.rank() * 7L + id) % 4); // vary who arrives first
                    ByteBuffer bytes = ByteBuffer.allocate(length * Double.BYTES);
                    bytes.asDoubleBuffer().put(inputs[shard.rank()]);
                    return shard.allReduce(id, bytes.array(), LocalJob::sumOfDoubles);
                });
                for (int rank = 1; rank < size; rank++) {
                    assertArrayEquals(results.get(0), results.get(rank), "shard " + rank + " differs from shard 0");
                }
                double[] sums = new double[length];
                ByteBuffer.wrap(results.get(0)).asDoubleBuffer().get(sums);
                for (int i = 0; i < length; i++) {
                    double expected = 0;
                    for (double[] input : inputs) {
                        expected += input[i];
                    }
                    assertEquals(expected, sums[i], Math.abs(expected) * 1e-12, "element " + i);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17})
    void allGatherGivesEveryShardEveryPayloadByRankWhateverTheirLengths(int size) {
        try (LocalJob job = LocalJob.of(size)) {
            List<byte[][]> results = job.run(shard -> shard.allGather(5, payloadOf(shard.rank(), (shard.rank() * 5) % 7)));
            for (int rank = 0; rank < size; rank++) {
                byte[][] gathered = results.get(rank);
                assertEquals(size, gathered.length, "shard " + rank);
                byte[] concatenation = concat(gathered);
                byte[] expected = concat(IntStream.range(0, size).mapToObj(r -> payloadOf(r, (r * 5) % 7))
                        .toArray(byte[][]::new));
                assertArrayEquals(expected, concatenation, "shard " + rank);
                for (int r = 0; r < size; r++) {
                    assertArrayEquals(payloadOf(r, (r * 5) % 7), gathered[r], "shard " + rank + ", block of " + r);
                }
            }
        }
    }

    @Test
    void allGatherOfEmptyPayloadsIsAFence() {
        try (LocalJob job = LocalJob.of(6)) {
            List<byte[][]> results = job.run(shard -> shard.allGather(6, new byte[0]));
            for (byte[][] gathered : results) {
                assertEquals(6, gathered.length);
                Arrays.stream(gathered).forEach(block -> assertEquals(0, block.length));
            }
        }
    }

    @Test
    void aSingleShardGetsItsOwnPayloadBackAtOnce() {
        try (LocalJob job = LocalJob.of(1)) {
            LocalCommunicator only = job.shard(0);
            byte[] payload = payloadOf(0, 4);
            assertSame(payload, only.broadcast(1, 0, payload).join());
            assertSame(payload, only.reduce(2, 0, payload, LocalJob::sumOfLongs).join());
            assertSame(payload, only.allReduce(3, payload, LocalJob::sumOfLongs).join());
            assertSame(payload, only.allGather(4, payload).join()[0]);
            assertNull(only.barrier(5).join());
        }
    }

    @Test
    void collectiveArgumentsAreCheckedBeforeAnythingIsSent() {
        try (LocalJob job = LocalJob.of(3)) {
            LocalCommunicator shard = job.shard(1);
            IllegalArgumentException negativeId = assertThrows(IllegalArgumentException.class, () -> shard.barrier(-1));
            assertEquals("collectiveId must be in [0, 36028797018963967], was -1", negativeId.getMessage());
            assertThrows(IllegalArgumentException.class, () -> shard.barrier(Communicator.MAX_COLLECTIVE_ID + 1));
            IllegalArgumentException badRoot = assertThrows(IllegalArgumentException.class,
                    () -> shard.broadcast(1, 3, null));
            assertEquals("root must be a rank in [0, 2], was 3", badRoot.getMessage());
            assertThrows(NullPointerException.class, () -> shard.broadcast(1, 1, null));
            assertThrows(NullPointerException.class, () -> shard.allGather(1, null));
        }
    }

    @Test
    void reusingACollectiveIdOnOneShardIsRejected() {
        try (LocalJob job = LocalJob.of(2)) {
            job.run(shard -> shard.barrier(9));
            IllegalStateException reuse = assertThrows(IllegalStateException.class, () -> job.shard(0).barrier(9));
            assertEquals("collective 9 was already issued on shard 0 as BARRIER; collective ids must not be reused",
                    reuse.getMessage());
        }
    }

    @Test
    void theLargestCollectiveIdWorks() {
        try (LocalJob job = LocalJob.of(5)) {
            List<byte[]> results = job.run(shard ->
                    shard.allReduce(Communicator.MAX_COLLECTIVE_ID, longBytes(shard.rank()), LocalJob::sumOfLongs));
            results.forEach(result -> assertEquals(10, longOf(result)));
        }
    }

    @Test
    void waitingStepsRunOnTheShardsOwnCompletionThread() {
        try (LocalJob job = LocalJob.of(2)) {
            CompletableFuture<String> thread = job.shard(1).receive(0, 1).thenApply(bytes -> Thread.currentThread().getName());
            job.shard(0).send(1, 1, new byte[1]);
            assertEquals("cohort-local-shard-1-of-2", LocalJob.await(thread, "the receive"));
        }
    }

    static long valueOf(int rank) {
        return 1000L * rank + 7;
    }

    static long scrambled(int rank) {
        return (rank * 0x9E3779B97F4A7C15L) >>> 8;
    }

    static byte[] payloadOf(int rank, int length) {
        byte[] payload = new byte[length];
        for (int i = 0; i < length; i++) {
            payload[i] = (byte) (rank * 31 + i);
        }
        return payload;
    }

    static byte[] concat(byte[][] blocks) {
        ByteBuffer all = ByteBuffer.allocate(Arrays.stream(blocks).mapToInt(b -> b.length).sum());
        Arrays.stream(blocks).forEach(all::put);
        return all.array();
    }

    static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
