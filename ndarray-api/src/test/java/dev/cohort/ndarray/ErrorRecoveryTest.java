package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.execution.TaskFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One failed operation never poisons the session (issue 15): after an error of each kind — shape,
 * dtype, index, NumPy 2's scalar errors (OverflowError, negative integer power, float index), and an error raised inside a task — the next operations of the same program give
 * NumPy's results, on 1 and 3 shards with tiles small enough that the data really splits, and a
 * failure inside a task is reported identically on every shard.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ErrorRecoveryTest {

    /** What one shard saw: each error's class and message, then the values computed after it. */
    record Seen(List<String> errors, List<Long> values) {
    }

    static String error(Runnable op) {
        try {
            op.run();
            return "no error";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The value of a 0-d integer array (reading it back blocks). */
    static long val(NdArray a) {
        return ((Number) a.item()).longValue();
    }

    static Seen program() {
        List<String> errors = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        NdArray x = Np.arange(1000);
        // shape
        errors.add(error(() -> x.add(Np.zeros(3))));
        values.add(val(x.add(1).sum()));
        // dtype: NumPy rejects boolean subtract
        NdArray mask = x.greater(500);
        errors.add(error(() -> mask.subtract(mask)));
        values.add(val(mask.sum()));
        // index
        errors.add(error(() -> x.get(1000)));
        values.add(val(x.get(999)));
        // inside a task: an integer to a negative integer power, where the exponents are data
        NdArray bad = x.power(x.subtract(997));
        errors.add(error(() -> val(bad.sum())));
        // ... and what is computed from it fails alike, when it is read
        NdArray later = bad.add(1);
        errors.add(error(() -> val(later.get(0))));
        // while everything else goes on
        values.add(val(x.multiply(x).sum()));
        values.add(val(Np.arange(10).power(2).sum()));
        // NumPy 2's scalar rules, raised at the call: a Java long outside int32 (OverflowError) ...
        NdArray i32 = x.astype(Np.int32);
        errors.add(error(() -> i32.add(5_000_000_000L)));
        values.add(val(i32.add(5).sum()));
        // ... an integer power with a negative scalar exponent (ValueError), a float index (IndexError)
        errors.add(error(() -> x.power(-1L)));
        values.add(val(x.power(2L).sum()));
        errors.add(error(() -> x.get(1.0)));
        values.add(val(i32.less(5_000_000_000L).sum()));
        return new Seen(errors, values);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void theNextOperationsWork(int shards) {
        List<Seen> seen = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(64), ErrorRecoveryTest::program);
        long squares = 0;
        for (long i = 0; i < 1000; i++) {
            squares += i * i;
        }
        List<Long> expected = List.of(500_500L, 499L, 999L, squares, 285L, 504_500L, squares, 1000L);
        Seen first = seen.get(0);
        assertTrue(first.errors().get(0).startsWith("ShapeMismatchException: operands could not be broadcast together"),
                first.errors().get(0));
        assertTrue(first.errors().get(1).startsWith("DTypeException: numpy boolean subtract"), first.errors().get(1));
        assertTrue(first.errors().get(2).startsWith("NdIndexException: index 1000 is out of bounds"), first.errors().get(2));
        String inTask = first.errors().get(3);
        assertTrue(inTask.startsWith(TaskFailedException.class.getSimpleName() + ": ")
                && inTask.endsWith("Integers to negative integer powers are not allowed."), inTask);
        String derived = first.errors().get(4);
        assertTrue(derived.startsWith(TaskFailedException.class.getSimpleName() + ": ")
                && derived.endsWith("Integers to negative integer powers are not allowed."),
                "a result computed from the failed one fails with its cause: " + derived);
        assertEquals("OverflowException: Python integer 5000000000 out of bounds for int32", first.errors().get(5));
        assertEquals("IllegalArgumentException: Integers to negative integer powers are not allowed.", first.errors().get(6));
        assertEquals("NdIndexException: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer "
                + "or boolean arrays are valid indices", first.errors().get(7));
        for (int shard = 0; shard < shards; shard++) {
            assertEquals(first.errors(), seen.get(shard).errors(), "shard " + shard + " saw other errors");
            assertEquals(expected, seen.get(shard).values(), "shard " + shard);
        }
    }
}
