package dev.cohort.examples.launch;

import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.JobEnvironment;
import dev.cohort.transport.launch.LauncherPipe;
import dev.cohort.transport.launch.ShardEnvironment;
import io.aeron.driver.MediaDriver;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;


import static dev.cohort.examples.launch.Launcher.*;

/** One local or ssh launch: starts the shards, forwards their output, waits, cleans up. */
final class Job {
    private final Launcher launcher;
    private final JobEnvironment job;
    private final Mode mode;
    private final String mainClass;
    private final List<String> args;
    private final boolean verbose;
    private final Integer cpus;
    private final Process[] processes;
    private final boolean[] killed;
    private final List<Thread> pumps = new ArrayList<>();
    private MediaDriver driver;
    private boolean cleaned;
    private volatile boolean finished;

    private final ShardMemory memory;
    private final int gpus;
    private final OutputStream[] stdins;
    private final Object spawnLock = new Object();
    private boolean stopping;

    Job(Launcher launcher, JobEnvironment job, Mode mode, String mainClass, List<String> args, boolean verbose,
            Integer cpus, ShardMemory memory) {
        this(launcher, job, mode, mainClass, args, verbose, cpus, 0, memory);
    }

    /** As above; {@code gpus} > 0 reaches every shard as {@code -Dcohort.gpus} (RuntimeConfig.GPUS_PROP_NAME). */
    Job(Launcher launcher, JobEnvironment job, Mode mode, String mainClass, List<String> args, boolean verbose,
            Integer cpus, int gpus, ShardMemory memory) {
        this.launcher = launcher;
        this.gpus = gpus;
        this.memory = memory;
        this.job = job;
        this.mode = mode;
        this.mainClass = mainClass;
        this.args = args;
        this.verbose = verbose;
        this.cpus = cpus;
        this.processes = new Process[job.size()];
        this.stdins = new OutputStream[job.size()];
        this.killed = new boolean[job.size()];
    }

    int run() {
        int n = job.size();
        String java = javaExecutable();
        List<String> jvmOptions = new ArrayList<>(memory.jvmOptions());
        jvmOptions.addAll(words(launcher.env.get(JAVA_OPTS_ENV)));
        if (gpus > 0) {
            jvmOptions.add("-D" + dev.cohort.runtime.RuntimeConfig.GPUS_PROP_NAME + "=" + gpus);
        }
        List<String> javaCmd = javaCommand(java, jvmOptions, System.getProperty("java.class.path"), mainClass, args);
        Thread hook = new Thread(this::onSignal, "cohort-launcher-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (job.transport() == JobEnvironment.Transport.IPC) {
                driver = AeronDrivers.launchHostDriver(job.aeronDirectory());
            }
            if (verbose) {
                launcher.err.println("cohort: job " + job.jobIdHex() + ": " + n + " shard" + (n == 1 ? "" : "s") + " "
                        + (mode == Mode.SSH ? "over ssh " : "") + "over "
                        + job.transport().name().toLowerCase(Locale.ROOT)
                        + (job.transport() == JobEnvironment.Transport.IPC ? " (driver " + job.aeronDirectory() + ")"
                        : " " + job.endpointsText()) + ", " + (cpus == null ? "automatic" : cpus.toString())
                        + " cpus per shard; memory: " + memory.explanation() + "; " + describe(javaCmd));
            }
            if (mode == Mode.LOCAL) {
                List<String> reaped = AeronDrivers.reapDeadDirectories();
                if (verbose && !reaped.isEmpty()) {
                    launcher.err.println("cohort: removed driver directories of dead jobs: " + reaped);
                }
            }
            for (int r = 0; r < n; r++) {
                synchronized (spawnLock) {
                    if (stopping) { // SIGTERM/SIGINT during start-up: start no more
                        return 143;
                    }
                    processes[r] = start(r, javaCmd);
                }
            }
            return waitForShards();
        } catch (IOException | RuntimeException e) {
            launcher.err.println("cohort: cannot start the shards of job " + job.jobIdHex() + ": " + e.getMessage());
            destroyAll(true);
            return 1;
        } finally {
            finished = true;
            joinPumps();
            cleanUp();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run
            }
        }
    }

    private Process start(int rank, List<String> javaCmd) throws IOException {
        Map<String, String> vars = new LinkedHashMap<>(job.withRank(rank).toEnvironment());
        vars.put(LauncherPipe.ENV, "1");
        if (cpus != null) {
            vars.put(ShardEnvironment.CPUS_ENV, cpus.toString());
        }
        ProcessBuilder pb;
        if (mode == Mode.SSH) {
            String host = job.endpoints().get(rank).getHostString();
            pb = new ProcessBuilder(sshCommand(sshBase(), host, System.getProperty("user.dir"), vars, javaCmd));
        } else {
            pb = new ProcessBuilder(javaCmd);
        }
        pb.environment().keySet().removeAll(JOB_VARIABLES);
        if (mode != Mode.SSH) {
            pb.environment().putAll(vars);
        }
        Process p = pb.start();
        // held open while the launcher lives: its end tells the shard that the launcher is gone (LauncherPipe)
        OutputStream stdin = p.getOutputStream();
        stdins[rank] = stdin;
        try {
            if (mode == Mode.SSH) { // the secret, for the remote shell's read (see sshCommand)
                stdin.write((vars.get(JobEnvironment.JOB_SECRET_ENV) + "\n").getBytes(StandardCharsets.US_ASCII));
                stdin.flush();
            }
        } catch (IOException e) {
            // ssh is gone already; its exit status tells
        }
        boolean passOut = verbose || rank == 0;
        byte[] outPrefix = verbose ? prefix(rank) : null;
        pumps.add(pump(p.getInputStream(), passOut ? launcher.out : null, outPrefix, "cohort-shard-" + rank + "-stdout"));
        pumps.add(pump(p.getErrorStream(), launcher.err, prefix(rank), "cohort-shard-" + rank + "-stderr"));
        return p;
    }

    private List<String> sshBase() {
        List<String> ssh = words(launcher.env.get(SSH_ENV));
        return ssh.isEmpty() ? DEFAULT_SSH : ssh;
    }

    /** Waits for every shard; after a failure gives the rest the heartbeat timeout + 5 s, then kills them. */
    private int waitForShards() {
        int n = processes.length;
        long backstopMs = job.heartbeatTimeout().toMillis() + BACKSTOP_GRACE_MS;
        long deadline = Long.MAX_VALUE;
        int firstFailed = -1;
        while (true) {
            boolean allDone = true;
            for (int r = 0; r < n; r++) {
                Process p = processes[r];
                if (p.isAlive()) {
                    allDone = false;
                } else if (p.exitValue() != 0 && firstFailed < 0) {
                    firstFailed = r;
                    deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backstopMs);
                }
            }
            if (allDone) {
                break;
            }
            if (System.nanoTime() - deadline > 0) {
                List<Integer> alive = new ArrayList<>();
                for (int r = 0; r < n; r++) {
                    if (processes[r].isAlive()) {
                        alive.add(r);
                        killed[r] = true;
                        processes[r].destroyForcibly();
                    }
                }
                launcher.err.println("cohort: shard " + firstFailed + " failed (status " + processes[firstFailed].exitValue()
                        + ") and shard" + (alive.size() == 1 ? " " : "s ") + join(alive) + " did not exit within "
                        + seconds(backstopMs) + " (heartbeat timeout " + seconds(job.heartbeatTimeout().toMillis())
                        + " + " + seconds(BACKSTOP_GRACE_MS) + "); killing " + (alive.size() == 1 ? "it" : "them"));
                for (int r : alive) {
                    try {
                        processes[r].waitFor(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                break;
            }
            try {
                firstAlive().waitFor(50, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                launcher.err.println("cohort: interrupted; killing the shards of job " + job.jobIdHex());
                destroyAll(true);
                return 1;
            }
        }
        joinPumps(); // the shards' last words before the launcher's summary
        List<String> failures = new ArrayList<>();
        Set<Integer> statuses = new TreeSet<>();
        for (int r = 0; r < n; r++) {
            Process p = processes[r];
            if (p.isAlive()) {
                failures.add("shard " + r + " did not exit after being killed");
                statuses.add(1);
                continue;
            }
            int status = p.exitValue();
            if (status != 0) {
                failures.add("shard " + r + " exited with status " + status + (killed[r] ? " (killed by the launcher)" : ""));
                if (!killed[r]) {
                    statuses.add(status);
                }
            }
        }
        if (failures.isEmpty()) {
            return 0;
        }
        launcher.err.println("cohort: job " + job.jobIdHex() + " failed: " + String.join("; ", failures));
        return statuses.size() == 1 ? statuses.iterator().next() : 1;
    }

    private Process firstAlive() {
        for (Process p : processes) {
            if (p.isAlive()) {
                return p;
            }
        }
        return processes[0];
    }

    /** Ctrl-C / SIGTERM of the launcher: the shards go with it. */
    private void onSignal() {
        synchronized (spawnLock) {
            stopping = true;
        }
        if (!finished) {
            launcher.err.println("cohort: stopping the shards of job " + job.jobIdHex());
            destroyAll(false);
        }
        cleanUp();
    }

    private void destroyAll(boolean forcibly) {
        for (Process p : processes) {
            if (p != null && p.isAlive()) {
                if (forcibly) {
                    p.destroyForcibly();
                } else {
                    p.destroy();
                }
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (Process p : processes) {
            if (p == null) {
                continue;
            }
            try {
                if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }

    private void joinPumps() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Thread t : pumps) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Closes the ipc driver and deletes this job's driver directories that shards left behind. */
    private synchronized void cleanUp() {
        if (cleaned) {
            return;
        }
        cleaned = true;
        for (OutputStream stdin : stdins) {
            if (stdin != null) {
                try {
                    stdin.close();
                } catch (IOException e) {
                    // the shard is gone
                }
            }
        }
        if (driver != null) {
            try {
                driver.close();
            } catch (RuntimeException e) {
                launcher.err.println("cohort: closing the media driver of job " + job.jobIdHex() + ": " + e);
            }
        }
        List<String> left = deleteDriverDirectories(job.jobIdHex());
        if (verbose && !left.isEmpty()) {
            launcher.err.println("cohort: deleted driver directories left by shards: " + left);
        }
    }

    /** A shard's command line for --verbose, its class path shortened. */
    private static String describe(List<String> javaCmd) {
        List<String> words = new ArrayList<>(javaCmd);
        int cp = words.indexOf("-cp");
        if (cp >= 0 && cp + 1 < words.size()) {
            words.set(cp + 1, "<the launcher's class path>");
        }
        return String.join(" ", words);
    }

    private static byte[] prefix(int rank) {
        return ("[shard " + rank + "] ").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Copies {@code in} to {@code target} on a daemon thread: raw when {@code prefix} is null, else line by line,
     * each line prefixed and written whole; drains and drops it when {@code target} is null.
     */
    private static Thread pump(InputStream in, PrintStream target, byte[] prefix, String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    if (target == null) {
                        continue;
                    }
                    if (prefix == null) {
                        synchronized (target) {
                            target.write(buf, 0, n);
                            target.flush();
                        }
                        continue;
                    }
                    int start = 0;
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            line.write(buf, start, i + 1 - start);
                            writeLine(target, prefix, line);
                            start = i + 1;
                        }
                    }
                    line.write(buf, start, n - start);
                }
            } catch (IOException e) {
                // the shard is gone
            }
            if (target != null && prefix != null && line.size() > 0) {
                line.write('\n');
                writeLine(target, prefix, line);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void writeLine(PrintStream target, byte[] prefix, java.io.ByteArrayOutputStream line) {
        synchronized (target) {
            target.write(prefix, 0, prefix.length);
            target.write(line.toByteArray(), 0, line.size());
            target.flush();
        }
        line.reset();
    }

    private static String join(List<Integer> ranks) {
        List<String> s = new ArrayList<>();
        ranks.forEach(r -> s.add(Integer.toString(r)));
        return String.join(", ", s);
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
