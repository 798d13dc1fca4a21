package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 15: "after each kind of error (shape, dtype, index, value, overflow, in-task), the next operations
 * ... of a jshell session give correct results". A real jshell session (the JShell API, whose snippets run in a
 * JVM of their own with the options {@code bin/cohort jshell} passes with {@code -R}, and
 * {@code bin/cohort-startup.jsh}'s imports): each snippet that fails is followed by one that must print NumPy's
 * value, in the same session, on the embedded one-shard Cohort that the first array operation starts.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class JShellSessionTest {
    private static JShell shell;

    @BeforeAll
    static void start() {
        shell = JShell.builder()
                .remoteVMOptions("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                        "-Xmx1g")
                .build();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : cp.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                shell.addToClasspath(entry);
            }
        }
        value("import dev.cohort.ndarray.*;");
        value("import static dev.cohort.ndarray.Np.*;");
    }

    @AfterAll
    static void stop() {
        if (shell != null) {
            shell.close();
        }
    }

    /** Evaluates one line as the jshell tool does (completing it, e.g. with the semicolon a declaration lacks). */
    private static List<SnippetEvent> eval(String line) {
        SourceCodeAnalysis.CompletionInfo info = shell.sourceCodeAnalysis().analyzeCompletion(line);
        assertEquals(SourceCodeAnalysis.Completeness.COMPLETE_WITH_SEMI.equals(info.completeness())
                || SourceCodeAnalysis.Completeness.COMPLETE.equals(info.completeness()), true, () -> line + ": " + info.completeness());
        return shell.eval(info.source());
    }

    /** Evaluates one snippet that must succeed; its value as jshell prints it. */
    private static String value(String source) {
        List<SnippetEvent> events = eval(source);
        SnippetEvent last = events.get(events.size() - 1);
        assertNull(last.exception(), () -> source + " raised " + describe(last.exception()));
        assertTrue(last.status() == Snippet.Status.VALID, () -> source + ": " + last.status() + " "
                + shell.diagnostics(last.snippet()).map(d -> d.getMessage(null)).toList());
        return last.value();
    }

    /** Evaluates one snippet that must raise; the exception's simple class name and message. */
    private static String error(String source) {
        List<SnippetEvent> events = eval(source);
        SnippetEvent last = events.get(events.size() - 1);
        assertNotNull(last.exception(), () -> source + " gave " + last.value() + " instead of an exception");
        return describe(last.exception());
    }

    private static String describe(Throwable t) {
        if (t instanceof EvalException e) {
            String name = e.getExceptionClassName();
            return name.substring(name.lastIndexOf('.') + 1) + ": " + e.getMessage();
        }
        return String.valueOf(t);
    }

    @Test
    void eachKindOfErrorLeavesTheSessionWorking() {
        value("var x = arange(1000)");
        // shape
        assertTrue(error("x.add(zeros(3))").startsWith("ShapeMismatchException: operands could not be broadcast together"));
        assertEquals("array(500500)", value("x.add(1).sum()"));
        // dtype
        value("var mask = x.greater(500)");
        assertTrue(error("mask.subtract(mask)").startsWith("DTypeException: numpy boolean subtract"));
        assertEquals("array(499)", value("mask.sum()"));
        // index
        assertTrue(error("x.get(1000)").startsWith("NdIndexException: index 1000 is out of bounds"));
        assertEquals("array(999)", value("x.get(999)"));
        // value: NumPy's ValueError for an integer to a negative scalar power
        assertEquals("IllegalArgumentException: Integers to negative integer powers are not allowed.", error("x.power(-1L)"));
        assertEquals("array(332833500)", value("x.power(2L).sum()"));
        // overflow: a Java long outside int32 (NumPy 2's OverflowError)
        assertEquals("OverflowException: Python integer 5000000000 out of bounds for int32",
                error("x.astype(int32).add(5_000_000_000L)"));
        assertEquals("array(504500)", value("x.astype(int32).add(5).sum()"));
        // in a task: the exponents are data. A small array runs eagerly (Eager): the call itself raises, as NumPy's does
        assertEquals("IllegalArgumentException: Integers to negative integer powers are not allowed.",
                error("x.power(x.subtract(997))"));
        assertEquals("array(332833500)", value("x.power(2L).sum()"));
        // a large one is a launch: jshell prints the array (its toString reads it): the failure is shown,
        // not thrown (jshell would print nothing); reading a value throws it
        value("var big = arange(300_000)");
        String shown = value("var bad = big.power(big.subtract(299_997))");
        assertTrue(shown.startsWith("<failed array of shape (300000,), dtype int64: task ")
                && shown.endsWith("Integers to negative integer powers are not allowed.>"), shown);
        String inTask = error("bad.sum().item()");
        assertTrue(inTask.startsWith("TaskFailedException: ") && inTask.endsWith("Integers to negative integer powers are not allowed."),
                inTask);
        assertTrue(value("bad.add(1).get(0)").startsWith("<failed array of shape (), dtype int64: "));
        assertTrue(error("bad.add(1).get(0).item()").endsWith("Integers to negative integer powers are not allowed."),
                "what is computed from the failed result fails with its cause");
        assertEquals("array(332833500)", value("x.multiply(x).sum()"));
        assertEquals("array([ 0,  1,  4,  9, 16])", value("arange(5).power(2)"));
        // a linear-algebra failure (LinAlgError) and then a solve that works
        assertTrue(error("linalg.inv(zeros(3, 3))").contains("Singular matrix"));
        assertEquals("array([2., 3.])", value("linalg.solve(eye(2).multiply(2), array(new double[]{4, 6}))"));
    }
}
