package dev.cohort.tasks.linalg;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Reads a NumPy {@code .npz} of little-endian float64, C-order arrays (what tools/reference/linalg.py writes). */
final class Npz {
    /** One array: its shape and row-major values. */
    record Array(int[] shape, double[] data) {
        double scalar() {
            if (data.length != 1) {
                throw new IllegalStateException("not a scalar: " + data.length + " values");
            }
            return data[0];
        }
    }

    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([^)]*)\\)");

    private final Map<String, Array> arrays = new HashMap<>();
    private final String name;

    private Npz(String name) {
        this.name = name;
    }

    static Npz resource(String name) {
        Npz z = new Npz(name);
        try (InputStream in = Npz.class.getResourceAsStream("/linalg/" + name);
             ZipInputStream zip = new ZipInputStream(in)) {
            ZipEntry e;
            while ((e = zip.getNextEntry()) != null) {
                String key = e.getName().replaceAll("\\.npy$", "");
                z.arrays.put(key, parse(zip.readAllBytes(), key));
            }
        } catch (IOException | NullPointerException ex) {
            throw new IllegalStateException("cannot read /linalg/" + name + " (run tools/reference/linalg.py)", ex);
        }
        return z;
    }

    Array get(String key) {
        Array a = arrays.get(key);
        if (a == null) {
            throw new IllegalArgumentException(name + " has no array " + key);
        }
        return a;
    }

    private static Array parse(byte[] b, String key) {
        if ((b[0] & 0xff) != 0x93 || b[1] != 'N') {
            throw new IllegalStateException(key + ": not an .npy file");
        }
        int major = b[6];
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int headerLen = major == 1 ? (buf.getShort(8) & 0xffff) : buf.getInt(8);
        int start = major == 1 ? 10 : 12;
        String header = new String(b, start, headerLen, StandardCharsets.US_ASCII);
        if (!header.contains("'descr': '<f8'") || !header.contains("'fortran_order': False")) {
            throw new IllegalStateException(key + ": expected C-order <f8, header " + header);
        }
        Matcher m = SHAPE.matcher(header);
        if (!m.find()) {
            throw new IllegalStateException(key + ": no shape in " + header);
        }
        String[] parts = m.group(1).split(",");
        int count = 0;
        int[] tmp = new int[parts.length];
        for (String p : parts) {
            if (!p.isBlank()) {
                tmp[count++] = Integer.parseInt(p.trim());
            }
        }
        int[] shape = java.util.Arrays.copyOf(tmp, count);
        int volume = 1;
        for (int s : shape) {
            volume *= s;
        }
        double[] data = new double[volume];
        buf.position(start + headerLen);
        buf.asDoubleBuffer().get(data);
        return new Array(shape, data);
    }
}
