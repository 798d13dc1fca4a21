package dev.cohort.tasks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PyFormat} against CPython's {@code fmt % value} (pyformat.tsv, from tools/reference/text_reference.py). */
class PyFormatTest {
    @Test
    void formatsAsCPythonDoes() throws IOException {
        String table;
        try (InputStream in = PyFormatTest.class.getResourceAsStream("/pyformat.tsv")) {
            table = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> failures = new ArrayList<>();
        int cases = 0;
        for (String line : table.split("\n")) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            StringBuilder sb = new StringBuilder();
            PyFormat p = PyFormat.parse(f[0]);
            if (f[1].startsWith("int:")) {
                p.format(sb, false, null, new long[]{Long.parseLong(f[1].substring(4))});
            } else {
                double v = switch (f[1]) {
                    case "nan" -> Double.NaN;
                    case "inf" -> Double.POSITIVE_INFINITY;
                    case "-inf" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(f[1]);
                };
                p.format(sb, true, new double[]{v}, null);
            }
            cases++;
            if (!sb.toString().equals(f[2])) {
                failures.add(f[0] + " % " + f[1] + ": want '" + f[2] + "', got '" + sb + "'");
            }
        }
        assertTrue(cases > 2000, "cases: " + cases);
        assertEquals(List.of(), failures, failures.size() + " of " + cases + " differ");
    }

    @Test
    void rowTemplatesAndErrors() {
        PyFormat p = PyFormat.parse("%d,%.2f%% of %5.1e");
        assertEquals(3, p.conversions());
        StringBuilder sb = new StringBuilder();
        p.format(sb, true, new double[]{7.9, 0.125, -1234.5}, null);
        assertEquals("7,0.12% of -1.2e+03", sb.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PyFormat.parse("%s"));
        assertTrue(e.getMessage().contains("'%s'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PyFormat.parse("%.3"));
        e = assertThrows(IllegalArgumentException.class,
                () -> PyFormat.parse("%d").format(new StringBuilder(), true, new double[]{Double.NaN}, null));
        assertEquals("cannot convert float NaN to integer", e.getMessage());
    }
}
