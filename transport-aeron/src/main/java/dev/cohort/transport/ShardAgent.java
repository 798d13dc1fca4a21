package dev.cohort.transport;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

/**
 * The duty cycle of one {@link AeronCommunicator} shard (DESIGN.md §6; Agrona's {@link Agent}): each cycle reads the
 * clock once, runs the Aeron client conductor, polls the shard's subscription, takes the messages other threads
 * queued, and then does what its {@link State} asks. It is the only thread that touches the publications, the
 * subscription and the per-peer state; other threads talk to it through a lock-free queue and volatile flags.
 *
 * <p>Membership and failure (issue 4): every peer must prove knowledge of the job's secret in a HELLO (HMAC), and
 * binds its Aeron session to its rank there; afterwards frames on any other session are dropped. Once connected, a
 * peer that sends nothing for the heartbeat timeout fails the job with a {@link PeerFailedException} naming it; this
 * shard sends a heartbeat to each peer it has sent nothing else to for a fifth of the timeout.
 */
final class ShardAgent implements Agent {
    /** Where the shard is in its life. One method per state; one switch in {@link #doWork}. */
    enum State {
        /** HELLOs go to every peer until each has been verified and has verified this shard. */
        HANDSHAKE,
        /** Messages flow; heartbeats go out; silent peers fail the job. */
        ACTIVE,
        /** {@link AeronCommunicator#close()} was called: queued messages drain, then CLOSE goes to each peer and
         *  the shard waits (bounded) until each acknowledged it or left itself. */
        CLOSING,
        /** The job failed: queued messages are dropped; ABORT frames still go out. */
        FAILED,
        /** A short last period in which frames already offered leave the host. */
        LINGER,
        /** Nothing more to do; the runner may stop. */
        DONE
    }

    /** Fragments read per poll. */
    private static final int FRAGMENT_LIMIT = 64;
    /** Chunks offered to one peer per cycle, so that reading is never starved by a big send. */
    private static final int CHUNKS_PER_PEER = 8;
    /** Interval between HELLOs to a peer that has not answered. */
    private static final long HELLO_INTERVAL_NS = 50_000_000L;
    /** Time for the last offered frames to leave before the driver may close. */
    static final long LINGER_NS = 100_000_000L;

    private final AeronCommunicator communicator;
    private final int rank;
    private final int size;
    private final long jobId;
    private final AgentInvoker conductor;
    private final Subscription subscription;
    private final FragmentAssembler assembler;
    private final FrameAdapter adapter;
    private final FramePublisher publisher;
    private final Frames.HelloMac mac;
    private final long heartbeatTimeoutNs;
    private final long heartbeatIntervalNs;
    private final long connectTimeoutNs;

    private final ManyToOneConcurrentLinkedQueue<FramePublisher.Outbound> requests =
            new ManyToOneConcurrentLinkedQueue<>();
    private final ArrayDeque<FramePublisher.Outbound>[] pending;
    /** 1 once the peer has left the job (its CLOSE arrived); read by other threads. */
    final AtomicIntegerArray peerClosed;

    private final int[] peerSession;
    private final boolean[] heardFrom;
    private final boolean[] acknowledgedBy;
    private final boolean[] closeAcknowledged;
    private final long[] lastHeardNs;
    private final long[] lastSentNs;
    private final long[] lastHelloNs;
    private final boolean[] dead;

    final CompletableFuture<Void> connected = new CompletableFuture<>();
    final CompletableFuture<Void> finished = new CompletableFuture<>();

    private State state = State.HANDSHAKE;
    private boolean closeSent;
    private long startedNs = -1;
    private long closingDeadlineNs;
    private long lingerUntilNs;
    private volatile boolean closeRequested;
    private volatile ShardFailedException abortToBroadcast;
    private volatile State publishedState = State.HANDSHAKE;

    @SuppressWarnings("unchecked")
    ShardAgent(AeronCommunicator communicator, JobEnvironment job, AgentInvoker conductor, Subscription subscription,
            ExclusivePublication[] publications) {
        this.communicator = communicator;
        this.rank = job.rank();
        this.size = job.size();
        this.jobId = job.jobId();
        this.conductor = conductor;
        this.subscription = subscription;
        this.adapter = new FrameAdapter(this, jobId, rank, size);
        this.assembler = new FragmentAssembler(adapter);
        this.publisher = new FramePublisher(publications, jobId, rank);
        this.mac = new Frames.HelloMac(job.secret());
        this.heartbeatTimeoutNs = job.heartbeatTimeout().toNanos();
        this.heartbeatIntervalNs = Math.max(1_000_000L, heartbeatTimeoutNs / 5);
        this.connectTimeoutNs = job.connectTimeout().toNanos();
        this.pending = new ArrayDeque[size];
        for (int p = 0; p < size; p++) {
            pending[p] = new ArrayDeque<>();
        }
        this.peerClosed = new AtomicIntegerArray(size);
        this.peerSession = new int[size];
        this.heardFrom = new boolean[size];
        this.acknowledgedBy = new boolean[size];
        this.closeAcknowledged = new boolean[size];
        this.lastHeardNs = new long[size];
        this.lastSentNs = new long[size];
        this.lastHelloNs = new long[size];
        this.dead = new boolean[size];
        if (size == 1) {
            state = State.ACTIVE;
            publishedState = State.ACTIVE;
            connected.complete(null);
        }
    }

    @Override
    public String roleName() {
        return "cohort-aeron-shard-" + rank;
    }

    // ---------------------------------------------------------------------------------------------
    // Requests from other threads

    /** Queues a message; the caller then wakes the agent. */
    void enqueue(FramePublisher.Outbound item) {
        requests.offer(item);
    }

    /** Asks the agent to tell every peer that this shard aborted the job ({@link Communicator#abort}). */
    void requestAbortBroadcast(ShardFailedException failure) {
        abortToBroadcast = failure;
    }

    void requestClose() {
        closeRequested = true;
    }

    State state() {
        return publishedState;
    }

    AeronCommunicator.Stats stats(long driverInvalidPackets) {
        return new AeronCommunicator.Stats(adapter.framesReceived(), adapter.droppedFrames(), publisher.messagesSent(),
                publisher.bytesSent(), adapter.bytesReceived(), driverInvalidPackets);
    }

    // ---------------------------------------------------------------------------------------------
    // Duty cycle

    @Override
    public int doWork() {
        long nowNs = System.nanoTime();
        if (startedNs < 0) {
            startedNs = nowNs;
        }
        int work = conductor.invoke();
        work += subscription.poll(assembler, FRAGMENT_LIMIT);
        work += drainRequests();
        ShardFailedException toBroadcast = abortToBroadcast;
        if (toBroadcast != null) {
            abortToBroadcast = null;
            broadcastAbort(toBroadcast);
            work++;
        }
        if (communicator.jobFailureOrNull() != null && state != State.FAILED && state != State.LINGER
                && state != State.DONE) {
            enterFailed();
        }
        switch (state) {
            case HANDSHAKE:
                work += handshake(nowNs);
                break;
            case ACTIVE:
                work += active(nowNs);
                break;
            case CLOSING:
                work += closing(nowNs);
                break;
            case FAILED:
                work += failed(nowNs);
                break;
            case LINGER:
                work += linger(nowNs);
                break;
            case DONE:
            default:
                break;
        }
        return work;
    }

    private int handshake(long nowNs) {
        int work = 0;
        boolean all = true;
        for (int p = 0; p < size; p++) {
            if (p == rank) {
                continue;
            }
            if (!acknowledgedBy[p] && nowNs - lastHelloNs[p] >= HELLO_INTERVAL_NS) {
                lastHelloNs[p] = nowNs;
                offerHello(p);
            }
            all &= heardFrom[p] && acknowledgedBy[p];
        }
        // peers that finished the handshake with this shard stop sending HELLOs while they wait for the rest:
        // they beat instead, so that silence means death here too
        work += heartbeats(nowNs, true);
        work += sendPending(nowNs, true);
        if (handshakeSilence(nowNs)) {
            return work + 1;
        }
        if (all) {
            for (int p = 0; p < size; p++) {
                lastHeardNs[p] = nowNs;
                lastSentNs[p] = nowNs;
            }
            setState(State.ACTIVE);
            connected.complete(null);
            return work + 1;
        }
        if (closeRequested) {
            connected.completeExceptionally(new IllegalStateException("shard " + rank + " closed during the handshake"));
            enterLinger(nowNs);
        } else if (nowNs - startedNs > connectTimeoutNs) {
            List<Integer> missing = new ArrayList<>();
            for (int p = 0; p < size; p++) {
                if (p != rank && !(heardFrom[p] && acknowledgedBy[p])) {
                    missing.add(p);
                }
            }
            IllegalStateException e = new IllegalStateException("shard " + rank + " of job "
                    + String.format("%016x", jobId) + ": no handshake with shards " + missing + " within "
                    + seconds(connectTimeoutNs) + " (" + communicator.describeEndpoints() + ")");
            connected.completeExceptionally(e);
            communicator.failFromAgent(new ShardFailedException(rank, e), false);
            enterFailed();
        }
        return work;
    }

    private int active(long nowNs) {
        int work = sendPending(nowNs, true);
        work += heartbeats(nowNs);
        checkLiveness(nowNs);
        if (closeRequested && state == State.ACTIVE) {
            setState(State.CLOSING);
            closingDeadlineNs = nowNs + heartbeatTimeoutNs;
            work++;
        }
        return work;
    }

    private int closing(long nowNs) {
        int work = sendPending(nowNs, true);
        work += heartbeats(nowNs);
        boolean drained = true;
        boolean done = true;
        for (int p = 0; p < size; p++) {
            if (p == rank) {
                continue;
            }
            drained &= pending[p].isEmpty();
            done &= closeAcknowledged[p] || peerClosed.get(p) == 1 || dead[p];
        }
        if (drained && !closeSent) {
            closeSent = true;
            for (int p = 0; p < size; p++) {
                if (p != rank && peerClosed.get(p) == 0) {
                    pending[p].add(FramePublisher.Outbound.control(Frames.Type.CLOSE, p));
                }
            }
            return work + 1;
        }
        if ((closeSent && done) || nowNs - closingDeadlineNs > 0) {
            enterLinger(nowNs);
            work++;
        }
        return work;
    }

    private int failed(long nowNs) {
        int work = sendPending(nowNs, false);
        if (closeRequested) {
            boolean drained = true;
            for (int p = 0; p < size; p++) {
                drained &= pending[p].isEmpty() || dead[p];
            }
            if (drained || nowNs - closingDeadlineNs > 0) {
                enterLinger(nowNs);
                work++;
            }
        } else {
            closingDeadlineNs = nowNs + heartbeatTimeoutNs;
        }
        return work;
    }

    private int linger(long nowNs) {
        int work = sendPending(nowNs, communicator.jobFailureOrNull() == null);
        if (nowNs - lingerUntilNs > 0) {
            setState(State.DONE);
            finished.complete(null);
            work++;
        }
        return work;
    }

    private void enterFailed() {
        for (int p = 0; p < size; p++) {
            pending[p].removeIf(item -> item.type != Frames.Type.ABORT);
        }
        closingDeadlineNs = System.nanoTime() + heartbeatTimeoutNs;
        setState(State.FAILED);
        ShardFailedException failure = communicator.jobFailureOrNull();
        if (!connected.isDone()) {
            connected.completeExceptionally(failure != null ? failure
                    : new IllegalStateException("shard " + rank + " failed during the handshake"));
        }
    }

    private void enterLinger(long nowNs) {
        lingerUntilNs = nowNs + LINGER_NS;
        setState(State.LINGER);
    }

    private void setState(State next) {
        state = next;
        publishedState = next;
    }

    // ---------------------------------------------------------------------------------------------

    private int drainRequests() {
        int work = 0;
        FramePublisher.Outbound item;
        while ((item = requests.poll()) != null) {
            work++;
            if (item.type == Frames.Type.DATA && (state == State.FAILED || peerClosed.get(item.destination) == 1)) {
                continue; // the job failed, or the peer left: nobody will read it
            }
            pending[item.destination].add(item);
        }
        return work;
    }

    /** Offers queued frames peer by peer; {@code data} false drops queued DATA (failed job). */
    private int sendPending(long nowNs, boolean data) {
        int work = 0;
        for (int p = 0; p < size; p++) {
            ArrayDeque<FramePublisher.Outbound> queue = pending[p];
            FramePublisher.Outbound item;
            while ((item = queue.peek()) != null) {
                if (dead[p] || (!data && item.type == Frames.Type.DATA)) {
                    queue.poll();
                    continue;
                }
                if (state == State.HANDSHAKE && item.type == Frames.Type.DATA) {
                    break; // nothing but HELLOs before the handshake
                }
                FramePublisher.Outcome outcome;
                int sentBefore = item.sent;
                try {
                    outcome = publisher.offer(item, CHUNKS_PER_PEER);
                } catch (IllegalStateException e) {
                    communicator.failFromAgent(new ShardFailedException(rank, e), true);
                    return work + 1;
                }
                if (outcome != FramePublisher.Outcome.SENT) {
                    if (item.sent != sentBefore) {
                        work++; // chunks went: stay hot rather than back off into a park mid-transfer
                    }
                    break;
                }
                queue.poll();
                lastSentNs[p] = nowNs;
                work++;
            }
        }
        return work;
    }

    private int heartbeats(long nowNs) {
        return heartbeats(nowNs, false);
    }

    /** Queues a HEARTBEAT to each live peer not sent to lately; {@code handshaken}: only peers done handshaking. */
    private int heartbeats(long nowNs, boolean handshaken) {
        int work = 0;
        for (int p = 0; p < size; p++) {
            if (p != rank && !dead[p] && peerClosed.get(p) == 0 && nowNs - lastSentNs[p] >= heartbeatIntervalNs
                    && pending[p].isEmpty() && (!handshaken || (heardFrom[p] && acknowledgedBy[p]))) {
                pending[p].add(FramePublisher.Outbound.control(Frames.Type.HEARTBEAT, p));
                lastSentNs[p] = nowNs;
                work++;
            }
        }
        return work;
    }

    /**
     * A peer that was heard during the handshake and then fell silent for the heartbeat timeout died (or hangs)
     * during start-up: the job fails now, naming it, instead of at the connect timeout. A peer never heard at
     * all may still be starting; the connect timeout covers it.
     */
    private boolean handshakeSilence(long nowNs) {
        for (int p = 0; p < size; p++) {
            if (p == rank || !heardFrom[p]) {
                continue;
            }
            long silentNs = nowNs - lastHeardNs[p];
            if (silentNs > heartbeatTimeoutNs) {
                dead[p] = true;
                String reason = "no frame from shard " + p + " for " + seconds(silentNs) + " during the handshake "
                        + "(heartbeat timeout " + seconds(heartbeatTimeoutNs) + "); its process died or hangs";
                communicator.failFromAgent(new PeerFailedException(p, rank, reason), true);
                enterFailed();
                return true;
            }
        }
        return false;
    }

    private void checkLiveness(long nowNs) {
        for (int p = 0; p < size; p++) {
            if (p == rank || dead[p] || peerClosed.get(p) == 1) {
                continue;
            }
            long silentNs = nowNs - lastHeardNs[p];
            if (silentNs > heartbeatTimeoutNs) {
                dead[p] = true;
                String reason = "no frame from shard " + p + " for " + seconds(silentNs) + " (heartbeat timeout "
                        + seconds(heartbeatTimeoutNs) + "); its process died or hangs";
                communicator.failFromAgent(new PeerFailedException(p, rank, reason), true);
                return;
            }
        }
    }

    /**
     * Offers a HELLO to {@code peer} at once, best effort: one that does not go (not connected yet, back pressure)
     * is not queued, because the peer repeats its own HELLO until this shard's answer arrives, and this shard
     * repeats its HELLO every {@link #HELLO_INTERVAL_NS} until the peer's acknowledgement arrives.
     */
    private void offerHello(int peer) {
        try {
            publisher.offer(FramePublisher.Outbound.hello(peer, size, mac.compute(jobId, rank, peer, size),
                    heardFrom[peer]), 1);
        } catch (IllegalStateException e) {
            communicator.failFromAgent(new ShardFailedException(rank, e), true);
        }
    }

    /** Queues ABORT frames describing {@code failure} to every peer still there. */
    void broadcastAbort(ShardFailedException failure) {
        int kind = failure instanceof PeerFailedException ? Frames.KIND_PEER_FAILED : Frames.KIND_ABORTED;
        String text = kind == Frames.KIND_PEER_FAILED ? reasonOf((PeerFailedException) failure)
                : describe(failure.getCause(), failure.getMessage());
        for (int p = 0; p < size; p++) {
            if (p != rank && !dead[p] && peerClosed.get(p) == 0 && heardFrom[p]) {
                pending[p].addFirst(FramePublisher.Outbound.abort(p, failure.failedShard(), kind, text));
            }
        }
    }

    private static String reasonOf(PeerFailedException failure) {
        String message = failure.getMessage();
        String prefix = "shard " + failure.failedShard() + " failed: ";
        int noticed = message.lastIndexOf(" (noticed by shard ");
        return message.substring(message.startsWith(prefix) ? prefix.length() : 0,
                noticed > 0 ? noticed : message.length());
    }

    private static String describe(Throwable cause, String fallback) {
        if (cause == null) {
            return fallback;
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getName();
    }

    /** {@code 1.5 s} from a second on, {@code 250 ms} below (never "0.0 s"). */
    static String seconds(long ns) {
        return ns >= 1_000_000_000L ? String.format(Locale.ROOT, "%.1f s", ns / 1e9) : (ns / 1_000_000L) + " ms";
    }

    // ---------------------------------------------------------------------------------------------
    // Inbound, from FrameAdapter

    /** A HELLO from {@code source}; returns false (dropped) if it does not prove the job's secret. */
    boolean onHello(int source, int sessionId, int claimedSize, boolean heardYou, DirectBuffer buffer, int macOffset) {
        if (claimedSize != size || !mac.verify(buffer, macOffset, jobId, source, rank, size)) {
            return false;
        }
        if (heardFrom[source] && peerSession[source] != sessionId) {
            return false; // a second session claiming an already verified rank
        }
        peerSession[source] = sessionId;
        lastHeardNs[source] = System.nanoTime();
        boolean first = !heardFrom[source];
        heardFrom[source] = true;
        if (heardYou) {
            acknowledgedBy[source] = true;
        }
        if (first || !heardYou) {
            offerHello(source); // tell it that it was heard
        }
        return true;
    }

    /** Whether frames from {@code source} on Aeron session {@code sessionId} are to be believed. */
    boolean isVerifiedSession(int source, int sessionId) {
        return heardFrom[source] && peerSession[source] == sessionId;
    }

    void onHeartbeat(int source) {
        lastHeardNs[source] = System.nanoTime();
    }

    void onData(int source, long tag, byte[] message) {
        lastHeardNs[source] = System.nanoTime();
        communicator.deliver(source, tag, message);
    }

    void onClose(int source) {
        lastHeardNs[source] = System.nanoTime();
        if (peerClosed.getAndSet(source, 1) == 0) {
            pending[source].removeIf(item -> item.type == Frames.Type.DATA || item.type == Frames.Type.HEARTBEAT);
            pending[source].add(FramePublisher.Outbound.control(Frames.Type.CLOSE_ACK, source));
            communicator.peerLeft(source);
        }
    }

    void onCloseAck(int source) {
        lastHeardNs[source] = System.nanoTime();
        closeAcknowledged[source] = true;
    }

    void onAbort(int source, int failedShard, int kind, String text) {
        lastHeardNs[source] = System.nanoTime();
        if (failedShard < 0 || failedShard >= size) {
            failedShard = source;
        }
        ShardFailedException failure = kind == Frames.KIND_PEER_FAILED
                ? new PeerFailedException(failedShard, source, text)
                : new ShardFailedException(failedShard, new RemoteShardException(text));
        if (kind == Frames.KIND_PEER_FAILED) {
            dead[failedShard] = true;
        }
        communicator.failFromAgent(failure, false);
    }

    /** The cause carried by an ABORT frame: the aborting shard's message, as text. */
    static final class RemoteShardException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RemoteShardException(String message) {
            super(message, null, false, false);
        }
    }
}
