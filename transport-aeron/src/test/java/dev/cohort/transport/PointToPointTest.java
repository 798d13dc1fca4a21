package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.longBytes;
import static dev.cohort.transport.LocalJob.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Tagged point-to-point messages between in-process shards. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest {

    @Test
    void messagesSentInOneOrderMeetReceivesPostedInAnother() {
        int messages = 200;
        try (LocalJob job = LocalJob.of(2)) {
            List<Long> sendOrder = shuffledTags(messages, 1);
            List<Long> receiveOrder = shuffledTags(messages, 2);
            // Half of the receives are posted before anything is sent, the rest after everything was sent.
            List<CompletableFuture<byte[]>> early = new ArrayList<>();
            for (long tag : receiveOrder.subList(0, messages / 2)) {
                early.add(job.shard(1).receive(0, tag));
            }
            early.forEach(receive -> assertFalse(receive.isDone()));
            for (long tag : sendOrder) {
                job.shard(0).send(1, tag, longBytes(tag * 3));
            }
            List<CompletableFuture<byte[]>> late = new ArrayList<>();
            for (long tag : receiveOrder.subList(messages / 2, messages)) {
                late.add(job.shard(1).receive(0, tag));
            }
            List<CompletableFuture<byte[]>> all = new ArrayList<>(early);
            all.addAll(late);
            for (int i = 0; i < messages; i++) {
                assertEquals(receiveOrder.get(i) * 3, longOf(LocalJob.await(all.get(i), "receive " + i)));
            }
        }
    }

    @Test
    void everyShardExchangesShuffledTaggedMessagesWithEveryOther() {
        int size = 5;
        int tags = 20;
        try (LocalJob job = LocalJob.of(size)) {
            List<Long> sums = job.run(shard -> {
                List<CompletableFuture<byte[]>> receives = new ArrayList<>();
                for (int peer = 0; peer < size; peer++) {
                    if (peer == shard.rank()) {
                        continue;
                    }
                    for (long tag : shuffledTags(tags, 100 + shard.rank() * size + peer)) {
                        receives.add(shard.receive(peer, tag));
                    }
                    for (long tag : shuffledTags(tags, 200 + shard.rank() * size + peer)) {
                        shard.send(peer, tag, longBytes(shard.rank() * 1000L + tag));
                    }
                }
                return CompletableFuture.allOf(receives.toArray(CompletableFuture[]::new))
                        .thenApply(ignored -> receives.stream().mapToLong(r -> longOf(r.join())).sum());
            });
            for (int rank = 0; rank < size; rank++) {
                long expected = 0;
                for (int peer = 0; peer < size; peer++) {
                    if (peer != rank) {
                        expected += peer * 1000L * tags + (long) tags * (tags - 1) / 2;
                    }
                }
                assertEquals(expected, sums.get(rank), "shard " + rank);
            }
        }
    }

    @Test
    void aReceivePostedBeforeTheSendGetsTheMessage() {
        try (LocalJob job = LocalJob.of(3)) {
            CompletableFuture<byte[]> receive = job.shard(2).receive(1, 42);
            assertFalse(receive.isDone());
            byte[] payload = {1, 2, 3};
            job.shard(1).send(2, 42, payload);
            assertSame(payload, LocalJob.await(receive, "the receive"), "the receiver gets the sender's array");
        }
    }

    @Test
    void messagesUnderTheSameSourceAndTagAreMatchedOnceEachInOrder() {
        try (LocalJob job = LocalJob.of(2)) {
            CompletableFuture<byte[]> first = job.shard(1).receive(0, 7);
            job.shard(0).send(1, 7, longBytes(1));
            job.shard(0).send(1, 7, longBytes(2));
            job.shard(0).send(1, 7, longBytes(3));
            CompletableFuture<byte[]> second = job.shard(1).receive(0, 7);
            CompletableFuture<byte[]> third = job.shard(1).receive(0, 7);
            CompletableFuture<byte[]> fourth = job.shard(1).receive(0, 7);
            assertEquals(1, longOf(LocalJob.await(first, "first")));
            assertEquals(2, longOf(LocalJob.await(second, "second")));
            assertEquals(3, longOf(LocalJob.await(third, "third")));
            assertFalse(fourth.isDone(), "three messages satisfy three receives, not four");
        }
    }

    @Test
    void theSameTagFromDifferentSourcesIsDifferentMessages() {
        try (LocalJob job = LocalJob.of(3)) {
            CompletableFuture<byte[]> fromTwo = job.shard(0).receive(2, 5);
            job.shard(1).send(0, 5, longBytes(1));
            job.shard(2).send(0, 5, longBytes(2));
            assertEquals(2, longOf(LocalJob.await(fromTwo, "from shard 2")));
            assertEquals(1, longOf(LocalJob.await(job.shard(0).receive(1, 5), "from shard 1")));
        }
    }

    @Test
    void badArgumentsAreRejectedWithMessagesThatShowThem() {
        try (LocalJob job = LocalJob.of(3)) {
            LocalCommunicator shard = job.shard(1);
            assertEquals("destination must be a rank in [0, 2] other than this shard's 1, was 1",
                    assertThrows(IllegalArgumentException.class, () -> shard.send(1, 0, new byte[0])).getMessage());
            assertEquals("destination must be a rank in [0, 2] other than this shard's 1, was 3",
                    assertThrows(IllegalArgumentException.class, () -> shard.send(3, 0, new byte[0])).getMessage());
            assertEquals("tag must be >= 0 (negative tags are reserved for collectives), was -4",
                    assertThrows(IllegalArgumentException.class, () -> shard.send(0, -4, new byte[0])).getMessage());
            assertThrows(IllegalArgumentException.class, () -> shard.receive(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> shard.receive(0, Long.MIN_VALUE));
            assertThrows(NullPointerException.class, () -> shard.send(0, 0, null));
        }
    }

    @Test
    void aJobNeedsAtLeastOneShard() {
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> LocalCommunicator.create(0));
        assertEquals("size must be in [1, 1073741824], was 0", empty.getMessage());
    }

    @Test
    void shardsKnowTheirRankAndTheJobsSize() {
        try (LocalJob job = LocalJob.of(4)) {
            for (int rank = 0; rank < 4; rank++) {
                assertEquals(rank, job.shard(rank).rank());
                assertEquals(4, job.shard(rank).size());
            }
        }
    }

    private static List<Long> shuffledTags(int count, long seed) {
        List<Long> tags = LongStream.range(0, count).boxed().collect(Collectors.toCollection(ArrayList::new));
        Collections.shuffle(tags, new Random(seed));
        return tags;
    }
}
