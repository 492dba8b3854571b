package dev.nubo.links.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A link's token: 144 random bits from {@link SecureRandom} as 24 base64url characters. Stored and looked up as its
 * SHA-256, so no SQL statement compares the secret; the service then compares the token itself in constant time.
 */
public record LinkToken(String value) {
    public static final int RANDOM_BYTES = 18;
    /** What a token may look like on the way in: base64url, 22 to 64 characters (older or longer formats fit). */
    private static final Pattern FORMAT = Pattern.compile("[A-Za-z0-9_-]{22,64}");

    private static final SecureRandom RANDOM = new SecureRandom();

    public LinkToken {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("not a link token");
        }
    }

    public static LinkToken generate() {
        byte[] bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return new LinkToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** The token if the text is shaped like one; anything else can never match a link. */
    public static Optional<LinkToken> parse(String text) {
        return text != null && FORMAT.matcher(text).matches() ? Optional.of(new LinkToken(text)) : Optional.empty();
    }

    public byte[] sha256() {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Constant-time comparison with a stored token. */
    public boolean matches(String stored) {
        return stored != null
                && MessageDigest.isEqual(
                        value.getBytes(StandardCharsets.US_ASCII), stored.getBytes(StandardCharsets.US_ASCII));
    }

    /** Never the token in logs. */
    @Override
    public String toString() {
        return "LinkToken[" + value.substring(0, 4) + "…]";
    }
}
