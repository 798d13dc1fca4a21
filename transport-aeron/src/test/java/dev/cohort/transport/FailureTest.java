package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.failureOf;
import static dev.cohort.transport.LocalJob.longBytes;
import static dev.cohort.transport.LocalJob.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** abort() and close(): what fails, with which exception, naming whom. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailureTest {

    @Test
    void abortFailsPendingReceivesOnEveryOtherShardNamingTheAbortingShard() {
        try (LocalJob job = LocalJob.of(4)) {
            List<CompletableFuture<byte[]>> pending = new ArrayList<>();
            pending.add(job.shard(1).receive(0, 1));
            pending.add(job.shard(2).receive(3, 1));
            pending.add(job.shard(3).receive(1, 99));
            pending.forEach(receive -> assertFalse(receive.isDone()));

            long start = System.nanoTime();
            job.shard(0).abort(new IllegalStateException("disk full"));
            for (CompletableFuture<byte[]> receive : pending) {
                ShardFailedException failure = assertInstanceOf(ShardFailedException.class,
                        failureOf(receive, "a pending receive"));
                assertEquals(0, failure.failedShard());
                assertEquals("shard 0 failed: disk full", failure.getMessage());
                assertEquals("disk full", failure.getCause().getMessage());
            }
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2), "abort must be prompt");
        }
    }

    @Test
    void abortFailsPendingCollectivesAndEveryLaterOperation() {
        try (LocalJob job = LocalJob.of(3)) {
            CompletableFuture<Void> barrier1 = job.shard(1).barrier(1);
            CompletableFuture<byte[][]> gather2 = job.shard(2).allGather(2, new byte[3]);
            job.shard(0).abort(new RuntimeException("out of memory"));

            assertInstanceOf(ShardFailedException.class, failureOf(barrier1, "shard 1's barrier"));
            assertInstanceOf(ShardFailedException.class, failureOf(gather2, "shard 2's all-gather"));
            ShardFailedException thrown = assertThrows(ShardFailedException.class,
                    () -> job.shard(1).send(2, 0, new byte[0]));
            assertEquals("shard 0 failed: out of memory", thrown.getMessage());
            assertInstanceOf(ShardFailedException.class, failureOf(job.shard(2).receive(1, 0), "a later receive"));
            assertInstanceOf(ShardFailedException.class, failureOf(job.shard(0).barrier(3), "a later barrier"));
            assertInstanceOf(ShardFailedException.class,
                    failureOf(job.shard(1).allReduce(4, new byte[8], LocalJob::sumOfLongs), "a later all-reduce"));
        }
    }

    @Test
    void abortIsIdempotentAndTheFirstCauseWins() {
        try (LocalJob job = LocalJob.of(3)) {
            job.shard(2).abort(new RuntimeException("first"));
            job.shard(1).abort(new RuntimeException("second"));
            job.shard(2).abort(null);
            ShardFailedException failure = assertInstanceOf(ShardFailedException.class,
                    failureOf(job.shard(0).receive(1, 0), "a receive"));
            assertEquals("shard 2 failed: first", failure.getMessage());
            assertSame(failure, job.shard(1).jobFailure());
        }
    }

    @Test
    void messagesSentBeforeClosingRemainReceivable() {
        try (LocalJob job = LocalJob.of(3)) {
            job.shard(2).send(0, 1, longBytes(11));
            job.shard(2).close();
            assertEquals(11, longOf(LocalJob.await(job.shard(0).receive(2, 1), "the message sent before close")));
        }
    }

    @Test
    void receivesFromAClosedShardThatNoMessageMatchesFailWithPeerClosed() {
        try (LocalJob job = LocalJob.of(3)) {
            CompletableFuture<byte[]> waiting = job.shard(0).receive(2, 3);
            job.shard(2).close();
            PeerClosedException before = assertInstanceOf(PeerClosedException.class,
                    failureOf(waiting, "a receive that waited while the peer closed"));
            assertEquals(2, before.closedShard());
            assertEquals("shard 0: receive from shard 2 under tag 3 cannot complete: shard 2 closed without sending it",
                    before.getMessage());
            PeerClosedException after = assertInstanceOf(PeerClosedException.class,
                    failureOf(job.shard(1).receive(2, 4), "a receive posted after the peer closed"));
            assertEquals(2, after.closedShard());
            // The other shards are unaffected.
            job.shard(0).send(1, 5, longBytes(5));
            assertEquals(5, longOf(LocalJob.await(job.shard(1).receive(0, 5), "a receive between open shards")));
        }
    }

    @Test
    void sendingToAClosedShardFailsAndAClosedShardCannotBeUsed() {
        try (LocalJob job = LocalJob.of(2)) {
            CompletableFuture<byte[]> ownReceive = job.shard(1).receive(0, 9);
            job.shard(1).close();
            job.shard(1).close(); // idempotent
            PeerClosedException toClosed = assertThrows(PeerClosedException.class,
                    () -> job.shard(0).send(1, 1, new byte[0]));
            assertEquals("shard 0 cannot send to shard 1 under tag 1: shard 1 closed", toClosed.getMessage());
            assertEquals("shard 1 is closed",
                    assertThrows(IllegalStateException.class, () -> job.shard(1).send(0, 1, new byte[0])).getMessage());
            assertInstanceOf(IllegalStateException.class, failureOf(ownReceive, "the closed shard's own receive"));
            assertInstanceOf(IllegalStateException.class, failureOf(job.shard(1).barrier(1), "a barrier after close"));
        }
    }

    @Test
    void aCollectiveWithAShardThatClosedFailsEverywhereInsteadOfHanging() {
        try (LocalJob job = LocalJob.of(4)) {
            job.shard(3).close();
            List<CompletableFuture<Void>> barriers = new ArrayList<>();
            for (int rank = 0; rank < 3; rank++) {
                barriers.add(job.shard(rank).barrier(1));
            }
            for (int rank = 0; rank < 3; rank++) {
                Throwable failure = failureOf(barriers.get(rank), "shard " + rank + "'s barrier");
                assertTrue(failure instanceof PeerClosedException || failure instanceof ShardFailedException,
                        "shard " + rank + ": " + failure);
            }
        }
    }

    @Test
    void aShardThatClosesAfterSendingItsPartOfACollectiveDoesNotBreakItForTheOthers() {
        try (LocalJob job = LocalJob.of(2)) {
            // Shard 0 sends its partial, then leaves without waiting for the result.
            CompletableFuture<byte[]> abandoned = job.shard(0).allReduce(1, longBytes(5), LocalJob::sumOfLongs);
            job.shard(0).close();
            assertInstanceOf(IllegalStateException.class, failureOf(abandoned, "the closed shard's all-reduce"));

            byte[] sum = LocalJob.await(job.shard(1).allReduce(1, longBytes(6), LocalJob::sumOfLongs), "shard 1");
            assertEquals(11, longOf(sum));
            assertEquals(null, job.shard(1).jobFailure(), "leaving normally does not fail the job");
        }
    }

    @Test
    void aReducerThatThrowsFailsTheCollectiveAndAbortsTheJob() {
        try (LocalJob job = LocalJob.of(4)) {
            List<CompletableFuture<byte[]>> results = job.start(shard -> shard.allReduce(1, new byte[8], (l, r) -> {
                throw new ArithmeticException("overflow in shard " + shard.rank());
            }));
            for (int rank = 0; rank < 4; rank++) {
                Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s all-reduce");
                assertTrue(failure instanceof ArithmeticException || failure instanceof ShardFailedException,
                        "shard " + rank + ": " + failure);
            }
        }
    }

    @Test
    void allReducePayloadsOfDifferentLengthsAreAMismatch() {
        try (LocalJob job = LocalJob.of(2)) {
            List<CompletableFuture<byte[]>> results = job.start(shard ->
                    shard.allReduce(8, new byte[8 * (shard.rank() + 1)], LocalJob::sumOfLongs));
            for (int rank = 0; rank < 2; rank++) {
                Throwable failure = failureOf(results.get(rank), "shard " + rank + "'s all-reduce");
                assertTrue(failure instanceof CollectiveMismatchException || failure instanceof ShardFailedException,
                        "shard " + rank + ": " + failure);
            }
            assertTrue(job.shard(0).jobFailure().getMessage().contains("ALL_REDUCE payloads differ in length"),
                    job.shard(0).jobFailure().getMessage());
        }
    }
}
