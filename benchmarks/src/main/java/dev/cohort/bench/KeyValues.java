package dev.cohort.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code key=value} lines through which benchmark shards report to {@link TransportBenchmark}, and the
 * {@code key=value} arguments through which it configures them.
 */
public final class KeyValues {
    private static final Pattern LINE = Pattern.compile("^([A-Za-z][A-Za-z0-9_.\\-]*)=(.*)$");

    private KeyValues() {
    }

    /**
     * The {@code key=value} pairs among {@code lines}, in order; a later line overrides an earlier one with the same
     * key; lines of any other shape (warnings, stack traces) are skipped.
     */
    public static Map<String, String> parse(List<String> lines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line.strip());
            if (m.matches()) {
                out.put(m.group(1), m.group(2).strip());
            }
        }
        return out;
    }

    /** {@link #parse} of command-line arguments; an argument that is not {@code key=value} is an error. */
    public static Map<String, String> parseArguments(String[] args) {
        for (String a : args) {
            if (!LINE.matcher(a.strip()).matches()) {
                throw new IllegalArgumentException("expected key=value, got '" + a + "'");
            }
        }
        return parse(List.of(args));
    }

    /** The value of {@code key} as a long. */
    public static long getLong(Map<String, String> values, String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key + " in " + values.keySet());
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, was '" + v + "'");
        }
    }

    /** The value of {@code key} as a double. */
    public static double getDouble(Map<String, String> values, String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key + " in " + values.keySet());
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, was '" + v + "'");
        }
    }
}
