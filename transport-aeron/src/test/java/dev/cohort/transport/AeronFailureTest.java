package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.driver.MediaDriver;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Membership, failure and strangers over Aeron: nothing hangs, nothing foreign gets in, every failure names its shard. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AeronFailureTest {

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void aVanishedShardFailsEveryOtherWithAPeerFailedExceptionNamingIt(AeronJob.Wire wire) throws Exception {
        try (AeronJob job = AeronJob.start(4, wire, Duration.ofMillis(1500))) {
            List<CompletableFuture<byte[]>> waiting = new ArrayList<>();
            for (int rank : new int[] {0, 1, 3}) {
                waiting.add(job.shard(rank).receive(rank == 0 ? 1 : 0, 99)); // never sent
            }
            long start = System.nanoTime();
            job.shard(2).vanishForTest();
            for (CompletableFuture<byte[]> w : waiting) {
                Throwable failure = LocalJob.failureOf(w, "a receive on a surviving shard");
                PeerFailedException peer = assertInstanceOf(PeerFailedException.class, failure);
                assertEquals(2, peer.failedShard(), peer.getMessage());
                assertTrue(peer.getMessage().startsWith("shard 2 failed: "), peer.getMessage());
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 10, "the failure took " + seconds + " s to be noticed everywhere");
            ShardFailedException later = assertThrows(ShardFailedException.class, () -> job.shard(3).send(0, 1, new byte[1]));
            assertEquals(2, later.failedShard());
        }
    }

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void abortOnOneShardFailsEveryOtherNamingIt(AeronJob.Wire wire) {
        try (AeronJob job = AeronJob.start(3, wire)) {
            CompletableFuture<Void> barrier0 = job.shard(0).barrier(5);
            CompletableFuture<Void> barrier2 = job.shard(2).barrier(5);
            job.shard(1).abort(new IllegalStateException("boom on purpose"));
            for (CompletableFuture<Void> b : List.of(barrier0, barrier2)) {
                ShardFailedException e = assertInstanceOf(ShardFailedException.class, LocalJob.failureOf(b, "a barrier"));
                assertEquals(1, e.failedShard());
                assertEquals("shard 1 failed: boom on purpose", e.getMessage());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = AeronJob.Wire.class, names = {"IPC", "UDP"})
    void aShardThatClosedFailsReceivesItNeverSentWithPeerClosed(AeronJob.Wire wire) throws Exception {
        try (AeronJob job = AeronJob.start(2, wire)) {
            job.shard(1).send(0, 3, new byte[] {9});
            CompletableFuture<byte[]> never = job.shard(0).receive(1, 4);
            job.shard(1).close();
            assertArrayEquals(new byte[] {9}, job.shard(0).receive(1, 3).get(10, TimeUnit.SECONDS),
                    "a message sent before close must still arrive");
            assertInstanceOf(PeerClosedException.class, LocalJob.failureOf(never, "a receive from a closed shard"));
            assertThrows(PeerClosedException.class, () -> job.shard(0).send(1, 5, new byte[1]));
        }
    }

    @Test
    void embeddedDriversLeaveNoDirectoryBehindAfterANormalRun() throws Exception {
        AeronJob job = AeronJob.start(3, AeronJob.Wire.UDP_EMBEDDED_DRIVERS);
        try {
            assertEquals(3, job.leftoverDirectories().size(), "one driver directory per shard while running");
            List<byte[]> got = job.run(shard -> shard.allReduce(1, LocalJob.longBytes(shard.rank()), LocalJob::sumOfLongs));
            got.forEach(bytes -> assertEquals(3, LocalJob.longOf(bytes)));
        } finally {
            job.close();
        }
        assertEquals(List.of(), job.leftoverDirectories());
    }

    @Test
    void aShardWithTheWrongSecretCannotJoinAndTheHandshakeNamesTheMissingPeer() throws Exception {
        JobEnvironment job = AeronJob.environment(2, AeronJob.Wire.IPC, Duration.ofSeconds(5));
        job = new JobEnvironment(job.jobId(), job.secret(), 0, 2, job.transport(), job.endpoints(), job.aeronDirectory(),
                job.heartbeatTimeout(), Duration.ofMillis(1500));
        byte[] wrong = job.secret();
        wrong[0] ^= 1;
        JobEnvironment impostor = new JobEnvironment(job.jobId(), wrong, 1, 2, job.transport(), job.endpoints(),
                job.aeronDirectory(), job.heartbeatTimeout(), job.connectTimeout());
        MediaDriver driver = AeronDrivers.launchHostDriver(job.aeronDirectory());
        try {
            CompletableFuture<AeronCommunicator> other = CompletableFuture.supplyAsync(() -> AeronCommunicator.connect(impostor));
            JobEnvironment rank0 = job;
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> AeronCommunicator.connect(rank0));
            assertTrue(e.getMessage().contains("no handshake with shards [1]"), e.getMessage());
            ExecutionException impostorFailure = assertThrows(ExecutionException.class, () -> other.get(30, TimeUnit.SECONDS));
            assertTrue(impostorFailure.getCause().getMessage().contains("no handshake with shards [0]"),
                    impostorFailure.getCause().getMessage());
        } finally {
            CloseHelper.quietClose(driver);
        }
    }

    @Test
    void garbageDatagramsAndForeignFramesAreDroppedAndCountedWhileTheJobGoesOn() throws Exception {
        try (AeronJob job = AeronJob.start(2, AeronJob.Wire.UDP_EMBEDDED_DRIVERS)) {
            AeronCommunicator target = job.shard(1);
            int port = job.job.endpoints().get(1).getPort();
            long invalidBefore = target.stats().driverInvalidPackets();

            // 1. raw garbage datagrams at the shard's port: not Aeron frames at all, the driver drops and counts them
            try (DatagramSocket socket = new DatagramSocket()) {
                SplittableRandom random = new SplittableRandom(1);
                for (int i = 0; i < 20; i++) {
                    byte[] junk = new byte[1 + random.nextInt(300)];
                    random.nextBytes(junk);
                    socket.send(new DatagramPacket(junk, junk.length, InetAddress.getLoopbackAddress(), port));
                }
            }

            // 2. a real Aeron publication to the shard's channel: frames of another job, a forged HELLO, and garbage
            MediaDriver strangerDriver = AeronDrivers.launchEmbedded(AeronDrivers.embeddedDirectory("5742414e47455221", 0));
            try (Aeron stranger = Aeron.connect(new Aeron.Context().aeronDirectoryName(strangerDriver.aeronDirectoryName()));
                 ExclusivePublication publication = stranger.addExclusivePublication(
                         "aeron:udp?endpoint=127.0.0.1:" + port, AeronCommunicator.STREAM_ID)) {
                List<byte[]> frames = List.of(
                        frame(Frames.Type.DATA, job.job.jobId() + 1, 0, 1, 48), // another job's DATA
                        frame(Frames.Type.DATA, job.job.jobId(), 0, 1, 48), // this job's id, but an unverified session
                        frame(Frames.Type.HELLO, job.job.jobId(), 0, 1, Frames.HELLO_LENGTH), // HELLO with a bad MAC
                        frame(Frames.Type.ABORT, job.job.jobId(), 0, 1, 64), // forged abort
                        new byte[] {1, 2, 3}, // garbage
                        new byte[100]); // zeros
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!publication.isConnected() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertTrue(publication.isConnected(), "the stranger's publication never connected");
                for (byte[] f : frames) {
                    UnsafeBuffer buffer = new UnsafeBuffer(f);
                    while (publication.offer(buffer, 0, f.length) < 0) {
                        Thread.sleep(1);
                    }
                }
                while (target.stats().droppedFrames() < frames.size() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            } finally {
                CloseHelper.quietClose(strangerDriver);
            }
            assertEquals(6, target.stats().droppedFrames(), "every foreign or malformed frame is dropped and counted");
            assertTrue(target.stats().driverInvalidPackets() > invalidBefore,
                    "the driver counts the garbage datagrams: before " + invalidBefore + ", after "
                            + target.stats().driverInvalidPackets());

            // the job is unharmed
            job.shard(0).send(1, 1, new byte[] {4, 2});
            assertArrayEquals(new byte[] {4, 2}, target.receive(0, 1).get(10, TimeUnit.SECONDS));
            List<byte[]> sums = job.run(shard -> shard.allReduce(7, LocalJob.longBytes(1 + shard.rank()), LocalJob::sumOfLongs));
            sums.forEach(s -> assertEquals(3, LocalJob.longOf(s)));
        }
    }

    @Test
    void aForeignPublicationOnAShardsIpcStreamIsDroppedAndCounted() throws Exception {
        try (AeronJob job = AeronJob.start(2, AeronJob.Wire.IPC)) {
            try (Aeron stranger = Aeron.connect(new Aeron.Context().aeronDirectoryName(job.job.aeronDirectory()));
                 ExclusivePublication publication = stranger.addExclusivePublication("aeron:ipc",
                         AeronCommunicator.STREAM_ID + 1)) {
                byte[] f = frame(Frames.Type.DATA, job.job.jobId(), 0, 1, 48);
                while (publication.offer(new UnsafeBuffer(f), 0, f.length) < 0) {
                    Thread.sleep(1);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (job.shard(1).stats().droppedFrames() < 1 && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            }
            assertEquals(1, job.shard(1).stats().droppedFrames());
            job.shard(0).send(1, 1, new byte[] {7});
            assertArrayEquals(new byte[] {7}, job.shard(1).receive(0, 1).get(10, TimeUnit.SECONDS));
        }
    }

    /** A frame with a valid header of {@code type} that a stranger could forge. */
    static byte[] frame(Frames.Type type, long jobId, int source, int destination, int length) {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(Frames.MAGIC).put(type.code).put((byte) 0).putShort((short) 0).putLong(jobId).putInt(source)
                .putInt(destination);
        if (type == Frames.Type.DATA) {
            b.putLong(1).putInt(length - Frames.DATA_HEADER_LENGTH).putInt(0);
        } else if (type == Frames.Type.HELLO) {
            b.putInt(2);
        }
        return b.array();
    }
}
