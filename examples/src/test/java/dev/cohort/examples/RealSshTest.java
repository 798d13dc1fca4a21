package dev.cohort.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.examples.launch.Launcher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/cohort run --hosts} over a real sshd (issue 17 item 8): {@code tools/multinode/ssh-setup} starts a private
 * sshd (installing openssh-server with apt-get if it is missing and this is root) on a free port of the loopback
 * aliases 127.0.0.2 and 127.0.0.3, and the launcher (its Java entry point with this test's class path, which the
 * remote shell finds at the same paths) starts every shard through it, so each shard JVM is a child of sshd, not of
 * this JVM. Checked: the shards print what one in-process shard prints, bit for bit; a remote shard killed with
 * SIGKILL fails the job within the heartbeat timeout + a few seconds, naming it, and leaves no process; a dropped
 * ssh connection stops its remote shard. Skipped, with the reason, where sshd cannot be installed or started (not
 * root, no apt-get or no mirror, no loopback aliases), or when {@code COHORT_NO_INSTALL=1} and sshd is missing.
 */
@EnabledOnOs(OS.LINUX)
@Timeout(240)
class RealSshTest {
    static final String HOSTS = "127.0.0.2,127.0.0.3";
    static final int HEARTBEAT_MS = 2000;
    private static final Pattern JOB = Pattern.compile("cohort: job ([0-9a-f]{16}): ");

    private static Path root;
    private static Path state;
    private static Map<String, String> sshdEnv;
    private static String cohortSsh;

    @BeforeAll
    @Timeout(900) // a first apt-get install of openssh-server
    static void startSshd() throws Exception {
        root = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
        Path setup = root.resolve("tools/multinode/ssh-setup");
        Assumptions.assumeTrue(Files.isExecutable(setup), () -> "no executable " + setup);
        state = Files.createTempDirectory("cohort-sshd-");
        sshdEnv = Map.of("COHORT_SSHD_STATE", state.toString(), "COHORT_SSHD_PORT", Integer.toString(freeTcpPort()));
        List<String> cmd = new ArrayList<>(List.of(setup.toString()));
        if ("1".equals(System.getenv("COHORT_NO_INSTALL"))) {
            cmd.add("--no-install");
        }
        Script r = script(cmd, 850);
        Assumptions.assumeTrue(r.status == 0, () -> "no sshd to try the launcher against: ssh-setup exited with status "
                + r.status + (r.status == 3 ? " (sshd missing and not installable here)" : "") + ": " + r.err.strip());
        String last = r.out.strip().lines().reduce((a, b) -> b).orElse("");
        Matcher m = Pattern.compile("^export COHORT_SSH='([^']+)'$").matcher(last);
        assertTrue(m.matches(), () -> "ssh-setup printed " + r.out);
        cohortSsh = m.group(1);
    }

    @AfterAll
    @Timeout(60)
    static void stopSshd() throws Exception {
        if (state != null) {
            Script r = script(List.of(root.resolve("tools/multinode/ssh-teardown").toString()), 50);
            assertEquals(0, r.status, r.err);
            assertFalse(Files.exists(state), "ssh-teardown left " + state);
        }
    }

    // ---------------------------------------------------------------------------------------------

    /** 2 shards: one per host; 3 shards: ranks 0 and 1 on 127.0.0.2 (ports P and P + 1), rank 2 on 127.0.0.3. */
    @ParameterizedTest(name = "{0} shards over ssh on " + HOSTS)
    @ValueSource(ints = {2, 3})
    void logregOverRealSshPrintsWhatOneInProcessShardPrints(int shards) throws IOException {
        MultiProcessTest.Run r = MultiProcessTest.launch(Map.of(Launcher.SSH_ENV, cohortSsh), "--hosts", HOSTS,
                "--shards", Integer.toString(shards), "--base-port", Integer.toString(freeUdpBasePort()), "logreg");
        MultiProcessTest.assertSameAs(MultiProcessTest.logregOneShard(), r, MultiProcessTest.LOGREG_KEYS, shards);
    }

    @Test
    void aRemoteShardKilledWithSigkillFailsTheJobWithinTheHeartbeatTimeoutNamingIt() throws Exception {
        try (Background job = Background.start(cohortSsh)) {
            ProcessHandle victim = job.remoteShard(1);
            assertFalse(ProcessHandle.current().descendants().anyMatch(victim::equals),
                    "shard 1 should be sshd's child, not this JVM's: " + describe(victim));
            victim.destroyForcibly();
            long killed = System.nanoTime();
            int status = job.status(HEARTBEAT_MS + 5_000 + 10_000);
            double seconds = (System.nanoTime() - killed) / 1e9;
            String err = job.err();
            assertNotEquals(0, status, err);
            assertTrue(err.contains("shard 1 failed: no frame from shard 1") || err.contains("shard 1 failed"),
                    () -> "shard 0 should name shard 1:\n" + err);
            assertTrue(err.contains("failed: ") && err.contains("shard 1 exited with status"),
                    () -> "the launcher's summary should name shard 1:\n" + err);
            assertTrue(seconds < HEARTBEAT_MS / 1000.0 + 5 + 3,
                    "the launcher returned " + seconds + " s after the kill (heartbeat timeout " + HEARTBEAT_MS + " ms)");
            job.assertNothingLeft();
        }
    }

    @Test
    void aDroppedSshConnectionStopsItsRemoteShard() throws Exception {
        try (Background job = Background.start(cohortSsh)) {
            ProcessHandle remote = job.remoteShard(1);
            ProcessHandle client = job.sshClientFor("127.0.0.3");
            client.destroyForcibly(); // the connection drops: the remote shard's stdin, the launcher's pipe, ends
            assertTrue(waitFor(() -> !remote.isAlive(), 15_000),
                    "shard 1 still runs on 127.0.0.3 after its ssh connection dropped: " + describe(remote));
            int status = job.status(HEARTBEAT_MS + 5_000 + 10_000);
            assertNotEquals(0, status, job.err());
            assertTrue(job.err().contains("shard 1"), job::err);
            job.assertNothingLeft();
        }
    }

    // ---------------------------------------------------------------------------------------------

    /**
     * {@code run --verbose --heartbeat-timeout-ms 2000 --hosts 127.0.0.2,127.0.0.3 --shards 2 LongRunningShard} on a
     * thread of this JVM; every shard JVM carries {@code -Dcohort.test.marker=<uuid>} so that it can be found.
     */
    static final class Background implements AutoCloseable {
        final String marker = UUID.randomUUID().toString();
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        CompletableFuture<Integer> status;

        static Background start(String ssh) throws Exception {
            Background b = new Background();
            Map<String, String> env = new HashMap<>(System.getenv());
            env.put(Launcher.SSH_ENV, ssh);
            env.put("COHORT_JAVA_OPTS", MultiProcessTest.JAVA_OPTS + " -Dcohort.test.marker=" + b.marker);
            String[] args = {"run", "--cpus", "1", "--verbose", "--heartbeat-timeout-ms", Integer.toString(HEARTBEAT_MS),
                "--hosts", HOSTS, "--shards", "2", "--base-port", Integer.toString(freeUdpBasePort()),
                LongRunningShard.class.getName(), "100000000"};
            PrintStream o = new PrintStream(b.out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(b.err, true, StandardCharsets.UTF_8);
            b.status = CompletableFuture.supplyAsync(() -> new Launcher(env).execute(args, o, e));
            assertTrue(waitFor(() -> b.out().contains("[shard 0] running shard 0") && b.out().contains("[shard 1] "
                    + "running shard 1") || b.status.isDone(), 120_000), "the shards did not start:\n" + b.err());
            assertFalse(b.status.isDone(), () -> "the job ended early:\n" + b.err());
            return b;
        }

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String err() {
            return err.toString(StandardCharsets.UTF_8);
        }

        int status(long withinMs) throws Exception {
            return status.get(withinMs, TimeUnit.MILLISECONDS);
        }

        /** Processes (local ssh clients and remote JVMs) that carry this job's marker. */
        List<ProcessHandle> processes() {
            return ProcessHandle.allProcesses().filter(p -> commandLine(p).stream().anyMatch(w -> w.contains(marker)))
                    .toList();
        }

        /** The shard JVM of {@code rank}: a java process with the marker and COHORT_RANK=rank. */
        ProcessHandle remoteShard(int rank) {
            for (ProcessHandle p : processes()) {
                List<String> words = commandLine(p);
                if (!words.isEmpty() && words.get(0).endsWith("/java") && environment(p).contains("COHORT_RANK=" + rank)) {
                    return p;
                }
            }
            throw new AssertionError("no shard JVM of rank " + rank + " among " + processes().stream()
                    .map(RealSshTest::describe).toList());
        }

        /** The launcher's ssh client that runs the shards of {@code host}. */
        ProcessHandle sshClientFor(String host) {
            return ProcessHandle.current().descendants().filter(p -> {
                List<String> words = commandLine(p);
                return !words.isEmpty() && words.get(0).endsWith("ssh") && words.contains(host);
            }).findFirst().orElseThrow(() -> new AssertionError("no ssh client for " + host));
        }

        String jobHex() {
            Matcher m = JOB.matcher(err());
            assertTrue(m.find(), this::err);
            return m.group(1);
        }

        void assertNothingLeft() throws IOException {
            assertTrue(waitFor(() -> processes().isEmpty(), 10_000),
                    "processes left behind: " + processes().stream().map(RealSshTest::describe).toList());
            assertEquals(List.of(), MultiProcessTest.driverDirectories(jobHex()), "driver directories left");
        }

        @Override
        public void close() throws Exception {
            for (ProcessHandle p : processes()) {
                p.destroyForcibly();
            }
            if (status != null) {
                try {
                    status.get(30, TimeUnit.SECONDS);
                } catch (Exception ignored) {
                    // reported by the test
                }
            }
            Matcher m = JOB.matcher(err());
            if (m.find()) {
                MultiProcessTest.deleteDriverDirectories(m.group(1));
            }
        }
    }

    record Script(int status, String out, String err) {
    }

    static Script script(List<String> cmd, long timeoutSeconds) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(sshdEnv);
        Path outFile = Files.createTempFile("cohort-ssh-script-", ".out");
        Path errFile = Files.createTempFile("cohort-ssh-script-", ".err");
        try {
            pb.redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                return new Script(124, Files.readString(outFile), "timed out after " + timeoutSeconds + " s; "
                        + Files.readString(errFile));
            }
            return new Script(p.exitValue(), Files.readString(outFile), Files.readString(errFile));
        } finally {
            Files.deleteIfExists(outFile);
            Files.deleteIfExists(errFile);
        }
    }

    /**
     * The words of {@code p}'s command line from {@code /proc/PID/cmdline} ({@code ProcessHandle.Info.arguments()}
     * comes back empty for the shards' long command lines); empty when it is gone.
     */
    static List<String> commandLine(ProcessHandle p) {
        try {
            String text = Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"), StandardCharsets.ISO_8859_1);
            return text.isEmpty() ? List.of() : Arrays.asList(text.split("\u0000"));
        } catch (IOException gone) {
            return List.of();
        }
    }

    static String environment(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "environ"), StandardCharsets.ISO_8859_1)
                    .replace('\0', '\n');
        } catch (IOException gone) {
            return "";
        }
    }

    static String describe(ProcessHandle p) {
        Optional<ProcessHandle> parent = p.parent();
        String words = String.join(" ", commandLine(p)).replaceAll("-cp \\S+", "-cp …");
        return p.pid() + " " + words + " (parent " + parent.map(h -> h.pid() + " "
                + h.info().command().orElse("?")).orElse("none") + ")";
    }

    static boolean waitFor(BooleanSupplier condition, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    static int freeTcpPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A port P with P and P + 1 free for UDP on both aliases a moment ago. */
    static int freeUdpBasePort() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int p;
            try (DatagramSocket s = new DatagramSocket(new InetSocketAddress("127.0.0.2", 0))) {
                p = s.getLocalPort();
            }
            if (p < 65535 && free(p) && free(p + 1)) {
                return p;
            }
        }
        throw new IOException("no two consecutive free UDP ports on " + HOSTS);
    }

    private static boolean free(int port) {
        for (String host : HOSTS.split(",")) {
            try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(host, port))) {
                s.getLocalPort();
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
