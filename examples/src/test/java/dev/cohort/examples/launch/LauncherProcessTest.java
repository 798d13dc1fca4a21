package dev.cohort.examples.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.transport.AeronDrivers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher with real child JVMs running {@link EchoShard} (no communicator involved): environment, output
 * forwarding, exit statuses, the backstop after a failure, clean-up of driver directories, ssh through a fake ssh.
 */
@Timeout(120)
class LauncherProcessTest {
    private static final String ECHO = EchoShard.class.getName();
    private static final Pattern JOB = Pattern.compile("cohort: job ([0-9a-f]{16}): ");

    static Map<String, String> env(String... extra) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put(Launcher.JAVA_OPTS_ENV, "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto");
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return env;
    }

    static LauncherTest.Result launch(Map<String, String> env, String... args) {
        return LauncherTest.run(env, args);
    }

    static String jobOf(LauncherTest.Result r) {
        Matcher m = JOB.matcher(r.err());
        assertTrue(m.find(), r::err);
        return m.group(1);
    }

    static List<String> driverDirectories(String jobHex) {
        String[] names = AeronDrivers.baseDirectory().list((d, n) -> n.startsWith("cohort-" + jobHex + "-"));
        return names == null ? List.of() : Arrays.asList(names);
    }

    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) {
            if (!l.isEmpty()) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void verboseIpcRunPrefixesEveryShardAndCleansUpTheDriverDirectories() {
        LauncherTest.Result r = launch(env(), "run", "--shards", "3", "--verbose", "--heartbeat-timeout-ms", "2500",
                ECHO, "mkdir", "a b");
        assertEquals(0, r.status(), r::toString);
        String job = jobOf(r);
        List<String> out = lines(r.out());
        assertEquals(3, out.size(), r::toString);
        for (int rank = 0; rank < 3; rank++) {
            int rr = rank;
            String mine = out.stream().filter(l -> l.startsWith("[shard " + rr + "] ")).findFirst().orElseThrow();
            assertTrue(mine.contains("rank=" + rank + " shards=3 transport=ipc cpus=" + Math.max(1,
                    Runtime.getRuntime().availableProcessors() / 3) + " endpoints=null aeron="
                    + AeronDrivers.hostDirectory(job) + " heartbeat=2500 secret=ok"), mine);
            assertTrue(mine.endsWith("args=[mkdir, a b]"), mine);
            assertTrue(r.err().contains("[shard " + rank + "] err from " + rank + "\n"), r::err);
            assertTrue(r.err().contains("[shard " + rank + "] no newline at the end from " + rank + "\n"), r::err);
        }
        assertEquals(List.of(), driverDirectories(job), "the shards' and the host driver's directories are deleted");
    }

    @Test
    void withoutVerboseOnlyShardZeroStdoutPassesUnprefixed() {
        LauncherTest.Result r = launch(env(), "run", "--shards", "2", "--cpus", "1", "--transport", "udp", ECHO, "x");
        assertEquals(0, r.status(), r::toString);
        List<String> out = lines(r.out());
        assertEquals(1, out.size(), r::toString);
        assertTrue(out.get(0).startsWith("rank=0 shards=2 transport=udp cpus=1 endpoints=127.0.0.1:"), out::toString);
        String endpoints = out.get(0).replaceFirst(".* endpoints=(\\S+) .*", "$1");
        String[] parts = endpoints.split(",");
        assertEquals(2, parts.length, endpoints);
        assertNotEquals(parts[0], parts[1]);
        assertTrue(r.err().contains("[shard 1] err from 1"), r::err);
        assertFalse(r.err().contains("cohort: job"), r::err);
    }

    @Test
    void aFailedShardIsNamedAndTheOthersAreKilledAfterTheBackstop() {
        long start = System.nanoTime();
        LauncherTest.Result r = launch(env(), "run", "--shards", "3", "--heartbeat-timeout-ms", "500",
                ECHO, "fail=1:3", "hang");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(3, r.status(), r::toString);
        assertTrue(r.err().contains("cohort: shard 1 failed (status 3) and shards 0, 2 did not exit within 5.5 s "
                + "(heartbeat timeout 0.5 s + 5.0 s); killing them"), r::err);
        assertTrue(r.err().contains("shard 1 exited with status 3"), r::err);
        assertTrue(r.err().contains("shard 0 exited with status 137 (killed by the launcher)"), r::err);
        assertTrue(r.err().contains("shard 2 exited with status 137 (killed by the launcher)"), r::err);
        assertTrue(seconds < 30, "took " + seconds + " s");
    }

    @Test
    void theShardsCommonStatusIsTheLaunchersAndADifferentOneGivesOne() {
        LauncherTest.Result same = launch(env(), "run", "--shards", "2", ECHO, "exit=2");
        assertEquals(2, same.status(), same::toString);
        assertTrue(same.err().contains("shard 0 exited with status 2; shard 1 exited with status 2"), same::err);
        LauncherTest.Result mixed = launch(env(), "run", "--shards", "2", ECHO, "exit=4", "fail=1:5");
        assertEquals(1, mixed.status(), mixed::toString);
        assertTrue(mixed.err().contains("shard 0 exited with status 4; shard 1 exited with status 5"), mixed::err);
    }

    @Test
    void hostsStartEachShardThroughSshInBlocks(@TempDir Path tmp) throws IOException {
        // a fake ssh: prints the host to stderr, then runs the remote command line here with sh, as sshd would
        Path ssh = tmp.resolve("fake ssh");
        Files.writeString(ssh, "#!/bin/sh\nhost=\"$1\"; shift\necho \"ssh-host=$host\" >&2\nexec sh -c \"$1\"\n");
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        Path weird = Files.createDirectories(tmp.resolve("it's a dir"));
        String cwd = System.getProperty("user.dir");
        LauncherTest.Result r;
        System.setProperty("user.dir", weird.toString()); // the directory the remote shell cds into
        try {
            // COHORT_SSH is split at white space, so hand it a path without any
            Map<String, String> env = env(Launcher.SSH_ENV,
                    Files.createSymbolicLink(tmp.resolve("fakessh"), ssh).toString());
            r = launch(env, "run", "--shards", "5", "--hosts", "h1,h2,h3", "--base-port", "45000", "--verbose",
                    ECHO, "it's", "$HOME", "a \"b\"");
        } finally {
            System.setProperty("user.dir", cwd);
        }
        assertEquals(0, r.status(), r::toString);
        assertFalse(r.err().contains("COHORT_JOB_SECRET="), "the secret is on no command line");
        String[] hostOf = {"h1", "h1", "h2", "h2", "h3"};
        int[] portOf = {45000, 45001, 45000, 45001, 45000};
        for (int rank = 0; rank < 5; rank++) {
            int rr = rank;
            String line = lines(r.out()).stream().filter(l -> l.startsWith("[shard " + rr + "] ")).findFirst()
                    .orElseThrow(() -> new AssertionError(r));
            assertTrue(line.contains("rank=" + rank + " shards=5 transport=udp cpus=null "
                    + "endpoints=h1:45000,h1:45001,h2:45000,h2:45001,h3:45000 aeron=null heartbeat=5000 secret=ok"),
                    line);
            assertTrue(line.endsWith("dir=" + weird + " args=[it's, $HOME, a \"b\"]"), line);
            assertTrue(r.err().contains("[shard " + rank + "] ssh-host=" + hostOf[rank] + "\n"), r::err);
            assertTrue(line.contains(hostOf[rank] + ":" + portOf[rank]), line);
        }
    }

    @Test
    void stoppingTheLauncherStopsItsShardsAndCleansUp(@TempDir Path tmp) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Launcher.javaExecutable(), Launcher.ADD_EXPORTS, "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName(),
                "run", "--shards", "2", "--verbose", ECHO, "mkdir", "hang"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env());
        pb.redirectOutput(tmp.resolve("out").toFile());
        pb.redirectError(tmp.resolve("err").toFile());
        Process launcher = pb.start();
        List<ProcessHandle> shards = List.of();
        try {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (lines(Files.readString(tmp.resolve("out"))).size() < 2) {
                assertTrue(launcher.isAlive() && System.nanoTime() < deadline, () -> read(tmp, "err"));
                Thread.sleep(50);
            }
            shards = launcher.descendants().toList();
            assertEquals(2, shards.size(), shards::toString);
            launcher.destroy(); // SIGTERM, as Ctrl-C would be
            assertTrue(launcher.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "launcher still running");
            for (ProcessHandle shard : shards) {
                assertTrue(shard.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS) != null);
                assertFalse(shard.isAlive(), shard::toString);
            }
            String err = read(tmp, "err");
            assertTrue(err.contains("cohort: stopping the shards of job "), err);
            String job = jobOf(new LauncherTest.Result(launcher.exitValue(), "", err));
            assertEquals(List.of(), driverDirectories(job));
        } finally {
            launcher.destroyForcibly();
            shards.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static String read(Path dir, String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void aMissingSshIsReportedAndNothingIsLeftRunning(@TempDir Path tmp) {
        Map<String, String> env = env(Launcher.SSH_ENV, tmp.resolve("no-such-ssh").toString());
        LauncherTest.Result r = launch(env, "run", "--shards", "2", "--hosts", "h1", ECHO);
        assertEquals(1, r.status(), r::toString);
        assertTrue(r.err().contains("cohort: cannot start the shards of job "), r::err);
    }
}
