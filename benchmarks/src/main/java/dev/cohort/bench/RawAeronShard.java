package dev.cohort.bench;

import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.JobEnvironment;
import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.logbuffer.FragmentHandler;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One process of a raw Aeron reference job of {@link TransportBenchmark}: the same layout as an
 * {@link AeronCommunicator} job (one JVM per rank, the environment of {@link JobEnvironment}), the same media
 * drivers ({@link AeronDrivers}: the host's shared driver for ipc, an embedded one per process for udp), the same
 * channels (exclusive publications with term length {@link AeronDrivers#TERM_LENGTH} and MTU
 * {@link AeronDrivers#LARGE_MTU}), but none of Cohort's framing, matching, threads or futures: the main thread
 * offers and polls itself. Each ordered pair of ranks has a stream of its own (so no message needs a header).
 *
 * <ul>
 *   <li>{@code mode=pingpong iterations=K warmup=W idles=backoff,spin} (2 processes): rank 0 sends a 64-byte
 *       message, rank 1 echoes it; prints the round-trip time and one-way latency (RTT/2) per idle strategy:
 *       {@code backoff} is AeronCommunicator's agent's, {@code BackoffIdleStrategy(AGENT_SPINS, AGENT_YIELDS, 1 µs, }
 *       {@link AeronCommunicator#AGENT_MAX_PARK_NS}{@code )}, {@code spin} is a busy spin.</li>
 *   <li>{@code mode=exchange iterations=K warmup=W} (a power of two of processes): a raw all-reduce of 8 doubles
 *       by recursive doubling (round k: swap with {@code rank xor 2^k}), backoff idle strategy.</li>
 *   <li>{@code mode=throughput size_mib=S pieces=M rounds=R warmup_rounds=W variants=nocopy,copy} (2 processes):
 *       rank 0 offers M pieces of S MiB as chunks of {@code publication.maxMessageLength()}; rank 1 reassembles
 *       each chunk with a {@link FragmentAssembler} and, in variant {@code copy}, copies it into a fresh
 *       {@code byte[S MiB]} per piece (what AeronCommunicator's receiver does); after the last byte rank 1 sends an
 *       8-byte ack. A round's time runs from the first offer until the ack is there. Variant {@code copy-mtu} copies
 *       too but offers chunks of {@code publication.maxPayloadLength()} (one MTU frame each), which the
 *       assembler hands on without copying them into its own buffer first.</li>
 * </ul>
 */
public final class RawAeronShard {
    /** First stream id of the raw jobs (AeronCommunicator uses {@link AeronCommunicator#STREAM_ID} and up). */
    static final int STREAM_BASE = 0x0C0B_0000;
    /** Bytes of one latency message: 8 doubles. */
    static final int MESSAGE_BYTES = 64;
    /** Fragments per poll, as AeronCommunicator's agent. */
    static final int FRAGMENT_LIMIT = 64;

    private final int rank;
    private final int size;
    private final ExclusivePublication[] publications;
    private final Subscription[] subscriptions;

    private RawAeronShard(Aeron aeron, JobEnvironment job) {
        this.rank = job.rank();
        this.size = job.size();
        boolean ipc = job.transport() == JobEnvironment.Transport.IPC;
        String params = "term-length=" + AeronDrivers.TERM_LENGTH + "|mtu=" + AeronDrivers.LARGE_MTU;
        publications = new ExclusivePublication[size];
        subscriptions = new Subscription[size];
        for (int p = 0; p < size; p++) {
            if (p == rank) {
                continue;
            }
            if (ipc) {
                publications[p] = aeron.addExclusivePublication("aeron:ipc?" + params, stream(rank, p));
                subscriptions[p] = aeron.addSubscription("aeron:ipc", stream(p, rank));
            } else {
                publications[p] = aeron.addExclusivePublication("aeron:udp?endpoint="
                        + endpoint(job.endpoints().get(p)) + "|" + params, STREAM_BASE + rank);
                subscriptions[p] = aeron.addSubscription("aeron:udp?endpoint=" + endpoint(job.endpoints().get(rank)),
                        STREAM_BASE + p);
            }
        }
    }

    /** The ipc stream of messages from {@code source} to {@code destination}. */
    private static int stream(int source, int destination) {
        return STREAM_BASE + 1 + destination * 1024 + source;
    }

    private static String endpoint(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }

    /** AeronCommunicator's agent's idle strategy, or a busy spin. */
    static IdleStrategy idleStrategy(String name) {
        switch (name) {
            case "backoff":
                return new BackoffIdleStrategy(AeronCommunicator.AGENT_SPINS, AeronCommunicator.AGENT_YIELDS, TimeUnit.MICROSECONDS.toNanos(1),
                        AeronCommunicator.AGENT_MAX_PARK_NS);
            case "spin":
                return new BusySpinIdleStrategy();
            default:
                throw new IllegalArgumentException("idle strategy must be backoff or spin, was '" + name + "'");
        }
    }

    public static void main(String[] args) {
        int status = 0;
        MediaDriver driver = null;
        Aeron aeron = null;
        try {
            Map<String, String> options = KeyValues.parseArguments(args);
            JobEnvironment job = JobEnvironment.fromEnvironment().orElseThrow(() -> new IllegalStateException(
                    "not a shard: " + JobEnvironment.JOB_ID_ENV + " is not set"));
            String directory = job.aeronDirectory();
            if (directory == null) {
                driver = AeronDrivers.launchEmbedded(AeronDrivers.embeddedDirectory(job.jobIdHex(), job.rank()));
                directory = driver.aeronDirectoryName();
            }
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(directory));
            RawAeronShard shard = new RawAeronShard(aeron, job);
            shard.awaitConnected(job.connectTimeout().toNanos());
            String mode = options.getOrDefault("mode", "");
            switch (mode) {
                case "pingpong":
                    for (String idle : options.getOrDefault("idles", "backoff").split(",")) {
                        shard.pingPong((int) KeyValues.getLong(options, "iterations"),
                                (int) KeyValues.getLong(options, "warmup"), idle.strip());
                    }
                    break;
                case "exchange":
                    shard.exchange((int) KeyValues.getLong(options, "iterations"),
                            (int) KeyValues.getLong(options, "warmup"));
                    break;
                case "throughput":
                    for (String variant : options.getOrDefault("variants", "nocopy").split(",")) {
                        shard.throughput((int) KeyValues.getLong(options, "size_mib"),
                                (int) KeyValues.getLong(options, "pieces"), (int) KeyValues.getLong(options, "rounds"),
                                (int) KeyValues.getLong(options, "warmup_rounds"), variant.strip());
                    }
                    break;
                default:
                    throw new IllegalArgumentException("mode must be pingpong, exchange or throughput, was '" + mode
                            + "'");
            }
            shard.finish();
            CloseHelper.quietCloseAll(shard.publications);
            CloseHelper.quietCloseAll(shard.subscriptions);
        } catch (Throwable t) {
            t.printStackTrace();
            status = 1;
        } finally {
            CloseHelper.quietClose(aeron);
            CloseHelper.quietClose(driver);
        }
        System.out.flush();
        System.exit(status);
    }

    private void awaitConnected(long timeoutNs) {
        long deadline = System.nanoTime() + timeoutNs;
        for (int p = 0; p < size; p++) {
            if (p == rank) {
                continue;
            }
            while (!publications[p].isConnected() || !subscriptions[p].isConnected()) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("rank " + rank + ": no connection with rank " + p);
                }
                sleepMillis(1);
            }
        }
    }

    /** Rank 0 tells every other rank that it has its results; they leave only then, so nothing is cut short. */
    private void finish() {
        UnsafeBuffer fin = new UnsafeBuffer(new byte[8]);
        IdleStrategy idle = idleStrategy("backoff");
        if (rank == 0) {
            for (int p = 1; p < size; p++) {
                offer(publications[p], fin, 0, fin.capacity(), idle);
            }
            sleepMillis(50);
        } else {
            boolean[] got = {false};
            FragmentHandler handler = (buffer, offset, length, header) -> got[0] = true;
            while (!got[0]) {
                idle.idle(subscriptions[0].poll(handler, 1));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    private void pingPong(int iterations, int warmup, String idleName) {
        if (size != 2) {
            throw new IllegalArgumentException("pingpong runs on 2 processes, not " + size);
        }
        IdleStrategy idle = idleStrategy(idleName);
        int peer = 1 - rank;
        UnsafeBuffer message = new UnsafeBuffer(new byte[MESSAGE_BYTES]);
        long[] rtt = new long[iterations];
        long[] seen = {-1};
        FragmentHandler handler = (buffer, offset, length, header) -> seen[0] = buffer.getLong(offset);
        for (int i = 0; i < warmup + iterations; i++) {
            if (rank == 0) {
                message.putLong(0, i);
                long start = System.nanoTime();
                offer(publications[peer], message, 0, MESSAGE_BYTES, idle);
                awaitMessage(subscriptions[peer], handler, seen, i, idle);
                long elapsed = System.nanoTime() - start;
                if (i >= warmup) {
                    rtt[i - warmup] = elapsed;
                }
            } else {
                awaitMessage(subscriptions[peer], handler, seen, i, idle);
                message.putLong(0, i);
                offer(publications[peer], message, 0, MESSAGE_BYTES, idle);
            }
        }
        if (rank == 0) {
            Stats.Summary s = Stats.summarize(rtt);
            String key = "pingpong." + idleName + ".";
            System.out.println(key + "iterations=" + s.count());
            System.out.println(key + "rtt_median_ns=" + s.median());
            System.out.println(key + "rtt_p99_ns=" + s.p99());
            System.out.println(key + "oneway_median_ns=" + s.median() / 2);
            System.out.println(key + "oneway_p99_ns=" + s.p99() / 2);
        }
    }

    private static void awaitMessage(Subscription subscription, FragmentHandler handler, long[] seen, long expected,
            IdleStrategy idle) {
        idle.reset();
        while (seen[0] != expected) {
            int n = subscription.poll(handler, 1);
            if (n > 0 && seen[0] != expected) {
                throw new IllegalStateException("expected message " + expected + ", got " + seen[0]);
            }
            idle.idle(n);
        }
    }

    private void exchange(int iterations, int warmup) {
        if (Integer.bitCount(size) != 1 || size < 2) {
            throw new IllegalArgumentException("exchange runs on a power of two of processes, not " + size);
        }
        IdleStrategy idle = idleStrategy("backoff");
        UnsafeBuffer message = new UnsafeBuffer(new byte[MESSAGE_BYTES]);
        double[] partial = new double[8];
        double[] theirs = new double[8];
        boolean[] got = {false};
        FragmentHandler handler = (buffer, offset, length, header) -> {
            for (int e = 0; e < 8; e++) {
                theirs[e] = buffer.getDouble(offset + e * Double.BYTES);
            }
            got[0] = true;
        };
        long[] latencies = new long[iterations];
        for (int i = 0; i < warmup + iterations; i++) {
            long start = System.nanoTime();
            for (int e = 0; e < 8; e++) {
                partial[e] = rank + e + 0.5 * i;
            }
            for (int distance = 1; distance < size; distance <<= 1) {
                int partner = rank ^ distance;
                for (int e = 0; e < 8; e++) {
                    message.putDouble(e * Double.BYTES, partial[e]);
                }
                offer(publications[partner], message, 0, MESSAGE_BYTES, idle);
                got[0] = false;
                idle.reset();
                while (!got[0]) {
                    idle.idle(subscriptions[partner].poll(handler, 1));
                }
                for (int e = 0; e < 8; e++) {
                    partial[e] = rank < partner ? partial[e] + theirs[e] : theirs[e] + partial[e];
                }
            }
            long elapsed = System.nanoTime() - start;
            double expected = size * (7 + 0.5 * i) + size * (size - 1) / 2.0;
            if (partial[7] != expected) {
                throw new IllegalStateException("exchange " + i + " gave " + partial[7] + ", expected " + expected);
            }
            if (i >= warmup) {
                latencies[i - warmup] = elapsed;
            }
        }
        if (rank == 0) {
            Stats.printLatencies("exchange", size, latencies);
        }
    }

    private void throughput(int sizeMiB, int pieces, int rounds, int warmupRounds, String variant) {
        if (size != 2) {
            throw new IllegalArgumentException("throughput runs on 2 processes, not " + size);
        }
        boolean copy;
        boolean mtuChunks = false;
        switch (variant) {
            case "nocopy":
                copy = false;
                break;
            case "copy":
                copy = true;
                break;
            case "copy-mtu":
                copy = true;
                mtuChunks = true;
                break;
            default:
                throw new IllegalArgumentException("variant must be nocopy, copy or copy-mtu, was '" + variant + "'");
        }
        int bytes = sizeMiB << 20;
        IdleStrategy idle = idleStrategy("backoff");
        double[] mbps = new double[rounds];
        UnsafeBuffer ack = new UnsafeBuffer(new byte[8]);
        if (rank == 0) {
            byte[] piece = new byte[bytes];
            for (int i = 0; i < bytes; i++) {
                piece[i] = (byte) (i * 31 + 7);
            }
            UnsafeBuffer source = new UnsafeBuffer(piece);
            ExclusivePublication publication = publications[1];
            // maxPayloadLength: one frame per chunk, which the receiver's FragmentAssembler passes on uncopied
            int chunk = mtuChunks ? publication.maxPayloadLength() : publication.maxMessageLength();
            boolean[] acked = {false};
            FragmentHandler onAck = (buffer, offset, length, header) -> acked[0] = true;
            for (int round = 0; round < warmupRounds + rounds; round++) {
                long start = System.nanoTime();
                for (int m = 0; m < pieces; m++) {
                    for (int offset = 0; offset < bytes; offset += chunk) {
                        offer(publication, source, offset, Math.min(chunk, bytes - offset), idle);
                    }
                }
                acked[0] = false;
                idle.reset();
                while (!acked[0]) {
                    idle.idle(subscriptions[1].poll(onAck, 1));
                }
                long elapsed = System.nanoTime() - start;
                if (round >= warmupRounds) {
                    mbps[round - warmupRounds] = Stats.megabytesPerSecond((long) pieces * bytes, elapsed);
                }
            }
            StringBuilder all = new StringBuilder();
            for (double v : mbps) {
                all.append(all.length() == 0 ? "" : ",").append(Report.format(v, 1));
            }
            String key = "throughput." + variant + ".";
            System.out.println(key + "size_mib=" + sizeMiB);
            System.out.println(key + "pieces=" + pieces);
            System.out.println(key + "chunk_bytes=" + chunk);
            System.out.println(key + "mbps=" + Report.format(Stats.median(mbps), 1));
            System.out.println(key + "rounds_mbps=" + all);
        } else {
            Receiver receiver = new Receiver(bytes, copy);
            FragmentAssembler assembler = new FragmentAssembler(receiver);
            long total = (long) pieces * bytes;
            for (int round = 0; round < warmupRounds + rounds; round++) {
                receiver.received = 0;
                idle.reset();
                while (receiver.received < total) {
                    idle.idle(subscriptions[0].poll(assembler, FRAGMENT_LIMIT));
                }
                offer(publications[0], ack, 0, ack.capacity(), idle);
            }
        }
    }

    /** Counts the bytes of reassembled chunks and, if asked, copies them into one fresh array per piece. */
    private static final class Receiver implements FragmentHandler {
        private final int pieceBytes;
        private final boolean copy;
        long received;
        private byte[] piece;
        private int filled;

        Receiver(int pieceBytes, boolean copy) {
            this.pieceBytes = pieceBytes;
            this.copy = copy;
        }

        @Override
        public void onFragment(org.agrona.DirectBuffer buffer, int offset, int length, io.aeron.logbuffer.Header h) {
            if (copy) {
                if (piece == null || filled == pieceBytes) {
                    piece = new byte[pieceBytes];
                    filled = 0;
                }
                buffer.getBytes(offset, piece, filled, length);
                filled += length;
            }
            received += length;
        }
    }

    /** Offers until it is accepted, idling on back pressure; fails on a closed publication. */
    private static void offer(ExclusivePublication publication, UnsafeBuffer buffer, int offset, int length,
            IdleStrategy idle) {
        idle.reset();
        long position;
        while ((position = publication.offer(buffer, offset, length)) < 0) {
            if (position == Publication.CLOSED || position == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("publication unusable: " + Publication.errorString(position));
            }
            idle.idle();
        }
    }

    private static void sleepMillis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
