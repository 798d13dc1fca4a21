package dev.cohort.transport;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * Inbound half of {@link AeronCommunicator}: decodes each reassembled Aeron message of the shard's subscription
 * ({@link Frames}) and calls the agent's {@code onXxx} method. A frame that is too short, has the wrong magic, names
 * another job, a rank outside the job, another destination, or comes on an Aeron session that did not pass the
 * handshake for its source rank is dropped and counted; nothing a peer or a stranger sends can throw out of here.
 *
 * <p>DATA chunks of one message arrive in order on the sender's publication; they are appended to one array per
 * source, which is handed over whole once the last chunk is in.
 */
final class FrameAdapter implements FragmentHandler {
    /** How many dropped frames are described on standard error before going quiet. */
    private static final int LOGGED_DROPS = 5;

    private final ShardAgent agent;
    private final long jobId;
    private final int rank;
    private final int size;
    private final byte[][] assembling;
    private final long[] assemblingTag;
    private final int[] assembled;
    private long framesReceived;
    private long droppedFrames;
    private long bytesReceived;

    FrameAdapter(ShardAgent agent, long jobId, int rank, int size) {
        this.agent = agent;
        this.jobId = jobId;
        this.rank = rank;
        this.size = size;
        this.assembling = new byte[size][];
        this.assemblingTag = new long[size];
        this.assembled = new int[size];
    }

    long framesReceived() {
        return framesReceived;
    }

    long droppedFrames() {
        return droppedFrames;
    }

    long bytesReceived() {
        return bytesReceived;
    }

    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        framesReceived++;
        try {
            if (!decode(buffer, offset, length, header.sessionId())) {
                drop(buffer, offset, length, header.sessionId(), null);
            }
        } catch (RuntimeException e) {
            drop(buffer, offset, length, header.sessionId(), e);
        }
    }

    private boolean decode(DirectBuffer buffer, int offset, int length, int sessionId) {
        if (length < Frames.COMMON_LENGTH
                || buffer.getInt(offset + Frames.MAGIC_OFFSET) != Frames.MAGIC
                || buffer.getLong(offset + Frames.JOB_OFFSET) != jobId) {
            return false;
        }
        Frames.Type type = Frames.Type.of(buffer.getByte(offset + Frames.TYPE_OFFSET));
        int source = buffer.getInt(offset + Frames.SOURCE_OFFSET);
        int destination = buffer.getInt(offset + Frames.DESTINATION_OFFSET);
        if (type == null || source < 0 || source >= size || source == rank || destination != rank) {
            return false;
        }
        if (type == Frames.Type.HELLO) {
            return length >= Frames.HELLO_LENGTH && agent.onHello(source, sessionId,
                    buffer.getInt(offset + Frames.SIZE_OFFSET),
                    (buffer.getByte(offset + Frames.FLAGS_OFFSET) & Frames.HEARD_YOU) != 0,
                    buffer, offset + Frames.MAC_OFFSET);
        }
        if (!agent.isVerifiedSession(source, sessionId)) {
            return false;
        }
        switch (type) {
            case DATA:
                return onData(buffer, offset, length, source);
            case HEARTBEAT:
                agent.onHeartbeat(source);
                return true;
            case CLOSE:
                agent.onClose(source);
                return true;
            case CLOSE_ACK:
                agent.onCloseAck(source);
                return true;
            case ABORT:
                if (length < Frames.TEXT_OFFSET) {
                    return false;
                }
                int textLength = buffer.getInt(offset + Frames.TEXT_LENGTH_OFFSET);
                if (textLength < 0 || textLength > length - Frames.TEXT_OFFSET) {
                    return false;
                }
                byte[] text = new byte[textLength];
                buffer.getBytes(offset + Frames.TEXT_OFFSET, text);
                agent.onAbort(source, buffer.getInt(offset + Frames.FAILED_SHARD_OFFSET),
                        buffer.getInt(offset + Frames.FAILURE_KIND_OFFSET), new String(text, StandardCharsets.UTF_8));
                return true;
            default:
                return false;
        }
    }

    private boolean onData(DirectBuffer buffer, int offset, int length, int source) {
        if (length < Frames.DATA_HEADER_LENGTH) {
            return false;
        }
        long tag = buffer.getLong(offset + Frames.TAG_OFFSET);
        int total = buffer.getInt(offset + Frames.TOTAL_OFFSET);
        int chunkOffset = buffer.getInt(offset + Frames.CHUNK_OFFSET_OFFSET);
        int chunkLength = length - Frames.DATA_HEADER_LENGTH;
        if (total < 0 || chunkOffset < 0 || chunkLength > total - chunkOffset) {
            return false;
        }
        byte[] message;
        if (chunkOffset == 0) {
            if (assembling[source] != null) {
                assembling[source] = null; // the unfinished one cannot be completed any more
                return false;
            }
            message = new byte[total];
            assemblingTag[source] = tag;
            assembled[source] = 0;
        } else {
            message = assembling[source];
            if (message == null || assemblingTag[source] != tag || message.length != total
                    || assembled[source] != chunkOffset) {
                assembling[source] = null;
                return false;
            }
        }
        buffer.getBytes(offset + Frames.DATA_HEADER_LENGTH, message, chunkOffset, chunkLength);
        int filled = chunkOffset + chunkLength;
        if (filled == total) {
            assembling[source] = null;
            bytesReceived += total;
            agent.onData(source, tag, message);
        } else {
            assembling[source] = message;
            assembled[source] = filled;
        }
        return true;
    }

    private void drop(DirectBuffer buffer, int offset, int length, int sessionId, RuntimeException error) {
        droppedFrames++;
        if (droppedFrames <= LOGGED_DROPS) {
            String why = error != null ? error.toString() : Frames.describeDrop(buffer, offset, length, jobId);
            System.err.println("cohort: shard " + rank + " dropped a frame from Aeron session " + sessionId + ": " + why
                    + (droppedFrames == LOGGED_DROPS ? " (further drops are only counted)" : ""));
        }
    }
}
