package dev.cohort.runtime.launch;

/**
 * A value of a {@code REDUCE} requirement's one-element accumulator that decides the reduction: once a point
 * task's accumulator has reached {@code bits} in its operator's direction ({@link ReductionOp#reaches}: MIN at or
 * below it, MAX at or above it), the contributions of other point tasks cannot change the folded result, so the
 * runtime may skip their bodies (their accumulators keep the identity). It is how {@code numpy.any} stops at the
 * first true element and {@code numpy.argmin} of a bool array at the first false one, over a whole launch.
 *
 * <p>{@code ordered == false}: the value absorbs every contribution ({@code any} reaching true, {@code all} reaching
 * false), so once any point reached it, every other point may be skipped. {@code ordered == true}: the value decides
 * only against contributions of <em>later</em> points (for a key {@code rank << k | index}, a best rank found at
 * index {@code i} loses only to the same rank at an index below {@code i}); the runtime then skips only points after
 * the deciding one in launch-point order, and takes this only for a launch whose domain is split along its first
 * dimension alone (then launch-point order is the iteration space's row-major order: the caller's keys must number
 * the elements that way).
 *
 * <p>The folded result is the same bits with or without skipping, on any number of points and shards: a skipped
 * point's identity changes nothing that the deciding point's value does not already fix.
 *
 * @param bits    raw bits of the deciding value in the accumulator's field type
 * @param ordered whether it decides only against later points (see above)
 */
public record Decisive(long bits, boolean ordered) {
}
