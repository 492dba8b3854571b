package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Playing time and picture size of an ISO base media file (MP4, M4A, M4V, MOV, 3GP; ISO/IEC 14496-12 §4.2, §8.2.2,
 * §8.3.2): the movie header's duration over its time scale, and the first track header with a non-zero size, turned
 * when its matrix turns the picture by 90° (how phones record portrait video). Only {@code moov}, its {@code mvhd},
 * {@code trak} and {@code tkhd} are read; {@code mdat} is seeked over wherever it lies.
 *
 * <pre>
 * box  = size:u32be type:4 [largesize:u64be if size = 1] payload     (size 0: to the end of the file)
 * mvhd = version:1 flags:3 (v0: created:4 modified:4 timescale:4 duration:4 | v1: 8 8 4 8) ...
 * tkhd = version:1 flags:3 (v0: 20 bytes | v1: 32 bytes) reserved:8 layer:2 group:2 volume:2 reserved:2
 *        matrix:9*s32be width:u16.16 height:u16.16
 * </pre>
 *
 * @param width displayed width, 0 when no track has a picture (audio)
 * @param height displayed height, 0 when no track has a picture
 * @param durationMs null when the header says "unknown" (all ones) or has no time scale
 */
record IsoMovie(int width, int height, Long durationMs) {
    /** Boxes looked at in one file before giving up. */
    static final int MAX_BOXES = 10_000;

    static Optional<IsoMovie> read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Walk walk = new Walk(channel);
            walk.boxes(0, channel.size(), 0);
            return walk.sawMovie
                    ? Optional.of(new IsoMovie(walk.width, walk.height, walk.durationMs))
                    : Optional.empty();
        }
    }

    private static final class Walk {
        final FileChannel channel;
        int visited;
        boolean sawMovie;
        Long durationMs;
        int width;
        int height;

        Walk(FileChannel channel) {
            this.channel = channel;
        }

        void boxes(long from, long end, int depth) throws IOException {
            long position = from;
            while (position + 8 <= end && visited++ < MAX_BOXES) {
                ByteBuffer header = HeaderReads.read(channel, position, 8, ByteOrder.BIG_ENDIAN)
                        .orElse(null);
                if (header == null) {
                    return;
                }
                long size = Integer.toUnsignedLong(header.getInt(0));
                String type = HeaderReads.fourCc(header, 4);
                long payload = position + 8;
                if (size == 1) {
                    ByteBuffer large = HeaderReads.read(channel, payload, 8, ByteOrder.BIG_ENDIAN)
                            .orElse(null);
                    if (large == null) {
                        return;
                    }
                    size = large.getLong(0);
                    payload += 8;
                } else if (size == 0) {
                    size = end - position;
                }
                if (size < payload - position || size > end - position) {
                    return; // a size smaller than its header or running past its parent: damaged
                }
                box(type, payload, position + size, depth);
                position += size;
            }
        }

        private void box(String type, long payload, long end, int depth) throws IOException {
            switch (type) {
                case "moov" -> {
                    if (depth == 0) {
                        sawMovie = true;
                        boxes(payload, end, 1);
                    }
                }
                case "trak" -> {
                    if (depth == 1) {
                        boxes(payload, end, 2);
                    }
                }
                case "mvhd" -> {
                    if (depth == 1) {
                        movieHeader(payload, end - payload);
                    }
                }
                case "tkhd" -> {
                    if (depth == 2 && width == 0) {
                        trackHeader(payload, end - payload);
                    }
                }
                default -> {
                    // mdat, free, udta, edts, mdia...: not needed
                }
            }
        }

        private void movieHeader(long payload, long length) throws IOException {
            ByteBuffer b = HeaderReads.read(channel, payload, (int) Math.min(length, 32), ByteOrder.BIG_ENDIAN)
                    .orElse(null);
            if (b == null || b.limit() < 20) {
                return;
            }
            boolean v1 = b.get(0) == 1;
            if (v1 && b.limit() < 32) {
                return;
            }
            long timeScale = Integer.toUnsignedLong(b.getInt(v1 ? 20 : 12));
            long duration = v1 ? b.getLong(24) : Integer.toUnsignedLong(b.getInt(16));
            boolean unknown = v1 ? duration == -1L : duration == 0xFFFF_FFFFL;
            if (timeScale > 0 && !unknown && duration > 0) { // 0: a fragmented file keeps it in its fragments
                durationMs = duration / timeScale * 1000 + duration % timeScale * 1000 / timeScale;
            }
        }

        private void trackHeader(long payload, long length) throws IOException {
            ByteBuffer b = HeaderReads.read(channel, payload, (int) Math.min(length, 96), ByteOrder.BIG_ENDIAN)
                    .orElse(null);
            if (b == null) {
                return;
            }
            int matrix = b.get(0) == 1 ? 4 + 48 : 4 + 36;
            if (b.limit() < matrix + 44) {
                return;
            }
            int w = b.getInt(matrix + 36) >>> 16;
            int h = b.getInt(matrix + 40) >>> 16;
            if (w == 0 || h == 0) {
                return;
            }
            // matrix {a b u, c d v, x y w}: a quarter turn has a = d = 0 and b, c = ±1
            boolean quarterTurn = b.getInt(matrix) == 0 && b.getInt(matrix + 16) == 0 && b.getInt(matrix + 4) != 0;
            width = quarterTurn ? h : w;
            height = quarterTurn ? w : h;
        }
    }
}
