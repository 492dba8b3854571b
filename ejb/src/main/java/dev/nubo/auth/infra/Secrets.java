package dev.nubo.auth.infra;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Random tokens and the digests they are stored as. */
public final class Secrets {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();
    /** App passwords: lower-case letters and digits without look-alikes (0/o, 1/l), 5 groups of 5: 124 bits. */
    private static final char[] APP_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789".toCharArray();

    private Secrets() {}

    /** 256 random bits, URL-safe Base64. */
    public static String randomToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return URL.encodeToString(b);
    }

    public static String appPassword() {
        StringBuilder sb = new StringBuilder(29);
        for (int i = 0; i < 25; i++) {
            if (i > 0 && i % 5 == 0) {
                sb.append('-');
            }
            sb.append(APP_ALPHABET[RANDOM.nextInt(APP_ALPHABET.length)]);
        }
        return sb.toString();
    }

    public static boolean looksLikeAppPassword(String s) {
        return s != null && s.length() == 29 && s.matches("([a-z2-9]{5}-){4}[a-z2-9]{5}");
    }

    public static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String hmac(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return URL.encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }

    public static boolean constantTimeEquals(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
