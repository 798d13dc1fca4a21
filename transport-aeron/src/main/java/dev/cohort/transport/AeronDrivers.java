package dev.cohort.transport;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.File;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The media drivers of a job, configured once (DESIGN.md §6): one thread per driver ({@link ThreadingMode#SHARED})
 * that backs off to parking when idle, so a 2-core host never has more spinning threads than cores; term buffers
 * of {@link #TERM_LENGTH} and MTUs chosen for the transport; directories deleted on start and on shutdown.
 *
 * <ul>
 *   <li>{@link #launchEmbedded(String)}: a process's own driver (udp), in a directory unique to job and rank;</li>
 *   <li>{@link #launchHostDriver(String)}: the one driver that every shard of a host shares for ipc, started by
 *       the launcher ({@code bin/cohort run --transport ipc}) or by a test.</li>
 * </ul>
 */
public final class AeronDrivers {
    /**
     * Term buffer length of every publication, bytes. The largest Aeron message is a term length / 8 (512 KiB),
     * so transfers travel as chunks of about that size; the flow-control window of ipc is half a term.
     */
    public static final int TERM_LENGTH = 4 << 20;
    /** MTU of ipc and of loopback udp: 64 KiB frames triple ipc throughput against the default 1408 bytes. */
    public static final int LARGE_MTU = 65_504;
    /** MTU of udp between hosts (fits an Ethernet frame). */
    public static final int NETWORK_MTU = 1408;
    /** Longest park of an idle driver thread. */
    static final long DRIVER_MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(200);

    private AeronDrivers() {
    }

    /** The directory for shard {@code rank} of job {@code jobIdHex}'s embedded driver: under /dev/shm when present. */
    public static String embeddedDirectory(String jobIdHex, int rank) {
        return new File(baseDirectory(), "cohort-" + jobIdHex + "-" + rank).getPath();
    }

    /** The directory for a host's shared driver of job {@code jobIdHex}. */
    public static String hostDirectory(String jobIdHex) {
        return new File(baseDirectory(), "cohort-" + jobIdHex + "-host").getPath();
    }

    /** Where driver directories go: /dev/shm on Linux, else java.io.tmpdir. */
    public static File baseDirectory() {
        File shm = new File("/dev/shm");
        return shm.isDirectory() && shm.canWrite() ? shm : new File(System.getProperty("java.io.tmpdir"));
    }

    /** A driver directory whose driver has not beaten for this long, and which is at least this old, is dead. */
    public static final long DEAD_AFTER_MS = 30_000;

    /**
     * Removes the {@code cohort-*} driver directories under {@link #baseDirectory()} that no live driver uses:
     * left by a job whose processes were killed ({@code kill -9} skips the drivers' own clean-up). A directory is
     * dead when it is older than {@link #DEAD_AFTER_MS} and its driver's heartbeat in {@code cnc.dat} is older
     * than that too, or it has no readable {@code cnc.dat} (Aeron's {@code CommonContext.isDriverActive}); a
     * directory being made right now is young and kept.
     *
     * @return the directories removed
     */
    public static java.util.List<String> reapDeadDirectories() {
        return reapDeadDirectories(DEAD_AFTER_MS);
    }

    /** {@link #reapDeadDirectories()} with another age and heartbeat limit, ms. */
    public static java.util.List<String> reapDeadDirectories(long deadAfterMs) {
        java.util.List<String> removed = new java.util.ArrayList<>();
        File[] dirs = baseDirectory().listFiles((d, n) -> n.startsWith("cohort-"));
        if (dirs == null) {
            return removed;
        }
        long now = System.currentTimeMillis();
        for (File dir : dirs) {
            if (!dir.isDirectory() || now - dir.lastModified() < deadAfterMs) {
                continue;
            }
            boolean active;
            try {
                active = io.aeron.CommonContext.isDriverActive(dir, deadAfterMs, msg -> { });
            } catch (RuntimeException e) {
                active = false; // an unreadable or truncated cnc.dat: nobody can be using it
            }
            if (!active) {
                org.agrona.IoUtil.delete(dir, true);
                if (!dir.exists()) {
                    removed.add(dir.getName());
                }
            }
        }
        return removed;
    }

    /** Starts a process-private driver in {@code directory}; closing it removes the directory. */
    public static MediaDriver launchEmbedded(String directory) {
        return MediaDriver.launch(context(directory));
    }

    /** Starts the driver that the shards of one host share (ipc) in {@code directory}; closing it removes the directory. */
    public static MediaDriver launchHostDriver(String directory) {
        return MediaDriver.launch(context(directory));
    }

    static MediaDriver.Context context(String directory) {
        IdleStrategy idle = new BackoffIdleStrategy(20, 10, TimeUnit.MICROSECONDS.toNanos(1), DRIVER_MAX_PARK_NS);
        return new MediaDriver.Context()
                .aeronDirectoryName(directory)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .warnIfDirectoryExists(false)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(idle)
                .termBufferSparseFile(true)
                .publicationTermBufferLength(TERM_LENGTH)
                .ipcTermBufferLength(TERM_LENGTH)
                .ipcMtuLength(LARGE_MTU)
                // a dead client's publications are reclaimed after this; peers learn of the death by heartbeats
                .clientLivenessTimeoutNs(TimeUnit.SECONDS.toNanos(5))
                .imageLivenessTimeoutNs(TimeUnit.SECONDS.toNanos(5))
                .publicationLingerTimeoutNs(TimeUnit.SECONDS.toNanos(1))
                // UDP on loopback with 64 KiB frames needs room for a window of them in the socket
                .socketRcvbufLength(2 << 20)
                .initialWindowLength(2 << 20);
    }
}
