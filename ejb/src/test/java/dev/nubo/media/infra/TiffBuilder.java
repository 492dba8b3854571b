package dev.nubo.media.infra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Big-endian TIFF structures as EXIF carries them (TIFF 6.0 §2; EXIF 2.32 §4.6): an IFD0 that points to an Exif IFD
 * and a GPS IFD, written by hand so that the tests control every byte metadata-extractor will read.
 */
final class TiffBuilder {
    static final int ASCII = 2;
    static final int SHORT = 3;
    static final int LONG = 4;
    static final int RATIONAL = 5;
    static final int EXIF_IFD_POINTER = 0x8769;
    static final int GPS_IFD_POINTER = 0x8825;

    record Entry(int tag, int type, int count, byte[] value) {}

    private final List<Entry> ifd0 = new ArrayList<>();
    private final List<Entry> exif = new ArrayList<>();
    private final List<Entry> gps = new ArrayList<>();

    TiffBuilder ifd0(Entry entry) {
        ifd0.add(entry);
        return this;
    }

    TiffBuilder exif(Entry entry) {
        exif.add(entry);
        return this;
    }

    TiffBuilder gps(Entry entry) {
        gps.add(entry);
        return this;
    }

    static Entry ascii(int tag, String value) {
        byte[] text = (value + "\0").getBytes(StandardCharsets.ISO_8859_1);
        return new Entry(tag, ASCII, text.length, text);
    }

    static Entry shortValue(int tag, int value) {
        return new Entry(
                tag, SHORT, 1, ByteBuffer.allocate(2).putShort((short) value).array());
    }

    static Entry longValue(int tag, long value) {
        return new Entry(
                tag, LONG, 1, ByteBuffer.allocate(4).putInt((int) value).array());
    }

    /** Rationals as numerator/denominator pairs. */
    static Entry rationals(int tag, long... pairs) {
        ByteBuffer value = ByteBuffer.allocate(pairs.length * 4);
        for (long n : pairs) {
            value.putInt((int) n);
        }
        return new Entry(tag, RATIONAL, pairs.length / 2, value.array());
    }

    byte[] build() {
        List<Entry> first = new ArrayList<>(ifd0);
        if (!exif.isEmpty()) {
            first.add(longValue(EXIF_IFD_POINTER, 0));
        }
        if (!gps.isEmpty()) {
            first.add(longValue(GPS_IFD_POINTER, 0));
        }
        int exifOffset = 8 + size(first);
        int gpsOffset = exifOffset + size(exif);
        first.replaceAll(entry -> switch (entry.tag()) {
            case EXIF_IFD_POINTER -> longValue(EXIF_IFD_POINTER, exifOffset);
            case GPS_IFD_POINTER -> longValue(GPS_IFD_POINTER, gpsOffset);
            default -> entry;
        });
        ByteBuffer out = ByteBuffer.allocate(gpsOffset + size(gps));
        out.put((byte) 'M').put((byte) 'M').putShort((short) 42).putInt(8);
        write(out, first);
        if (!exif.isEmpty()) {
            write(out, exif);
        }
        if (!gps.isEmpty()) {
            write(out, gps);
        }
        return out.array();
    }

    private static int size(List<Entry> ifd) {
        if (ifd.isEmpty()) {
            return 0;
        }
        int size = 2 + 12 * ifd.size() + 4;
        for (Entry entry : ifd) {
            if (entry.value().length > 4) {
                size += entry.value().length + (entry.value().length & 1);
            }
        }
        return size;
    }

    /** One IFD at the buffer's position, entries sorted by tag as TIFF requires, its long values right after it. */
    private static void write(ByteBuffer out, List<Entry> entries) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingInt(Entry::tag));
        int start = out.position();
        int data = start + 2 + 12 * sorted.size() + 4;
        out.putShort((short) sorted.size());
        List<byte[]> outOfLine = new ArrayList<>();
        for (Entry entry : sorted) {
            out.putShort((short) entry.tag()).putShort((short) entry.type()).putInt(entry.count());
            byte[] value = entry.value();
            if (value.length <= 4) {
                out.put(value).put(new byte[4 - value.length]);
            } else {
                out.putInt(data);
                data += value.length + (value.length & 1);
                outOfLine.add(value);
            }
        }
        out.putInt(0); // no next IFD
        for (byte[] value : outOfLine) {
            out.put(value);
            if ((value.length & 1) == 1) {
                out.put((byte) 0);
            }
        }
    }
}
