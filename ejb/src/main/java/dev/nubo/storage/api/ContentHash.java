package dev.nubo.storage.api;

import java.util.HexFormat;
import java.util.regex.Pattern;

/** A blob's identity: the SHA-256 of its bytes, as 64 lower-case hex digits (nothing else ever becomes a path). */
public record ContentHash(String hex) {
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

    public ContentHash {
        if (hex == null || !SHA256_HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("not a SHA-256 hex digest");
        }
    }

    public static ContentHash of(byte[] digest) {
        if (digest.length != 32) {
            throw new IllegalArgumentException("a SHA-256 digest has 32 bytes, not " + digest.length);
        }
        return new ContentHash(HexFormat.of().formatHex(digest));
    }

    @Override
    public String toString() {
        return hex;
    }
}
