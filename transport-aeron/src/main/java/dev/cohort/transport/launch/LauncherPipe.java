package dev.cohort.transport.launch;

import dev.cohort.transport.JobEnvironment;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * A launched shard notices that its launcher is gone. The launcher holds a pipe open on each shard's stdin for
 * as long as it runs (over ssh, ssh carries it) and sets {@value #ENV}{@code =1}; the shard reads that stdin on
 * a daemon thread and, at end of file — the launcher exited, was killed ({@code kill -9} included) or its ssh
 * connection dropped — says so on stderr, removes the directory of the launcher's ipc driver (which died with
 * the launcher) and exits with status 1, running the JVM's shutdown hooks (which close its own media driver and
 * remove its directory). Nobody is left computing for a reader that is gone, and nothing is left in /dev/shm.
 *
 * <p>Without {@value #ENV} (a shard started by srun or mpirun, a test) nothing is watched: the scheduler owns
 * those processes.
 */
public final class LauncherPipe {
    /** Set to {@code 1} by the launcher in each shard's environment. */
    public static final String ENV = "COHORT_LAUNCHER_PIPE";
    /** After this long in shutdown hooks, the shard halts. */
    static final long HALT_AFTER_MS = 10_000;

    private static boolean watching;

    private LauncherPipe() {
    }

    /** Starts watching stdin (once per process) if this process was started by the launcher; true if it watches. */
    public static synchronized boolean watchIfLaunched() {
        if (watching || !"1".equals(System.getenv(ENV))) {
            return watching;
        }
        watching = true;
        String rank = System.getenv("COHORT_RANK");
        watch(System.in, "shard " + (rank == null ? "?" : rank), System.err, LauncherPipe::exit);
        return true;
    }

    /** Reads {@code in} to its end on a daemon thread, then reports to {@code err} and runs {@code onGone}. */
    static Thread watch(InputStream in, String who, PrintStream err, Runnable onGone) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[256];
            try {
                while (in.read(buf) >= 0) {
                    // the launcher writes nothing after the job's secret (ssh); anything else is ignored
                }
            } catch (IOException e) {
                // a broken pipe is the same news as its end
            }
            err.println("cohort: " + who + ": the launcher is gone (the pipe it holds on this shard's stdin closed); "
                    + "exiting");
            err.flush();
            onGone.run();
        }, "cohort-launcher-pipe");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void exit() {
        Thread halt = new Thread(() -> {
            try {
                TimeUnit.MILLISECONDS.sleep(HALT_AFTER_MS);
            } catch (InterruptedException e) {
                return;
            }
            Runtime.getRuntime().halt(1);
        }, "cohort-launcher-pipe-halt");
        halt.setDaemon(true);
        halt.start();
        removeLauncherDriverDirectory(System.getenv(JobEnvironment.AERON_DIR_ENV));
        System.exit(1);
    }

    /**
     * The launcher's own ipc media driver died with it, and its directory ({@code cohort-<job>-host}) would be
     * left behind: the shards, the last processes of the job, remove it (each tries; the first one wins).
     * Nothing else is touched: a directory not named like a launcher's driver (a shared driver started
     * beforehand, under srun) stays.
     */
    static boolean removeLauncherDriverDirectory(String directory) {
        if (directory == null) {
            return false;
        }
        java.io.File dir = new java.io.File(directory);
        if (!dir.getName().matches("cohort-[0-9a-f]{16}-host") || !dir.isDirectory()) {
            return false;
        }
        org.agrona.IoUtil.delete(dir, true);
        return !dir.exists();
    }
}
