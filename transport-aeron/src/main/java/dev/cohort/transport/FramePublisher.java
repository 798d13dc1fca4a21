package dev.cohort.transport;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Outbound half of {@link AeronCommunicator}: encodes frames ({@link Frames}) into one reused header buffer and
 * offers them on the exclusive publication to each peer, never blocking. A DATA message is offered as a header plus
 * a slice of the caller's array (Aeron's two-buffer offer: the payload is not copied here), in chunks of at most
 * one Aeron message; a back-pressured offer leaves the rest for the next duty cycle.
 *
 * <p>Used by the shard's agent thread only.
 */
final class FramePublisher {
    /** What {@link #offer} reports. */
    enum Outcome {
        /** The whole frame or message is on its way. */
        SENT,
        /** Part or none of it went; try again in a later duty cycle. */
        RETRY
    }

    private final ExclusivePublication[] publications;
    private final long jobId;
    private final int rank;
    private final UnsafeBuffer header = new UnsafeBuffer(ByteBuffer.allocateDirect(Frames.TEXT_OFFSET
            + Frames.MAX_TEXT_BYTES));
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
    private long bytesSent;
    private long messagesSent;

    FramePublisher(ExclusivePublication[] publications, long jobId, int rank) {
        this.publications = publications;
        this.jobId = jobId;
        this.rank = rank;
    }

    /** Bytes of payload fully sent so far. */
    long bytesSent() {
        return bytesSent;
    }

    /** DATA messages fully sent so far. */
    long messagesSent() {
        return messagesSent;
    }

    /**
     * Offers {@code item} (any type) to its destination: a DATA message chunk by chunk from {@code item.sent}, at most
     * {@code maxChunks} chunks; other types whole.
     *
     * @throws IllegalStateException if the publication is closed or past its maximum position
     */
    Outcome offer(Outbound item, int maxChunks) {
        ExclusivePublication publication = publications[item.destination];
        switch (item.type) {
            case DATA:
                return offerData(publication, item, maxChunks);
            case HELLO:
                writeCommon(Frames.Type.HELLO, item.flags, item.destination);
                header.putInt(Frames.SIZE_OFFSET, item.intValue);
                header.putInt(Frames.SIZE_OFFSET + 4, 0);
                header.putBytes(Frames.MAC_OFFSET, item.data, 0, Frames.MAC_LENGTH);
                return result(publication.offer(header, 0, Frames.HELLO_LENGTH), item);
            case ABORT:
                writeCommon(Frames.Type.ABORT, (byte) 0, item.destination);
                header.putInt(Frames.FAILED_SHARD_OFFSET, item.intValue);
                header.putInt(Frames.FAILURE_KIND_OFFSET, (int) item.tag);
                int textLength = Math.min(item.data.length, Frames.MAX_TEXT_BYTES);
                header.putInt(Frames.TEXT_LENGTH_OFFSET, textLength);
                header.putBytes(Frames.TEXT_OFFSET, item.data, 0, textLength);
                return result(publication.offer(header, 0, Frames.TEXT_OFFSET + textLength), item);
            default:
                writeCommon(item.type, (byte) 0, item.destination);
                return result(publication.offer(header, 0, Frames.COMMON_LENGTH), item);
        }
    }

    private Outcome offerData(ExclusivePublication publication, Outbound item, int maxChunks) {
        byte[] data = item.data;
        int chunkLimit = publication.maxMessageLength() - Frames.DATA_HEADER_LENGTH;
        payload.wrap(data);
        writeCommon(Frames.Type.DATA, (byte) 0, item.destination);
        header.putLong(Frames.TAG_OFFSET, item.tag);
        header.putInt(Frames.TOTAL_OFFSET, data.length);
        for (int chunks = 0; chunks < maxChunks; chunks++) {
            int length = Math.min(chunkLimit, data.length - item.sent);
            header.putInt(Frames.CHUNK_OFFSET_OFFSET, item.sent);
            long position = publication.offer(header, 0, Frames.DATA_HEADER_LENGTH, payload, item.sent, length);
            if (position < 0) {
                checkUsable(position, item);
                return Outcome.RETRY;
            }
            item.sent += length;
            if (item.sent == data.length) {
                bytesSent += data.length;
                messagesSent++;
                return Outcome.SENT;
            }
        }
        return Outcome.RETRY;
    }

    private void writeCommon(Frames.Type type, byte flags, int destination) {
        header.putInt(Frames.MAGIC_OFFSET, Frames.MAGIC);
        header.putByte(Frames.TYPE_OFFSET, type.code);
        header.putByte(Frames.FLAGS_OFFSET, flags);
        header.putShort(Frames.FLAGS_OFFSET + 1, (short) 0);
        header.putLong(Frames.JOB_OFFSET, jobId);
        header.putInt(Frames.SOURCE_OFFSET, rank);
        header.putInt(Frames.DESTINATION_OFFSET, destination);
    }

    private static Outcome result(long position, Outbound item) {
        if (position < 0) {
            checkUsable(position, item);
            return Outcome.RETRY;
        }
        return Outcome.SENT;
    }

    private static void checkUsable(long position, Outbound item) {
        if (position == Publication.CLOSED || position == Publication.MAX_POSITION_EXCEEDED) {
            throw new IllegalStateException("the publication to shard " + item.destination + " is unusable ("
                    + Publication.errorString(position) + ") while sending a " + item.type + " frame");
        }
    }

    /** One frame or message waiting to go to one peer. */
    static final class Outbound {
        final Frames.Type type;
        final int destination;
        /** DATA: the tag; ABORT: the failure kind. */
        final long tag;
        /** DATA: the message; HELLO: the MAC; ABORT: the UTF-8 text. */
        final byte[] data;
        /** HELLO: the shard count; ABORT: the failed shard. */
        final int intValue;
        final byte flags;
        /** DATA: bytes already offered. */
        int sent;

        private Outbound(Frames.Type type, int destination, long tag, byte[] data, int intValue, byte flags) {
            this.type = type;
            this.destination = destination;
            this.tag = tag;
            this.data = data;
            this.intValue = intValue;
            this.flags = flags;
        }

        static Outbound data(int destination, long tag, byte[] message) {
            return new Outbound(Frames.Type.DATA, destination, tag, message, 0, (byte) 0);
        }

        static Outbound control(Frames.Type type, int destination) {
            return new Outbound(type, destination, 0, null, 0, (byte) 0);
        }

        static Outbound hello(int destination, int size, byte[] mac, boolean heardYou) {
            return new Outbound(Frames.Type.HELLO, destination, 0, mac.clone(), size,
                    heardYou ? Frames.HEARD_YOU : 0);
        }

        static Outbound abort(int destination, int failedShard, int kind, String text) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            return new Outbound(Frames.Type.ABORT, destination, kind, bytes, failedShard, (byte) 0);
        }
    }
}
