package dev.cohort.bench.macro;

import dev.cohort.bench.KeyValues;
import dev.cohort.tasks.OpenBlasCore;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the reference scripts of {@code benchmarks/python} with a Python interpreter and parses what they print:
 * {@code key=value} lines on standard output (see {@code benchcommon.py}); anything else there, and standard error,
 * is kept for the report when the script fails.
 *
 * <p>The child's environment drops {@code OMP_NUM_THREADS}, {@code OPENBLAS_NUM_THREADS} and {@code MKL_NUM_THREADS}
 * (which a caller may set low for ND4J's sake), so NumPy's BLAS uses every core, as it would for a user.
 */
public final class PythonRunner {
    /** Thread-count variables removed from the Python child's environment. */
    static final List<String> THREAD_VARIABLES = List.of("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS");

    private final String python;
    private final Path scripts;

    /** Runs {@code python} (a command name or path) on scripts in the directory {@code scripts}. */
    public PythonRunner(String python, Path scripts) {
        this.python = python;
        this.scripts = scripts;
    }

    public String python() {
        return python;
    }

    public Path scripts() {
        return scripts;
    }

    /**
     * What a script run gave.
     *
     * @param exitCode the script's exit status (-1: could not start; 124: killed at the timeout)
     * @param values   its {@code key=value} lines
     * @param other    its other output lines (standard error included), last 100
     */
    public record Result(int exitCode, Map<String, String> values, List<String> other) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** The last lines of other output, for a report ({@code "(no output)"} when there is none). */
        public String tail(int lines) {
            if (other.isEmpty()) {
                return "(no output)";
            }
            return String.join(" | ", other.subList(Math.max(0, other.size() - lines), other.size()));
        }
    }

    /**
     * What the interpreter offers ({@code probe.py}): versions of Python and NumPy, the interpreter's path, the BLAS
     * NumPy was built with ({@code blas}, when this NumPy can say) and the BLAS library it has loaded
     * ({@code blasLoaded}), and whether Dask imports (with the import error's last line when it does not).
     */
    public record Probe(boolean pythonRuns, String pythonVersion, String executable, String numpyVersion, String numpyError,
                        String blas, String blasLoaded, String daskVersion, String daskError) {
        public boolean numpy() {
            return numpyVersion != null;
        }

        public boolean dask() {
            return daskVersion != null;
        }

        /** A probe of an interpreter that did not run (or was not asked to: {@code --python none}). */
        public static Probe notRunnable(String why) {
            return new Probe(false, null, null, null, why, null, null, null, why);
        }

        /**
         * A one-line account, e.g. {@code "Python 3.11.7 (/usr/bin/python3), NumPy 2.4.6 (BLAS: scipy-openblas 0.3.31),
         * Dask not importable: ..."}.
         */
        public String describe() {
            if (!pythonRuns) {
                return "Python not runnable: " + numpyError;
            }
            String blasText = blas != null ? blas : blasLoaded != null ? blasLoaded : null;
            String np = numpy() ? "NumPy " + numpyVersion + (blasText == null ? "" : " (BLAS: " + blasText + ")")
                    : "NumPy not importable: " + numpyError;
            String dk = dask() ? "Dask " + daskVersion : "Dask not importable: " + daskError;
            return "Python " + pythonVersion + (executable == null ? "" : " (" + executable + ")") + ", " + np + ", " + dk;
        }

        /** Builds a probe from {@code probe.py}'s output. */
        static Probe of(Result r) {
            if (!r.ok()) {
                return notRunnable(r.tail(3));
            }
            Map<String, String> v = r.values();
            return new Probe(true, v.get("python_version"), v.get("python_executable"), v.get("numpy_version"),
                    v.get("numpy_error"), v.get("blas"), v.get("blas_loaded"), v.get("dask_version"),
                    v.getOrDefault("dask_error", v.get("numpy_error")));
        }
    }

    /**
     * The interpreters {@code --dask-python auto} tries after {@code --python}'s, in order; then the environment that
     * {@code benchmarks/python/install-dask} makes ({@link #INSTALLED_DASK} in the scripts' folder) when it exists.
     */
    public static final List<String> DASK_CANDIDATES = List.of("python3", "/usr/bin/python3");

    /** The interpreter of {@code benchmarks/python/install-dask}'s virtual environment, relative to the scripts' folder. */
    public static final String INSTALLED_DASK = ".venv/bin/python";

    /**
     * Which interpreter runs the Dask references.
     *
     * @param runner the chosen interpreter, or null when none imports {@code dask.array} and {@code numpy}
     * @param probe  its probe (null when none was chosen)
     * @param tried  what each interpreter tried said when it was not chosen ({@code "python3: Dask not importable: ..."})
     */
    public record DaskChoice(PythonRunner runner, Probe probe, List<String> tried) {
        public boolean available() {
            return runner != null;
        }

        /** {@code "/usr/bin/python3: Python 3.11.2 (...), NumPy 1.24.2 (...), Dask 2022.12.1"} or why there is none. */
        public String describe() {
            if (available()) {
                return runner.python() + ": " + probe.describe();
            }
            return "no Python with Dask (" + (tried.isEmpty() ? "none tried" : String.join("; ", tried)) + ")";
        }
    }

    /**
     * Chooses the Dask interpreter: {@code option} {@code none} chooses none; {@code auto} the first of
     * {@code numpyPython} (unless {@code none}), {@link #DASK_CANDIDATES} and {@link #INSTALLED_DASK} (when that file
     * exists) that can {@code import dask.array, numpy}; any other value is the interpreter to use if it can. Each is asked with {@code probe.py} from {@code scripts}.
     */
    public static DaskChoice chooseDask(String option, String numpyPython, Path scripts) {
        List<String> candidates = new ArrayList<>();
        if ("none".equals(option)) {
            return new DaskChoice(null, null, List.of("--dask-python none"));
        } else if ("auto".equals(option)) {
            if (numpyPython != null && !"none".equals(numpyPython)) {
                candidates.add(numpyPython);
            }
            for (String c : DASK_CANDIDATES) {
                if (!candidates.contains(c)) {
                    candidates.add(c);
                }
            }
            Path installed = scripts.resolve(INSTALLED_DASK);
            if (Files.isExecutable(installed)) {
                candidates.add(installed.toString());
            }
        } else {
            candidates.add(option);
        }
        return chooseDask(candidates, scripts);
    }

    /** The first of {@code candidates} whose probe says Dask and NumPy import. */
    static DaskChoice chooseDask(List<String> candidates, Path scripts) {
        List<String> tried = new ArrayList<>();
        for (String c : candidates) {
            PythonRunner runner = new PythonRunner(c, scripts);
            Probe p = runner.probe();
            if (p.dask() && p.numpy()) {
                return new DaskChoice(runner, p, List.copyOf(tried));
            }
            tried.add(c + ": " + (!p.pythonRuns() ? "not runnable: " + p.numpyError()
                    : !p.numpy() ? "NumPy not importable: " + p.numpyError() : "Dask not importable: " + p.daskError()));
        }
        return new DaskChoice(null, null, List.copyOf(tried));
    }

    /** Runs {@code probe.py}. */
    public Probe probe() {
        return Probe.of(run("probe.py", List.of(), Duration.ofSeconds(60)));
    }

    /** Runs {@code script} (a file in {@link #scripts()}) with {@code arguments}; never throws for a failed run. */
    public Result run(String script, List<String> arguments, Duration timeout) {
        List<String> command = new ArrayList<>();
        command.add(python);
        command.add(scripts.resolve(script).toString());
        command.addAll(arguments);
        return runCommand(command, timeout);
    }

    /** Runs {@code command} (a Python reference) and parses its output; never throws for a failed run. */
    static Result runCommand(List<String> command, Duration timeout) {
        return runCommand(command, timeout, true);
    }

    /**
     * Runs {@code command} and parses its output; never throws for a failed run. With {@code pythonEnvironment} the
     * child's environment drops {@link #THREAD_VARIABLES} and sets {@code PYTHONDONTWRITEBYTECODE}; without, it is
     * this JVM's environment plus {@link OpenBlasCore#childEnvironment} (the Cohort child JVMs, as {@code bin/cohort}
     * starts them).
     */
    public static Result runCommand(List<String> command, Duration timeout, boolean pythonEnvironment) {
        ProcessBuilder builder = new ProcessBuilder(command);
        if (pythonEnvironment) {
            THREAD_VARIABLES.forEach(builder.environment()::remove);
            builder.environment().put("PYTHONDONTWRITEBYTECODE", "1"); // no __pycache__ in the source tree
        } else {
            builder.environment().putAll(OpenBlasCore.childEnvironment()); // what bin/cohort gives a Cohort JVM
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Result(-1, Map.of(), List.of("cannot start " + command.get(0) + ": " + e.getMessage()));
        }
        List<String> out = Collections.synchronizedList(new ArrayList<>());
        List<String> other = Collections.synchronizedList(new ArrayList<>());
        Thread a = pump(process.getInputStream(), out);
        Thread b = pump(process.getErrorStream(), other);
        Thread killer = new Thread(process::destroyForcibly, "bench-kill-child"); // no child outlives this JVM
        java.lang.Runtime.getRuntime().addShutdownHook(killer);
        try {
            boolean done = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            a.join(5_000);
            b.join(5_000);
            List<String> rest = new ArrayList<>();
            Map<String, String> values;
            synchronized (out) {
                values = KeyValues.parse(out);
                for (String line : out) {
                    if (KeyValues.parse(List.of(line)).isEmpty()) {
                        rest.add(line);
                    }
                }
            }
            synchronized (other) {
                rest.addAll(other);
            }
            if (!done) {
                rest.add("killed after " + timeout.toSeconds() + " s");
            }
            List<String> last = new ArrayList<>(rest.subList(Math.max(0, rest.size() - 100), rest.size()));
            return new Result(done ? process.exitValue() : 124, values, last);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, Map.of(), List.of("interrupted"));
        } finally {
            try {
                java.lang.Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
        }
    }

    /** Seconds per iteration of each timed round, from {@code samples=s1,s2,...}. */
    public static double[] samples(Map<String, String> values) {
        return samples(values, "samples");
    }

    /** The non-negative numbers of {@code key=v1,v2,...}. */
    public static double[] samples(Map<String, String> values, String key) {
        String s = values.get(key);
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException("no " + key + "= in the script's output " + values.keySet());
        }
        String[] parts = s.split(",");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Double.parseDouble(parts[i].strip());
            if (!(out[i] >= 0) || Double.isInfinite(out[i])) {
                throw new IllegalArgumentException("bad sample '" + parts[i] + "' in " + key + "=" + s);
            }
        }
        return out;
    }

    /** Finds {@code benchmarks/python} from the working directory (the repository root or {@code benchmarks/}). */
    public static Path defaultScripts() {
        for (Path p : List.of(Path.of("benchmarks", "python"), Path.of("python"), Path.of("..", "benchmarks", "python"))) {
            if (Files.isRegularFile(p.resolve("benchcommon.py"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        return Path.of("benchmarks", "python").toAbsolutePath();
    }

    private static Thread pump(InputStream in, List<String> lines) {
        Thread t = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(output lost: " + e + ")");
            }
        }, "python-output-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
