package dev.cohort.transport;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.status.SystemCounterDescriptor;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.status.CountersReader;

/**
 * A {@link Communicator} whose shards are processes that talk over Aeron (DESIGN.md §6): UDP between hosts, IPC
 * between the processes of one host that share a media driver. Only the wire is here; matching, collectives and
 * failure semantics come from {@link AbstractCommunicator}, exactly as for {@link LocalCommunicator}.
 *
 * <h2>Wire</h2>
 * Each shard subscribes once (udp: its own endpoint, stream {@link #STREAM_ID}; ipc: stream
 * {@code STREAM_ID + rank}) and holds one exclusive publication to each peer. Messages of any length travel as
 * chunks of at most one Aeron message (term length / 8, see {@link AeronDrivers#TERM_LENGTH}) that the receiver
 * appends in order; Aeron fragments each chunk to the MTU and a {@code FragmentAssembler} rebuilds it. Offers never
 * block: a back-pressured one is retried in a later duty cycle of the shard's agent ({@link ShardAgent}), which
 * also reads, so two shards sending to each other at once cannot deadlock. The frame format is in {@link Frames}.
 *
 * <h2>Membership and security</h2>
 * {@link #connect} blocks until every peer has proven knowledge of the job's secret (an HMAC-SHA256 over job id,
 * ranks and size in a HELLO) and acknowledged this shard's HELLO, or fails after the connect timeout naming the
 * peers still missing. Frames of another job, of an Aeron session that no verified peer owns, or that do not
 * parse, are dropped and counted ({@link Stats#droppedFrames()}); garbage datagrams that are not even Aeron frames
 * are dropped and counted by the media driver ({@link Stats#driverInvalidPackets()}).
 *
 * <h2>Failure</h2>
 * Every shard heart-beats each peer it has sent nothing else to for a fifth of the heartbeat timeout (default 5 s).
 * A peer silent for longer than the timeout fails the job on the shard that notices, with a
 * {@link PeerFailedException} naming the dead shard; that shard tells the others in ABORT frames, so each fails
 * with the same naming, and each would notice by itself anyway. {@link #abort} sends ABORT frames too.
 * {@link #close()} drains what this shard queued, tells every peer it leaves, and waits (at most the heartbeat
 * timeout) until each acknowledged or left itself; then it closes the Aeron client and, if it started one, its
 * embedded media driver, whose directory is removed.
 *
 * <h2>Threads</h2>
 * One agent thread per shard ({@code cohort-aeron-shard-R}) runs the duty cycle; it spins briefly, then parks up to
 * {@link #AGENT_MAX_PARK_NS} when idle, and {@link #send} wakes it. Receives that waited and collective steps
 * complete on one completion thread per shard, never on the agent.
 */
public final class AeronCommunicator extends AbstractCommunicator {
    /** The Aeron stream id of udp subscriptions; ipc uses {@code STREAM_ID + rank}. */
    public static final int STREAM_ID = 0x0C0A_0001;
    /** Longest park of an idle agent; a send wakes it at once. */
    public static final long AGENT_MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Idle cycles an agent spins before yielding. */
    public static final int AGENT_SPINS = 100;
    /**
     * Idle cycles an agent yields before its first park. Parks are timed (≤ {@link #AGENT_MAX_PARK_NS}) and on Linux
     * sleep at least ~55 µs, so a frame that arrives while the agent is parked waits for the park to end; this is
     * most of the latency of a small all-reduce between processes (benchmarks/README.md). 200 yields measured no
     * better than 10 there, so the agent stays cheap when idle.
     */
    public static final int AGENT_YIELDS = 10;

    /** Counters of one shard's wire, for tests and benchmarks. */
    public record Stats(long framesReceived, long droppedFrames, long messagesSent, long bytesSent, long bytesReceived,
            long driverInvalidPackets) {
    }

    private final JobEnvironment job;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Subscription subscription;
    private final ExclusivePublication[] publications;
    private final ShardAgent agent;
    private final AgentRunner runner;
    private final AtomicBoolean released = new AtomicBoolean();
    private final Thread shutdownHook;
    private int invalidPacketsCounterId = Integer.MIN_VALUE;

    private AeronCommunicator(JobEnvironment job, MediaDriver driver, String directory) {
        super(job.rank(), job.size(), CompletionThread.start("cohort-aeron-completion-" + job.rank()));
        this.job = job;
        this.driver = driver;
        Aeron client = null;
        try {
            client = Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(directory)
                    .useConductorAgentInvoker(true)
                    .errorHandler(this::onAeronError));
            this.aeron = client;
            int rank = job.rank();
            boolean ipc = job.transport() == JobEnvironment.Transport.IPC;
            int mtu = ipc || allLoopback(job.endpoints()) ? AeronDrivers.LARGE_MTU : AeronDrivers.NETWORK_MTU;
            this.subscription = ipc
                    ? client.addSubscription("aeron:ipc", STREAM_ID + rank)
                    : client.addSubscription("aeron:udp?endpoint=" + endpoint(job.endpoints().get(rank)), STREAM_ID);
            this.publications = new ExclusivePublication[job.size()];
            String params = "term-length=" + AeronDrivers.TERM_LENGTH + "|mtu=" + mtu;
            for (int p = 0; p < job.size(); p++) {
                if (p != rank) {
                    publications[p] = ipc
                            ? client.addExclusivePublication("aeron:ipc?" + params, STREAM_ID + p)
                            : client.addExclusivePublication("aeron:udp?endpoint=" + endpoint(job.endpoints().get(p))
                                    + "|" + params, STREAM_ID);
                }
            }
        } catch (RuntimeException e) {
            CloseHelper.quietClose(client);
            throw e;
        }
        this.agent = new ShardAgent(this, job, aeron.conductorAgentInvoker(), subscription, publications);
        this.runner = new AgentRunner(new BackoffIdleStrategy(AGENT_SPINS, AGENT_YIELDS,
                TimeUnit.MICROSECONDS.toNanos(1), AGENT_MAX_PARK_NS), this::onAgentError, null, agent);
        this.shutdownHook = new Thread(this::release, "cohort-aeron-release-" + rank());
    }

    /**
     * Connects this process's shard of {@code job}: starts an embedded media driver unless
     * {@link JobEnvironment#aeronDirectory()} names one, and blocks until every peer has completed the handshake.
     *
     * @throws IllegalStateException naming the peers that did not complete the handshake within the connect timeout
     * @throws ShardFailedException if the job failed meanwhile (a peer aborted)
     */
    public static AeronCommunicator connect(JobEnvironment job) {
        MediaDriver driver = null;
        AeronCommunicator communicator = null;
        try {
            String directory = job.aeronDirectory();
            if (directory == null) {
                AeronDrivers.reapDeadDirectories();
                driver = AeronDrivers.launchEmbedded(AeronDrivers.embeddedDirectory(job.jobIdHex(), job.rank()));
                directory = driver.aeronDirectoryName();
            }
            communicator = new AeronCommunicator(job, driver, directory);
            communicator.start();
            long waitMs = job.connectTimeout().toMillis() + 5_000;
            communicator.agent.connected.get(waitMs, TimeUnit.MILLISECONDS);
            return communicator;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            release(communicator, driver);
            throw cause instanceof RuntimeException re ? re : new IllegalStateException(cause);
        } catch (TimeoutException e) {
            release(communicator, driver);
            throw new IllegalStateException("shard " + job.rank() + ": the handshake did not finish within "
                    + job.connectTimeout().toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(communicator, driver);
            throw new IllegalStateException("interrupted while connecting shard " + job.rank(), e);
        } catch (RuntimeException | Error e) {
            release(communicator, driver);
            throw e;
        }
    }

    private static void release(AeronCommunicator communicator, MediaDriver driver) {
        if (communicator != null) {
            communicator.release();
        } else {
            CloseHelper.quietClose(driver);
        }
    }

    private void start() {
        java.lang.Runtime.getRuntime().addShutdownHook(shutdownHook);
        AgentRunner.startOnThread(runner, runnable -> {
            Thread thread = new Thread(runnable, "cohort-aeron-shard-" + rank());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The job this shard belongs to. */
    public JobEnvironment job() {
        return job;
    }

    /** Counters of this shard's wire so far. */
    public Stats stats() {
        return agent.stats(driverInvalidPackets());
    }

    // ---------------------------------------------------------------------------------------------
    // The wire

    @Override
    protected void transmit(int destination, long tag, byte[] message) {
        ShardFailedException failure = jobFailure();
        if (failure != null) {
            throw failure;
        }
        if (agent.peerClosed.get(destination) == 1) {
            throw new PeerClosedException(destination, "shard " + rank() + " cannot send to shard " + destination
                    + " under " + CollectiveTags.describe(tag) + ": shard " + destination + " closed");
        }
        agent.enqueue(FramePublisher.Outbound.data(destination, tag, message));
        wake();
    }

    @Override
    public void abort(Throwable cause) {
        try {
            if (jobFailure() != null || released.get()) {
                return;
            }
            ShardFailedException failure = new ShardFailedException(rank(), cause);
            onJobFailed(failure);
            agent.requestAbortBroadcast(failure);
            wake();
        } catch (RuntimeException e) {
            // abort() never throws; the job is failed or failing
        }
    }

    @Override
    public void close() {
        if (!markClosed() || released.get()) {
            return;
        }
        agent.requestClose();
        wake();
        long waitMs = job.heartbeatTimeout().toMillis() + TimeUnit.NANOSECONDS.toMillis(ShardAgent.LINGER_NS) + 2_000;
        try {
            agent.finished.get(waitMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // leave anyway: the peers that missed our CLOSE see the publication go away
        }
        release();
    }

    /** Stops the agent, closes the Aeron client and the embedded driver (removing its directory). Idempotent. */
    private void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        CloseHelper.quietClose(runner);
        CloseHelper.quietClose(aeron);
        CloseHelper.quietClose(driver);
        if (Thread.currentThread() != shutdownHook) {
            try {
                java.lang.Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the JVM is shutting down, or the hook never got registered
            }
        }
    }

    /**
     * Test hook: this shard vanishes as a killed process would, sending nothing more (no CLOSE, no ABORT, no
     * heartbeat); its agent, Aeron client and embedded driver stop.
     */
    void vanishForTest() {
        markClosed();
        release();
    }

    @Override
    public String toString() {
        return "AeronCommunicator[shard " + rank() + " of " + size() + ", job " + job.jobIdHex() + ", "
                + job.transport() + "]";
    }

    // ---------------------------------------------------------------------------------------------
    // Called by the agent

    void deliver(int source, long tag, byte[] message) {
        onMessage(source, tag, message);
    }

    void peerLeft(int source) {
        onPeerClosed(source);
    }

    ShardFailedException jobFailureOrNull() {
        return jobFailure();
    }

    /** Fails the job on this shard (first failure wins) and, if asked, tells every peer. Agent thread only. */
    void failFromAgent(ShardFailedException failure, boolean broadcast) {
        if (jobFailure() != null) {
            return;
        }
        onJobFailed(failure);
        if (broadcast) {
            agent.broadcastAbort(failure);
        }
    }

    String describeEndpoints() {
        return job.transport() == JobEnvironment.Transport.IPC
                ? "ipc through the driver in " + job.aeronDirectory()
                : "udp endpoints " + job.endpointsText();
    }

    private void wake() {
        Thread thread = runner.thread();
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void onAgentError(Throwable error) {
        if (jobFailure() == null) {
            ShardFailedException failure = new ShardFailedException(rank(), error);
            onJobFailed(failure);
            agent.requestAbortBroadcast(failure);
        }
    }

    private void onAeronError(Throwable error) {
        onAgentError(new IllegalStateException("Aeron client of shard " + rank() + ": " + error, error));
    }

    private long driverInvalidPackets() {
        if (released.get()) {
            return -1;
        }
        CountersReader counters = aeron.countersReader();
        if (invalidPacketsCounterId == Integer.MIN_VALUE) {
            int[] found = {-1};
            counters.forEach((counterId, typeId, keyBuffer, label) -> {
                if (typeId == SystemCounterDescriptor.SYSTEM_COUNTER_TYPE_ID
                        && keyBuffer.getInt(0) == SystemCounterDescriptor.INVALID_PACKETS.id()) {
                    found[0] = counterId;
                }
            });
            invalidPacketsCounterId = found[0];
        }
        return invalidPacketsCounterId < 0 ? -1 : counters.getCounterValue(invalidPacketsCounterId);
    }

    private static String endpoint(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }

    private static boolean allLoopback(List<InetSocketAddress> endpoints) {
        for (InetSocketAddress e : endpoints) {
            String host = e.getHostString();
            if (!(host.startsWith("127.") || host.equals("localhost") || host.equals("::1"))) {
                return false;
            }
        }
        return true;
    }
}
