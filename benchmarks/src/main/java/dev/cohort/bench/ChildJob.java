package dev.cohort.bench;

import dev.cohort.transport.JobEnvironment;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * One job of benchmark shards: one child JVM per rank (this JVM's {@code java}, its class path,
 * {@code --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED}, the given {@code -Xmx} and extra options), each
 * with the
 * environment {@code job.withRank(rank).toEnvironment()}. Their standard output is collected and parsed as
 * {@code key=value} lines; their standard error, and any other output, is echoed to this JVM's standard error
 * prefixed with the rank. A shard that fails ends the job at once; so do the timeout and this JVM's exit.
 */
final class ChildJob {
    private ChildJob() {
    }

    /**
     * Runs {@code mainClass} with {@code arguments} as every shard of {@code job} and returns each rank's
     * {@code key=value} output, by rank.
     *
     * @throws IllegalStateException if a shard exits with a non-zero status or the job runs past {@code timeout}
     *     (all of its processes are then killed)
     */
    static List<Map<String, String>> run(JobEnvironment job, Class<?> mainClass, List<String> arguments, int xmxMiB,
            List<String> jvmOptions, Duration timeout, PrintStream log) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> processes = new CopyOnWriteArrayList<>();
        List<List<String>> outputs = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        Thread killer = new Thread(() -> processes.forEach(Process::destroyForcibly), "bench-kill-shards");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            for (int rank = 0; rank < job.size(); rank++) {
                List<String> command = new ArrayList<>(List.of(java));
                command.addAll(dev.cohort.examples.launch.Launcher.JVM_OPTIONS);
                command.add("-Xmx" + xmxMiB + "m");
                command.addAll(jvmOptions);
                command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
                command.addAll(arguments);
                ProcessBuilder builder = new ProcessBuilder(command);
                builder.environment().putAll(job.withRank(rank).toEnvironment());
                Process process = builder.start();
                processes.add(process);
                List<String> lines = Collections.synchronizedList(new ArrayList<>());
                outputs.add(lines);
                String prefix = "  [" + mainClass.getSimpleName() + " rank " + rank + "] ";
                readers.add(pump(process.getInputStream(), lines, prefix, log));
                readers.add(pump(process.getErrorStream(), null, prefix, log));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            boolean running = true;
            while (running) {
                running = false;
                for (int rank = 0; rank < processes.size(); rank++) {
                    Process p = processes.get(rank);
                    if (p.isAlive()) {
                        running = true;
                    } else if (p.exitValue() != 0) {
                        // the others may wait for it forever: fail now (finally kills them)
                        throw new IllegalStateException(mainClass.getSimpleName() + " job " + job.jobIdHex()
                                + ": rank " + rank + " exited with status " + p.exitValue() + " (see its output above)");
                    }
                }
                if (running && System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException(mainClass.getSimpleName() + " job " + job.jobIdHex()
                            + " still running after " + timeout.toSeconds() + " s; killed");
                }
                if (running) {
                    processes.get(0).waitFor(20, TimeUnit.MILLISECONDS);
                }
            }
            for (Thread t : readers) {
                t.join(5_000);
            }
            List<Map<String, String>> results = new ArrayList<>();
            for (List<String> lines : outputs) {
                synchronized (lines) {
                    results.add(KeyValues.parse(new ArrayList<>(lines)));
                }
            }
            return results;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a shard JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a benchmark job", e);
        } finally {
            for (Process p : processes) {
                if (p.isAlive()) {
                    p.destroyForcibly();
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
        }
    }

    /** Reads {@code in} line by line on a daemon thread: key=value lines go to {@code lines}, the rest to the log. */
    private static Thread pump(InputStream in, List<String> lines, String prefix, PrintStream log) {
        Thread t = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (lines != null && !KeyValues.parse(List.of(line)).isEmpty()) {
                        lines.add(line);
                    } else {
                        log.println(prefix + line);
                    }
                }
            } catch (IOException e) {
                log.println(prefix + "(output lost: " + e + ")");
            }
        }, "bench-output-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
