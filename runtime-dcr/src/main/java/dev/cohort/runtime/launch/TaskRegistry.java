package dev.cohort.runtime.launch;

import java.util.EnumMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Task ids and their variants per processor kind. Registration is code, not data, so one
 * registry may serve every shard of a JVM; task ids must be the same in every process.
 */
public final class TaskRegistry {
    /** Task ids below this are reserved for the runtime's own tasks. */
    public static final int FIRST_USER_TASK_ID = 1_000;

    private final Map<Integer, Entry> tasks = new ConcurrentHashMap<>();
    private volatile int generation;

    private record Entry(String name, EnumMap<ProcessorKind, TaskBody> variants) {
    }

    /** A registry with the variants of every {@link TaskVariantProvider} on the class path. */
    public static TaskRegistry withProviders() {
        TaskRegistry r = new TaskRegistry();
        for (TaskVariantProvider p : ServiceLoader.load(TaskVariantProvider.class)) {
            p.registerVariants(r);
        }
        return r;
    }

    /**
     * Registers variant {@code kind} of task {@code id}.
     *
     * @throws IllegalArgumentException if the id is negative, the name differs from an earlier
     *     registration of the id, or this variant is already registered
     */
    public TaskRegistry register(int id, String name, ProcessorKind kind, TaskBody body) {
        if (id < 0) {
            throw new IllegalArgumentException("task id must be non-negative, got " + id);
        }
        Entry e = tasks.computeIfAbsent(id, k -> new Entry(name, new EnumMap<>(ProcessorKind.class)));
        synchronized (e) {
            if (!e.name.equals(name)) {
                throw new IllegalArgumentException("task id " + id + " is already registered as '" + e.name + "', not '" + name + "'");
            }
            if (e.variants.putIfAbsent(kind, body) != null) {
                throw new IllegalArgumentException("task " + id + " '" + name + "' already has a " + kind + " variant");
            }
            synchronized (this) {
                generation++;
            }
        }
        return this;
    }

    /** Changes whenever a variant is registered (so memoised variant choices can be revalidated). */
    public int generation() {
        return generation;
    }

    public boolean contains(int id) {
        return tasks.containsKey(id);
    }

    public String name(int id) {
        Entry e = tasks.get(id);
        return e == null ? "<unregistered " + id + ">" : e.name;
    }

    /** The variant for {@code kind}, or {@code null}. */
    public TaskBody variant(int id, ProcessorKind kind) {
        Entry e = tasks.get(id);
        if (e == null) {
            throw new IllegalArgumentException("task id " + id + " is not registered");
        }
        synchronized (e) {
            return e.variants.get(kind);
        }
    }

    /** The processor kinds with a variant of task {@code id}. */
    public java.util.Set<ProcessorKind> kinds(int id) {
        Entry e = tasks.get(id);
        if (e == null) {
            throw new IllegalArgumentException("task id " + id + " is not registered");
        }
        synchronized (e) {
            return java.util.EnumSet.copyOf(e.variants.keySet().isEmpty() ? java.util.EnumSet.noneOf(ProcessorKind.class) : e.variants.keySet());
        }
    }
}
