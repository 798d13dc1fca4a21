package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.failureOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.transport.Communicator.ByteReducer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * All-reduce of large payloads with element-wise reducers (reduce-scatter + all-gather) and of small ones (recursive
 * doubling): the same sums, bit-identical on every shard, and mismatches that fail instead of hanging.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LargeAllReduceTest {
    /** Elements of a payload that takes recursive doubling. */
    private static final int SMALL = 8;
    /** Elements of a payload that takes reduce-scatter + all-gather: 160,008 bytes, blocks of uneven length. */
    private static final int LARGE = 20001;

    static Stream<Arguments> sizesAndLengths() {
        return IntStream.rangeClosed(1, 8).boxed().flatMap(size -> Stream.of(
                Arguments.of(size, SMALL),
                Arguments.of(size, LARGE),
                Arguments.of(size, AbstractCommunicator.LARGE_ALL_REDUCE_BYTES / Double.BYTES)));
    }

    @ParameterizedTest(name = "{0} shards, {1} doubles")
    @MethodSource("sizesAndLengths")
    void doubleSumsMatchTheSequentialSumAndAreBitIdenticalOnEveryShardRunAfterRun(int size, int length) {
        double[][] inputs = randomDoubles(size, length, 31L * size + length);
        double[] expected = new double[length];
        for (double[] input : inputs) {
            for (int i = 0; i < length; i++) {
                expected[i] += input[i];
            }
        }
        AtomicInteger shortestInput = new AtomicInteger(Integer.MAX_VALUE);
        ByteReducer sum = ByteReducer.elementwise(Double.BYTES, (left, right) -> {
            shortestInput.accumulateAndGet(left.length, Math::min);
            return LocalJob.sumOfDoubles(left, right);
        });
        byte[] firstRun = null;
        try (LocalJob job = LocalJob.of(size)) {
            for (int repetition = 0; repetition < 3; repetition++) {
                int id = 20 + repetition;
                List<byte[]> payloads = new ArrayList<>();
                for (double[] input : inputs) {
                    payloads.add(doublesToBytes(input));
                }
                List<byte[]> results = job.run(shard -> {
                    CollectivesTest.sleepMillis((shard.rank() * 5L + id) % 3); // vary who arrives first
                    return shard.allReduce(id, payloads.get(shard.rank()), sum);
                });
                for (int rank = 0; rank < size; rank++) {
                    assertArrayEquals(results.get(0), results.get(rank), "shard " + rank + " differs from shard 0");
                    assertArrayEquals(doublesToBytes(inputs[rank]), payloads.get(rank), "shard " + rank
                            + "'s payload was modified");
                    if (size > 1) {
                        assertNotSame(payloads.get(rank), results.get(rank), "shard " + rank);
                    }
                    if (rank > 0) {
                        assertNotSame(results.get(0), results.get(rank), "shards must not share arrays");
                    }
                }
                double[] sums = bytesToDoubles(results.get(0));
                for (int i = 0; i < length; i++) {
                    assertEquals(expected[i], sums[i], Math.abs(expected[i]) * 1e-12, "element " + i);
                }
                if (firstRun == null) {
                    firstRun = results.get(0);
                } else {
                    assertArrayEquals(firstRun, results.get(0), "run " + repetition + " differs from run 0");
                }
            }
        }
        boolean large = length * Double.BYTES >= AbstractCommunicator.LARGE_ALL_REDUCE_BYTES;
        if (size > 1) {
            assertEquals(large, shortestInput.get() < length * Double.BYTES,
                    "the reducer saw slices (" + shortestInput.get() + " bytes): reduce-scatter was used");
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17})
    void longSumsAreExact(int size) {
        for (int length : new int[] {SMALL, LARGE}) {
            SplittableRandom random = new SplittableRandom(size * 1000L + length);
            long[][] inputs = new long[size][length];
            long[] expected = new long[length];
            for (long[] input : inputs) {
                for (int i = 0; i < length; i++) {
                    input[i] = random.nextLong(); // sums wrap around, exactly as the reducer's do
                    expected[i] += input[i];
                }
            }
            ByteReducer sum = ByteReducer.elementwise(Long.BYTES, LocalJob::sumOfLongs);
            try (LocalJob job = LocalJob.of(size)) {
                List<byte[]> results = job.run(shard -> {
                    ByteBuffer payload = ByteBuffer.allocate(length * Long.BYTES);
                    payload.asLongBuffer().put(inputs[shard.rank()]);
                    return shard.allReduce(7, payload.array(), sum);
                });
                for (int rank = 0; rank < size; rank++) {
                    long[] actual = new long[length];
                    ByteBuffer.wrap(results.get(rank)).asLongBuffer().get(actual);
                    assertArrayEquals(expected, actual, length + " longs, shard " + rank);
                }
            }
        }
    }

    @Test
    void concurrentLargeAndSmallAllReducesIssuedInDifferentOrdersAllComplete() {
        int size = 6;
        int collectives = 8;
        ByteReducer sum = ByteReducer.elementwise(Long.BYTES, LocalJob::sumOfLongs);
        try (LocalJob job = LocalJob.of(size)) {
            List<List<byte[]>> results = job.run(shard -> {
                List<CompletableFuture<byte[]>> futures = new ArrayList<>();
                for (int i = 0; i < collectives; i++) {
                    int id = shard.rank() % 2 == 0 ? i : collectives - 1 - i;
                    int length = id % 2 == 0 ? LARGE : SMALL;
                    ByteBuffer payload = ByteBuffer.allocate(length * Long.BYTES);
                    for (int e = 0; e < length; e++) {
                        payload.putLong((long) (shard.rank() + 1) * (e + id));
                    }
                    futures.add(shard.allReduce(id, payload.array(), sum));
                }
                return CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0]))
                        .thenApply(ignored -> {
                            List<byte[]> byId = new ArrayList<>();
                            for (int id = 0; id < collectives; id++) {
                                byId.add(futures.get(shard.rank() % 2 == 0 ? id : collectives - 1 - id).join());
                            }
                            return byId;
                        });
            });
            long ranks = (long) size * (size + 1) / 2;
            for (int rank = 0; rank < size; rank++) {
                for (int id = 0; id < collectives; id++) {
                    long[] actual = new long[id % 2 == 0 ? LARGE : SMALL];
                    ByteBuffer.wrap(results.get(rank).get(id)).asLongBuffer().get(actual);
                    for (int e = 0; e < actual.length; e++) {
                        assertEquals(ranks * (e + id), actual[e], "shard " + rank + ", collective " + id + ", element " + e);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void aLargeAllReduceAgainstABarrierUnderTheSameIdFailsEveryShardInsteadOfHanging(int size) {
        ByteReducer sum = ByteReducer.elementwise(Double.BYTES, LocalJob::sumOfDoubles);
        for (int odd : new int[] {0, size - 1}) {
            try (LocalJob job = LocalJob.of(size)) {
                List<CompletableFuture<Object>> results = job.start(shard -> shard.rank() == odd
                        ? shard.barrier(17).thenApply(Object.class::cast)
                        : shard.allReduce(17, new byte[LARGE * Double.BYTES], sum).thenApply(Object.class::cast));
                for (int rank = 0; rank < size; rank++) {
                    Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s collective");
                    Throwable mismatch = failure instanceof ShardFailedException ? failure.getCause() : failure;
                    assertInstanceOf(CollectiveMismatchException.class, mismatch, "barrier on " + odd + ", shard " + rank);
                    assertTrue(mismatch.getMessage().contains("LARGE_ALL_REDUCE")
                            && mismatch.getMessage().contains("BARRIER"), mismatch.getMessage());
                }
            }
        }
    }

    @Test
    void theMismatchNamesBothCollectives() {
        try (LocalJob job = LocalJob.of(2)) {
            CompletableFuture<Void> barrier = job.shard(1).barrier(17);
            CompletableFuture<byte[]> allReduce = job.shard(0).allReduce(17, new byte[LARGE * Double.BYTES],
                    ByteReducer.elementwise(Double.BYTES, LocalJob::sumOfDoubles));
            Throwable failure = failureOf(allReduce, "shard 0's all-reduce");
            Throwable other = failureOf(barrier, "shard 1's barrier");
            CollectiveMismatchException mismatch = assertInstanceOf(CollectiveMismatchException.class,
                    failure instanceof ShardFailedException ? failure.getCause() : failure);
            assertTrue(other instanceof ShardFailedException || other instanceof CollectiveMismatchException, "" + other);
            assertTrue(mismatch.getMessage().matches("collective 17: shard \\d expected (LARGE_ALL_REDUCE|BARRIER), "
                    + "shard \\d sent (LARGE_ALL_REDUCE|BARRIER)"), mismatch.getMessage());
        }
    }

    /** Shards whose payloads put them on different algorithms, or that reduce differently, fail; none hangs. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void shardsThatDisagreeOnPayloadOrReducerFailWithAMismatch(int size) {
        ByteReducer doubles = ByteReducer.elementwise(Double.BYTES, LocalJob::sumOfDoubles);
        ByteReducer halves = ByteReducer.elementwise(Double.BYTES / 2, LocalJob::sumOfDoubles);
        List<Disagreement> disagreements = List.of(
                new Disagreement("large and small payloads", doubles, LARGE, doubles, SMALL, "ALL_REDUCE"),
                new Disagreement("two large lengths", doubles, LARGE, doubles, LARGE + 1, "payloads differ"),
                new Disagreement("element sizes", doubles, LARGE, halves, LARGE, "payloads differ"),
                new Disagreement("element-wise or not", doubles, LARGE, LocalJob::sumOfDoubles, LARGE, "ALL_REDUCE"));
        for (Disagreement disagreement : disagreements) {
            for (int odd : new int[] {0, size - 1}) {
                String scenario = size + " shards, " + disagreement.name + ", odd shard " + odd;
                try (LocalJob job = LocalJob.of(size)) {
                    List<CompletableFuture<byte[]>> results = job.start(shard -> shard.rank() == odd
                            ? shard.allReduce(3, new byte[disagreement.oddLength * Double.BYTES], disagreement.oddOp)
                            : shard.allReduce(3, new byte[disagreement.length * Double.BYTES], disagreement.op));
                    for (int rank = 0; rank < size; rank++) {
                        Throwable failure = failureOf(results.get(rank), scenario + ": shard " + rank);
                        assertTrue(failure instanceof CollectiveMismatchException
                                || failure instanceof ShardFailedException, scenario + ": " + failure);
                    }
                    ShardFailedException jobFailure = job.shard(0).jobFailure();
                    assertNotNull(jobFailure, scenario);
                    assertInstanceOf(CollectiveMismatchException.class, jobFailure.getCause(), scenario);
                    assertTrue(jobFailure.getMessage().contains(disagreement.expectedMessage),
                            scenario + ": " + jobFailure.getMessage());
                }
            }
        }
    }

    @Test
    void aThrowingReducerFailsEveryShardOfALargeAllReduce() {
        try (LocalJob job = LocalJob.of(5)) {
            List<CompletableFuture<byte[]>> results = job.start(shard -> shard.allReduce(1,
                    new byte[LARGE * Long.BYTES], ByteReducer.elementwise(Long.BYTES, (l, r) -> {
                        throw new ArithmeticException("overflow in shard " + shard.rank());
                    })));
            for (int rank = 0; rank < 5; rank++) {
                Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s all-reduce");
                assertTrue(failure instanceof ArithmeticException || failure instanceof ShardFailedException,
                        "shard " + rank + ": " + failure);
            }
        }
    }

    @Test
    void aReducerThatChangesTheLengthOfSlicesFailsEveryShard() {
        try (LocalJob job = LocalJob.of(4)) {
            List<CompletableFuture<byte[]>> results = job.start(shard -> shard.allReduce(1,
                    new byte[LARGE * Long.BYTES], ByteReducer.elementwise(Long.BYTES, (l, r) -> new byte[Long.BYTES])));
            for (int rank = 0; rank < 4; rank++) {
                Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s all-reduce");
                assertTrue(failure instanceof IllegalStateException || failure instanceof ShardFailedException,
                        "shard " + rank + ": " + failure);
            }
            assertTrue(job.shard(0).jobFailure().getMessage().contains("returned 8 bytes for two slices"),
                    job.shard(0).jobFailure().getMessage());
        }
    }

    @Test
    void elementwiseChecksItsArgumentsAndPlainReducersAreNotSplittable() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> ByteReducer.elementwise(0, LocalJob::sumOfLongs));
        assertEquals("elementBytes must be >= 1, was 0", zero.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> ByteReducer.elementwise(-8, LocalJob::sumOfLongs));
        assertEquals("elementBytes must be >= 1, was -8", negative.getMessage());
        assertThrows(NullPointerException.class, () -> ByteReducer.elementwise(8, null));
        ByteReducer plain = LocalJob::sumOfLongs;
        assertEquals(0, plain.elementBytes());
        ByteReducer elementwise = ByteReducer.elementwise(8, plain);
        assertEquals(8, elementwise.elementBytes());
        assertEquals(42, LocalJob.longOf(elementwise.combine(LocalJob.longBytes(40), LocalJob.longBytes(2))));
    }

    @Test
    void aPayloadThatIsNotAWholeNumberOfElementsIsRejectedBeforeAnythingIsSent() {
        try (LocalJob job = LocalJob.of(3)) {
            ByteReducer sum = ByteReducer.elementwise(Long.BYTES, LocalJob::sumOfLongs);
            IllegalArgumentException partial = assertThrows(IllegalArgumentException.class,
                    () -> job.shard(0).allReduce(1, new byte[LARGE * Long.BYTES + 3], sum));
            assertEquals("payload of an element-wise all-reduce must be a whole number of 8-byte elements, was 160011 "
                    + "bytes", partial.getMessage());
            // nothing was issued: the id is still free
            List<byte[]> results = job.run(shard -> shard.allReduce(1, LocalJob.longBytes(shard.rank()), sum));
            results.forEach(result -> assertEquals(3, LocalJob.longOf(result)));
        }
    }

    @Test
    void aPayloadWithFewerElementsThanShardsTakesRecursiveDoubling() {
        int elementBytes = AbstractCommunicator.LARGE_ALL_REDUCE_BYTES / 2; // 2 elements, 4 shards
        AtomicInteger shortestInput = new AtomicInteger(Integer.MAX_VALUE);
        ByteReducer firstByteSum = ByteReducer.elementwise(elementBytes, (left, right) -> {
            shortestInput.accumulateAndGet(left.length, Math::min);
            byte[] out = left.clone();
            for (int i = 0; i < out.length; i += elementBytes) {
                out[i] += right[i];
            }
            return out;
        });
        try (LocalJob job = LocalJob.of(5)) {
            List<byte[]> results = job.run(shard -> {
                byte[] payload = new byte[2 * elementBytes];
                payload[0] = 1;
                payload[elementBytes] = 2;
                return shard.allReduce(1, payload, firstByteSum);
            });
            results.forEach(result -> {
                assertEquals(5, result[0]);
                assertEquals(10, result[elementBytes]);
            });
        }
        assertEquals(2 * elementBytes, shortestInput.get());
    }

    @Test
    void aSingleShardGetsItsOwnLargePayloadBack() {
        try (LocalJob job = LocalJob.of(1)) {
            byte[] payload = new byte[LARGE * Long.BYTES];
            assertSame(payload, job.shard(0).allReduce(1, payload,
                    ByteReducer.elementwise(Long.BYTES, LocalJob::sumOfLongs)).join());
        }
    }

    private record Disagreement(String name, ByteReducer op, int length, ByteReducer oddOp, int oddLength,
            String expectedMessage) {
    }

    private static double[][] randomDoubles(int size, int length, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] inputs = new double[size][length];
        for (double[] input : inputs) {
            for (int i = 0; i < length; i++) {
                // Magnitudes far apart, so that a different summation order changes the low bits.
                input[i] = random.nextDouble() * Math.pow(10, random.nextInt(-8, 9));
            }
        }
        return inputs;
    }

    private static byte[] doublesToBytes(double[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Double.BYTES);
        bytes.asDoubleBuffer().put(values);
        return bytes.array();
    }

    private static double[] bytesToDoubles(byte[] bytes) {
        double[] values = new double[bytes.length / Double.BYTES];
        ByteBuffer.wrap(bytes).asDoubleBuffer().get(values);
        return values;
    }
}
