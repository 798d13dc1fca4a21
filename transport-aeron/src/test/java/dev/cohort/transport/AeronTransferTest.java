package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Point-to-point transfers over Aeron: any size, any order, both directions at once. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AeronTransferTest {

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void a256MiBTransferArrivesIntact(AeronJob.Wire wire) throws Exception {
        byte[] big = new byte[256 << 20];
        new SplittableRandom(256).nextBytes(big);
        byte[] expected = big.clone();
        try (AeronJob job = AeronJob.start(2, wire)) {
            CompletableFuture<byte[]> received = job.shard(1).receive(0, 42);
            job.shard(0).send(1, 42, big);
            byte[] got = received.get(90, TimeUnit.SECONDS);
            assertEquals(expected.length, got.length);
            assertTrue(Arrays.equals(expected, got), "the 256 MiB payload differs after the transfer");
            assertEquals(0, job.shard(1).stats().droppedFrames());
        }
    }

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void taggedMessagesMeetTheirReceiversWhateverTheOrder(AeronJob.Wire wire) throws Exception {
        int messages = 200;
        List<Integer> sendOrder = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            sendOrder.add(i);
        }
        Collections.shuffle(sendOrder, new java.util.Random(7));
        try (AeronJob job = AeronJob.start(3, wire)) {
            // half the receives are posted before the sends, in another shuffled order; half after
            List<Integer> receiveOrder = new ArrayList<>(sendOrder);
            Collections.shuffle(receiveOrder, new java.util.Random(11));
            CompletableFuture<?>[] early = new CompletableFuture<?>[messages];
            for (int i = 0; i < messages / 2; i++) {
                int tag = receiveOrder.get(i);
                early[tag] = job.shard(2).receive(0, tag);
            }
            for (int tag : sendOrder) {
                job.shard(0).send(2, tag, message(tag));
                job.shard(1).send(2, tag, message(10_000 + tag));
            }
            for (int i = 0; i < messages; i++) {
                int tag = receiveOrder.get(i);
                CompletableFuture<?> fromZero = early[tag] != null ? early[tag] : job.shard(2).receive(0, tag);
                assertArrayEquals(message(tag), (byte[]) fromZero.get(30, TimeUnit.SECONDS), "tag " + tag + " from 0");
            }
            for (int tag = messages - 1; tag >= 0; tag--) {
                assertArrayEquals(message(10_000 + tag), job.shard(2).receive(1, tag).get(30, TimeUnit.SECONDS),
                        "tag " + tag + " from 1");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void shardsSendingBigMessagesToEachOtherAtOnceDoNotDeadlock(AeronJob.Wire wire) throws Exception {
        int length = 24 << 20;
        try (AeronJob job = AeronJob.start(2, wire)) {
            byte[] a = message(1, length);
            byte[] b = message(2, length);
            job.shard(0).send(1, 5, a.clone());
            job.shard(1).send(0, 5, b.clone());
            assertArrayEquals(a, job.shard(1).receive(0, 5).get(60, TimeUnit.SECONDS));
            assertArrayEquals(b, job.shard(0).receive(1, 5).get(60, TimeUnit.SECONDS));
        }
    }

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void emptyAndChunkBoundaryMessagesArrive(AeronJob.Wire wire) throws Exception {
        try (AeronJob job = AeronJob.start(2, wire)) {
            int chunk = AeronDrivers.TERM_LENGTH / 8 - Frames.DATA_HEADER_LENGTH;
            int[] lengths = {0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 7};
            for (int i = 0; i < lengths.length; i++) {
                job.shard(0).send(1, i, message(i, lengths[i]));
            }
            for (int i = lengths.length - 1; i >= 0; i--) {
                assertArrayEquals(message(i, lengths[i]), job.shard(1).receive(0, i).get(30, TimeUnit.SECONDS),
                        "length " + lengths[i]);
            }
        }
    }

    static byte[] message(int seed) {
        return message(seed, 1 + seed % 97);
    }

    static byte[] message(int seed, int length) {
        byte[] b = new byte[length];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }
}
