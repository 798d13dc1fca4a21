package dev.cohort.bench.macro;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NumPy {@code .npy} format, version 1.0, for float64 arrays only: little-endian {@code '<f8'}, C order. This is
 * how the macro benchmark hands NumPy the very data Cohort computes on ({@code numpy.load} reads it).
 *
 * <p>Layout: the magic {@code \x93NUMPY}, version bytes {@code 1 0}, a little-endian uint16 header length, then an
 * ASCII Python dict literal {@code {'descr': '<f8', 'fortran_order': False, 'shape': (…), }} padded with spaces and
 * ended by a newline so that magic + length + header is a multiple of 64 bytes, then the raw elements.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([^)]*)\\)");

    private Npy() {
    }

    /** A float64 array read back from a {@code .npy} file: its shape and its elements in C order. */
    public record Array(long[] shape, double[] data) {
    }

    /** The header (magic, version, length, padded dict) of a C-order float64 array of {@code shape}. */
    static byte[] header(long... shape) {
        StringBuilder dims = new StringBuilder();
        for (long s : shape) {
            if (s < 0) {
                throw new IllegalArgumentException("negative dimension in " + Arrays.toString(shape));
            }
            dims.append(s).append(", ");
        }
        String shapeText = shape.length == 1 ? shape[0] + "," : (shape.length == 0 ? "" : dims.substring(0, dims.length() - 2));
        String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + shapeText + "), }";
        int unpadded = MAGIC.length + 2 + 2 + dict.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        String text = dict + " ".repeat(padding) + "\n";
        if (text.length() > 0xFFFF) {
            throw new IllegalArgumentException("shape too long for a version 1.0 header");
        }
        ByteBuffer b = ByteBuffer.allocate(MAGIC.length + 4 + text.length()).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) text.length());
        b.put(text.getBytes(StandardCharsets.US_ASCII));
        return b.array();
    }

    /**
     * Writes {@code data} (C order) as a float64 array of {@code shape} to {@code file}.
     *
     * @throws IllegalArgumentException if the shape's volume is not {@code data.length}
     */
    public static void write(Path file, double[] data, long... shape) throws IOException {
        long volume = 1;
        for (long s : shape) {
            volume *= s;
        }
        if (volume != data.length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " holds " + volume
                    + " elements, data has " + data.length);
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            out.write(header(shape));
            ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            for (double v : data) {
                if (!chunk.hasRemaining()) {
                    out.write(chunk.array(), 0, chunk.position());
                    chunk.clear();
                }
                chunk.putDouble(v);
            }
            out.write(chunk.array(), 0, chunk.position());
        }
    }

    /**
     * Reads a version 1.0 {@code '<f8'} C-order file written by {@link #write} or by NumPy.
     *
     * @throws IOException if the file is not such an array
     */
    public static Array read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer pre = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, pre);
            pre.flip();
            byte[] magic = new byte[6];
            pre.get(magic);
            if (!Arrays.equals(magic, MAGIC) || pre.get() != 1 || pre.get() != 0) {
                throw new IOException(file + " is not a version 1.0 .npy file");
            }
            int headerLength = Short.toUnsignedInt(pre.getShort());
            ByteBuffer h = ByteBuffer.allocate(headerLength);
            readFully(ch, h);
            String dict = new String(h.array(), StandardCharsets.US_ASCII);
            if (!dict.contains("'descr': '<f8'") || !dict.contains("'fortran_order': False")) {
                throw new IOException(file + " is not a C-order '<f8' array: " + dict.strip());
            }
            Matcher m = SHAPE.matcher(dict);
            if (!m.find()) {
                throw new IOException(file + ": no shape in header " + dict.strip());
            }
            long[] shape = Arrays.stream(m.group(1).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .mapToLong(Long::parseLong).toArray();
            long volume = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
            double[] data = new double[Math.toIntExact(volume)];
            long start = ch.position();
            if (ch.size() - start < volume * 8) {
                throw new IOException(file + ": unexpected end of file");
            }
            // mapped in pieces: no second heap copy of a large array while it is read
            long done = 0;
            while (done < volume) {
                int count = (int) Math.min(volume - done, 1 << 24);
                ByteBuffer piece = ch.map(FileChannel.MapMode.READ_ONLY, start + done * 8, (long) count * 8).order(ByteOrder.LITTLE_ENDIAN);
                piece.asDoubleBuffer().get(data, (int) done, count);
                done += count;
            }
            return new Array(shape, data);
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IOException("unexpected end of file");
            }
        }
    }
}
