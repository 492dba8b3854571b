package dev.nubo.files.api;

import dev.nubo.platform.web.Payloads;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The body of a 206 answer to several ranges (RFC 9110 section 14.6, {@code multipart/byteranges}): each range of the
 * file as a part with its own Content-Type and Content-Range, in the order asked, and the exact length of the whole
 * body, so it goes out with a Content-Length. What the REST download, WebDAV and the Nextcloud dialect send alike.
 *
 * @param type the file's media type, repeated in every part
 * @param total the file's length, the denominator of every Content-Range
 */
public record MultipartByteranges(List<ByteRanges.Range> ranges, String type, long total, String boundary) {
    public MultipartByteranges {
        ranges = List.copyOf(ranges);
    }

    /** The parts for {@code ranges} of a file of {@code total} bytes, with a boundary no file content can guess. */
    public static MultipartByteranges of(List<ByteRanges.Range> ranges, String type, long total) {
        return new MultipartByteranges(ranges, type, total, "nubo-" + UUID.randomUUID());
    }

    /** The response's Content-Type. */
    public String contentType() {
        return "multipart/byteranges; boundary=" + boundary;
    }

    /** The body's length in bytes. */
    public long length() {
        long n = ascii(closing()).length;
        for (ByteRanges.Range range : ranges) {
            n += ascii(partHeader(range)).length + range.length();
        }
        return n;
    }

    /** Writes the body, reading each range from {@code channel}. */
    public void write(FileChannel channel, OutputStream out) throws IOException {
        for (ByteRanges.Range range : ranges) {
            out.write(ascii(partHeader(range)));
            Payloads.copy(channel, range.first(), range.length(), out);
        }
        out.write(ascii(closing()));
    }

    private String partHeader(ByteRanges.Range range) {
        return "\r\n--" + boundary + "\r\nContent-Type: " + type + "\r\nContent-Range: bytes " + range.first() + "-"
                + range.last() + "/" + total + "\r\n\r\n";
    }

    private String closing() {
        return "\r\n--" + boundary + "--\r\n";
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
