package dev.cohort.examples.launch;

import dev.cohort.transport.launch.LauncherPipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.transport.AeronDrivers;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code kill -9} of the launcher leaves no orphans: its shards notice the launcher's pipe close and exit, removing
 * the driver directory the dead launcher could not; a dead job's directory left anyway is reaped by the next launch.
 */
@Timeout(120)
class OrphanTest {
    private static final Pattern JOB = Pattern.compile("cohort: job ([0-9a-f]{16}): ");

    @Test
    void shardsOfAKilledLauncherExitAndItsDriverDirectoryIsReaped() throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Launcher.JVM_OPTIONS);
        cmd.addAll(List.of("-Xmx64m", "-cp", System.getProperty("java.class.path"), Launcher.class.getName(),
                "run", "--shards", "2", "--verbose", EchoShard.class.getName(), "watch", "hang"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put(Launcher.JAVA_OPTS_ENV, "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
        Process launcher = pb.start();
        String job = null;
        int ready = 0;
        try (BufferedReader err = new BufferedReader(new InputStreamReader(launcher.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while (ready < 2 && (line = err.readLine()) != null) {
                Matcher m = JOB.matcher(line);
                if (job == null && m.find()) {
                    job = m.group(1);
                }
                if (line.contains("err from")) {
                    ready++; // a shard is up and has started watching
                }
            }
            assertEquals(2, ready, "the shards did not start");
            List<ProcessHandle> shards = launcher.descendants().toList();
            assertTrue(shards.size() >= 2, "shard processes: " + shards);
            File hostDir = new File(AeronDrivers.hostDirectory(job));
            assertTrue(hostDir.isDirectory(), hostDir + " should exist while the job runs");

            launcher.destroyForcibly(); // SIGKILL: no shutdown hook, no clean-up
            assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (shards.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(shards.stream().anyMatch(ProcessHandle::isAlive), "orphaned shards still run: " + shards);

            // the launcher's ipc driver died with it: its shards, the last processes out, remove its directory
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (hostDir.exists() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(hostDir.exists(), hostDir + " left behind");

            // and a directory a dead job left anyway (all its processes killed) is reaped by the next launch
            File dead = new File(AeronDrivers.baseDirectory(), "cohort-" + String.format("%016x", System.nanoTime()) + "-host");
            assertTrue(dead.mkdirs() && new File(dead, "cnc.dat").createNewFile());
            assertTrue(dead.setLastModified(System.currentTimeMillis() - 60_000));
            List<String> reaped = AeronDrivers.reapDeadDirectories(2_000);
            assertTrue(reaped.contains(dead.getName()), "reaped " + reaped);
            assertFalse(dead.exists());
        } finally {
            launcher.destroyForcibly();
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            if (job != null) {
                Launcher.deleteDriverDirectories(job);
            }
        }
    }
}
