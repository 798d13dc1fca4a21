package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Window functions and logspace against NumPy (tools/reference/windows.py) on 1 and 3 shards with tiny tiles. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WindowsReferenceTest {

    static List<String> cases() throws IOException {
        try (InputStream in = WindowsReferenceTest.class.getResourceAsStream("/reference/windows.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }

    static NdArray run(String[] a) {
        return switch (a[0]) {
            case "bartlett" -> Np.bartlett(Long.parseLong(a[1]));
            case "blackman" -> Np.blackman(Long.parseLong(a[1]));
            case "hamming" -> Np.hamming(Long.parseLong(a[1]));
            case "hanning" -> Np.hanning(Long.parseLong(a[1]));
            case "logspace" -> Np.logspace(Double.parseDouble(a[1]), Double.parseDouble(a[2]), Long.parseLong(a[3]),
                    a[4].equals("True"), Double.parseDouble(a[5]));
            default -> throw new IllegalStateException(a[0]);
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void matchesNumpy(int shards) throws IOException {
        List<String> cases = cases();
        List<List<double[]>> got = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            List<double[]> r = new java.util.ArrayList<>();
            for (String c : cases) {
                NdArray x = run(c.substring(0, c.indexOf('|')).trim().split(" "));
                assertEquals(Np.float64, x.dtype(), c);
                assertEquals(1, x.ndim(), c);
                r.add(x.toDoubleArray());
            }
            return r;
        });
        for (List<double[]> shard : got) {
            for (int i = 0; i < cases.size(); i++) {
                String c = cases.get(i);
                String vals = c.substring(c.indexOf('|') + 1).trim();
                String[] want = vals.isEmpty() ? new String[0] : vals.split(" ");
                double[] have = shard.get(i);
                assertEquals(want.length, have.length, c);
                for (int j = 0; j < want.length; j++) {
                    double w = Double.parseDouble(want[j]);
                    assertEquals(w, have[j], 4e-16 * Math.max(1, Math.abs(w)), c + " [" + j + "]");
                }
            }
        }
    }

    @Test
    void negativeNumRaisesNumpysError() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> Np.logspace(0, 1, -1));
            assertEquals("Number of samples, -1, must be non-negative.", e.getMessage());
            return Np.hanning(3).sum();
        });
    }
}
