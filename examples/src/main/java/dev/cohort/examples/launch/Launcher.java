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

/**
 * {@code bin/cohort run}: starts the shard processes of one job (DESIGN.md §7) and waits for them.
 *
 * <pre>
 * run --shards N [--cpus C] [--gpus G] [--hosts h1,h2,…] [--transport ipc|udp] [--verbose] [--heartbeat-timeout-ms T]
 *     [--base-port P] [--default-main CLASS] (example | main class) [args…]
 * </pre>
 *
 * <ul>
 *   <li><b>Local</b> (no {@code --hosts}, no scheduler): a fresh job id and secret, then N JVMs on this host, each
 *       with the launcher's {@code java}, {@code --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED}, the options
 *       in {@code COHORT_JAVA_OPTS}, the launcher's class path, the main class and the arguments, and the job's
 *       variables ({@link JobEnvironment#toEnvironment()}, plus {@value ShardEnvironment#CPUS_ENV}) in its
 *       environment. Transport {@code ipc} (the default on one host): one media driver in the launcher's JVM, shared
 *       by every shard; {@code udp}: a driver per shard on free ports of 127.0.0.1 (or {@code --base-port} + rank).
 *       </li>
 *   <li><b>{@code --hosts h1,h2,…}</b>: ranks in blocks over the hosts (⌈N / hosts⌉ per host), ports
 *       {@code --base-port} + index on the host, each shard started by {@code ssh host 'cd <cwd> && exec env K=V… java
 *       …'} (the command in {@code COHORT_SSH}, default {@code ssh -o BatchMode=yes}; the job's secret travels on
 *       ssh's stdin, not on a command line); udp only. The hosts need the
 *       same java and class path at the same paths (a shared file system).</li>
 *   <li><b>Under {@code srun} / {@code mpirun}</b> ({@code SLURM_PROCID} and {@code SLURM_NTASKS},
 *       {@code OMPI_COMM_WORLD_RANK} and {@code OMPI_COMM_WORLD_SIZE}, or {@code PMI_RANK} and {@code PMI_SIZE} set):
 *       the scheduler has started one launcher per shard already, so this one starts no process: it runs the main
 *       class in its own JVM, and the shard takes its rank and size from the scheduler's variables. {@code --hosts},
 *       {@code --base-port}, {@code --transport}, {@code --cpus} and {@code --heartbeat-timeout-ms} reach the shard
 *       as {@code COHORT_HOSTS}, … through {@link ShardEnvironment}; {@code --shards}, if given, must equal the
 *       scheduler's task count.</li>
 * </ul>
 *
 * <p>A first positional without a '.' is an example name: the launcher runs {@code --default-main} with it as the
 * first argument ({@code bin/cohort} passes {@code dev.cohort.examples.Main}).
 *
 * <p>Output: shard 0's stdout passes through unprefixed and the other shards' is dropped; with {@code --verbose}
 * every shard's stdout line is prefixed {@code [shard r] }. Every shard's stderr line goes to the launcher's stderr
 * prefixed {@code [shard r] }. The exit status is 0 iff every shard exited 0; otherwise the launcher names the shards
 * that failed and exits with their status if they all agree, else 1. Once a shard has failed, the others have the
 * heartbeat timeout + 5 s to exit on their own (their communicators notice the failure), then the launcher kills
 * them. On Ctrl-C (a shutdown hook) it kills every shard. Finally it closes the ipc driver and deletes the job's
 * driver directories left in {@link AeronDrivers#baseDirectory()} ({@code cohort-<job id>-*}): a killed shard cannot
 * delete its own. Bad arguments: a message naming the value, and exit status 2.
 */
@Command(name = "cohort", mixinStandardHelpOptions = true, version = "Cohort 0.1.0-SNAPSHOT",
        description = "Launches the shard processes of a Cohort job.")
public final class Launcher implements Runnable {
    /** JVM option every shard needs (Agrona reaches for jdk.internal.misc). */
    public static final String ADD_EXPORTS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    /**
     * JVM options Chronicle Map needs on Java 17 (the catalog of a checkpoint, {@code Cohort.checkpoint}); the same
     * as the {@code chronicle.jvm.options} of the parent pom and {@code bin/cohort}'s.
     */
    public static final List<String> CHRONICLE_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "-Dchronicle.analytics.disable=true");
    /**
     * JVM option of the Vector API that task-library's SIMD reductions use (the JVM then prints
     * "WARNING: Using incubator modules: jdk.incubator.vector" on stderr); the same as the parent pom's
     * {@code vector.jvm.options} and {@code bin/cohort}'s.
     */
    public static final String ADD_VECTOR_MODULE = "--add-modules=jdk.incubator.vector";
    /**
     * JVM option that makes {@code System.gc()} a young pause starting a concurrent cycle under G1 instead of a full
     * stop-the-world collection: the collections an instance pool asks for when it runs low
     * ({@code dev.cohort.runtime.execution.CollectionRequest}) then pause the program for 5-15 ms instead of
     * 20-70 ms; the same as the parent pom's {@code gc.jvm.options} and {@code bin/cohort}'s.
     */
    public static final String GC_OPTION = "-XX:+ExplicitGCInvokesConcurrent";
    /**
     * JVM option that backs the heap with transparent huge pages where the kernel grants them on request
     * ({@code madvise}), as NumPy asks for them for its large arrays on Linux: fewer TLB misses on a streaming pass.
     * Measured on a 2-core AMD EPYC VM (THP {@code madvise}): a one-thread sum of 1e7 float64 (80 MB) 3.0-4.0 -> 2.9-3.2
     * ms, Cohort's {@code sum} on 2 workers 4.9-5.4 -> 4.0-4.4 ms; the op-mix reductions at 1e7 (sum, max, argmax,
     * matvec) 1.10-1.40 -> 1.02-1.20 x NumPy in one run. The same as {@code bin/cohort}'s; the tests' JVMs (the parent
     * pom's surefire argLine) run without it, as its calibration test's fit of in-process copies assumes.
     */
    public static final String HUGE_PAGES_OPTION = "-XX:+UseTransparentHugePages";
    /**
     * JVM options of C2 for the Vector API kernels: a cleanup (IGVN) after each late inline, so that a kernel's
     * intrinsics see the constant species its earlier intrinsics produced; without it JDK 17 left the float32
     * functions' vector loops boxed in every op-mix child (task-library README, "Vector API kernels that C2 leaves
     * uncompiled"), and task-library turns those loops on by default only where it is set
     * ({@code Float32Functions.simdByDefault}). The same as the parent pom's {@code jit.jvm.options} and
     * {@code bin/cohort}'s; JDK 17 and 25 both take it.
     */
    public static final List<String> JIT_OPTIONS = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+IncrementalInlineForceCleanup");
    /**
     * Every JVM option a shard gets before the user's: {@link #ADD_EXPORTS}, {@link #ADD_VECTOR_MODULE},
     * {@link #GC_OPTION}, {@link #HUGE_PAGES_OPTION}, {@link #JIT_OPTIONS}, then {@link #CHRONICLE_OPTIONS}.
     */
    public static final List<String> JVM_OPTIONS = java.util.stream.Stream.of(
            List.of(ADD_EXPORTS, ADD_VECTOR_MODULE, GC_OPTION, HUGE_PAGES_OPTION), JIT_OPTIONS, CHRONICLE_OPTIONS).flatMap(List::stream).toList();
    /** Extra JVM options of every shard, split at white space. */
    public static final String JAVA_OPTS_ENV = "COHORT_JAVA_OPTS";
    /** The ssh command for {@code --hosts}, split at white space. */
    public static final String SSH_ENV = "COHORT_SSH";
    static final List<String> DEFAULT_SSH = List.of("ssh", "-o", "BatchMode=yes");
    /** Shards or worker threads per processor of one host beyond which a job needs {@code --oversubscribe}. */
    static final int OVERSUBSCRIBE_FACTOR = 4;
    /** The most worker threads a shard may ask for ({@code ForkJoinPool}'s limit). */
    static final int MAX_CPUS = 0x7fff;

    /** What the others get, after a shard failed, on top of the heartbeat timeout before they are killed. */
    static final long BACKSTOP_GRACE_MS = 5_000;

    /** Variables a child must not inherit from the launcher's environment: the launcher sets them itself. */
    static final Set<String> JOB_VARIABLES = Set.of(JobEnvironment.JOB_ID_ENV, JobEnvironment.JOB_SECRET_ENV,
            JobEnvironment.RANK_ENV, JobEnvironment.SHARDS_ENV, JobEnvironment.TRANSPORT_ENV,
            JobEnvironment.ENDPOINTS_ENV, JobEnvironment.HOSTS_ENV, JobEnvironment.BASE_PORT_ENV,
            JobEnvironment.AERON_DIR_ENV, JobEnvironment.HEARTBEAT_TIMEOUT_ENV, JobEnvironment.CONNECT_TIMEOUT_ENV,
            ShardEnvironment.CPUS_ENV, LauncherPipe.ENV);

    /** How the shards get started. */
    enum Mode {
        /** N child JVMs on this host. */
        LOCAL,
        /** N child JVMs over ssh on {@code --hosts}. */
        SSH,
        /** srun / mpirun started this JVM as one shard: run the main class here. */
        SCHEDULER
    }

    final Map<String, String> env;
    /** The host's memory in MiB (replaced in tests). */
    java.util.function.LongSupplier hostMiB = ShardMemory::hostMiB;
    PrintStream out = System.out;
    PrintStream err = System.err;
    boolean ranInThisJvm;

    @Spec
    CommandSpec spec;

    /** A launcher reading its settings ({@code COHORT_JAVA_OPTS}, scheduler variables, …) from {@code env}. */
    public Launcher(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    public static void main(String[] args) {
        Launcher launcher = new Launcher(System.getenv());
        int status = launcher.execute(args, System.out, System.err);
        if (status != 0 || !launcher.ranInThisJvm) {
            System.exit(status);
        }
        // the program ran in this JVM (srun / mpirun) and returned: leave as its own main would have
    }

    /**
     * Runs the command line and returns its exit status (0; the shards' status, or 1, when a shard failed; 2 for
     * bad arguments). Shards' output goes to {@code out} and {@code err}.
     */
    public int execute(String[] args, PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        this.ranInThisJvm = false;
        CommandLine cl = new CommandLine(this);
        cl.addSubcommand("run", new Run(this));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setStopAtPositional(true); // everything from the main class on is the program's
        cl.setExpandAtFiles(false);
        // a bad argument is one line and a pointer to the help, not the whole usage (which hides the line)
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println(ex.getMessage());
            c.getErr().println("Try 'cohort " + c.getCommandName() + " --help' for the options.");
            c.getErr().flush();
            return 2;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: run");
    }

    // ---------------------------------------------------------------------------------------------


    /** {@code --transport ipc|udp}, naming the value at fault. */
    static final class TransportConverter implements ITypeConverter<JobEnvironment.Transport> {
        @Override
        public JobEnvironment.Transport convert(String value) {
            switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "ipc":
                    return JobEnvironment.Transport.IPC;
                case "udp":
                    return JobEnvironment.Transport.UDP;
                default:
                    throw new TypeConversionException("expected ipc or udp, got '" + value + "'");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Decisions, separate for unit tests

    /** Which scheduler started this process as one of its tasks ("Slurm", "Open MPI", "PMI"), or null. */
    static String scheduler(Map<String, String> env) {
        if (env.containsKey("SLURM_PROCID") && env.containsKey("SLURM_NTASKS")) {
            return "Slurm";
        }
        if (env.containsKey("OMPI_COMM_WORLD_RANK") && env.containsKey("OMPI_COMM_WORLD_SIZE")) {
            return "Open MPI";
        }
        if (env.containsKey("PMI_RANK") && env.containsKey("PMI_SIZE")) {
            return "PMI";
        }
        return null;
    }

    /** How to start the shards, given the launcher's environment and {@code --hosts}. */
    static Mode mode(Map<String, String> env, List<String> hosts) {
        if (scheduler(env) != null) {
            return Mode.SCHEDULER;
        }
        return hosts == null ? Mode.LOCAL : Mode.SSH;
    }

    /** The variables that the options give a shard that runs in the launcher's JVM under a scheduler. */
    static Map<String, String> schedulerOverlay(JobEnvironment.Transport transport, List<String> hosts,
            Integer basePort, Integer heartbeatTimeoutMs, Integer cpus) {
        Map<String, String> overlay = new LinkedHashMap<>();
        if (transport != null) {
            overlay.put(JobEnvironment.TRANSPORT_ENV, transport.name().toLowerCase(Locale.ROOT));
        }
        if (hosts != null) {
            overlay.put(JobEnvironment.HOSTS_ENV, String.join(",", hosts));
        }
        if (basePort != null) {
            overlay.put(JobEnvironment.BASE_PORT_ENV, Integer.toString(basePort));
        }
        if (heartbeatTimeoutMs != null) {
            overlay.put(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, Integer.toString(heartbeatTimeoutMs));
        }
        if (cpus != null) {
            overlay.put(ShardEnvironment.CPUS_ENV, Integer.toString(cpus));
        }
        return overlay;
    }

    /**
     * The main class for positional {@code first}: itself if it names a class (has a '.'), else
     * {@code defaultMain}, with {@code first} added to {@code command} as the program's first argument.
     */
    static String mainClass(CommandLine cl, String first, String defaultMain, List<String> command) {
        if (first.contains(".")) {
            return first;
        }
        if (defaultMain == null) {
            throw new ParameterException(cl, "'" + first + "' is not a class name (it has no '.') and no "
                    + "--default-main was given to run it as an example");
        }
        command.add(first);
        return defaultMain;
    }

    static void checkMainClass(CommandLine cl, String mainClass) {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, Launcher.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ParameterException(cl, "main class '" + mainClass + "' is not on the class path");
        }
        try {
            Method m = c.getMethod("main", String[].class);
            if (!Modifier.isStatic(m.getModifiers())) {
                throw new NoSuchMethodException();
            }
        } catch (NoSuchMethodException e) {
            throw new ParameterException(cl, "main class '" + mainClass + "' has no public static void main(String[])");
        }
    }

    /**
     * Checks the program's arguments before any shard starts, when its main class offers
     * {@code public static void checkArguments(String[] args)} (the examples' {@code Main} does: an unknown
     * example name or option is then reported at once instead of by N shard JVMs).
     *
     * @throws ParameterException with the message of the {@link IllegalArgumentException} it threw
     */
    static void checkProgramArguments(CommandLine cl, String mainClass, List<String> args) {
        Method check;
        try {
            check = Class.forName(mainClass, true, Launcher.class.getClassLoader()).getMethod("checkArguments", String[].class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return; // the program checks its own arguments when it runs
        }
        if (!Modifier.isStatic(check.getModifiers())) {
            return;
        }
        try {
            check.invoke(null, (Object) args.toArray(new String[0]));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException bad) {
                throw new ParameterException(cl, bad.getMessage(), bad);
            }
            throw new ParameterException(cl, "checking the arguments of " + mainClass + " failed: " + e.getCause(), e);
        } catch (IllegalAccessException e) {
            // not ours to call
        }
    }

    /** The JVM command of one shard. */
    static List<String> javaCommand(String java, List<String> jvmOptions, String classPath, String mainClass,
            List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_OPTIONS);
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * {@code ssh… host 'read -r COHORT_JOB_SECRET && export COHORT_JOB_SECRET && cd <cwd> && exec env K=V… java …'},
     * every word quoted for the remote shell. The job's secret is not among the {@code K=V}: the remote shell reads
     * it from the first line of ssh's stdin, which the launcher writes, so that no command line (which {@code ps}
     * shows every user) carries it.
     */
    static List<String> sshCommand(List<String> ssh, String host, String cwd, Map<String, String> variables,
            List<String> javaCommand) {
        StringBuilder remote = new StringBuilder();
        if (variables.containsKey(JobEnvironment.JOB_SECRET_ENV)) {
            remote.append("read -r ").append(JobEnvironment.JOB_SECRET_ENV).append(" && export ")
                    .append(JobEnvironment.JOB_SECRET_ENV).append(" && ");
        }
        remote.append("cd ").append(shellQuote(cwd)).append(" && exec env");
        variables.forEach((k, v) -> {
            if (!k.equals(JobEnvironment.JOB_SECRET_ENV)) {
                remote.append(' ').append(shellQuote(k + "=" + v));
            }
        });
        for (String word : javaCommand) {
            remote.append(' ').append(shellQuote(word));
        }
        List<String> cmd = new ArrayList<>(ssh);
        cmd.add(host);
        cmd.add(remote.toString());
        return cmd;
    }

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** {@code word} as one word of a POSIX shell command line. */
    static String shellQuote(String word) {
        if (SHELL_SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Words of a command line given in an environment variable (no quoting: split at white space). */
    static List<String> words(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return Arrays.asList(text.trim().split("\\s+"));
    }

    /** {@code n} UDP ports of 127.0.0.1 that were free a moment ago. */
    static List<Integer> freeUdpPorts(int n) {
        List<DatagramSocket> sockets = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                DatagramSocket s = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
                sockets.add(s);
                ports.add(s.getLocalPort());
            }
        } catch (SocketException e) {
            throw new IllegalStateException("cannot find " + n + " free UDP ports on 127.0.0.1: " + e.getMessage(), e);
        } finally {
            sockets.forEach(DatagramSocket::close);
        }
        return ports;
    }

    /** The java of this JVM. */
    static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    // ---------------------------------------------------------------------------------------------


    /** Deletes {@code cohort-<jobIdHex>-*} in {@link AeronDrivers#baseDirectory()}; returns their names. */
    static List<String> deleteDriverDirectories(String jobIdHex) {
        File base = AeronDrivers.baseDirectory();
        String prefix = "cohort-" + jobIdHex + "-";
        File[] dirs = base.listFiles((dir, name) -> name.startsWith(prefix));
        List<String> names = new ArrayList<>();
        if (dirs == null) {
            return names;
        }
        for (File d : dirs) {
            names.add(d.getName());
            try {
                deleteRecursively(d.toPath());
            } catch (IOException e) {
                System.err.println("cohort: cannot delete " + d + ": " + e.getMessage());
            }
        }
        return names;
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }




}
