package dev.cohort.runtime.launch;

import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;

/**
 * Reduction operators for {@code REDUCE} privileges and future reductions (Legion: reduction
 * operator with an identity and a fold). Folds are applied in launch-point order, so results are
 * bit-identical for any number of shards.
 */
public enum ReductionOp {
    SUM,
    PROD,
    MAX,
    MIN;

    /** Raw bits of the identity element for {@code type}. */
    public long identityBits(FieldType type) {
        return switch (this) {
            case SUM -> type.bitsOf(0L);
            case PROD -> type.bitsOf(1L);
            case MAX -> switch (type) {
                case FLOAT64, FLOAT32 -> type.bitsOf(Double.NEGATIVE_INFINITY);
                case INT64 -> Long.MIN_VALUE;
                case INT32 -> Integer.MIN_VALUE;
                case BOOL -> 0;
            };
            case MIN -> switch (type) {
                case FLOAT64, FLOAT32 -> type.bitsOf(Double.POSITIVE_INFINITY);
                case INT64 -> Long.MAX_VALUE;
                case INT32 -> Integer.MAX_VALUE;
                case BOOL -> 1;
            };
        };
    }

    /** {@code acc[i] = acc[i] op contribution[i]} over equally shaped instances. */
    public void fold(Instance acc, Instance contribution) {
        if (!acc.rect().equals(contribution.rect()) || acc.type() != contribution.type()) {
            throw new IllegalArgumentException("cannot fold " + contribution + " into " + acc);
        }
        int n = acc.size();
        switch (acc.type()) {
            case FLOAT64 -> {
                double[] a = acc.doubles();
                double[] c = contribution.doubles();
                for (int i = 0; i < n; i++) {
                    a[i] = apply(a[i], c[i]);
                }
            }
            case FLOAT32 -> {
                float[] a = acc.floats();
                float[] c = contribution.floats();
                for (int i = 0; i < n; i++) {
                    a[i] = (float) apply(a[i], c[i]);
                }
            }
            case INT64 -> {
                long[] a = acc.longs();
                long[] c = contribution.longs();
                for (int i = 0; i < n; i++) {
                    a[i] = apply(a[i], c[i]);
                }
            }
            case INT32 -> {
                int[] a = acc.ints();
                int[] c = contribution.ints();
                for (int i = 0; i < n; i++) {
                    a[i] = (int) apply(a[i], c[i]);
                }
            }
            case BOOL -> {
                byte[] a = acc.bools();
                byte[] c = contribution.bools();
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) (apply(a[i], c[i]) != 0 ? 1 : 0);
                }
            }
        }
    }

    /** MIN and MAX: the operators whose accumulators can reach a value that decides them ({@link Decisive}). */
    public boolean hasDecisiveValues() {
        return this == MIN || this == MAX;
    }

    /**
     * Whether element 0 of {@code acc} has reached {@code bits} (a value of {@code acc}'s type) in this operator's
     * direction: MIN at or below it, MAX at or above it, compared as the type's values (bool 0 &lt; 1, signed
     * integers, floating point with a NaN never reaching). SUM and PROD reach nothing. See {@link Decisive}.
     */
    public boolean reaches(Instance acc, long bits) {
        if (!hasDecisiveValues()) {
            return false;
        }
        FieldType type = acc.type();
        long a = acc.getBits(0);
        int c;
        if (type == FieldType.FLOAT64 || type == FieldType.FLOAT32) {
            double x = type.toDouble(a);
            double y = type.toDouble(bits);
            if (x != x || y != y) {
                return false;
            }
            c = Double.compare(x, y);
        } else {
            c = Long.compare(a, bits);
        }
        return this == MIN ? c <= 0 : c >= 0;
    }

    /** The operator on doubles. */
    public double apply(double a, double b) {
        return switch (this) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
        };
    }

    /** The operator on longs. */
    public long apply(long a, long b) {
        return switch (this) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
        };
    }
}
