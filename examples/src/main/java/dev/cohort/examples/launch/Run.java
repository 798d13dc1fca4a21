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

/** The {@code run} subcommand of {@link Launcher}: options, checks, the job's environment and memory; then a {@link Job} or, under srun/mpirun, the program in this JVM. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a program on N shard processes (one JVM per shard) and waits for them.",
                "Locally (one host) the shards talk over ipc through one media driver in this JVM; with --hosts "
                        + "over udp, each shard started by ssh; under srun/mpirun this JVM is one shard."})
final class Run implements Callable<Integer> {
    private final Launcher launcher;

    Run(Launcher launcher) {
        this.launcher = launcher;
    }

    @Spec
    CommandSpec runSpec;

    @Option(names = "--shards", paramLabel = "N",
            description = "Shard processes (>= 1; default 1 on this host, required with --hosts); under srun/mpirun the "
                    + "task count, which it must equal if given.")
    Integer shards;

    @Option(names = "--cpus", paramLabel = "C",
            description = "Worker threads per shard (COHORT_CPUS); default: available processors / N on one "
                    + "host, automatic on each host with --hosts.")
    Integer cpus;

    @Option(names = "--gpus", paramLabel = "G",
            description = "GPUs per shard (cohort.gpus; Legate's --gpus): launches of operations with a GPU variant "
                    + "and pieces of at least cohort.gpu.min.elements (65536) run there; shards may share a GPU. "
                    + "Default 0; where no CUDA device answers, everything runs on the CPU.")
    int gpus;

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
        Mode mode = mode(launcher.env, hosts);
        validate(mode);
        List<String> command = new ArrayList<>();
        String mainClass = mainClass(runSpec.commandLine(), main, defaultMain, command);
        command.addAll(args);
        checkMainClass(runSpec.commandLine(), mainClass);
        checkProgramArguments(runSpec.commandLine(), mainClass, command);
        if (mode == Mode.SCHEDULER) {
            return runHere(mainClass, command);
        }
        ShardMemory memory = memory(mode);
        JobEnvironment job = job(mode);
        return new Job(launcher, job, mode, mainClass, command, verbose, shardCpus(mode, job), gpus, memory).run();
    }

    /** Each shard's heap (and budget), decided before anything starts; see {@link ShardMemory}. */
    private ShardMemory memory(Mode mode) {
        List<String> user = words(launcher.env.get(JAVA_OPTS_ENV));
        try {
            if (mode == Mode.LOCAL) {
                return ShardMemory.plan(launcher.hostMiB.getAsLong(), shards, sysmem, user);
            }
            // over ssh the other hosts' memory is not known here: --sysmem, if given, is passed on as asked
            return sysmem == null ? new ShardMemory(0, 0, "each host's JVM default")
                    : ShardMemory.asked(sysmem, user);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(runSpec.commandLine(), e.getMessage(), e);
        }
    }

    private void validate(Mode mode) {
        CommandLine cl = runSpec.commandLine();
        if (shards == null && mode == Mode.LOCAL) {
            shards = 1; // one shard process on this host, as Legate's launcher defaults to one node
        }
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
        if (gpus < 0) {
            throw new ParameterException(cl, "--gpus must be >= 0, got " + gpus);
        }
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
        } else if (launcher.env.containsKey(JobEnvironment.HEARTBEAT_TIMEOUT_ENV)) {
            vars.put(JobEnvironment.HEARTBEAT_TIMEOUT_ENV, launcher.env.get(JobEnvironment.HEARTBEAT_TIMEOUT_ENV));
        }
        if (launcher.env.containsKey(JobEnvironment.CONNECT_TIMEOUT_ENV)) {
            vars.put(JobEnvironment.CONNECT_TIMEOUT_ENV, launcher.env.get(JobEnvironment.CONNECT_TIMEOUT_ENV));
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
        if (gpus > 0) {
            System.setProperty(dev.cohort.runtime.RuntimeConfig.GPUS_PROP_NAME, Integer.toString(gpus));
        }
        Map<String, String> overlay = schedulerOverlay(transport, hosts, basePort, heartbeatTimeoutMs, cpus);
        Map<String, String> merged = new LinkedHashMap<>(launcher.env);
        merged.putAll(overlay);
        if ("ipc".equalsIgnoreCase(merged.getOrDefault(JobEnvironment.TRANSPORT_ENV, "udp").trim())
                && merged.get(JobEnvironment.AERON_DIR_ENV) == null) {
            throw new ParameterException(cl, "--transport ipc under " + scheduler(launcher.env)
                    + " needs a media driver per host started beforehand, named by " + JobEnvironment.AERON_DIR_ENV);
        }
        JobEnvironment job;
        try {
            job = JobEnvironment.parse(merged).orElseThrow();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cl, e.getMessage(), e);
        }
        if (shards != null && shards != job.size()) {
            throw new ParameterException(cl, "--shards " + shards + " but " + scheduler(launcher.env) + " started "
                    + job.size() + " tasks; under srun/mpirun give the task count or leave --shards out");
        }
        if (verbose) {
            launcher.err.println("cohort: " + scheduler(launcher.env) + " started this JVM as shard " + job.rank() + " of "
                    + job.size() + "; running " + mainClass + " here " + overlay.keySet());
        }
        ShardEnvironment.overlay(overlay);
        launcher.ranInThisJvm = true;
        try {
            Method m = Class.forName(mainClass, true, Launcher.class.getClassLoader())
                    .getMethod("main", String[].class);
            m.invoke(null, (Object) command.toArray(new String[0]));
            return 0;
        } catch (InvocationTargetException e) {
            launcher.err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
            e.getCause().printStackTrace(launcher.err);
            return 1;
        } catch (ReflectiveOperationException e) {
            throw new ParameterException(cl, "cannot run " + mainClass + ".main: " + e, e);
        }
    }
}

