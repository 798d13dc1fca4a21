package dev.cohort.transport.launch;

import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.JobEnvironment;
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
 * run --shards N [--cpus C] [--hosts h1,h2,…] [--transport ipc|udp] [--verbose] [--heartbeat-timeout-ms T]
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
     * Every JVM option a shard gets before the user's: {@link #ADD_EXPORTS}, {@link #ADD_VECTOR_MODULE}, then
     * {@link #CHRONICLE_OPTIONS}.
     */
    public static final List<String> JVM_OPTIONS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(ADD_EXPORTS, ADD_VECTOR_MODULE), CHRONICLE_OPTIONS.stream()).toList();
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

    private final Map<String, String> env;
    /** The host's memory in MiB (replaced in tests). */
    java.util.function.LongSupplier hostMiB = ShardMemory::hostMiB;
    private PrintStream out = System.out;
    private PrintStream err = System.err;
    private boolean ranInThisJvm;

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
        cl.addSubcommand("run", new Run());
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

    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Runs a program on N shard processes (one JVM per shard) and waits for them.",
                    "Locally (one host) the shards talk over ipc through one media driver in this JVM; with --hosts "
                            + "over udp, each shard started by ssh; under srun/mpirun this JVM is one shard."})
    final class Run implements Callable<Integer> {
        @Spec
        CommandSpec runSpec;

        @Option(names = "--shards", paramLabel = "N",
                description = "Shard processes (>= 1); under srun/mpirun the task count, which it must equal if given.")
        Integer shards;

        @Option(names = "--cpus", paramLabel = "C",
                description = "Worker threads per shard (COHORT_CPUS); default: available processors / N on one "
                        + "host, automatic on each host with --hosts.")
        Integer cpus;

        @Option(names = "--hosts", paramLabel = "h1,h2,...", split = ",", hideParamSyntax = true,
                description = "Hosts to start the shards on over ssh, ranks in blocks (udp only).")
        List<String> hosts;

        @Option(names = "--transport", paramLabel = "ipc|udp", converter = TransportConverter.class,
                description = "ipc (one host, one shared media driver; the default without --hosts) or udp "
                        + "(the default with --hosts).")
        JobEnvironment.Transport transport;

        @Option(names = "--base-port", paramLabel = "P",
                description = "First UDP port of each host's shards (default " + JobEnvironment.DEFAULT_BASE_PORT
                        + " with --hosts; free ports on one host).")
        Integer basePort;

        @Option(names = "--heartbeat-timeout-ms", paramLabel = "T",
                description = "Silence after which a peer counts as dead, ms (default: COHORT_HEARTBEAT_TIMEOUT_MS, "
                        + "else " + 5000 + ").")
        Integer heartbeatTimeoutMs;

        @Option(names = "--sysmem", paramLabel = "MIB",
                description = "Each shard's memory budget for arrays, MiB (Legate's --sysmem): its heap is 4/3 of it, and "
                        + "the job must fit the host. Default: the host's memory less a share for the OS, divided among "
                        + "the shards.")
        Long sysmem;

        @Option(names = "--oversubscribe",
                description = "Allow more than " + OVERSUBSCRIBE_FACTOR + " shards or worker threads per processor of this host.")
        boolean oversubscribe;

        @Option(names = "--verbose", description = "Print every shard's stdout, prefixed [shard r], and the job's set-up.")
        boolean verbose;

        @Option(names = "--default-main", paramLabel = "CLASS",
                description = "Main class that runs an example name given in place of a class.")
        String defaultMain;

        @Parameters(index = "0", paramLabel = "MAIN", description = "Main class, or an example name (no '.').")
        String main;

        @Parameters(index = "1..*", paramLabel = "ARGS", description = "The program's arguments.")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            Mode mode = mode(env, hosts);
            validate(mode);
            List<String> command = new ArrayList<>();
            String mainClass = mainClass(runSpec.commandLine(), main, defaultMain, command);
            command.addAll(args);
            checkMainClass(runSpec.commandLine(), mainClass);
            if (mode == Mode.SCHEDULER) {
                return runHere(mainClass, command);
            }
            ShardMemory memory = memory(mode);
            JobEnvironment job = job(mode);
            return new Job(job, mode, mainClass, command, verbose, shardCpus(mode, job), memory).run();
        }

        /** Each shard's heap (and budget), decided before anything starts; see {@link ShardMemory}. */
        private ShardMemory memory(Mode mode) {
            List<String> user = words(env.get(JAVA_OPTS_ENV));
            try {
                if (mode == Mode.LOCAL) {
                    return ShardMemory.plan(hostMiB.getAsLong(), shards, sysmem, user);
                }
                // over ssh the other hosts' memory is not known here: --sysmem, if given, is passed on as asked
                return sysmem == null ? new ShardMemory(0, 0, "each host's JVM default")
                        : ShardMemory.plan(Long.MAX_VALUE / 4, 1, sysmem, user);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(runSpec.commandLine(), e.getMessage(), e);
            }
        }

        private void validate(Mode mode) {
            CommandLine cl = runSpec.commandLine();
            if (shards == null && mode != Mode.SCHEDULER) {
                throw new ParameterException(cl, "Missing required option: '--shards=N'");
            }
            if (shards != null && shards < 1) {
                throw new ParameterException(cl, "--shards must be >= 1, got " + shards);
            }
            if (cpus != null && cpus < 1) {
                throw new ParameterException(cl, "--cpus must be >= 1, got " + cpus);
            }
            if (heartbeatTimeoutMs != null && heartbeatTimeoutMs < JobEnvironment.MIN_HEARTBEAT_TIMEOUT.toMillis()) {
                throw new ParameterException(cl, "--heartbeat-timeout-ms must be >= "
                        + JobEnvironment.MIN_HEARTBEAT_TIMEOUT.toMillis() + ", got " + heartbeatTimeoutMs + ": "
                        + JobEnvironment.MIN_HEARTBEAT_REASON);
            }
            int processors = java.lang.Runtime.getRuntime().availableProcessors();
            if (cpus != null && cpus > MAX_CPUS) {
                throw new ParameterException(cl, "--cpus must be <= " + MAX_CPUS + " (a shard's worker pool), got " + cpus);
            }
            if (!oversubscribe && cpus != null && cpus > OVERSUBSCRIBE_FACTOR * processors) {
                throw new ParameterException(cl, "--cpus " + cpus + " is more than " + OVERSUBSCRIBE_FACTOR
                        + " x this host's " + processors + " processors: each worker thread would get a sliver of a core "
                        + "and the job would run slower; add --oversubscribe if that is what you want");
            }
            if (!oversubscribe && shards != null && hosts == null && shards > OVERSUBSCRIBE_FACTOR * processors) {
                throw new ParameterException(cl, "--shards " + shards + " is more than " + OVERSUBSCRIBE_FACTOR
                        + " x this host's " + processors + " processors: every shard is a JVM with its own heap and threads, "
                        + "so the job would thrash rather than run; add --oversubscribe if that is what you want");
            }
            if (basePort != null && (basePort < 1 || basePort > 65535)) {
                throw new ParameterException(cl, "--base-port must be in [1, 65535], got " + basePort);
            }
            if (hosts != null) {
                for (String h : hosts) {
                    if (h.isBlank() || h.chars().anyMatch(Character::isWhitespace)) {
                        throw new ParameterException(cl, "--hosts: '" + String.join(",", hosts)
                                + "' has an empty or malformed host name '" + h + "'");
                    }
                }
                if (hosts.isEmpty()) {
                    throw new ParameterException(cl, "--hosts needs at least one host");
                }
                if (transport == JobEnvironment.Transport.IPC) {
                    throw new ParameterException(cl, "--transport ipc works on one host only; --hosts "
                            + String.join(",", hosts) + " needs --transport udp");
                }
            }
        }

        /** The job's variables (rank 0) for a local or ssh launch, checked by {@link JobEnvironment#parse}. */
        private JobEnvironment job(Mode mode) {
            long jobId = JobEnvironment.newJobId();
            String jobHex = String.format("%016x", jobId);
            JobEnvironment.Transport t = transport != null ? transport
                    : mode == Mode.SSH ? JobEnvironment.Transport.UDP : JobEnvironment.Transport.IPC;
            Map<String, String> vars = new LinkedHashMap<>();
            vars.put(JobEnvironment.JOB_ID_ENV, jobHex);
            vars.put(JobEnvironment.JOB_SECRET_ENV, HexFormat.of().formatHex(JobEnvironment.newSecret()));
            vars.put(JobEnvironment.RANK_ENV, "0");
            vars.put(JobEnvironment.SHARDS_ENV, Integer.toString(shards));
            vars.put(JobEnvironment.TRANSPORT_ENV, t.name().toLowerCase(Locale.ROOT));
            if (t == JobEnvironment.Transport.IPC) {
                vars.put(JobEnvironment.AERON_DIR_ENV, AeronDrivers.hostDirectory(jobHex));
            } else if (mode == Mode.SSH) {
                vars.put(JobEnvironment.HOSTS_ENV, String.join(",", hosts));
                vars.put(JobEnvironment.BASE_PORT_ENV,
                        Integer.toString(basePort != null ? basePort : JobEnvironment.DEFAULT_BASE_PORT));
            } else if (basePort != null) {
                vars.put(JobEnvironment.HOSTS_ENV, "127.0.0.1");
                vars.put(JobEnvironment.BASE_PORT_ENV, Integer.toString(basePort));
            } else {
                List<String> endpoints = new ArrayList<>();
                for (int port : freeUdpPorts(shards)) {
                    endpoints.add("127.0.0.1:" + port);
                }
                vars.put(JobEnvironment.ENDPOINTS_ENV, String.join(",", endpoints));
            }
            putTimeouts(vars);
            try {
                return JobEnvironment.parse(vars).orElseThrow();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(runSpec.commandLine(), e.getMessage(), e);
            }
        }

        private void putTimeouts(Map<String, String> vars) {
            if (heartbeatTimeoutMs != null) {
                vars.put(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, Integer.toString(heartbeatTimeoutMs));
            } else if (env.containsKey(JobEnvironment.HEARTBEAT_TIMEOUT_ENV)) {
                vars.put(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, env.get(JobEnvironment.HEARTBEAT_TIMEOUT_ENV));
            }
            if (env.containsKey(JobEnvironment.CONNECT_TIMEOUT_ENV)) {
                vars.put(JobEnvironment.CONNECT_TIMEOUT_ENV, env.get(JobEnvironment.CONNECT_TIMEOUT_ENV));
            }
        }

        /** {@code --cpus}, or on one host the available processors shared among the shards; null: automatic. */
        private Integer shardCpus(Mode mode, JobEnvironment job) {
            if (cpus != null) {
                return cpus;
            }
            return mode == Mode.LOCAL ? Math.max(1, Runtime.getRuntime().availableProcessors() / job.size()) : null;
        }

        /** srun / mpirun: this JVM is one shard. */
        private int runHere(String mainClass, List<String> command) {
            CommandLine cl = runSpec.commandLine();
            Map<String, String> overlay = schedulerOverlay(transport, hosts, basePort, heartbeatTimeoutMs, cpus);
            Map<String, String> merged = new LinkedHashMap<>(env);
            merged.putAll(overlay);
            if ("ipc".equalsIgnoreCase(merged.getOrDefault(JobEnvironment.TRANSPORT_ENV, "udp").trim())
                    && merged.get(JobEnvironment.AERON_DIR_ENV) == null) {
                throw new ParameterException(cl, "--transport ipc under " + scheduler(env)
                        + " needs a media driver per host started beforehand, named by " + JobEnvironment.AERON_DIR_ENV);
            }
            JobEnvironment job;
            try {
                job = JobEnvironment.parse(merged).orElseThrow();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(cl, e.getMessage(), e);
            }
            if (shards != null && shards != job.size()) {
                throw new ParameterException(cl, "--shards " + shards + " but " + scheduler(env) + " started "
                        + job.size() + " tasks; under srun/mpirun give the task count or leave --shards out");
            }
            if (verbose) {
                err.println("cohort: " + scheduler(env) + " started this JVM as shard " + job.rank() + " of "
                        + job.size() + "; running " + mainClass + " here " + overlay.keySet());
            }
            ShardEnvironment.overlay(overlay);
            ranInThisJvm = true;
            try {
                Method m = Class.forName(mainClass, true, Launcher.class.getClassLoader())
                        .getMethod("main", String[].class);
                m.invoke(null, (Object) command.toArray(new String[0]));
                return 0;
            } catch (InvocationTargetException e) {
                err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
                e.getCause().printStackTrace(err);
                return 1;
            } catch (ReflectiveOperationException e) {
                throw new ParameterException(cl, "cannot run " + mainClass + ".main: " + e, e);
            }
        }
    }

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

    private static void checkMainClass(CommandLine cl, String mainClass) {
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

    /** One local or ssh launch: starts the shards, forwards their output, waits, cleans up. */
    private final class Job {
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
        private final OutputStream[] stdins;
        private final Object spawnLock = new Object();
        private boolean stopping;

        Job(JobEnvironment job, Mode mode, String mainClass, List<String> args, boolean verbose, Integer cpus,
                ShardMemory memory) {
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
            jvmOptions.addAll(words(env.get(JAVA_OPTS_ENV)));
            List<String> javaCmd = javaCommand(java, jvmOptions, System.getProperty("java.class.path"), mainClass, args);
            Thread hook = new Thread(this::onSignal, "cohort-launcher-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                if (job.transport() == JobEnvironment.Transport.IPC) {
                    driver = AeronDrivers.launchHostDriver(job.aeronDirectory());
                }
                if (verbose) {
                    err.println("cohort: job " + job.jobIdHex() + ": " + n + " shard" + (n == 1 ? "" : "s") + " "
                            + (mode == Mode.SSH ? "over ssh " : "") + "over "
                            + job.transport().name().toLowerCase(Locale.ROOT)
                            + (job.transport() == JobEnvironment.Transport.IPC ? " (driver " + job.aeronDirectory() + ")"
                            : " " + job.endpointsText()) + ", " + (cpus == null ? "automatic" : cpus.toString())
                            + " cpus per shard; memory: " + memory.explanation() + "; " + describe(javaCmd));
                }
                if (mode == Mode.LOCAL) {
                    List<String> reaped = AeronDrivers.reapDeadDirectories();
                    if (verbose && !reaped.isEmpty()) {
                        err.println("cohort: removed driver directories of dead jobs: " + reaped);
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
                err.println("cohort: cannot start the shards of job " + job.jobIdHex() + ": " + e.getMessage());
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
            pumps.add(pump(p.getInputStream(), passOut ? out : null, outPrefix, "cohort-shard-" + rank + "-stdout"));
            pumps.add(pump(p.getErrorStream(), err, prefix(rank), "cohort-shard-" + rank + "-stderr"));
            return p;
        }

        private List<String> sshBase() {
            List<String> ssh = words(env.get(SSH_ENV));
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
                    err.println("cohort: shard " + firstFailed + " failed (status " + processes[firstFailed].exitValue()
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
                    err.println("cohort: interrupted; killing the shards of job " + job.jobIdHex());
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
            err.println("cohort: job " + job.jobIdHex() + " failed: " + String.join("; ", failures));
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
                err.println("cohort: stopping the shards of job " + job.jobIdHex());
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
                    err.println("cohort: closing the media driver of job " + job.jobIdHex() + ": " + e);
                }
            }
            List<String> left = deleteDriverDirectories(job.jobIdHex());
            if (verbose && !left.isEmpty()) {
                err.println("cohort: deleted driver directories left by shards: " + left);
            }
        }
    }

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
