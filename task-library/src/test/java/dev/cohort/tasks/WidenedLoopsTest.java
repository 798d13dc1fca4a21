package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Loops#unaryF}'s float32 library functions run through a double chunk ({@link Loops#unaryWidenedF}): every
 * element gets the bits of {@code (float) f((double) x)} ({@link ScalarMath#unaryD}, {@link Float32Functions} for the
 * ops it covers), for lengths around the chunk,
 * in place and at other offsets, on ordinary and special values.
 */
class WidenedLoopsTest {
    private static final float[] SPECIAL = {0f, -0f, 1f, -1f, 0.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, 1e-30f, 88.7f, 89f, -104f, 1e7f, 3.14159265f};

    private static float[] data(Random rnd, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 7 == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)]
                    : (float) ((rnd.nextDouble() - 0.3) * Math.pow(10, rnd.nextInt(7) - 3));
        }
        return a;
    }

    /**
     * {@link Convert#normalize} to float32 (two passes through a float block from 32 elements) gives
     * {@code (double) (float) x} for every element, around the block's length, on special and rounding-boundary
     * values (doubles beyond float range go to infinity, below it to zero or a subnormal), and touches nothing past
     * {@code n}.
     */
    @Test
    void roundingToFloatGivesTheCastsBits() {
        Random rnd = new Random(9);
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, -1e300,
            1e-300, 3.4028235677973366e38, 1.0000000596046448, 1.0000001788139343, Double.MIN_VALUE, 1.401298464324817e-45};
        for (int n : new int[] {0, 1, 31, 32, 33, Scratch.WIDEN - 1, Scratch.WIDEN, Scratch.WIDEN + 1, 4 * Scratch.WIDEN + 5}) {
            double[] buf = new double[n + 3];
            for (int i = 0; i < buf.length; i++) {
                buf[i] = i % 5 == 0 ? special[rnd.nextInt(special.length)] : rnd.nextGaussian() * Math.pow(10, rnd.nextInt(61) - 30);
            }
            double[] want = buf.clone();
            for (int i = 0; i < n; i++) {
                want[i] = (float) want[i];
            }
            Convert.normalize(buf, n, dev.cohort.runtime.region.FieldType.FLOAT32);
            for (int i = 0; i < buf.length; i++) {
                assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(buf[i]), "n=" + n + " element " + i);
            }
        }
    }

    @Test
    void everyWidenedOpGivesTheBitsOfTheDoubleFunctionNarrowed() {
        Random rnd = new Random(5);
        int checked = 0;
        for (UnaryOp op : UnaryOp.values()) {
            if (!Loops.widens(op) || op == UnaryOp.INVERT) {
                continue;
            }
            for (int n : new int[] {0, 1, 7, Scratch.WIDEN - 1, Scratch.WIDEN, Scratch.WIDEN + 1, 3 * Scratch.WIDEN + 17}) {
                float[] a = data(rnd, n + 9);
                float[] expected = new float[n];
                for (int j = 0; j < n; j++) {
                    expected[j] = (float) ScalarMath.unaryD(op, a[5 + j], dev.cohort.runtime.region.FieldType.FLOAT32);
                }
                float[] out = new float[n + 3];
                Loops.unaryF(op, out, 2, a, 5, n); // other offsets
                float[] inPlace = a.clone();
                Loops.unaryF(op, inPlace, 5, inPlace, 5, n); // in place
                for (int j = 0; j < n; j++) {
                    String at = op + " of " + a[5 + j];
                    assertEquals(Float.floatToRawIntBits(expected[j]), Float.floatToRawIntBits(out[2 + j]), at + " at offset 2");
                    assertEquals(Float.floatToRawIntBits(expected[j]), Float.floatToRawIntBits(inPlace[5 + j]), at + " in place");
                }
                checked += n;
            }
        }
        assertTrue(checked > 20_000, "elements checked: " + checked);
    }

    @Test
    void powerArctan2AndHypotGiveTheBitsOfTheDoubleFunctionNarrowedInEveryShape() {
        Random rnd = new Random(6);
        for (BinaryOp op : new BinaryOp[] {BinaryOp.POWER, BinaryOp.ARCTAN2, BinaryOp.HYPOT}) {
            assertTrue(Loops.widens(op), op.toString());
            for (int n : new int[] {0, 1, Scratch.WIDEN, 2 * Scratch.WIDEN + 3}) {
                float[] a = data(rnd, n + 4);
                float[] b = data(rnd, n + 4);
                float s = SPECIAL[rnd.nextInt(SPECIAL.length)];
                float[] vv = new float[n + 1];
                float[] vs = new float[n + 1];
                float[] sv = new float[n + 1];
                float[] inPlace = a.clone();
                Loops.binaryF(op, vv, 1, a, 3, b, 2, n);
                Loops.binaryFS(op, vs, 1, a, 3, s, n);
                Loops.binarySF(op, sv, 1, s, b, 2, n);
                Loops.binaryF(op, inPlace, 3, inPlace, 3, b, 2, n);
                for (int j = 0; j < n; j++) {
                    String at = op + " of " + a[3 + j] + ", " + b[2 + j] + ", scalar " + s;
                    assertEquals(bits(ScalarMath.binaryD(op, a[3 + j], b[2 + j])), Float.floatToRawIntBits(vv[1 + j]), at);
                    assertEquals(bits(ScalarMath.binaryD(op, a[3 + j], s)), Float.floatToRawIntBits(vs[1 + j]), at);
                    assertEquals(bits(ScalarMath.binaryD(op, s, b[2 + j])), Float.floatToRawIntBits(sv[1 + j]), at);
                    assertEquals(bits(ScalarMath.binaryD(op, a[3 + j], b[2 + j])), Float.floatToRawIntBits(inPlace[3 + j]), at);
                }
            }
        }
        assertFalse(Loops.widens(BinaryOp.ADD));
        assertFalse(Loops.widens(BinaryOp.DIVIDE));
    }

    private static int bits(double d) {
        return Float.floatToRawIntBits((float) d);
    }

    @Test
    void onlyLibraryFunctionsWiden() {
        for (UnaryOp op : new UnaryOp[] {UnaryOp.EXP, UnaryOp.LOG, UnaryOp.TANH, UnaryOp.SIN, UnaryOp.ERF, UnaryOp.ARCTANH}) {
            assertTrue(Loops.widens(op), op.toString());
        }
        // float arithmetic of their own: widening them would round twice
        for (UnaryOp op : new UnaryOp[] {UnaryOp.SQUARE, UnaryOp.RECIPROCAL, UnaryOp.NEGATIVE, UnaryOp.SQRT}) {
            assertFalse(Loops.widens(op), op.toString());
        }
        float[] a = {1f, 2f};
        assertThrows(IllegalArgumentException.class, () -> Loops.unaryF(UnaryOp.INVERT, new float[2], 0, a, 0, 2));
    }
}
