package dev.cohort.bench.opmix;

import dev.cohort.bench.KeyValues;

import dev.cohort.tasks.OpenBlasCore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child process that runs op-mix cases on request ({@link OpMixChild}, {@code opmix.py}): each case is one line on
 * its standard input ({@code op dtype size warmup rounds inner}), answered on its standard output by {@code key=value}
 * lines ending with {@code done=<op>.<dtype>.<size>}. The suite sends each case to NumPy, then to Cohort, so that both
 * measure it within a second or two of each other: on a shared machine whose load changes, a ratio of two
 * measurements taken minutes apart would measure the load. Other output lines and standard error are kept (last 30)
 * for the report. No child outlives this JVM.
 */
final class CaseServer implements AutoCloseable {
    /** Thread-count variables removed from a Python child's environment, so NumPy's BLAS uses every core (as {@code PythonRunner}). */
    static final List<String> THREAD_VARIABLES = List.of("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS");
    private static final String EOF = "\u0000eof";

    private final String name;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Deque<String> other = new ArrayDeque<>();
    private final Thread killer;
    private String failure;

    private CaseServer(String name, Process process) {
        this.name = name;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.killer = new Thread(process::destroyForcibly, "opmix-kill-child");
        Runtime.getRuntime().addShutdownHook(killer);
        pump(process.getInputStream(), true);
        pump(process.getErrorStream(), false);
    }

    /**
     * Starts {@code command}; with {@code python} its environment drops {@link #THREAD_VARIABLES} and sets
     * {@code PYTHONDONTWRITEBYTECODE}, else it gains {@link OpenBlasCore#childEnvironment}. A server that cannot start is returned failed ({@link #failure()}).
     */
    static CaseServer start(String name, List<String> command, boolean python) {
        ProcessBuilder b = new ProcessBuilder(command);
        if (python) {
            THREAD_VARIABLES.forEach(b.environment()::remove);
            b.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        } else {
            b.environment().putAll(OpenBlasCore.childEnvironment()); // what bin/cohort gives a Cohort JVM
        }
        try {
            return new CaseServer(name, b.start());
        } catch (IOException e) {
            return new CaseServer(name, e.getMessage());
        }
    }

    private CaseServer(String name, String failure) {
        this.name = name;
        this.process = null;
        this.stdin = null;
        this.killer = null;
        this.failure = "cannot start " + name + ": " + failure;
    }

    /** Why this server no longer answers, or null. */
    String failure() {
        return failure;
    }

    /**
     * Waits for the line {@code key=...} (before any case), e.g. the Cohort child's {@code ready=} after its warm-up.
     *
     * @return the key=value lines seen until then, or null when the server failed ({@link #failure()})
     */
    Map<String, String> await(String key, Duration timeout) {
        return collect(l -> l.startsWith(key + "="), timeout);
    }

    /**
     * Sends case {@code line} ({@code op dtype size warmup rounds inner}) and returns the key=value lines of its answer,
     * or null when the server failed, timed out (it is then killed) or had failed before.
     */
    Map<String, String> request(String caseLine, String key, Duration timeout) {
        if (failure != null) {
            return null;
        }
        try {
            stdin.write(caseLine + "\n");
            stdin.flush();
        } catch (IOException e) {
            fail("its input closed: " + e.getMessage());
            return null;
        }
        return collect(l -> l.equals("done=" + key), timeout);
    }

    private Map<String, String> collect(java.util.function.Predicate<String> end, Duration timeout) {
        if (failure != null) {
            return null;
        }
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                String l = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
                if (l == null) {
                    fail("no answer within " + timeout.toSeconds() + " s; killed");
                    process.destroyForcibly();
                    return null;
                }
                if (l.equals(EOF)) {
                    process.waitFor(10, TimeUnit.SECONDS);
                    fail("exited" + (process.isAlive() ? "" : " with status " + process.exitValue()));
                    return null;
                }
                got.add(l);
                if (end.test(l)) {
                    return KeyValues.parse(got);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
            return null;
        }
    }

    private void fail(String why) {
        List<String> gist;
        synchronized (other) {
            gist = gist(new ArrayList<>(other));
        }
        failure = name + " " + why + (gist.isEmpty() ? "" : ": " + String.join(" | ", gist));
    }

    /** The last 3 lines of {@code lines} that are not stack frames, each cut at 200 characters. */
    static List<String> gist(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String t = l.strip();
            if (t.isEmpty() || t.startsWith("at ") || t.matches("\\.\\.\\. \\d+ more")) {
                continue;
            }
            out.add(t.length() > 200 ? t.substring(0, 200) + "..." : t);
        }
        return out.subList(Math.max(0, out.size() - 3), out.size());
    }

    /** Closes the server's input (it exits at its end) and waits a little for it; kills it if need be. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        try {
            stdin.close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
        }
    }

    private void pump(InputStream in, boolean out) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    if (out && !KeyValues.parse(List.of(l)).isEmpty()) {
                        lines.add(l.strip());
                    } else {
                        synchronized (other) {
                            other.add(l);
                            if (other.size() > 30) {
                                other.removeFirst();
                            }
                        }
                    }
                }
            } catch (IOException e) {
                synchronized (other) {
                    other.add("(output lost: " + e + ")");
                }
            } finally {
                if (out) {
                    lines.add(EOF);
                }
            }
        }, "opmix-output-pump");
        t.setDaemon(true);
        t.start();
    }
}
