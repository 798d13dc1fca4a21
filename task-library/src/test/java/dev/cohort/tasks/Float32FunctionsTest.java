package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Float32Functions}: rounded to float, each function is within 1 ulp of {@code (float) Math.f((double) x)}
 * (itself correctly rounded but for double rounding) over a million floats of every magnitude, equal to it on nearly
 * all, and exactly NumPy's/C99's on the special values; {@link Float32Simd}'s vector loops give the scalar functions'
 * bits on every element, special and out-of-range ones included, and the float-array forms
 * ({@link Loops#unaryF}, through its widened double chunk) the same bits rounded.
 */
class Float32FunctionsTest {
    private static final UnaryOp[] OPS = {UnaryOp.EXP, UnaryOp.EXPM1, UnaryOp.LOG, UnaryOp.LOG1P, UnaryOp.TANH, UnaryOp.SIN, UnaryOp.COS};
    private static final float[] SPECIAL = {0f, -0f, 1f, -1f, 0.5f, -0.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 1e-30f, -1e-30f, 88.72283f, 88.72284f,
        89f, -87.33655f, -103.97207f, -104f, 1e7f, -1e7f, 3.14159265f, 1.5707964f, 0x1p19f, 0x1.000002p19f, 0x1p-29f, -0x1p-29f,
        0x1.fffffep-30f, -0.99999994f, -1.0000001f, 9.01f, 20f, 1e-8f};

    private static DoubleUnaryOperator reference(UnaryOp op) {
        return switch (op) {
            case EXP -> Math::exp;
            case EXPM1 -> Math::expm1;
            case LOG -> Math::log;
            case LOG1P -> Math::log1p;
            case TANH -> Math::tanh;
            case SIN -> Math::sin;
            case COS -> Math::cos;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    /** Floats of every magnitude (random bits), and uniform ones where each function has its detail. */
    private static float[] data(Random rnd, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = switch (i % 5) {
                case 0 -> Float.intBitsToFloat(rnd.nextInt());
                case 1 -> (float) ((rnd.nextDouble() - 0.5) * 2 * Math.pow(2, rnd.nextInt(60) - 40));
                case 2 -> (float) ((rnd.nextDouble() - 0.5) * 20);
                case 3 -> (float) ((rnd.nextDouble() - 0.5) * 220);
                default -> SPECIAL[rnd.nextInt(SPECIAL.length)];
            };
        }
        return a;
    }

    private static long ulps(float want, float got) {
        if (Float.isNaN(want) || Float.isNaN(got)) {
            return Float.isNaN(want) && Float.isNaN(got) ? 0 : Long.MAX_VALUE;
        }
        if (Float.floatToRawIntBits(want) == Float.floatToRawIntBits(got)) {
            return 0;
        }
        if (want == 0 && got == 0) {
            return Long.MAX_VALUE; // zeros of opposite signs
        }
        long w = Float.floatToRawIntBits(want);
        long g = Float.floatToRawIntBits(got);
        w = w < 0 ? Integer.MIN_VALUE - w : w;
        g = g < 0 ? Integer.MIN_VALUE - g : g;
        return Math.abs(w - g);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void eachFunctionIsWithinOneUlpOfTheCorrectlyRoundedFloatAndEqualToItOnNearlyAll() {
        Random rnd = new Random(11);
        float[] a = data(rnd, 1_000_000);
        StringBuilder report = new StringBuilder();
        for (UnaryOp op : OPS) {
            DoubleUnaryOperator ref = reference(op);
            long off = 0;
            for (float x : a) {
                float want = (float) ref.applyAsDouble(x);
                float got = (float) Float32Functions.apply(op, x);
                long u = ulps(want, got);
                assertTrue(u <= 1, op + "(" + x + " = " + Float.toHexString(x) + "): " + got + " against " + want + " (" + u + " ulp)");
                off += u;
            }
            report.append(op).append(' ').append(off).append(" of ").append(a.length).append(" one ulp off; ");
            // the evaluation's error is a few 1e-16 relative: a float lies that close to a rounding boundary
            // about once in 1e8 values, so more than 10 in a million means a function lost accuracy
            assertTrue(off <= 10, op + ": " + off + " values one ulp off the correctly rounded float");
        }
        System.out.println("Float32Functions against (float) Math.f: " + report);
    }

    @Test
    void specialValuesGiveNumPysResults() {
        for (UnaryOp op : OPS) {
            DoubleUnaryOperator ref = reference(op);
            for (float x : SPECIAL) {
                float want = (float) ref.applyAsDouble(x);
                float got = (float) Float32Functions.apply(op, x);
                assertEquals(ulps(want, got) == 0 || !Float.isNaN(want) && !Float.isInfinite(want) && want != 0, true,
                        op + "(" + x + "): " + got + " against " + want);
            }
        }
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits((float) Float32Functions.expm1(-0.0)));
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits((float) Float32Functions.tanh(-0.0)));
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits((float) Float32Functions.trig(-0.0, 0)));
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits((float) Float32Functions.log1p(-0.0)));
        assertEquals(1f, (float) Float32Functions.trig(-0.0, 1));
        assertEquals(Float.NEGATIVE_INFINITY, (float) Float32Functions.log(-0.0));
        assertTrue(Float.isNaN((float) Float32Functions.log(-Float.MIN_VALUE)));
        assertEquals(Float.NEGATIVE_INFINITY, (float) Float32Functions.log1p(-1.0));
        assertTrue(Float.isNaN((float) Float32Functions.log1p(-1.0000001f)));
        assertEquals(-1f, (float) Float32Functions.expm1(Float.NEGATIVE_INFINITY));
        assertEquals(0f, (float) Float32Functions.exp(Float.NEGATIVE_INFINITY));
        assertEquals(Float.POSITIVE_INFINITY, (float) Float32Functions.exp(88.72284f));
        assertEquals(-1f, (float) Float32Functions.tanh(Float.NEGATIVE_INFINITY));
        assertTrue(Float.isNaN((float) Float32Functions.trig(Float.POSITIVE_INFINITY, 0)));
    }

    /**
     * A NaN argument comes back as itself (sign and payload as a float keeps them) from every function, scalar and
     * vector: the fused multiply-adds' NaN results are not one value (the FMA instruction passes an operand's NaN
     * on, {@code Math.fma}'s Java form in the interpreter returns {@code Double.NaN}), so a NaN must not come out
     * of them, or fused and eager results differed in the sign of a NaN (seen: {@code signbit(minimum(...))} of an
     * {@code exp} in {@code FusionDtypesTest}).
     */
    @Test
    void aNanArgumentIsPassedOnAsItIs() {
        double[] nans = {Double.NaN, -Double.NaN, Double.longBitsToDouble(0xfff8000000000000L), (double) Float.intBitsToFloat(0xffc00123),
            (double) Float.intBitsToFloat(0x7fc00456)};
        int n = 8 * nans.length;
        double[] a = new double[n + 1];
        for (int j = 0; j < n; j++) {
            a[j + 1] = j % 2 == 0 ? nans[(j / 2) % nans.length] : 0.5 * j;
        }
        for (UnaryOp op : OPS) {
            double[] got = new double[n];
            Float32Simd.apply(op, got, 0, a, 1, n);
            for (int j = 0; j < n; j += 2) {
                long want = Double.doubleToRawLongBits(a[j + 1]);
                assertEquals(Long.toHexString(want), Long.toHexString(Double.doubleToRawLongBits(Float32Functions.apply(op, a[j + 1]))),
                        op + " of a NaN, scalar");
                assertEquals(Long.toHexString(want), Long.toHexString(Double.doubleToRawLongBits(got[j])), op + " of a NaN, vector, at " + j);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theVectorLoopsGiveTheScalarBitsOnEveryElement() {
        Random rnd = new Random(12);
        int n = 40_003;
        double[] a = new double[n + 2];
        float[] f = data(rnd, n + 2);
        for (int i = 0; i < a.length; i++) {
            a[i] = f[i];
        }
        for (int i = 0; i < 64; i++) {
            a[rnd.nextInt(n)] = (float) ((rnd.nextDouble() - 0.5) * 1e9); // sin/cos lanes past TRIG_MAX
        }
        float[] af = new float[n + 2];
        for (int i = 0; i < af.length; i++) {
            af[i] = (float) a[i];
        }
        for (UnaryOp op : OPS) {
            double[] want = new double[n];
            Float32Functions.applyScalar(op, want, 0, a, 1, n);
            double[] got = new double[n + 1];
            Float32Simd.apply(op, got, 1, a, 1, n);
            double[] inPlace = a.clone();
            Float32Simd.apply(op, inPlace, 1, inPlace, 1, n);
            float[] gotF = new float[n + 3];
            Loops.unaryF(op, gotF, 2, af, 1, n);
            float[] inPlaceF = af.clone();
            Loops.unaryF(op, inPlaceF, 1, inPlaceF, 1, n);
            for (int j = 0; j < n; j++) {
                String at = op + "(" + a[1 + j] + ")";
                assertEquals(Double.doubleToRawLongBits(want[j]), Double.doubleToRawLongBits(got[1 + j]), at);
                assertEquals(Double.doubleToRawLongBits(want[j]), Double.doubleToRawLongBits(inPlace[1 + j]), at + " in place");
                assertEquals(Float.floatToRawIntBits((float) want[j]), Float.floatToRawIntBits(gotF[2 + j]), at + " over floats");
                assertEquals(Float.floatToRawIntBits((float) want[j]), Float.floatToRawIntBits(inPlaceF[1 + j]), at + " over floats in place");
            }
        }
    }

    @Test
    void theVectorLoopsAreOnByDefaultFromJdk25OrWithTheCleanupOption() {
        assertFalse(Float32Functions.simdByDefault(17, false));
        assertFalse(Float32Functions.simdByDefault(21, false));
        assertTrue(Float32Functions.simdByDefault(17, true));
        assertTrue(Float32Functions.simdByDefault(25, false));
        assertTrue(Float32Functions.simdByDefault(26, false));
        // surefire passes -XX:+IncrementalInlineForceCleanup (the parent pom's jit.jvm.options), as the launchers do
        assertTrue(Float32Functions.cleanupAfterLateInline(), "this JVM runs with -XX:+" + Float32Functions.CLEANUP_OPTION);
        String prop = System.getProperty(Float32Functions.SIMD_PROP);
        boolean want = Reductions.SIMD && (prop != null ? Boolean.parseBoolean(prop) : true);
        assertEquals(want, Float32Functions.SIMD, "this JVM: feature " + Runtime.version().feature() + ", property " + prop);
    }

    /** A float32 power operand: random bits, small integers and halves, values near 1, and the special values. */
    private static float powOperand(Random rnd, boolean exponent) {
        return switch (rnd.nextInt(12)) {
            case 0 -> Float.intBitsToFloat(rnd.nextInt());
            case 1 -> rnd.nextInt(9000) - 200;
            case 2 -> (rnd.nextInt(41) - 20) * 0.5f;
            case 3 -> 1 + (rnd.nextFloat() - 0.5f) * 1e-3f;
            case 4 -> new float[] {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1f, -1f,
                Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL}[rnd.nextInt(10)];
            case 5 -> exponent ? rnd.nextInt(7) - 3 : (float) Math.exp(rnd.nextGaussian() * 40);
            default -> exponent ? (float) (rnd.nextGaussian() * 6) : (float) Math.exp(rnd.nextGaussian() * 4);
        };
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void float32PowerFromExpLogHasMathPowsBits() {
        Random rnd = new Random(29);
        int n = 1 << 20;
        double[] a = new double[n + 3];
        double[] b = new double[n + 3];
        for (int j = 0; j < n; j++) {
            a[j + 1] = powOperand(rnd, false);
            b[j + 2] = powOperand(rnd, true);
        }
        // results at a midpoint of two floats (4097^2 = 2^24 + 2^13 + 1), at the edges of the float range, exact powers
        double[][] pairs = {{4097, 2}, {8193, 2}, {3, 15}, {2, -149}, {2, -150}, {2, 127}, {2, 128}, {0.5, 149},
            {Float.MAX_VALUE, 1}, {1.0000001, 8.9e8}, {10, 38}, {10, -45}, {16, 0.25}, {1e-30f, 0.5}};
        for (int k = 0; k < pairs.length; k++) {
            a[1 + k] = (float) pairs[k][0];
            b[2 + k] = (float) pairs[k][1];
        }
        double[] got = new double[n + 1];
        double[] r = new double[n];
        Float32Simd.powCore(r, 0, a, 1, b, 2, n);
        int set = 0;
        for (int j = 0; j < n; j++) {
            float want = (float) ScalarMath.pow(a[j + 1], b[j + 2]);
            float vector = Float32Functions.powF(a[j + 1], b[j + 2], r[j]);
            float scalar = Float32Functions.powF(a[j + 1], b[j + 2], Float32Functions.powCore(a[j + 1], b[j + 2]));
            String at = "pow(" + (float) a[j + 1] + ", " + (float) b[j + 2] + ")";
            assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(vector), at + " from the vector approximation");
            assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(scalar), at + " from the scalar approximation");
            if (a[j + 1] > 0 && Double.isFinite(a[j + 1]) && Double.isFinite(b[j + 2])) {
                float lo = (float) (r[j] - r[j] * Float32Functions.POW_AMBIGUITY);
                float hi = (float) (r[j] + r[j] * Float32Functions.POW_AMBIGUITY);
                set += lo == hi ? 0 : 1;
            }
        }
        // the vector rounding (whole vectors of fast cases by their bits, the others through powF), called directly
        // so that it runs whether or not its gate has opened yet
        double[] rounded = r.clone();
        Float32Simd.roundPow(rounded, a, 1, b, 2, n);
        for (int j = 0; j < n; j++) {
            assertEquals(Double.doubleToRawLongBits(Float32Functions.powF(a[j + 1], b[j + 2], r[j])), Double.doubleToRawLongBits(rounded[j]),
                    "roundPow at " + j + ": pow(" + (float) a[j + 1] + ", " + (float) b[j + 2] + ")");
        }
        // the array form, in place over a as Loops.binaryWidenedF calls it
        Float32Functions.pow(got, 1, a, 1, b, 2, n);
        for (int j = 0; j < n; j++) {
            assertEquals(Float.floatToRawIntBits((float) ScalarMath.pow(a[j + 1], b[j + 2])), Float.floatToRawIntBits((float) got[j + 1]),
                    "pow over arrays at " + j);
        }
        double[] inPlace = a.clone();
        Float32Functions.pow(inPlace, 1, inPlace, 1, b, 2, n);
        for (int j = 0; j < n; j++) {
            assertEquals(got[j + 1], inPlace[j + 1], "pow in place at " + j);
        }
        // the midpoint case goes to Math.pow, and few others do
        assertTrue(set >= 1 && set < n / 1000, set + " of " + n + " approximations set aside");
    }
}
