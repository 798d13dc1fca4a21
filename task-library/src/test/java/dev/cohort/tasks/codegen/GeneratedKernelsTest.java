package dev.cohort.tasks.codegen;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checked-in kernels are what their templates generate, and the template language does what it says. */
class GeneratedKernelsTest {

    /** The repository root: Surefire runs in the module directory. */
    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve(KernelGenerator.TEMPLATES)) ? here : here.getParent();
    }

    @Test
    void everyGeneratedFileIsUpToDate() throws IOException {
        Map<Path, String> generated = KernelGenerator.generateAll(root());
        assertFalse(generated.isEmpty(), "no templates under " + root().resolve(KernelGenerator.TEMPLATES));
        for (Map.Entry<Path, String> e : generated.entrySet()) {
            Path file = root().resolve(e.getKey());
            assertTrue(Files.exists(file), file + " is missing: run task-library/generate-kernels");
            assertEquals(e.getValue(), Files.readString(file, StandardCharsets.UTF_8),
                    file + " differs from its template's output: edit the template and run task-library/generate-kernels");
        }
    }

    @Test
    void typeLoopsBindThePrimitiveAndProperties() {
        String out = KernelGenerator.generate("t", String.join("\n",
                "//# for T in D F L I Z",
                "$T$ x$S$; // $FT$ $C$ $CS$ $T.kind$ $Vec$ $bits$",
                "//# end", ""));
        assertEquals(String.join("\n",
                "// GENERATED from t by task-library/generate-kernels: edit the template, not this file.",
                "double xD; // FLOAT64 double D float DoubleVector 64",
                "float xF; // FLOAT32 double D float FloatVector 32",
                "long xL; // INT64 long L int LongVector 64",
                "int xI; // INT32 long L int IntVector 32",
                "byte xZ; // BOOL long L bool ByteVector 8", ""), out);
    }

    @Test
    void nestedLoopsAndConditions() {
        String out = KernelGenerator.generate("t", String.join("\n",
                "//# for T in D L Z",
                "//# for U in F I",
                "//# if T.kind == float && U in F",
                "a $T$ $U$ $U.S$",
                "//# elif T in L || U == I",
                "b $S$$U.S$",
                "//# else",
                "c $S$$U.S$",
                "//# end",
                "//# end",
                "//# end",
                "//# for OP in ADD SUBTRACT",
                "case $OP$ ->",
                "//# if OP != ADD",
                "  sub",
                "//# end",
                "//# end", ""));
        assertEquals(String.join("\n",
                "// GENERATED from t by task-library/generate-kernels: edit the template, not this file.",
                "a double float F",
                "b DI",
                "b LF",
                "b LI",
                "c ZF",
                "b ZI",
                "case ADD ->",
                "case SUBTRACT ->",
                "  sub", ""), out);
    }

    @Test
    void letBindingsAndPlaceholdersInConditions() {
        String out = KernelGenerator.generate("t", String.join("\n",
                "//# let W = top",
                "//# for T in D F",
                "//# if T in F",
                "//# let N = (float) ",
                "//# else",
                "//# let N =",
                "//# end",
                "//# for FORM in SAME OFF",
                "//# if FORM == SAME",
                "//# let A = a[k]",
                "//# else",
                "//# let A = a[ao + j]",
                "//# end",
                "o = $N$Math.exp($A$); // $W$ $S$",
                "//# end",
                "//# end",
                "//# let A = x$W$",
                "$A$", ""));
        assertEquals(String.join("\n",
                "// GENERATED from t by task-library/generate-kernels: edit the template, not this file.",
                "o = Math.exp(a[k]); // top D",
                "o = Math.exp(a[ao + j]); // top D",
                "o = (float) Math.exp(a[k]); // top F",
                "o = (float) Math.exp(a[ao + j]); // top F",
                "xtop", ""), out);
        assertEquals(String.join("\n", "// GENERATED from t by task-library/generate-kernels: edit the template, not this file.",
                "DD same", "DL", "LD", "LL same", ""), KernelGenerator.generate("t", String.join("\n",
                "//# for T in D L", "//# for U in D L", "//# if T == $U.S$", "$S$$U.S$ same", "//# else", "$S$$U.S$",
                "//# end", "//# end", "//# end", "")));
        assertEquals("x.tmpl:1: expected '//# let NAME = TEXT', got '//# let = 3'", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# let = 3\n")).getMessage());
        // a binding made inside a loop iteration does not leak out of it
        assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# for T in D\n//# let Q = 1\n//# end\n$Q$\n"));
    }

    @Test
    void mistakesAreErrorsNamingTheLine() {
        var e = assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# for T in D\n$Q$\n//# end\n"));
        assertEquals("x.tmpl:2: unknown placeholder $Q$ (bound: [T, T.letter, T.S, S, T.prim, prim, T.FT, FT, T.Box, Box, "
                + "T.C, C, T.CS, CS, T.kind, kind, T.Vec, Vec, T.bits, bits])", e.getMessage());
        assertEquals("x.tmpl:1: 'for' never ended", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# for T in D\nx\n")).getMessage());
        assertEquals("x.tmpl:1: 'end' without an open 'for' or 'if'", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# end\n")).getMessage());
        assertEquals("x.tmpl:2: 'else' without an open 'if'", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# for T in D\n//# else\n//# end\n")).getMessage());
        assertEquals("x.tmpl:1: unknown directive '//# while x'", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# while x\n")).getMessage());
        assertEquals("x.tmpl:2: unknown variable 'U' in 'U in D'", assertThrows(KernelGenerator.TemplateException.class,
                () -> KernelGenerator.generate("x.tmpl", "//# for T in D\n//# if U in D\n//# end\n//# end\n")).getMessage());
    }
}
