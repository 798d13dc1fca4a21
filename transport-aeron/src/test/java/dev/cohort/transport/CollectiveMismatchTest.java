package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.failureOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Shards that issue different collectives under one id fail with a clear error instead of hanging. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CollectiveMismatchTest {
    private static final long ID = 17;

    @Test
    void theShardThatNoticesAKindMismatchFailsWithCollectiveMismatchException() {
        try (LocalJob job = LocalJob.of(2)) {
            CompletableFuture<Void> barrier = job.shard(1).barrier(ID);
            CompletableFuture<byte[][]> gather = job.shard(0).allGather(ID, new byte[2]);

            CollectiveMismatchException noticed = assertInstanceOf(CollectiveMismatchException.class,
                    failureOf(gather, "shard 0's all-gather"));
            assertEquals(ID, noticed.collectiveId());
            assertEquals("collective 17: shard 0 expected ALL_GATHER, shard 1 sent BARRIER", noticed.getMessage());
            ShardFailedException told = assertInstanceOf(ShardFailedException.class,
                    failureOf(barrier, "shard 1's barrier"));
            assertEquals(0, told.failedShard());
            assertEquals("shard 0 failed: collective 17: shard 0 expected ALL_GATHER, shard 1 sent BARRIER",
                    told.getMessage());
        }
    }

    @Test
    void aKindMismatchAmongConcurrentShardsFailsEveryShardWithTheMismatchAsCause() {
        Pattern mismatchMessage = Pattern.compile("collective 17: (shard \\d expected (ALL_GATHER|BARRIER), "
                + "shard \\d sent (ALL_GATHER|BARRIER)|shard \\d sent (ALL_GATHER|BARRIER), shard \\d sent "
                + "(ALL_GATHER|BARRIER) \\(noticed by shard \\d\\))");
        for (int repetition = 0; repetition < 20; repetition++) {
            try (LocalJob job = LocalJob.of(4)) {
                List<CompletableFuture<Object>> results = job.start(shard -> (shard.rank() == 0
                        ? shard.allGather(ID, new byte[2]).thenApply(Object.class::cast)
                        : shard.barrier(ID).thenApply(Object.class::cast)));
                for (int rank = 0; rank < 4; rank++) {
                    Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s collective");
                    Throwable mismatch = failure instanceof ShardFailedException ? failure.getCause() : failure;
                    assertInstanceOf(CollectiveMismatchException.class, mismatch, "shard " + rank);
                    assertTrue(mismatchMessage.matcher(mismatch.getMessage()).matches(), mismatch.getMessage());
                }
            }
        }
    }

    @Test
    void aRootMismatchIsNoticedToo() {
        try (LocalJob job = LocalJob.of(3)) {
            List<CompletableFuture<byte[]>> results = job.start(shard ->
                    shard.broadcast(ID, shard.rank() == 2 ? 1 : 0, new byte[] {(byte) shard.rank()}));
            awaitSettled(results, "broadcast with roots 0, 0, 1");
            awaitAborted(job);
            assertTrue(job.shard(0).jobFailure().getMessage().matches(
                    "shard \\d failed: collective 17: .*BROADCAST from root [01].*BROADCAST from root [01].*"),
                    job.shard(0).jobFailure().getMessage());
        }
    }

    /** Every pair of different collectives, one shard or half of the shards running the other one. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4, 5, 6, 8})
    void noPairOfMismatchedCollectivesHangs(int size) {
        List<Issuer> issuers = issuers(size);
        for (Issuer usual : issuers) {
            for (Issuer odd : issuers) {
                if (usual == odd) {
                    continue;
                }
                for (int[] oddRanks : new int[][] {{0}, {size - 1}, IntStream.range(0, size / 2).toArray()}) {
                    String scenario = size + " shards, " + odd + " on " + java.util.Arrays.toString(oddRanks)
                            + ", " + usual + " elsewhere";
                    try (LocalJob job = LocalJob.of(size)) {
                        List<CompletableFuture<?>> results = new ArrayList<>();
                        for (int rank = 0; rank < size; rank++) {
                            int r = rank;
                            boolean isOdd = IntStream.of(oddRanks).anyMatch(o -> o == r);
                            results.add((isOdd ? odd : usual).issue.apply(job.shard(rank), ID));
                        }
                        awaitSettled(results, scenario);
                        awaitAborted(job);
                        for (LocalCommunicator shard : job.shards) {
                            assertInstanceOf(CollectiveMismatchException.class, shard.jobFailure().getCause(), scenario);
                        }
                    }
                }
            }
        }
    }

    private static void awaitSettled(List<? extends CompletableFuture<?>> results, String scenario) {
        for (int rank = 0; rank < results.size(); rank++) {
            try {
                results.get(rank).get(LocalJob.WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail(scenario + ": shard " + rank + " hangs");
            } catch (ExecutionException e) {
                // expected for most shards
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** Mismatches can be noticed on a message that arrives after a shard's own collective finished. */
    private static void awaitAborted(LocalJob job) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LocalJob.WAIT_SECONDS);
        for (LocalCommunicator shard : job.shards) {
            while (shard.jobFailure() == null && System.nanoTime() < deadline) {
                CollectivesTest.sleepMillis(1);
            }
            assertNotNull(shard.jobFailure(), "shard " + shard.rank() + " never learned of the mismatch");
        }
    }

    private record Issuer(String name, BiFunction<LocalCommunicator, Long, CompletableFuture<?>> issue) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Issuer> issuers(int size) {
        int last = size - 1;
        return List.of(
                new Issuer("BARRIER", (shard, id) -> shard.barrier(id)),
                new Issuer("BROADCAST from 0", (shard, id) -> shard.broadcast(id, 0, new byte[8])),
                new Issuer("BROADCAST from " + last, (shard, id) -> shard.broadcast(id, last, new byte[8])),
                new Issuer("REDUCE to 0", (shard, id) -> shard.reduce(id, 0, new byte[8], LocalJob::sumOfLongs)),
                new Issuer("REDUCE to " + last, (shard, id) -> shard.reduce(id, last, new byte[8], LocalJob::sumOfLongs)),
                new Issuer("ALL_REDUCE", (shard, id) -> shard.allReduce(id, new byte[8], LocalJob::sumOfLongs)),
                new Issuer("ALL_GATHER", (shard, id) -> shard.allGather(id, new byte[8])));
    }
}
