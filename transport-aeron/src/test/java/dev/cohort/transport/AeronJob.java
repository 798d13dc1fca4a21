package dev.cohort.transport;

import io.aeron.driver.MediaDriver;
import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.agrona.CloseHelper;

/**
 * A job of {@link AeronCommunicator} shards inside one test JVM, each connected on its own thread as a separate
 * process would: over ipc through one shared host driver, or over udp on loopback ports, each shard with its own
 * embedded driver (the default of a process) or all through one shared driver (fewer threads for big jobs).
 */
final class AeronJob implements AutoCloseable {
    /** How the shards of the job reach each other. */
    enum Wire {
        IPC, UDP, UDP_EMBEDDED_DRIVERS
    }

    final List<AeronCommunicator> shards;
    final JobEnvironment job;
    private final MediaDriver hostDriver;

    private AeronJob(List<AeronCommunicator> shards, JobEnvironment job, MediaDriver hostDriver) {
        this.shards = shards;
        this.job = job;
        this.hostDriver = hostDriver;
    }

    static AeronJob start(int size, Wire wire) {
        return start(size, wire, JobEnvironment.DEFAULT_HEARTBEAT_TIMEOUT);
    }

    static AeronJob start(int size, Wire wire, Duration heartbeatTimeout) {
        JobEnvironment job = environment(size, wire, heartbeatTimeout);
        MediaDriver hostDriver = wire == Wire.UDP_EMBEDDED_DRIVERS ? null : AeronDrivers.launchHostDriver(
                wire == Wire.IPC ? job.aeronDirectory() : AeronDrivers.hostDirectory(job.jobIdHex()));
        if (wire == Wire.UDP) {
            job = new JobEnvironment(job.jobId(), job.secret(), 0, size, JobEnvironment.Transport.UDP,
                    job.endpoints(), hostDriver.aeronDirectoryName(), heartbeatTimeout, job.connectTimeout());
        }
        List<CompletableFuture<AeronCommunicator>> connecting = new ArrayList<>();
        for (int rank = 0; rank < size; rank++) {
            JobEnvironment mine = job.withRank(rank);
            connecting.add(CompletableFuture.supplyAsync(() -> AeronCommunicator.connect(mine),
                    runnable -> {
                        Thread t = new Thread(runnable, "test-connect-" + mine.rank());
                        t.setDaemon(true);
                        t.start();
                    }));
        }
        List<AeronCommunicator> shards = new ArrayList<>();
        try {
            for (CompletableFuture<AeronCommunicator> c : connecting) {
                shards.add(c.get(60, TimeUnit.SECONDS));
            }
        } catch (Exception e) {
            for (CompletableFuture<AeronCommunicator> c : connecting) {
                c.thenAccept(AeronCommunicator::close);
            }
            CloseHelper.quietClose(hostDriver);
            throw new AssertionError("the job did not connect: " + e, e);
        }
        return new AeronJob(shards, job, hostDriver);
    }

    /** A job of {@code size} shards (rank 0's view) with a fresh id and secret. */
    static JobEnvironment environment(int size, Wire wire, Duration heartbeatTimeout) {
        long jobId = JobEnvironment.newJobId();
        String jobHex = String.format("%016x", jobId);
        List<InetSocketAddress> endpoints = new ArrayList<>();
        if (wire != Wire.IPC) {
            for (int port : freeUdpPorts(size)) {
                endpoints.add(InetSocketAddress.createUnresolved("127.0.0.1", port));
            }
        }
        return new JobEnvironment(jobId, JobEnvironment.newSecret(), 0, size,
                wire == Wire.IPC ? JobEnvironment.Transport.IPC : JobEnvironment.Transport.UDP, endpoints,
                wire == Wire.IPC ? AeronDrivers.hostDirectory(jobHex) : null, heartbeatTimeout,
                Duration.ofSeconds(30));
    }

    /**
     * {@code count} distinct free UDP ports of the loopback address: every socket stays bound until all are picked,
     * so that the system cannot hand one port out twice (a port picked alone and released could come back for the
     * next rank, and two drivers would then share it).
     */
    static int[] freeUdpPorts(int count) {
        List<DatagramSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new AssertionError("no free udp port", e);
        } finally {
            sockets.forEach(DatagramSocket::close);
        }
    }

    AeronCommunicator shard(int rank) {
        return shards.get(rank);
    }

    int size() {
        return shards.size();
    }

    /**
     * Runs {@code program} for every shard, each on its own thread, and returns what each one's future gives, by
     * rank, failing the test after {@link LocalJob#WAIT_SECONDS}.
     */
    <T> List<T> run(Function<AeronCommunicator, CompletableFuture<T>> program) {
        List<CompletableFuture<CompletableFuture<T>>> started = new ArrayList<>();
        for (AeronCommunicator shard : shards) {
            started.add(CompletableFuture.supplyAsync(() -> program.apply(shard), runnable -> {
                Thread t = new Thread(runnable, "test-program-" + shard.rank());
                t.setDaemon(true);
                t.start();
            }));
        }
        List<T> results = new ArrayList<>();
        for (int rank = 0; rank < started.size(); rank++) {
            CompletableFuture<T> future = LocalJob.await(started.get(rank), "the program of shard " + rank);
            results.add(LocalJob.await(future, "shard " + rank));
        }
        return results;
    }

    /** Driver directories of this job still on disk. */
    List<File> leftoverDirectories() {
        List<File> out = new ArrayList<>();
        File[] files = AeronDrivers.baseDirectory().listFiles((dir, name) -> name.startsWith("cohort-" + job.jobIdHex()));
        if (files != null) {
            out.addAll(List.of(files));
        }
        return out;
    }

    /** Closes every shard at once (each waits for the others' acknowledgements), then the shared driver. */
    @Override
    public void close() {
        List<Thread> closers = new ArrayList<>();
        for (AeronCommunicator shard : shards) {
            Thread t = new Thread(shard::close, "test-close-" + shard.rank());
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
        CloseHelper.quietClose(hostDriver);
    }
}
