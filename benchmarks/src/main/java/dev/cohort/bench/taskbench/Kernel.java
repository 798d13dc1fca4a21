package dev.cohort.bench.taskbench;

/**
 * Task Bench's compute-bound kernel in Java: a busy loop of a configurable number of iterations
 * (Task Bench {@code compute_bound}: a loop whose trip count sets the task's duration). Each
 * iteration is one step of a 64-bit linear congruential generator, a chain of dependent
 * multiply-adds the JIT can neither vectorise nor skip, because the result feeds the task's
 * output value. One iteration costs about one multiply latency (≈ 1 ns on this machine); the
 * benchmark measures the exact rate bare, on all cores, in the same run.
 */
public final class Kernel {
    private Kernel() {
    }

    /** Runs {@code iterations} steps starting from {@code seed} and returns a mixed digest of the end state. */
    public static long run(long iterations, long seed) {
        long x = seed;
        for (long k = 0; k < iterations; k++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return mix(x);
    }

    /** SplitMix64's finaliser: a bijective 64-bit mix. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A salt naming one step (or one kind of task of one step) of one graph. */
    public static long salt(long... parts) {
        long h = 0x243F6A8885A308D3L;
        for (long p : parts) {
            h = mix(h + p * 0x9E3779B97F4A7C15L);
        }
        return h;
    }

    /** The key of an output element: its coordinates in its store. */
    public static long key(long... coords) {
        long k = 17;
        for (long c : coords) {
            k = k * 1_000_003L + c;
        }
        return k;
    }

    /** Seed of a task before its inputs: Task Bench's "output = f(timestep, point, inputs)" check. */
    public static long seed(long salt, long key) {
        return mix(salt ^ mix(key + 0x632BE59BD9B4E019L));
    }

    /**
     * What one input value adds to the seed. Inputs are summed (order-free), so a task's value
     * depends on exactly the multiset of values it read; an unwritten (zero) element still counts.
     */
    public static long input(long value) {
        return mix(value ^ 0x9E3779B97F4A7C15L);
    }

    /** The value a task writes: the kernel run over the seed plus its inputs. */
    public static long value(long iterations, long salt, long key, long... inputs) {
        long acc = seed(salt, key);
        for (long v : inputs) {
            acc += input(v);
        }
        return run(iterations, acc);
    }
}
