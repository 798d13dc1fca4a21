package dev.cohort.examples.launch;

import dev.cohort.transport.launch.ShardEnvironment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.transport.JobEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The launcher's decisions, without starting a process: argument checks, ssh command lines, schedulers. */
@Timeout(60)
class LauncherTest {
    record Result(int status, String out, String err) {
    }

    static Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Launcher(env).execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Result run(String... args) {
        return run(Map.of(), args);
    }

    static void assertBad(String expected, String... args) {
        assertBad(Map.of(), expected, args);
    }

    static void assertBad(Map<String, String> env, String expected, String... args) {
        Result r = run(env, args);
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.err().contains(expected), () -> "expected '" + expected + "' in:\n" + r.err());
        assertEquals("", r.out());
    }

    @AfterEach
    void clearOverlay() {
        ShardEnvironment.overlay(Map.of());
        RecordingMain.args = null;
        RecordingMain.variables = null;
    }

    @Test
    void badArgumentsNameTheValueAndExitTwo() {
        String main = EchoShard.class.getName();
        assertBad("--shards must be >= 1, got 0", "run", "--shards", "0", main);
        assertBad("--shards must be >= 1, got -3", "run", "--shards", "-3", main);
        assertBad("'x' is not an int", "run", "--shards", "x", main);
        assertBad("Missing required option: '--shards=N'", "run", "--hosts", "a,b", main);
        assertBad("--gpus must be >= 0, got -1", "run", "--gpus", "-1", main);
        assertBad("Invalid value for option '--transport': expected ipc or udp, got 'tcp'",
                "run", "--shards", "2", "--transport", "tcp", main);
        assertBad("--transport ipc works on one host only; --hosts a,b needs --transport udp",
                "run", "--shards", "2", "--hosts", "a,b", "--transport", "ipc", main);
        assertBad("Missing required parameter: 'MAIN'", "run", "--shards", "2");
        assertBad("'logreg' is not a class name (it has no '.') and no --default-main",
                "run", "--shards", "2", "logreg");
        assertBad("main class 'no.such.Main' is not on the class path", "run", "--shards", "2", "no.such.Main");
        assertBad("main class 'no.such.Main' is not on the class path",
                "run", "--shards", "2", "--default-main", "no.such.Main", "logreg");
        assertBad("main class 'java.lang.String' has no public static void main(String[])",
                "run", "--shards", "2", "java.lang.String");
        assertBad("--cpus must be >= 1, got 0", "run", "--shards", "2", "--cpus", "0", main);
        assertBad("--heartbeat-timeout-ms must be >= 100, got 0: a shorter one fails healthy jobs",
                "run", "--shards", "2", "--heartbeat-timeout-ms", "0", main);
        assertBad("--heartbeat-timeout-ms must be >= 100, got 50", "run", "--shards", "2", "--heartbeat-timeout-ms", "50", main);
        assertBad(Map.of(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, "20"),
                "COHORT_HEARTBEAT_TIMEOUT_MS must be in [100, ", "run", "--shards", "2", main);
        int processors = java.lang.Runtime.getRuntime().availableProcessors();
        int tooMany = Launcher.OVERSUBSCRIBE_FACTOR * processors + 1;
        assertBad("--shards " + tooMany + " is more than " + Launcher.OVERSUBSCRIBE_FACTOR + " x this host's " + processors
                + " processors", "run", "--shards", Integer.toString(tooMany), main);
        assertBad("--cpus " + tooMany + " is more than", "run", "--shards", "1", "--cpus", Integer.toString(tooMany), main);
        assertBad("--cpus must be <= 32767 (a shard's worker pool), got 100000",
                "run", "--shards", "1", "--cpus", "100000", "--oversubscribe", main);
        assertBad("--base-port must be in [1, 65535], got 70000", "run", "--shards", "2", "--base-port", "70000", main);
        assertBad("malformed host name ''", "run", "--shards", "2", "--hosts", "a,,b", main);
        assertBad("Unknown option: '--bogus'", "run", "--shards", "2", "--bogus", main);
        assertBad(Map.of(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, "soon"),
                "COHORT_HEARTBEAT_TIMEOUT_MS must be an integer, was 'soon'", "run", "--shards", "2", main);
        assertBad("Missing subcommand: run");
        // the example's own arguments are checked before any shard JVM starts
        assertBad("Unmatched argument at index 0: 'frobnicate'",
                "run", "--shards", "2", "--default-main", "dev.cohort.examples.Main", "frobnicate");
        assertBad("Unknown option: '--frobnicate'",
                "run", "--shards", "2", "--default-main", "dev.cohort.examples.Main", "logreg", "--frobnicate");
        assertBad("Invalid value for option '--n': 'many' is not a long",
                "run", "--shards", "2", "--default-main", "dev.cohort.examples.Main", "cg", "--n", "many");
    }

    @Test
    void helpExitsZero() {
        Result r = run("run", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("--shards=N") && r.out().contains("--transport=ipc|udp"), r.out());
    }

    @Test
    void anExampleNameRunsTheDefaultMainWithItFirst() {
        List<String> command = new java.util.ArrayList<>();
        assertEquals("dev.cohort.examples.Main", Launcher.mainClass(null, "logreg", "dev.cohort.examples.Main", command));
        assertEquals(List.of("logreg"), command);
        command.clear();
        assertEquals("org.example.App", Launcher.mainClass(null, "org.example.App", "dev.cohort.examples.Main", command));
        assertEquals(List.of(), command);
    }

    @Test
    void javaCommandCarriesTheExportsTheOptionsAndTheClassPath() {
        List<String> expected = new java.util.ArrayList<>(List.of("/j/bin/java",
                "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "-XX:+ExplicitGCInvokesConcurrent", "-XX:+UseTransparentHugePages", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+IncrementalInlineForceCleanup",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
                "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED", "-Dchronicle.analytics.disable=true"));
        expected.addAll(List.of("-Xmx1g", "-Dx=1", "-cp", "/a.jar:/b.jar", "dev.cohort.examples.Main", "logreg",
                "--iterations", "5"));
        assertEquals(expected,
                Launcher.javaCommand("/j/bin/java", Launcher.words(" -Xmx1g  -Dx=1 "), "/a.jar:/b.jar",
                        "dev.cohort.examples.Main", List.of("logreg", "--iterations", "5")));
        assertEquals(List.of(), Launcher.words(null));
        assertEquals(List.of(), Launcher.words("  "));
    }

    @Test
    void sshCommandQuotesEveryWordForTheRemoteShell() {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("COHORT_JOB_SECRET", "00ff".repeat(16));
        vars.put("COHORT_RANK", "1");
        vars.put("COHORT_ENDPOINTS", "a:40100,b:40100");
        vars.put("ODD", "it's $HOME");
        List<String> java = Launcher.javaCommand("/opt/jdk 17/bin/java", List.of("-Xmx1g"), "/x/a.jar:/y z/b.jar",
                "dev.cohort.examples.Main", List.of("logreg", "--lr", "0.5", "a b", "it's"));
        List<String> cmd = Launcher.sshCommand(List.of("ssh", "-o", "BatchMode=yes"), "node7", "/home/me/my dir",
                vars, java);
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "node7",
                "read -r COHORT_JOB_SECRET && export COHORT_JOB_SECRET && "
                        + "cd '/home/me/my dir' && exec env COHORT_RANK=1 COHORT_ENDPOINTS=a:40100,b:40100 'ODD=it'\\''s $HOME' "
                        + "'/opt/jdk 17/bin/java' " + String.join(" ", Launcher.JVM_OPTIONS) + " -Xmx1g -cp "
                        + "'/x/a.jar:/y z/b.jar' dev.cohort.examples.Main logreg --lr 0.5 'a b' 'it'\\''s'"), cmd);
    }

    @Test
    void shellQuotingSurvivesAShell() throws IOException, InterruptedException {
        for (String word : List.of("plain", "a b", "it's", "\"double\"", "$HOME", "`date`", "back\\slash", "*", "",
                "new\nline", "tab\there", "semi;colon", "a'b'c")) {
            Process p = new ProcessBuilder("sh", "-c", "printf '%s' " + Launcher.shellQuote(word)).start();
            String got = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            assertEquals(word, got, () -> "quoted as " + Launcher.shellQuote(word));
        }
    }

    @Test
    void schedulerIsRecognisedByItsRankAndSizeVariables() {
        assertNull(Launcher.scheduler(Map.of()));
        assertEquals(Launcher.Mode.LOCAL, Launcher.mode(Map.of(), null));
        assertEquals(Launcher.Mode.SSH, Launcher.mode(Map.of(), List.of("a", "b")));
        Map<String, String> slurm = Map.of("SLURM_PROCID", "2", "SLURM_NTASKS", "4", "SLURM_JOB_ID", "991");
        assertEquals("Slurm", Launcher.scheduler(slurm));
        assertEquals(Launcher.Mode.SCHEDULER, Launcher.mode(slurm, null));
        assertEquals(Launcher.Mode.SCHEDULER, Launcher.mode(slurm, List.of("a", "b")));
        Map<String, String> ompi = Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2");
        assertEquals("Open MPI", Launcher.scheduler(ompi));
        assertEquals(Launcher.Mode.SCHEDULER, Launcher.mode(ompi, null));
        assertEquals("PMI", Launcher.scheduler(Map.of("PMI_RANK", "0", "PMI_SIZE", "2")));
        // an allocation without a task of its own (salloc, sbatch without srun) is not a launched task
        assertNull(Launcher.scheduler(Map.of("SLURM_NTASKS", "4", "SLURM_JOB_ID", "991")));
        assertNull(Launcher.scheduler(Map.of("OMPI_COMM_WORLD_SIZE", "4")));
        assertEquals(Launcher.Mode.LOCAL, Launcher.mode(Map.of("SLURM_NTASKS", "4"), null));
    }

    @Test
    void schedulerOverlayCarriesOnlyTheOptionsGiven() {
        assertEquals(Map.of(), Launcher.schedulerOverlay(null, null, null, null, null));
        assertEquals(Map.of("COHORT_TRANSPORT", "udp", "COHORT_HOSTS", "n1,n2", "COHORT_BASE_PORT", "41000",
                        "COHORT_HEARTBEAT_TIMEOUT_MS", "2000", "COHORT_CPUS", "3"),
                Launcher.schedulerOverlay(JobEnvironment.Transport.UDP, List.of("n1", "n2"), 41000, 2000, 3));
    }

    @Test
    void underSrunTheMainRunsInThisJvmWithTheOptionsAsVariables() {
        Map<String, String> env = new HashMap<>(Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "2", "SLURM_JOB_ID", "77",
                JobEnvironment.JOB_SECRET_ENV, "ab".repeat(32)));
        Result r = run(env, "run", "--hosts", "n1,n2", "--cpus", "2", "--heartbeat-timeout-ms", "1500",
                RecordingMain.class.getName(), "x", "--shards", "y");
        assertEquals(0, r.status(), r::toString);
        assertEquals(List.of("x", "--shards", "y"), RecordingMain.args);
        Map<String, String> seen = RecordingMain.variables;
        assertEquals("n1,n2", seen.get("COHORT_HOSTS"));
        assertEquals("2", seen.get("COHORT_CPUS"));
        assertEquals("1500", seen.get("COHORT_HEARTBEAT_TIMEOUT_MS"));
        assertEquals(2, ShardEnvironment.cpus().getAsInt());
        // what the shard would make of it, were these its variables
        Map<String, String> shard = new HashMap<>(env);
        shard.putAll(Map.of("COHORT_HOSTS", "n1,n2", "COHORT_HEARTBEAT_TIMEOUT_MS", "1500"));
        JobEnvironment job = JobEnvironment.parse(shard).orElseThrow();
        assertEquals(1, job.rank());
        assertEquals(2, job.size());
        assertEquals("n2", job.endpoints().get(1).getHostString());
        assertEquals(1500, job.heartbeatTimeout().toMillis());
    }

    @Test
    void underSrunAnExampleNameRunsTheDefaultMain() {
        Map<String, String> env = Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "3",
                JobEnvironment.JOB_SECRET_ENV, "cd".repeat(32));
        Result r = run(env, "run", "--shards", "3", "--default-main", RecordingMain.class.getName(), "logreg", "--x");
        assertEquals(0, r.status(), r::toString);
        assertEquals(List.of("logreg", "--x"), RecordingMain.args);
    }

    @Test
    void underSrunAShardCountOtherThanTheTaskCountIsAnError() {
        Map<String, String> env = Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_JOB_ID", "5",
                JobEnvironment.JOB_SECRET_ENV, "ab".repeat(32));
        assertBad(env, "--shards 4 but Slurm started 2 tasks", "run", "--shards", "4", RecordingMain.class.getName());
        assertBad(env, "--transport ipc under Slurm needs a media driver per host started beforehand",
                "run", "--transport", "ipc", RecordingMain.class.getName());
        assertNull(RecordingMain.args);
    }

    @Test
    void freeUdpPortsAreDistinct() {
        List<Integer> ports = Launcher.freeUdpPorts(8);
        assertEquals(8, new java.util.HashSet<>(ports).size(), ports::toString);
    }
}
