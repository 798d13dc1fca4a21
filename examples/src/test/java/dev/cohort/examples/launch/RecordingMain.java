package dev.cohort.examples.launch;

import dev.cohort.transport.launch.ShardEnvironment;

import java.util.List;
import java.util.Map;

/** A main that the launcher runs in the test's JVM (scheduler mode): records what it saw and returns. */
public final class RecordingMain {
    static volatile List<String> args;
    static volatile Map<String, String> variables;

    private RecordingMain() {
    }

    public static void main(String[] a) {
        args = List.of(a);
        variables = ShardEnvironment.variables();
    }
}
