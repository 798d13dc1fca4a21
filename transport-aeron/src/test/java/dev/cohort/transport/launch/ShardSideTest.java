package dev.cohort.transport.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shard's side of a launch: its worker count variable and the watch on its launcher's pipe. */
@Timeout(60)
class ShardSideTest {

    @Test
    void cpusVariableIsCheckedAndOptional() {
        assertTrue(ShardEnvironment.cpus(Map.of()).isEmpty());
        assertEquals(4, ShardEnvironment.cpus(Map.of("COHORT_CPUS", " 4 ")).getAsInt());
        for (String bad : List.of("0", "-1", "four")) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> ShardEnvironment.cpus(Map.of("COHORT_CPUS", bad)));
            assertEquals("COHORT_CPUS must be an integer >= 1, was '" + bad + "'", e.getMessage());
        }
    }

    @Test
    void theWatchReportsTheEndOfThePipe() throws Exception {
        java.io.PipedOutputStream launcherSide = new java.io.PipedOutputStream();
        java.io.PipedInputStream shardSide = new java.io.PipedInputStream(launcherSide);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.util.concurrent.CountDownLatch gone = new java.util.concurrent.CountDownLatch(1);
        Thread t = LauncherPipe.watch(shardSide, "shard 3", new java.io.PrintStream(err, true), gone::countDown);
        launcherSide.write("secret\n".getBytes(StandardCharsets.US_ASCII));
        launcherSide.flush();
        assertFalse(gone.await(200, TimeUnit.MILLISECONDS), "data on the pipe is not the end of it");
        launcherSide.close();
        assertTrue(gone.await(10, TimeUnit.SECONDS));
        t.join(5_000);
        assertEquals("cohort: shard 3: the launcher is gone (the pipe it holds on this shard's stdin closed); exiting\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void onlyALaunchersOwnDriverDirectoryIsRemoved(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.io.File mine = tmp.resolve("cohort-0123456789abcdef-host").toFile();
        java.io.File shared = tmp.resolve("my-shared-driver").toFile();
        assertTrue(mine.mkdirs() && new java.io.File(mine, "cnc.dat").createNewFile());
        assertTrue(shared.mkdirs() && new java.io.File(shared, "cnc.dat").createNewFile());
        assertTrue(LauncherPipe.removeLauncherDriverDirectory(mine.getPath()));
        assertFalse(mine.exists());
        assertFalse(LauncherPipe.removeLauncherDriverDirectory(shared.getPath()));
        assertTrue(shared.exists(), "a driver directory not named like the launcher's is never removed");
        assertFalse(LauncherPipe.removeLauncherDriverDirectory(null));
    }
}
