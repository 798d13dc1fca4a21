package dev.cohort.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Progress goes to stderr only, when asked (--progress) or when stderr is a terminal; stdout keeps only key=value
 * lines; --quiet hides it; of several in-process shards only shard 0 reports.
 */
@Timeout(180)
class ProgressTest {
    static final Pattern KEY_VALUE = Pattern.compile("[a-z0-9_.]+=[^\\s]*");

    /** Every stdout line is key=value, and none says "iteration ". */
    static void assertCleanStdout(MainTest.Run run) {
        for (String line : run.out().split("\n")) {
            assertTrue(KEY_VALUE.matcher(line).matches(), () -> "not a key=value line on stdout: '" + line + "'");
            assertFalse(line.contains("it/s") || line.contains("left"), line);
        }
    }

    static List<String> progressLines(MainTest.Run run, String label) {
        return Arrays.stream(run.err().split("\n")).filter(l -> l.startsWith(label + ": iteration ")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"heat", "kmeans", "logreg", "cg"})
    void forcedProgressGoesToStderrAndStdoutStaysKeyValue(String example) {
        List<String> args = switch (example) {
            case "heat" -> List.of("heat", "--n", "16", "--tol", "1e-5");
            case "kmeans" -> List.of("kmeans", "--k", "3");
            case "logreg" -> List.of("logreg", "--iterations", "60");
            default -> List.of("cg", "--n", "16");
        };
        String label = switch (example) {
            case "heat" -> "heat n=16";
            case "kmeans" -> "kmeans k=3";
            case "cg" -> "cg poisson2d n=16";
            default -> "logreg";
        };
        List<String> forced = new java.util.ArrayList<>(args);
        forced.addAll(List.of("--progress", "--progress-interval", "0"));
        MainTest.Run run = MainTest.run(forced.toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
        assertCleanStdout(run);
        List<String> lines = progressLines(run, label);
        assertTrue(lines.size() >= 2, () -> "progress lines on stderr: " + run.err());
        assertTrue(lines.get(lines.size() - 1).contains("done in"), lines::toString);
        assertTrue(lines.get(0).contains("it/s") && lines.get(0).contains(" left"), lines.get(0));
        assertFalse(run.err().contains("\r"), "not a terminal: whole lines, no carriage returns");

        MainTest.Run plain = MainTest.run(args.toArray(String[]::new));
        assertEquals(0, plain.status(), plain.err());
        assertEquals("", plain.err(), "stderr is not a terminal here: no progress by default");
        assertEquals(without(run.out(), "seconds"), without(plain.out(), "seconds"), "progress changes no result");

        List<String> quiet = new java.util.ArrayList<>(args);
        quiet.add("--quiet");
        MainTest.Run q = MainTest.run(quiet.toArray(String[]::new));
        assertEquals(0, q.status());
        assertEquals("", q.err());
    }

    /** The output without its timing lines (seconds=, seconds_per_iteration=). */
    static String without(String out, String prefix) {
        return String.join("\n", Arrays.stream(out.split("\n")).filter(l -> !l.startsWith(prefix)).toList());
    }

    @Test
    void onlyShardZeroReports() {
        MainTest.Run run = MainTest.run("heat", "--n", "16", "--tol", "1e-5", "--shards", "3", "--progress");
        assertEquals(0, run.status(), run.err());
        assertCleanStdout(run);
        assertEquals(1, progressLines(run, "heat n=16").stream().filter(l -> l.contains("done in")).count(), run.err());
    }

    @Test
    void aTerminalGetsOneLineRewrittenInPlace() {
        StringWriter err = new StringWriter();
        Progress.Sink sink = new Progress.Sink(true, new PrintWriter(err), true, 0);
        Progress p = dev.cohort.ndarray.Cohort.run(1, () -> {
            Progress progress = sink.start("demo", 100, "loss", Double.NaN);
            for (int i = 1; i <= 3; i++) {
                progress.update(i, 1.0 / i);
            }
            progress.done(3, 0.25);
            return progress;
        }).get(0);
        assertTrue(p.reported());
        String text = err.toString();
        assertEquals(4, text.chars().filter(c -> c == '\r').count(), text);
        assertTrue(text.endsWith("\n") && text.indexOf('\n') == text.length() - 1, "one line, ended once: " + text);
        assertTrue(text.contains("demo: iteration 3/100  loss 0.333"), text);
    }

    @Test
    void timeLeftFollowsTheRateAndTheDecayTowardsTheTolerance() {
        StringWriter err = new StringWriter();
        Progress.Sink sink = new Progress.Sink(true, new PrintWriter(err), false, 1e9);
        dev.cohort.ndarray.Cohort.run(1, () -> {
            Progress fixed = sink.start("fixed", 1000, "", Double.NaN);
            assertEquals("~9 s left", fixed.timeLeft(100, Double.NaN, 100)); // 900 more at 100 it/s
            assertEquals("~15.0 min left", fixed.timeLeft(100, Double.NaN, 1)); // 900 s
            Progress stable = sink.startUntilStable("kmeans", 1000, "inertia");
            assertEquals("at most 9 s left", stable.timeLeft(100, 5.0, 100), "it may converge sooner");
            Progress converging = sink.start("cg", 100000, "residual", 1e-8);
            assertEquals("? left", converging.timeLeft(1, 1.0, 10), "no decay measured yet");
            // the residual falls 10x every 20 iterations: from 1e-4 at iteration 40, 1e-8 is 80 iterations away
            converging.update(0, 1.0);
            converging.update(20, 0.1);
            converging.update(40, 1e-2);
            assertEquals("~8 s left", converging.timeLeft(40, 1e-4, 10));
            return null;
        });
        assertEquals("", err.toString(), "an interval of 1e9 s: no report yet");
    }
}
