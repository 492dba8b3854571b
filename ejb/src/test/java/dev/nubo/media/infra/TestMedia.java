package dev.nubo.media.infra;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Audio and video containers the tests build byte by byte: only the headers a probe reads, and a little payload. */
final class TestMedia {
    private TestMedia() {}

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A PCM WAV: RIFF header, optional LIST chunk, fmt, then a data chunk declaring {@code declared} bytes. */
    static byte[] wav(int sampleRate, int channels, int bits, long declared, int actual, boolean list) {
        int blockAlign = channels * bits / 8;
        ByteBuffer out = ByteBuffer.allocate(12 + (list ? 8 + 14 : 0) + 8 + 16 + 8 + actual)
                .order(ByteOrder.LITTLE_ENDIAN);
        out.put(ascii("RIFF")).putInt(out.capacity() - 8).put(ascii("WAVE"));
        if (list) {
            out.put(ascii("LIST"))
                    .putInt(13)
                    .put(ascii("INFOISFT"))
                    .putInt(1)
                    .put((byte) 'x')
                    .put((byte) 0);
        }
        out.put(ascii("fmt ")).putInt(16).putShort((short) 1).putShort((short) channels);
        out.putInt(sampleRate)
                .putInt(sampleRate * blockAlign)
                .putShort((short) blockAlign)
                .putShort((short) bits);
        out.put(ascii("data")).putInt((int) declared);
        return out.array();
    }

    /** An ISO box: big-endian size, type, payload. */
    static byte[] box(String type, byte[]... children) {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        for (byte[] child : children) {
            payload.writeBytes(child);
        }
        return ByteBuffer.allocate(8 + payload.size())
                .putInt(8 + payload.size())
                .put(ascii(type))
                .put(payload.toByteArray())
                .array();
    }

    static byte[] ftyp(String brand) {
        return box("ftyp", ascii(brand), new byte[4], ascii(brand));
    }

    /** A version-0 {@code mvhd} (ISO/IEC 14496-12 §8.2.2). */
    static byte[] mvhd(int timeScale, int duration) {
        ByteBuffer b = ByteBuffer.allocate(100);
        b.putInt(0).putInt(0).putInt(0).putInt(timeScale).putInt(duration);
        b.putInt(0x0001_0000).putShort((short) 0x0100).put(new byte[10]);
        identityMatrix(b);
        b.put(new byte[24]).putInt(2);
        return box("mvhd", b.array());
    }

    /** A version-0 {@code tkhd} (§8.3.2) for a picture of {@code width} x {@code height}, turned 90° when asked. */
    static byte[] tkhd(int width, int height, boolean quarterTurn) {
        ByteBuffer b = ByteBuffer.allocate(84);
        b.putInt(3).putInt(0).putInt(0).putInt(1).putInt(0).putInt(0).put(new byte[8]);
        b.putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0);
        if (quarterTurn) {
            int[] turn = {0, 0x0001_0000, 0, -0x0001_0000, 0, 0, 0, 0, 0x4000_0000};
            for (int value : turn) {
                b.putInt(value);
            }
        } else {
            identityMatrix(b);
        }
        b.putInt(width << 16).putInt(height << 16);
        return box("tkhd", b.array());
    }

    private static void identityMatrix(ByteBuffer b) {
        int[] identity = {0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000};
        for (int value : identity) {
            b.putInt(value);
        }
    }

    /** ftyp, a movie of one track (an audio track when width is 0), then some media data. */
    static byte[] movie(String brand, int timeScale, int duration, int width, int height, boolean quarterTurn) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ftyp(brand));
        out.writeBytes(box("mdat", new byte[64])); // media data first, as cameras write it
        out.writeBytes(box("moov", mvhd(timeScale, duration), box("trak", tkhd(width, height, quarterTurn))));
        return out.toByteArray();
    }

    /** A RIFF chunk: id, little-endian size, payload, pad to even. */
    static byte[] chunk(String id, byte[] payload) {
        ByteBuffer b =
                ByteBuffer.allocate(8 + payload.length + (payload.length & 1)).order(ByteOrder.LITTLE_ENDIAN);
        return b.put(ascii(id)).putInt(payload.length).put(payload).array();
    }

    static byte[] list(String type, byte[]... chunks) {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        payload.writeBytes(ascii(type));
        for (byte[] chunk : chunks) {
            payload.writeBytes(chunk);
        }
        return chunk("LIST", payload.toByteArray());
    }

    static byte[] riff(String form, byte[]... chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] chunk : chunks) {
            out.writeBytes(chunk);
        }
        return ByteBuffer.allocate(12 + out.size())
                .order(ByteOrder.LITTLE_ENDIAN)
                .put(ascii("RIFF"))
                .putInt(4 + out.size())
                .put(ascii(form))
                .put(out.toByteArray())
                .array();
    }

    /** An AVI with its main header and a {@code movi} list of {@code frames} tiny frames. */
    static byte[] avi(int microSecPerFrame, int totalFrames, int width, int height, int frames) {
        ByteBuffer avih = ByteBuffer.allocate(56).order(ByteOrder.LITTLE_ENDIAN);
        avih.putInt(microSecPerFrame)
                .putInt(0)
                .putInt(0)
                .putInt(0x10)
                .putInt(totalFrames)
                .putInt(0)
                .putInt(1);
        avih.putInt(0).putInt(width).putInt(height);
        byte[][] movi = new byte[frames][];
        for (int i = 0; i < frames; i++) {
            movi[i] = chunk("00dc", new byte[3]);
        }
        return riff("AVI ", list("hdrl", chunk("avih", avih.array())), list("movi", movi));
    }
}
