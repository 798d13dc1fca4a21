package dev.cohort.tasks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;

/**
 * Physical lines of a text file read with positioned reads ({@link FileChannel#read(ByteBuffer, long)}),
 * so that many point tasks can each read only the byte range they need. A line ends at {@code '\n'}
 * (a {@code '\r'} before it is dropped); the last line may lack one. A line belongs to the byte range
 * that holds its first byte, which makes "the lines of range k" well defined for any split of a file.
 */
public final class TextLines {
    private static final int BUFFER = 1 << 16;

    private final FileChannel ch;
    private final long size;
    private final ByteBuffer buf = ByteBuffer.allocate(BUFFER);
    private long bufStart;   // file offset of buf[0]
    private int bufLen;
    private byte[] line = new byte[256];
    private int lineLen;
    private long lineStart = -1;
    private long pos;        // offset of the next unread byte

    /** Reads lines of {@code ch} (of {@code size} bytes) starting at the line start {@code from}. */
    public TextLines(FileChannel ch, long size, long from) {
        this.ch = ch;
        this.size = size;
        this.pos = from;
        this.bufStart = from;
        this.bufLen = 0;
    }

    /** Offset of the first line that starts at or after {@code lo}, given that {@code origin <= lo} is a line start. */
    public static long firstLineStart(FileChannel ch, long size, long origin, long lo) throws IOException {
        if (lo <= origin) {
            return origin;
        }
        if (lo >= size) {
            return size;
        }
        TextLines t = new TextLines(ch, size, lo - 1);
        // the line holding byte lo-1 ends somewhere at or after lo-1: the next line starts after it
        t.next();
        return t.pos;
    }

    /** Advances to the next line; false at the end of the file. */
    public boolean next() throws IOException {
        if (pos >= size) {
            lineStart = -1;
            return false;
        }
        lineStart = pos;
        lineLen = 0;
        while (pos < size) {
            if (pos >= bufStart + bufLen) {
                fill();
            }
            int at = (int) (pos - bufStart);
            byte[] a = buf.array();
            int end = at;
            while (end < bufLen && a[end] != '\n') {
                end++;
            }
            append(a, at, end - at);
            pos = bufStart + end;
            if (end < bufLen) { // found '\n'
                pos++;
                break;
            }
        }
        if (lineLen > 0 && line[lineLen - 1] == '\r') {
            lineLen--;
        }
        return true;
    }

    /** File offset of the current line's first byte. */
    public long lineStart() {
        return lineStart;
    }

    /** File offset just after the current line (the next line's start). */
    public long nextStart() {
        return pos;
    }

    /** The current line as UTF-8 text, without its line end. */
    public String text() {
        return new String(line, 0, lineLen, StandardCharsets.UTF_8);
    }

    private void fill() throws IOException {
        buf.clear();
        bufStart = pos;
        int n;
        do {
            n = ch.read(buf, bufStart + buf.position());
        } while (n == 0 && buf.hasRemaining());
        if (n < 0 && buf.position() == 0) {
            throw new IOException("unexpected end of file at byte " + pos + " of " + size);
        }
        bufLen = buf.position();
    }

    private void append(byte[] a, int from, int n) {
        if (lineLen + n > line.length) {
            byte[] bigger = new byte[Math.max(line.length * 2, lineLen + n)];
            System.arraycopy(line, 0, bigger, 0, lineLen);
            line = bigger;
        }
        System.arraycopy(a, from, line, lineLen, n);
        lineLen += n;
    }
}
