package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** {@link Fdlibm} gives {@link StrictMath}'s bits for tanh, expm1 and log1p over every range of arguments. */
class FdlibmTest {
    static final double[] SPECIAL = {0.0, -0.0, Double.NaN, -Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
        1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 22.0, -22.0, 21.999999999999996, 709.782712893384, 709.7827128933841, -709.78,
        38.816242111356935, -38.816242111356935, 0x1p-54, -0x1p-54, 0x1p-55, 0x1p-29, -0x1p-29, 0.41422, -0.2929,
        0.3465735902799726, 1.0397207708399179, -1.0397207708399179, Math.log(2) / 2, 1e300, -1e300, -0.9999999999999999,
        -1.0000000000000002, 0x1p53, 0x1p1023};

    static void check(String name, DoubleUnaryOperator ours, DoubleUnaryOperator strict) {
        for (double x : SPECIAL) {
            same(name, x, ours, strict);
            same(name, Math.nextUp(x), ours, strict);
            same(name, Math.nextDown(x), ours, strict);
        }
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < 1_000_000; i++) {
            // every exponent from 2^-60 to 2^11 (and a few beyond), both signs
            double x = Math.scalb(1.0 + rnd.nextDouble(), rnd.nextInt(-60, 12)) * (rnd.nextBoolean() ? 1 : -1);
            same(name, x, ours, strict);
        }
        for (int i = 0; i < 1_000_000; i++) {
            same(name, Double.longBitsToDouble(rnd.nextLong()), ours, strict);     // any bits at all
        }
        for (int i = 0; i < 200_000; i++) {
            same(name, rnd.nextDouble(-3, 3), ours, strict);                       // the ranges the branches split
        }
    }

    static void same(String name, double x, DoubleUnaryOperator ours, DoubleUnaryOperator strict) {
        double want = strict.applyAsDouble(x);
        double got = ours.applyAsDouble(x);
        if (Double.isNaN(want) && Double.isNaN(got)) {
            return;                                  // NaN payloads are not part of the contract
        }
        assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got),
                () -> name + "(" + x + " = " + Long.toHexString(Double.doubleToRawLongBits(x)) + "): StrictMath " + want
                        + ", ours " + got);
    }

    @Test
    void tanh() {
        check("tanh", Fdlibm::tanh, StrictMath::tanh);
    }

    @Test
    void expm1() {
        check("expm1", Fdlibm::expm1, StrictMath::expm1);
    }

    @Test
    void log1p() {
        check("log1p", Fdlibm::log1p, StrictMath::log1p);
    }
}
