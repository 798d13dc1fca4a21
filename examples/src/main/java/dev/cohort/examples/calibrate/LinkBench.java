package dev.cohort.examples.calibrate;

import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.Topology;
import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.AeronDrivers;
import dev.cohort.transport.Communicator;
import dev.cohort.transport.JobEnvironment;
import dev.cohort.transport.LocalCommunicator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The cost of moving bytes between two shards, per {@link Topology.LinkClass link class}: a ping-pong of messages
 * of several sizes between rank 0 and rank 1 of a two-shard job in this JVM, each message packed into a fresh
 * array on the sender and unpacked into the receiver's buffer, as the runtime moves a piece (pack, send, receive,
 * unpack). Half the median round trip per size gives {@code latency + bytes / bandwidth}: the latency is the
 * smallest message's, the bandwidth the least-squares fit of the larger messages' ({@code >= 64 KiB}) time beyond it.
 * <ul>
 *   <li>{@code IN_PROCESS}: {@link LocalCommunicator} (in-process shards);</li>
 *   <li>{@code IPC}: {@link AeronCommunicator} over Aeron ipc through one shared media driver, as shard processes of
 *       one node ({@code bin/cohort run --transport ipc});</li>
 *   <li>{@code NETWORK}: {@link AeronCommunicator} over Aeron udp on the loopback interface, each rank with its own
 *       embedded driver as a process on another node would have; it stands for the network (a projection replaces it
 *       with the network it is given).</li>
 * </ul>
 */
final class LinkBench {
    static final long[] SIZES = {8, 1 << 10, 16 << 10, 128 << 10, 1 << 20, 4 << 20, 16 << 20};
    static final long[] SIZES_QUICK = {8, 4 << 10, 64 << 10, 1 << 20, 4 << 20};
    /** Messages of at least this many bytes give the bandwidth. */
    static final long BANDWIDTH_FROM = 64 << 10;
    /** Longest wait for one message before the measurement is abandoned. */
    static final long MESSAGE_TIMEOUT_S = 60;

    /** Half the median round trip of messages of {@code bytes}. */
    record Sample(long bytes, double nanos, int count) {
    }

    record Result(Topology.LinkClass link, List<Sample> samples, Calibration.LinkCost cost, Fit.Result fit) {
    }

    private final boolean quick;

    LinkBench(boolean quick) {
        this.quick = quick;
    }

    int reps(long bytes) {
        double budget = quick ? 32 << 20 : 256 << 20;
        return (int) Math.max(quick ? 5 : 10, Math.min(quick ? 500 : 2000, budget / bytes));
    }

    Result measure(Topology.LinkClass link) {
        long[] sizes = quick ? SIZES_QUICK : SIZES;
        List<Communicator> pair = new ArrayList<>();
        AutoCloseable driver = open(link, pair);
        try {
            long[] plan = plan(sizes);
            CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> echo(pair.get(1), plan.length), r -> {
                Thread t = new Thread(r, "calibrate-echo");
                t.setDaemon(true);
                t.start();
            });
            List<Sample> samples = new ArrayList<>();
            long tag = 0;
            byte[] source = new byte[(int) sizes[sizes.length - 1]];
            byte[] sink = new byte[source.length];
            Communicator me = pair.get(0);
            int warm = quick ? 50 : 200;
            for (int i = 0; i < warm; i++) {
                pingPong(me, tag++, source, sink, (int) sizes[0]);
            }
            for (long s : sizes) {
                int reps = reps(s);
                double[] half = new double[reps];
                for (int i = 0; i < reps; i++) {
                    half[i] = pingPong(me, tag++, source, sink, (int) s) / 2.0;
                }
                samples.add(new Sample(s, KernelBench.median(half), reps));
            }
            await(echo, "the echo of rank 1");
            // latency: the smallest message's half round trip; the time per byte: least squares (through that
            // latency) over the messages of 64 KiB and more, where bytes dominate
            double latency = samples.get(0).nanos;
            double num = 0;
            double den = 0;
            for (Sample sm : samples) {
                if (sm.bytes >= BANDWIDTH_FROM) {
                    num += sm.bytes * (sm.nanos - latency);
                    den += (double) sm.bytes * sm.bytes;
                }
            }
            double perByte = num / den;
            if (!(perByte > 0)) {
                throw new IllegalStateException(link + ": the time of a message did not grow with its size: " + samples);
            }
            double sse = 0;
            double max = 0;
            for (Sample sm : samples) {
                double r = (latency + perByte * sm.bytes - sm.nanos) / sm.nanos;
                sse += r * r;
                max = Math.max(max, Math.abs(r));
            }
            Fit.Result f = new Fit.Result(new double[]{latency, perByte}, Math.sqrt(sse / samples.size()), max);
            return new Result(link, samples, new Calibration.LinkCost(f.coefficients()[0], 1 / perByte), f);
        } finally {
            close(pair, driver);
        }
    }

    /** The sizes of all messages: warm-up, then each size's repetitions. */
    private long[] plan(long[] sizes) {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < (quick ? 50 : 200); i++) {
            all.add(sizes[0]);
        }
        for (long s : sizes) {
            for (int i = 0; i < reps(s); i++) {
                all.add(s);
            }
        }
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    /** One round trip of {@code bytes}, ns. */
    private static long pingPong(Communicator me, long tag, byte[] source, byte[] sink, int bytes) {
        long t0 = System.nanoTime();
        byte[] out = new byte[bytes];
        System.arraycopy(source, 0, out, 0, bytes);
        CompletableFuture<byte[]> back = me.receive(1, tag);
        me.send(1, tag, out);
        byte[] in = await(back, "the reply " + tag);
        System.arraycopy(in, 0, sink, 0, in.length);
        return System.nanoTime() - t0;
    }

    /** Rank 1: sends every message back, unpacked and packed again. */
    private static void echo(Communicator me, int messages) {
        byte[] buffer = new byte[0];
        for (long tag = 0; tag < messages; tag++) {
            byte[] in = await(me.receive(0, tag), "message " + tag);
            if (buffer.length < in.length) {
                buffer = new byte[in.length];
            }
            System.arraycopy(in, 0, buffer, 0, in.length);
            byte[] out = new byte[in.length];
            System.arraycopy(buffer, 0, out, 0, in.length);
            me.send(0, tag, out);
        }
    }

    private static <T> T await(CompletableFuture<T> f, String what) {
        try {
            return f.get(MESSAGE_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " did not arrive within " + MESSAGE_TIMEOUT_S + " s", e);
        }
    }

    /** Connects a two-shard job over {@code link} into {@code pair}; returns the shared media driver to close, or null. */
    private static AutoCloseable open(Topology.LinkClass link, List<Communicator> pair) {
        if (link == Topology.LinkClass.IN_PROCESS) {
            pair.addAll(LocalCommunicator.create(2));
            return null;
        }
        long jobId = JobEnvironment.newJobId();
        String hex = String.format("%016x", jobId);
        JobEnvironment job;
        AutoCloseable driver = null;
        if (link == Topology.LinkClass.IPC) {
            String dir = AeronDrivers.hostDirectory(hex);
            driver = AeronDrivers.launchHostDriver(dir);
            job = new JobEnvironment(jobId, JobEnvironment.newSecret(), 0, 2, JobEnvironment.Transport.IPC, List.of(), dir,
                    JobEnvironment.DEFAULT_HEARTBEAT_TIMEOUT, Duration.ofSeconds(30));
        } else {
            List<InetSocketAddress> endpoints = List.of(freeLoopbackPort(), freeLoopbackPort());
            job = new JobEnvironment(jobId, JobEnvironment.newSecret(), 0, 2, JobEnvironment.Transport.UDP, endpoints,
                    null, JobEnvironment.DEFAULT_HEARTBEAT_TIMEOUT, Duration.ofSeconds(30));
        }
        List<CompletableFuture<AeronCommunicator>> connecting = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            JobEnvironment mine = job.withRank(rank);
            connecting.add(CompletableFuture.supplyAsync(() -> AeronCommunicator.connect(mine), r -> {
                Thread t = new Thread(r, "calibrate-connect-" + mine.rank());
                t.setDaemon(true);
                t.start();
            }));
        }
        try {
            for (CompletableFuture<AeronCommunicator> c : connecting) {
                pair.add(await(c, "the " + link + " connection"));
            }
        } catch (RuntimeException e) {
            for (CompletableFuture<AeronCommunicator> c : connecting) {
                c.thenAccept(AeronCommunicator::close);
            }
            closeQuietly(driver);
            throw e;
        }
        return driver;
    }

    private static InetSocketAddress freeLoopbackPort() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return InetSocketAddress.createUnresolved("127.0.0.1", socket.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException("no free udp port on the loopback interface", e);
        }
    }

    /** Closes both shards at once (each waits for the other's goodbye), then the driver. */
    private static void close(List<Communicator> pair, AutoCloseable driver) {
        List<Thread> closers = new ArrayList<>();
        for (Communicator c : pair) {
            Thread t = new Thread(c::close, "calibrate-close-" + c.rank());
            t.setDaemon(true);
            t.start();
            closers.add(t);
        }
        for (Thread t : closers) {
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeQuietly(driver);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // the driver's directory is removed on close; nothing else to do
            }
        }
    }
}
