package dev.nubo.links.domain;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The proof that a visitor gave a link's password: {@code <linkId>.<expiry epoch seconds>.<mac>} where mac is
 * HMAC-SHA256 (server secret) over the link id, the expiry and the link's password stamp, base64url. It opens that
 * link only, until it expires or the password changes. Parsing is strict: anything else is simply not a proof.
 */
public final class UnlockSignature {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,18})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})");
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private final byte[] key;
    private final Clock clock;

    public UnlockSignature(byte[] key, Clock clock) {
        if (key.length < 32) {
            throw new IllegalArgumentException("the key needs at least 256 bits");
        }
        this.key = key.clone();
        this.clock = clock;
    }

    public String issue(long linkId, String stamp, Duration ttl) {
        long expiry = clock.instant().plus(ttl).getEpochSecond();
        return linkId + "." + expiry + "." + mac(linkId, expiry, stamp);
    }

    public boolean verify(String value, long linkId, String stamp) {
        if (value == null || value.length() > 80) {
            return false;
        }
        Matcher m = FORMAT.matcher(value);
        if (!m.matches()) {
            return false;
        }
        long id = Long.parseLong(m.group(1));
        long expiry = Long.parseLong(m.group(2));
        boolean macOk = MessageDigest.isEqual(
                mac(linkId, expiry, stamp).getBytes(StandardCharsets.US_ASCII),
                m.group(3).getBytes(StandardCharsets.US_ASCII));
        return macOk && id == linkId && expiry > clock.instant().getEpochSecond();
    }

    private String mac(long linkId, long expiry, String stamp) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            String message = "nubo-link-unlock\n" + linkId + "\n" + expiry + "\n" + stamp;
            return URL.encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
