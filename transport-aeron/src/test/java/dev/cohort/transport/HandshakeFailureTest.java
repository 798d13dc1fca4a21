package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.aeron.driver.MediaDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A shard that dies during start-up fails the others within the heartbeat timeout, naming it, and not only at
 * the connect timeout — with no launcher to notice the death (srun/mpirun mode).
 */
@Timeout(90)
class HandshakeFailureTest {

    @Test
    void aPeerThatDiesDuringTheHandshakeFailsTheOthersWithinTheHeartbeatTimeout() throws Exception {
        // 4 shards, shard 3 never starts: 0, 1 and 2 hear each other and wait in the handshake; then 2 dies
        JobEnvironment base = AeronJob.environment(4, AeronJob.Wire.IPC, Duration.ofMillis(1500));
        JobEnvironment job = new JobEnvironment(base.jobId(), base.secret(), 0, 4, base.transport(), base.endpoints(),
                base.aeronDirectory(), base.heartbeatTimeout(), Duration.ofSeconds(60));
        MediaDriver driver = AeronDrivers.launchHostDriver(job.aeronDirectory());
        List<CompletableFuture<AeronCommunicator>> alive = new ArrayList<>();
        Thread[] dying = new Thread[1];
        CompletableFuture<Throwable> dyingOutcome = new CompletableFuture<>();
        try {
            for (int r = 0; r < 2; r++) {
                JobEnvironment mine = job.withRank(r);
                alive.add(CompletableFuture.supplyAsync(() -> AeronCommunicator.connect(mine)));
            }
            dying[0] = new Thread(() -> {
                try {
                    AeronCommunicator.connect(job.withRank(2)).close();
                    dyingOutcome.complete(null);
                } catch (Throwable t) {
                    dyingOutcome.complete(t);
                }
            }, "shard-2");
            dying[0].start();
            Thread.sleep(2_000); // everyone up but shard 3: the handshake among 0, 1, 2 is done, 3 is missing
            long killedAt = System.nanoTime();
            dying[0].interrupt(); // shard 2 stops mid-handshake: its client and agent go, nothing is said
            assertTrue(dyingOutcome.get(10, TimeUnit.SECONDS) != null, "shard 2 should have stopped connecting");
            for (int r = 0; r < 2; r++) {
                int rank = r;
                ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                        () -> alive.get(rank).get(30, TimeUnit.SECONDS));
                PeerFailedException peer = assertInstanceOf(PeerFailedException.class, e.getCause(), () -> e.getCause().toString());
                assertTrue(peer.getMessage().startsWith("shard 2 failed: no frame from shard 2 for "), peer.getMessage());
                assertTrue(peer.getMessage().contains("during the handshake (heartbeat timeout 1.5 s)"), peer.getMessage());
            }
            double seconds = (System.nanoTime() - killedAt) / 1e9;
            assertTrue(seconds < 10, "noticed after " + seconds + " s; the connect timeout is 60 s");
        } finally {
            for (CompletableFuture<AeronCommunicator> f : alive) {
                f.thenAccept(AeronCommunicator::close);
            }
            CloseHelper.quietClose(driver);
        }
    }
}
