package dev.cohort.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Properties;

/** The NumPy references written by tools/reference/examples_reference.py (test resources under reference/). */
final class Reference {
    private final Properties values = new Properties();
    private final String name;

    private Reference(String name) {
        this.name = name;
        try (InputStream in = Reference.class.getResourceAsStream("/reference/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource reference/" + name
                        + " (python3 tools/reference/examples_reference.py writes it)");
            }
            values.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Reference load(String name) {
        return new Reference(name);
    }

    String string(String key) {
        String v = values.getProperty(key);
        if (v == null) {
            throw new IllegalStateException(name + " has no key " + key);
        }
        return v;
    }

    double number(String key) {
        return Double.parseDouble(string(key));
    }

    int integer(String key) {
        return Integer.parseInt(string(key));
    }

    double[] numbers(String key) {
        return Arrays.stream(string(key).split(",")).mapToDouble(Double::parseDouble).toArray();
    }
}
