package dev.cohort.ndarray;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every case of {@code reference/ndarray_reference.json} (NumPy, from
 * {@code tools/reference/ndarray_reference.py}) computed by Cohort on one shard: shape and dtype
 * exactly, ints and bools exactly, floats bit-for-bit for arithmetic, copies and views and within
 * 1e-12 relative where summation order or libm may differ, and NumPy's repr exactly.
 */
class NdArrayReferenceTest {

    @Test
    void everyReferenceCaseHasABuilderAndEveryBuilderACase() {
        TreeSet<String> noBuilder = new TreeSet<>(Reference.cases().keySet());
        noBuilder.removeAll(ReferenceCases.BUILDERS.keySet());
        TreeSet<String> noCase = new TreeSet<>(ReferenceCases.BUILDERS.keySet());
        noCase.removeAll(Reference.cases().keySet());
        assertEquals("[] []", noBuilder + " " + noCase,
                "reference cases without a Java builder, builders without a reference case (re-run tools/reference/ndarray_reference.py)");
    }

    @TestFactory
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    Stream<DynamicTest> matchesNumPy() {
        return Reference.cases().values().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Supplier<NdArray> b = ReferenceCases.BUILDERS.get(c.name());
            if (b == null) {
                fail("no builder for " + c.name());
            }
            // a dynamic test is not covered by @Timeout: bound each one here
            Reference.Outcome got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> compute(b, c.repr() != null));
            String bad = Reference.mismatch(c, got, !ReferenceCases.approximate(c.name()));
            if (bad != null) {
                if (got.error() != null) {
                    throw new AssertionError(c.name() + ": " + bad, got.error());
                }
                fail(c.name() + ": " + bad);
            }
        }));
    }

    /** Runs one builder in its own one-shard Cohort program and reads the result back there. */
    static Reference.Outcome compute(Supplier<NdArray> builder, boolean withRepr) {
        try {
            return Cohort.run(1, () -> Reference.Outcome.of(builder.get(), withRepr)).get(0);
        } catch (RuntimeException e) {
            Throwable t = e;
            while (t.getCause() != null && t instanceof dev.cohort.runtime.ShardGroupException) {
                t = t.getCause();
            }
            return Reference.Outcome.failed(t);
        }
    }
}
