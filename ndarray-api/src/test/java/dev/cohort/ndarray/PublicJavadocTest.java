package dev.cohort.ndarray;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import org.junit.jupiter.api.Test;

import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every public method, constructor and field of {@link Np}, its public nested classes ({@code Np.Random},
 * {@code Np.Linalg}, ...) and {@link NdArray} carries a Javadoc comment with a non-empty first sentence
 * (issue 15, item 4). The sources are parsed with the JDK's compiler API ({@code com.sun.source}), so the
 * check sees exactly what the javadoc tool sees: a {@code //} comment or a block comment does not count.
 */
class PublicJavadocTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/cohort/ndarray");

    @Test
    void everyPublicMemberOfNpAndNdArrayHasJavadoc() throws IOException {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String file : List.of("Np.java", "NdArray.java")) {
            Scan scan = scan(SOURCES.resolve(file));
            missing.addAll(scan.missing);
            checked += scan.checked;
        }
        // Np alone has far more than 100 public methods: a scan that finds few has stopped seeing them
        assertTrue(checked > 300, "only " + checked + " public members found; is the parser reading the sources?");
        if (!missing.isEmpty()) {
            fail(missing.size() + " public members of Np/NdArray have no Javadoc (give the formula, shapes, dtype rule, "
                    + "exceptions and the NumPy function mirrored):\n  " + String.join("\n  ", missing));
        }
    }

    @Test
    void theCheckFindsAnUndocumentedMethod(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path f = dir.resolve("Probe.java");
        Files.writeString(f, """
                package p;
                /** Documented class. */
                public final class Probe {
                    /** Documented. */
                    public static int a() { return 1; }
                    // a line comment is not Javadoc
                    public static int b() { return 2; }
                    /* nor is a block comment */
                    public int c;
                    static int packagePrivate() { return 3; }
                    private static final class Hidden {
                        public void notApi() { }
                    }
                    /** Documented nested class. */
                    public static final class Nested {
                        private Nested() { }
                        public Nested(int x) { }
                        /**   */
                        public void blank() { }
                    }
                }
                """);
        Scan scan = scan(f);
        assertEquals(List.of("Probe.b() (line 7)", "Probe.c (line 9)", "Probe.Nested.<init>(int) (line 17)",
                "Probe.Nested.blank() (line 19)"), scan.missing);
        assertEquals(5, scan.checked);
    }

    private record Scan(List<String> missing, int checked) {
    }

    private static Scan scan(Path file) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjects(file);
            JavacTask task = (JavacTask) javac.getTask(null, fm, d -> { }, List.of("-proc:none"), null, units);
            DocTrees docs = DocTrees.instance(task);
            SourcePositions pos = docs.getSourcePositions();
            List<String> missing = new ArrayList<>();
            int[] checked = {0};
            for (CompilationUnitTree unit : task.parse()) {
                new TreePathScanner<Void, String>() {
                    @Override
                    public Void visitClass(ClassTree c, String outer) {
                        if (!c.getModifiers().getFlags().contains(Modifier.PUBLIC)) {
                            return null; // not API, nor anything inside it
                        }
                        String name = outer == null ? c.getSimpleName().toString() : outer + "." + c.getSimpleName();
                        for (Tree member : c.getMembers()) {
                            scan(member, name);
                        }
                        return null;
                    }

                    @Override
                    public Void visitMethod(MethodTree m, String owner) {
                        if (m.getModifiers().getFlags().contains(Modifier.PUBLIC)) {
                            List<String> params = new ArrayList<>();
                            m.getParameters().forEach(p -> params.add(p.getType().toString()));
                            check(owner + "." + m.getName() + "(" + String.join(", ", params) + ")", m);
                        }
                        return null;
                    }

                    @Override
                    public Void visitVariable(VariableTree v, String owner) {
                        if (v.getModifiers().getFlags().contains(Modifier.PUBLIC)) {
                            check(owner + "." + v.getName(), v);
                        }
                        return null;
                    }

                    private void check(String what, Tree t) {
                        checked[0]++;
                        DocCommentTree doc = docs.getDocCommentTree(getCurrentPath());
                        if (doc == null || doc.getFirstSentence().isEmpty()) {
                            long line = unit.getLineMap().getLineNumber(pos.getStartPosition(unit, t));
                            missing.add(what + " (line " + line + ")");
                        }
                    }
                }.scan(new TreePath(unit), null);
            }
            return new Scan(missing, checked[0]);
        }
    }
}
