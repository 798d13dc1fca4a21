package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Float64Functions}: {@code exp} and {@code log} give {@link StrictMath}'s bits (fdlibm's) on millions of
 * doubles of every binade, the thresholds and the special values (a NaN result is compared as NaN: the negative
 * arguments' NaN bits are the invalid operation's); {@link Float64Simd}'s vector loops give the scalar functions' bits
 * on every lane, compiled or not, at every offset and tail length; and the dense loop every path shares
 * ({@link Loops#unaryD}, also in place) and the scalar code ({@link ScalarMath#unaryD}) compute them.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Float64FunctionsTest {
    private static final UnaryOp[] OPS = {UnaryOp.EXP, UnaryOp.LOG, UnaryOp.LOG1P, UnaryOp.TANH};
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
        Double.MAX_VALUE, -Double.MAX_VALUE, Float32Functions.INVALID,
        // exp: overflow and underflow thresholds, the last results of 2^-1021 and below, 0.5 ln2, 1.5 ln2, 2^-28
        709.782712893384, 709.7827128933841, 709.78, 710.0, -745.1332191019411, -745.1332191019412, -746.0,
        -708.39641853226408, -708.4, -720.0, -744.4, 0.34657359027997264, 0.3465735902799727, -0.34657359027997264,
        -0.3465735902799727, 1.0397207708399179, 1.039720770839918, 0x1p-28, Math.nextDown(0x1p-28), -0x1p-28, 1e-300,
        // log: around 1 (fdlibm's |f| < 2^-20 form), the mantissa split at sqrt(2), the f^2/2 form's ends
        Math.nextUp(1.0), Math.nextDown(1.0), 1.0 + 0x1p-21, 1.0 - 0x1p-21, 1.0 + 0x1p-19, 1.4142135623730951,
        1.41421, Math.nextDown(1.4142135623730951), 1.38, 1.3799, 1.42, 1.4201, 0.7071067811865476, 3.0, 10.0, 1e300,
        // log1p: -1 and below, the ends of its k = 0 range (0.41422, -0.2929), 2^-29, 2^-54, 2^53, powers of two minus 1
        Math.nextUp(-1.0), Math.nextDown(-1.0), -2.0, 0.41421356237309503, 0.4142135623730951, 0.41422, -0.29289321881345254,
        -0.2928932188134524, -0.2929, 0x1p-29, Math.nextDown(0x1p-29), 0x1p-54, Math.nextDown(0x1p-54), -0x1p-40, 0x1p53,
        Math.nextDown(0x1p53), 0x1p53 + 2, 7.0, 1023.0, 0x1p-20, -0x1p-21, 1e-5, -0.5,
        // tanh: 2^-55, 1 (where it changes form), 22, and its expm1's k = 0, +-1, 2..19, 20..56 ranges
        0x1p-55, Math.nextDown(0x1p-55), -0x1p-55, Math.nextDown(1.0), -1.0, 22.0, Math.nextDown(22.0), -22.0, 0.1733, 0.1734,
        -0.1734, 0.5199, 0.52, 0.8, 6.9, 7.0, 13.8, 13.9, 19.4, 19.5, 21.9};

    /** Doubles of every magnitude (random bits), uniform ones where the functions have their detail, and the special ones. */
    static double[] data(SplittableRandom rnd, int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = switch (i % 6) {
                case 0 -> Double.longBitsToDouble(rnd.nextLong());
                case 1 -> (rnd.nextDouble() - 0.5) * 1500;
                case 2 -> (rnd.nextDouble() - 0.5) * 4;
                case 3 -> Math.scalb(rnd.nextDouble(), rnd.nextInt(-1074, 1024));
                case 4 -> (rnd.nextBoolean() ? 1.0 : rnd.nextDouble() - 0.5) + (rnd.nextDouble() - 0.5) * 0x1p-18;
                default -> SPECIAL[rnd.nextInt(SPECIAL.length)];
            };
        }
        return a;
    }

    private static void assertSame(double want, double got, String what) {
        if (Double.isNaN(want)) {
            assertTrue(Double.isNaN(got), what + ": want NaN, got " + got);
        } else {
            assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got), () -> what + ": want " + want + ", got " + got);
        }
    }

    private static DoubleUnaryOperator reference(UnaryOp op) {
        return switch (op) {
            case EXP -> StrictMath::exp;
            case LOG -> StrictMath::log;
            case LOG1P -> StrictMath::log1p;
            default -> StrictMath::tanh;
        };
    }

    @Test
    void theScalarFunctionsGiveStrictMathsBits() {
        SplittableRandom rnd = new SplittableRandom(64);
        double[] x = data(rnd, 3_000_000);
        for (UnaryOp op : OPS) {
            DoubleUnaryOperator ref = reference(op);
            for (double v : x) {
                assertSame(ref.applyAsDouble(v), Float64Functions.apply(op, v), op + "(" + v + ")");
            }
            for (double v : SPECIAL) {
                assertSame(ref.applyAsDouble(v), Float64Functions.apply(op, v), op + "(" + v + ")");
                assertSame(ref.applyAsDouble(v), ScalarMath.unaryD(op, v), "ScalarMath " + op + "(" + v + ")");
            }
        }
        // NumPy's special values
        assertEquals(Double.NEGATIVE_INFINITY, Float64Functions.log(0.0));
        assertEquals(Double.NEGATIVE_INFINITY, Float64Functions.log(-0.0));
        assertEquals(Double.doubleToRawLongBits(Float32Functions.INVALID), Double.doubleToRawLongBits(Float64Functions.log(-1.0)));
        assertEquals(0.0, Float64Functions.exp(Double.NEGATIVE_INFINITY));
        assertEquals(Double.POSITIVE_INFINITY, Float64Functions.exp(710.0));
        assertEquals(Double.MIN_VALUE, Float64Functions.exp(-745.1332191019411));
        assertEquals(1.0, Float64Functions.exp(0.0));
        assertEquals(0.0, Float64Functions.log(1.0));
    }

    @Test
    void theVectorLoopsGiveTheScalarBitsOnEveryLaneAndTail() {
        SplittableRandom rnd = new SplittableRandom(65);
        int n = 1031;
        double[] o = new double[n + 8];
        double[] want = new double[n + 8];
        // cold (interpreted) and, after enough calls, compiled: the bits must not depend on which runs
        for (int it = 0; it < 3000; it++) {
            double[] x = data(rnd, n + 8);
            if (it % 11 == 0) {
                // runs of large arguments (tanh's loop takes whole vectors of |x| >= 22 at once), some infinite
                for (int i = 0; i < x.length; i++) {
                    x[i] = i % 97 == 0 ? Double.NEGATIVE_INFINITY : (rnd.nextBoolean() ? 1 : -1) * (22 + rnd.nextDouble() * (i % 3 == 0 ? 1e300 : 100));
                }
            }
            int off = it % 5;
            int len = it % 7 == 0 ? it % 13 : n - off;
            for (UnaryOp op : OPS) {
                java.util.Arrays.fill(o, 42.0);
                java.util.Arrays.fill(want, 42.0);
                Float64Simd.apply(op, o, 1, x, off, len);
                Float64Functions.applyScalar(op, want, 1, x, off, len);
                for (int i = 0; i < o.length; i++) {
                    int k = i;
                    assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(o[i]),
                            () -> op + " lane " + k + " of x = " + (k >= 1 && k <= len ? x[off + k - 1] : Double.NaN));
                }
            }
        }
    }

    @Test
    void everyPathComputesTheSameFunctions() {
        SplittableRandom rnd = new SplittableRandom(66);
        double[] x = data(rnd, 777);
        for (UnaryOp op : OPS) {
            DoubleUnaryOperator ref = reference(op);
            double[] o = new double[x.length];
            Loops.unaryD(op, o, 0, x, 0, x.length);
            double[] inPlace = x.clone();
            Loops.unaryD(op, inPlace, 0, inPlace, 0, inPlace.length);
            double[] shifted = new double[x.length + 3];
            Loops.unaryD(op, shifted, 3, x, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                double w = ref.applyAsDouble(x[i]);
                assertSame(w, o[i], "Loops.unaryD " + op + "(" + x[i] + ")");
                assertSame(w, inPlace[i], "in place " + op + "(" + x[i] + ")");
                assertSame(w, shifted[i + 3], "at an offset " + op + "(" + x[i] + ")");
            }
        }
    }
}
