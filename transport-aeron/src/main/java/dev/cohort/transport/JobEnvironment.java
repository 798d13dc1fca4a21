package dev.cohort.transport;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one process of a multi-process job is told by its launcher (DESIGN.md §7): its rank, the shard count, every
 * shard's endpoint, the job id and the job's secret, and how to reach Aeron. {@code bin/cohort run} sets these as
 * environment variables of each shard process; {@link #fromEnvironment()} reads them back there.
 *
 * <table>
 *   <caption>Variables</caption>
 *   <tr><th>variable</th><th>meaning</th><th>default</th></tr>
 *   <tr><td>{@value #JOB_ID_ENV}</td><td>job id, 16 hex digits; its presence marks a launched process</td>
 *       <td>derived from {@code SLURM_JOB_ID.SLURM_STEP_ID} under Slurm; otherwise required</td></tr>
 *   <tr><td>{@value #JOB_SECRET_ENV}</td><td>the job's random secret, 64 hex digits (32 bytes); handshakes prove
 *       knowledge of it</td><td>required, except under Slurm/MPI where a value derived from the job id is used
 *       (and a warning printed)</td></tr>
 *   <tr><td>{@value #RANK_ENV}, {@value #SHARDS_ENV}</td><td>this shard's rank and the shard count</td>
 *       <td>{@code SLURM_PROCID}/{@code SLURM_NTASKS}, {@code OMPI_COMM_WORLD_RANK}/{@code OMPI_COMM_WORLD_SIZE},
 *       {@code PMI_RANK}/{@code PMI_SIZE}</td></tr>
 *   <tr><td>{@value #TRANSPORT_ENV}</td><td>{@code ipc} (one host, one shared media driver) or {@code udp}</td>
 *       <td>{@code udp}</td></tr>
 *   <tr><td>{@value #ENDPOINTS_ENV}</td><td>{@code host:port} of every rank, comma-separated, in rank order (udp)</td>
 *       <td>{@value #HOSTS_ENV} (one host per rank, or fewer: ranks spread in blocks) and {@value #BASE_PORT_ENV}
 *       + index on the host; else 127.0.0.1</td></tr>
 *   <tr><td>{@value #AERON_DIR_ENV}</td><td>directory of an external media driver to use</td><td>none: an embedded
 *       driver per process, in a directory unique to job and rank, deleted at exit (required for ipc)</td></tr>
 *   <tr><td>{@value #HEARTBEAT_TIMEOUT_ENV}</td><td>silence after which a peer counts as dead, ms</td><td>5000</td></tr>
 *   <tr><td>{@value #CONNECT_TIMEOUT_ENV}</td><td>how long the handshake may take, ms</td><td>60000</td></tr>
 * </table>
 *
 * <p>Every malformed value fails with an {@link IllegalArgumentException} naming the variable and the value.
 */
public final class JobEnvironment {
    public static final String JOB_ID_ENV = "COHORT_JOB_ID";
    public static final String JOB_SECRET_ENV = "COHORT_JOB_SECRET";
    public static final String RANK_ENV = "COHORT_RANK";
    public static final String SHARDS_ENV = "COHORT_SHARDS";
    public static final String TRANSPORT_ENV = "COHORT_TRANSPORT";
    public static final String ENDPOINTS_ENV = "COHORT_ENDPOINTS";
    public static final String HOSTS_ENV = "COHORT_HOSTS";
    public static final String BASE_PORT_ENV = "COHORT_BASE_PORT";
    public static final String AERON_DIR_ENV = "COHORT_AERON_DIR";
    public static final String HEARTBEAT_TIMEOUT_ENV = "COHORT_HEARTBEAT_TIMEOUT_MS";
    /** The shortest heartbeat timeout a job accepts. */
    public static final java.time.Duration MIN_HEARTBEAT_TIMEOUT = java.time.Duration.ofMillis(100);
    /** Why: what a shorter timeout would do. */
    public static final String MIN_HEARTBEAT_REASON = "a shorter one fails healthy jobs (heartbeats go out every "
            + "few ms, but a garbage-collection pause or a busy host stops a process for longer)";
    public static final String CONNECT_TIMEOUT_ENV = "COHORT_CONNECT_TIMEOUT_MS";

    /** Default silence after which a peer is declared dead. */
    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(5);
    /** Default limit of the handshake (JVMs of a job may take seconds to start on a busy host). */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(60);
    /** First port of a host's shards when only hosts are given. */
    public static final int DEFAULT_BASE_PORT = 40_100;
    /** Length of the job secret in bytes. */
    public static final int SECRET_BYTES = 32;

    /** How shards reach each other. */
    public enum Transport {
        /** Shared memory through one media driver that every shard of the host uses (one host only). */
        IPC,
        /** UDP datagrams between per-process (or per-host) media drivers. */
        UDP
    }

    private final long jobId;
    private final byte[] secret;
    private final int rank;
    private final int size;
    private final Transport transport;
    private final List<InetSocketAddress> endpoints;
    private final String aeronDirectory;
    private final Duration heartbeatTimeout;
    private final Duration connectTimeout;

    /**
     * @param endpoints one per rank (udp; may be empty for ipc)
     * @param aeronDirectory an external driver's directory, or null for an embedded driver per process
     * @throws IllegalArgumentException naming the value at fault
     */
    public JobEnvironment(long jobId, byte[] secret, int rank, int size, Transport transport,
            List<InetSocketAddress> endpoints, String aeronDirectory, Duration heartbeatTimeout, Duration connectTimeout) {
        Objects.requireNonNull(secret, "secret");
        if (secret.length != SECRET_BYTES) {
            throw new IllegalArgumentException("the job secret must be " + SECRET_BYTES + " bytes, was " + secret.length);
        }
        if (size < 1) {
            throw new IllegalArgumentException("the shard count must be >= 1, was " + size);
        }
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank must be in [0, " + (size - 1) + "], was " + rank);
        }
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(endpoints, "endpoints");
        if (transport == Transport.UDP && endpoints.size() != size) {
            throw new IllegalArgumentException("udp needs one endpoint per rank: " + size + " ranks, "
                    + endpoints.size() + " endpoints " + endpoints);
        }
        if (transport == Transport.IPC && aeronDirectory == null) {
            throw new IllegalArgumentException("ipc needs the directory of the host's shared media driver ("
                    + AERON_DIR_ENV + ")");
        }
        if (heartbeatTimeout.compareTo(MIN_HEARTBEAT_TIMEOUT) < 0) {
            throw new IllegalArgumentException("heartbeat timeout must be >= " + MIN_HEARTBEAT_TIMEOUT.toMillis()
                    + " ms, got " + heartbeatTimeout.toMillis() + " ms: " + MIN_HEARTBEAT_REASON);
        }
        requirePositive(connectTimeout, "connect timeout");
        this.jobId = jobId;
        this.secret = secret.clone();
        this.rank = rank;
        this.size = size;
        this.transport = transport;
        this.endpoints = List.copyOf(endpoints);
        this.aeronDirectory = aeronDirectory;
        this.heartbeatTimeout = heartbeatTimeout;
        this.connectTimeout = connectTimeout;
    }

    /** The job of this process, if a launcher (bin/cohort run, srun, mpirun) started it; empty otherwise. */
    public static Optional<JobEnvironment> fromEnvironment() {
        return parse(System.getenv());
    }

    /**
     * Reads a job from {@code env}: empty when it names none (no {@value #JOB_ID_ENV}, no Slurm or MPI rank).
     *
     * @throws IllegalArgumentException naming the variable and value at fault
     */
    public static Optional<JobEnvironment> parse(Map<String, String> env) {
        String rankText = first(env, RANK_ENV, "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK");
        String sizeText = first(env, SHARDS_ENV, "SLURM_NTASKS", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE");
        String jobText = env.get(JOB_ID_ENV);
        boolean underScheduler = env.containsKey("SLURM_PROCID") || env.containsKey("OMPI_COMM_WORLD_RANK")
                || env.containsKey("PMI_RANK");
        if (jobText == null && !underScheduler) {
            return Optional.empty();
        }
        if (rankText == null || sizeText == null) {
            throw new IllegalArgumentException(JOB_ID_ENV + " is set but the rank or shard count is not ("
                    + RANK_ENV + "=" + rankText + ", " + SHARDS_ENV + "=" + sizeText + ")");
        }
        int size = parseInt(env, sizeText, SHARDS_ENV, 1, Integer.MAX_VALUE);
        int rank = parseInt(env, rankText, RANK_ENV, 0, size - 1);
        long jobId;
        if (jobText != null) {
            jobId = parseHexLong(jobText, JOB_ID_ENV);
        } else {
            String schedulerJob = first(env, "SLURM_JOB_ID", "OMPI_MCA_ess_base_jobid", "PMI_JOBID");
            String step = env.getOrDefault("SLURM_STEP_ID", "0");
            jobId = digestLong("cohort-job:" + schedulerJob + "." + step);
        }
        byte[] secret;
        String secretText = env.get(JOB_SECRET_ENV);
        if (secretText != null) {
            secret = parseSecret(secretText);
        } else if (underScheduler) {
            System.err.println("cohort: " + JOB_SECRET_ENV + " is not set; using a secret derived from the job id "
                    + "(set " + JOB_SECRET_ENV + " before srun/mpirun to keep other jobs out)");
            secret = digest("cohort-secret:" + Long.toHexString(jobId) + ":" + env.getOrDefault("USER", ""));
        } else {
            throw new IllegalArgumentException(JOB_ID_ENV + " is set but " + JOB_SECRET_ENV + " is not");
        }
        Transport transport = parseTransport(env.getOrDefault(TRANSPORT_ENV, "udp"));
        String aeronDir = env.get(AERON_DIR_ENV);
        List<InetSocketAddress> endpoints = env.containsKey(ENDPOINTS_ENV)
                ? parseEndpoints(env.get(ENDPOINTS_ENV), ENDPOINTS_ENV)
                : transport == Transport.UDP ? blockEndpoints(env, size) : List.of();
        Duration heartbeat = Duration.ofMillis(parseInt(env, env.get(HEARTBEAT_TIMEOUT_ENV),
                HEARTBEAT_TIMEOUT_ENV, (int) MIN_HEARTBEAT_TIMEOUT.toMillis(), Integer.MAX_VALUE, (int) DEFAULT_HEARTBEAT_TIMEOUT.toMillis()));
        Duration connect = Duration.ofMillis(parseInt(env, env.get(CONNECT_TIMEOUT_ENV),
                CONNECT_TIMEOUT_ENV, 1, Integer.MAX_VALUE, (int) DEFAULT_CONNECT_TIMEOUT.toMillis()));
        return Optional.of(new JobEnvironment(jobId, secret, rank, size, transport, endpoints, aeronDir,
                heartbeat, connect));
    }

    /** The variables that make a process this job's shard {@code rank}: the inverse of {@link #parse}. */
    public Map<String, String> toEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(JOB_ID_ENV, jobIdHex());
        env.put(JOB_SECRET_ENV, HexFormat.of().formatHex(secret));
        env.put(RANK_ENV, Integer.toString(rank));
        env.put(SHARDS_ENV, Integer.toString(size));
        env.put(TRANSPORT_ENV, transport.name().toLowerCase());
        if (!endpoints.isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (InetSocketAddress e : endpoints) {
                parts.add(e.getHostString() + ":" + e.getPort());
            }
            env.put(ENDPOINTS_ENV, String.join(",", parts));
        }
        if (aeronDirectory != null) {
            env.put(AERON_DIR_ENV, aeronDirectory);
        }
        env.put(HEARTBEAT_TIMEOUT_ENV, Long.toString(heartbeatTimeout.toMillis()));
        env.put(CONNECT_TIMEOUT_ENV, Long.toString(connectTimeout.toMillis()));
        return env;
    }

    /** The same job seen from {@code otherRank}. */
    public JobEnvironment withRank(int otherRank) {
        return new JobEnvironment(jobId, secret, otherRank, size, transport, endpoints, aeronDirectory,
                heartbeatTimeout, connectTimeout);
    }

    /** A fresh random job id. */
    public static long newJobId() {
        return new SecureRandom().nextLong();
    }

    /** A fresh random secret of {@link #SECRET_BYTES} bytes. */
    public static byte[] newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        return secret;
    }

    public long jobId() {
        return jobId;
    }

    /** The job id as 16 hex digits, as in {@value #JOB_ID_ENV}. */
    public String jobIdHex() {
        return String.format("%016x", jobId);
    }

    /** A copy of the job's secret. */
    public byte[] secret() {
        return secret.clone();
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }

    public Transport transport() {
        return transport;
    }

    /** Every rank's UDP endpoint as {@code [host:port, ...]}, by rank, for messages. */
    public String endpointsText() {
        List<String> out = new java.util.ArrayList<>();
        for (InetSocketAddress a : endpoints) {
            out.add(hostPort(a));
        }
        return out.toString();
    }

    /** {@code host:port} ({@code [v6]:port} for an IPv6 literal), never {@code host/<unresolved>:port}. */
    public static String hostPort(InetSocketAddress a) {
        String host = a.getHostString();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    /** Every rank's UDP endpoint, by rank (empty for ipc). */
    public List<InetSocketAddress> endpoints() {
        return endpoints;
    }

    /** The external media driver's directory, or null for an embedded driver. */
    public String aeronDirectory() {
        return aeronDirectory;
    }

    public Duration heartbeatTimeout() {
        return heartbeatTimeout;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    @Override
    public String toString() {
        return "JobEnvironment[job " + jobIdHex() + ", shard " + rank + " of " + size + ", " + transport
                + (endpoints.isEmpty() ? "" : ", endpoints " + endpoints)
                + (aeronDirectory == null ? ", embedded driver" : ", driver " + aeronDirectory) + "]";
    }

    // ---------------------------------------------------------------------------------------------

    /** Parses {@code host:port,host:port,...}. */
    public static List<InetSocketAddress> parseEndpoints(String text, String variable) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new IllegalArgumentException(variable + ": expected host:port, got '" + p + "' in '" + text + "'");
            }
            int port;
            try {
                port = Integer.parseInt(p.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(variable + ": port of '" + p + "' is not a number");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(variable + ": port of '" + p + "' must be in [1, 65535]");
            }
            out.add(InetSocketAddress.createUnresolved(p.substring(0, colon), port));
        }
        return out;
    }

    private static List<InetSocketAddress> blockEndpoints(Map<String, String> env, int size) {
        String hostsText = env.getOrDefault(HOSTS_ENV, "127.0.0.1");
        String[] hosts = hostsText.split(",");
        int basePort = parseInt(env, env.get(BASE_PORT_ENV), BASE_PORT_ENV, 1, 65535, DEFAULT_BASE_PORT);
        int perHost = (size + hosts.length - 1) / hosts.length;
        List<InetSocketAddress> out = new ArrayList<>(size);
        for (int r = 0; r < size; r++) {
            int port = basePort + r % perHost;
            if (port > 65535) {
                throw new IllegalArgumentException(BASE_PORT_ENV + "=" + basePort + " leaves no port for rank " + r);
            }
            out.add(InetSocketAddress.createUnresolved(hosts[Math.min(r / perHost, hosts.length - 1)].trim(), port));
        }
        return out;
    }

    private static Transport parseTransport(String text) {
        switch (text.trim().toLowerCase()) {
            case "ipc":
                return Transport.IPC;
            case "udp":
                return Transport.UDP;
            default:
                throw new IllegalArgumentException(TRANSPORT_ENV + " must be ipc or udp, was '" + text + "'");
        }
    }

    private static byte[] parseSecret(String text) {
        try {
            byte[] secret = HexFormat.of().parseHex(text.trim());
            if (secret.length != SECRET_BYTES) {
                throw new IllegalArgumentException(JOB_SECRET_ENV + " must be " + 2 * SECRET_BYTES
                        + " hex digits, has " + text.trim().length());
            }
            return secret;
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(JOB_SECRET_ENV)) {
                throw e;
            }
            throw new IllegalArgumentException(JOB_SECRET_ENV + " is not hexadecimal");
        }
    }

    private static long parseHexLong(String text, String variable) {
        try {
            return Long.parseUnsignedLong(text.trim(), 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(variable + " must be up to 16 hex digits, was '" + text + "'");
        }
    }

    private static int parseInt(Map<String, String> env, String text, String variable, int min, int max) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v < min || v > max) {
                throw new IllegalArgumentException(variable + " must be in [" + min + ", " + max + "], was " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(variable + " must be an integer, was '" + text + "'");
        }
    }

    private static int parseInt(Map<String, String> env, String text, String variable, int min, int max, int dflt) {
        return text == null ? dflt : parseInt(env, text, variable, min, max);
    }

    private static String first(Map<String, String> env, String... names) {
        for (String n : names) {
            String v = env.get(n);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }

    private static void requirePositive(Duration d, String what) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("the " + what + " must be positive, was " + d);
        }
    }

    private static byte[] digest(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static long digestLong(String text) {
        byte[] d = digest(text);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (d[i] & 0xff);
        }
        return v;
    }
}
