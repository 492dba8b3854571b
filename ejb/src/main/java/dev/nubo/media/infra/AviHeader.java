package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * An AVI's frame size and playing time from its main header ({@code LIST hdrl / avih}, Microsoft's AVIMAINHEADER) and,
 * for OpenDML files over 1 GB, the total frame count of {@code LIST odml / dmlh}. The {@code movi} list of frames is
 * skipped.
 *
 * <pre>
 * avih = microSecPerFrame:u32le maxBytesPerSec:u32le paddingGranularity:u32le flags:u32le totalFrames:u32le
 *        initialFrames:u32le streams:u32le suggestedBufferSize:u32le width:u32le height:u32le reserved[4]
 * dmlh = totalFrames:u32le ...
 * </pre>
 *
 * @param width frame width, 0 when unknown
 * @param height frame height, 0 when unknown
 * @param durationMs total frames times the frame period, null when unknown
 */
record AviHeader(int width, int height, Long durationMs) {
    static Optional<AviHeader> read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Collector collector = new Collector();
            RiffWalk.walk(channel, collector);
            if (!collector.found) {
                return Optional.empty();
            }
            long frames = collector.openDmlFrames > 0 ? collector.openDmlFrames : collector.frames;
            Long duration =
                    collector.microSecPerFrame > 0 && frames > 0 ? frames * collector.microSecPerFrame / 1000 : null;
            return Optional.of(new AviHeader(collector.width, collector.height, duration));
        }
    }

    private static final class Collector implements RiffWalk.Visitor {
        boolean found;
        long microSecPerFrame;
        long frames;
        long openDmlFrames;
        int width;
        int height;

        @Override
        public boolean descend(String listType) {
            return listType.equals("hdrl") || listType.equals("odml");
        }

        @Override
        public void chunk(FileChannel channel, String id, long payload, long length) throws IOException {
            if (id.equals("avih") && length >= 40) {
                ByteBuffer b = HeaderReads.read(channel, payload, 40, ByteOrder.LITTLE_ENDIAN)
                        .orElseThrow();
                found = true;
                microSecPerFrame = Integer.toUnsignedLong(b.getInt(0));
                frames = Integer.toUnsignedLong(b.getInt(16));
                width = Math.max(0, b.getInt(32));
                height = Math.max(0, b.getInt(36));
            } else if (id.equals("dmlh") && length >= 4) {
                ByteBuffer b = HeaderReads.read(channel, payload, 4, ByteOrder.LITTLE_ENDIAN)
                        .orElseThrow();
                openDmlFrames = Integer.toUnsignedLong(b.getInt(0));
            }
        }
    }
}
