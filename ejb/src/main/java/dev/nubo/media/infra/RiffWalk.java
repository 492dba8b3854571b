package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Walks the chunks of a RIFF file (WebP, AVI) by their headers, seeking over payloads:
 *
 * <pre>
 * file  = "RIFF" size:u32le form:4 chunk*
 * chunk = id:4 size:u32le payload[size] pad-to-even  |  "LIST" size:u32le listType:4 chunk*
 * </pre>
 *
 * A chunk whose size runs past its list or the file ends the walk of that list; a list the visitor does not descend
 * into is skipped whole (an AVI's {@code movi} list holds one chunk per frame).
 */
final class RiffWalk {
    /** Chunks visited in one file before giving up. */
    static final int MAX_CHUNKS = 10_000;

    /** What a walk looks at. */
    interface Visitor {
        /** Whether to walk into a list of this type. */
        boolean descend(String listType);

        /** A chunk whose payload of {@code length} bytes starts at {@code payload}, all within the file. */
        void chunk(FileChannel channel, String id, long payload, long length) throws IOException;
    }

    private int visited;

    private RiffWalk() {}

    /** Walks the chunks after the 12-byte file header. */
    static void walk(FileChannel channel, Visitor visitor) throws IOException {
        ByteBuffer header =
                HeaderReads.read(channel, 0, 12, ByteOrder.LITTLE_ENDIAN).orElse(null);
        if (header == null || !HeaderReads.fourCc(header, 0).equals("RIFF")) {
            return;
        }
        long end = Math.min(channel.size(), 8 + Integer.toUnsignedLong(header.getInt(4)));
        new RiffWalk().chunks(channel, 12, end, visitor, 0);
    }

    private void chunks(FileChannel channel, long from, long end, Visitor visitor, int depth) throws IOException {
        long position = from;
        while (position + 8 <= end && visited++ < MAX_CHUNKS) {
            ByteBuffer header = HeaderReads.read(channel, position, 8, ByteOrder.LITTLE_ENDIAN)
                    .orElse(null);
            if (header == null) {
                return;
            }
            String id = HeaderReads.fourCc(header, 0);
            long length = Integer.toUnsignedLong(header.getInt(4));
            long payload = position + 8;
            if (length > end - payload) {
                return;
            }
            if (id.equals("LIST") && length >= 4 && depth < 4) {
                ByteBuffer type = HeaderReads.read(channel, payload, 4, ByteOrder.LITTLE_ENDIAN)
                        .orElseThrow();
                if (visitor.descend(HeaderReads.fourCc(type, 0))) {
                    chunks(channel, payload + 4, payload + length, visitor, depth + 1);
                }
            } else {
                visitor.chunk(channel, id, payload, length);
            }
            position = payload + length + (length & 1);
        }
    }
}
