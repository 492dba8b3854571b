package dev.nubo.auth.infra;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;

/**
 * Argon2id (RFC 9106) through Bouncy Castle, stored in the PHC string format:
 * {@code $argon2id$v=19$m=<KiB>,t=<iterations>,p=<lanes>$<salt b64>$<hash b64>} (unpadded standard Base64).
 */
public final class Argon2idHasher {
    private static final Pattern PHC = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,3}),p=(\\d{1,2})\\$([A-Za-z0-9+/]{11,64})\\$([A-Za-z0-9+/]{22,128})");
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();

    private final Argon2Parameters params;
    private final SecureRandom random = new SecureRandom();

    public Argon2idHasher(Argon2Parameters params) {
        this.params = params;
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] hash = derive(password, salt, params, HASH_BYTES);
        return "$argon2id$v=19$m=" + params.memoryKiB() + ",t=" + params.iterations() + ",p=" + params.parallelism()
                + "$" + B64.encodeToString(salt) + "$" + B64.encodeToString(hash);
    }

    public boolean verify(String password, String stored) {
        Optional<Parsed> parsed = parse(stored);
        if (parsed.isEmpty()) {
            return false;
        }
        Parsed p = parsed.get();
        byte[] actual = derive(password, p.salt(), p.params(), p.hash().length);
        return MessageDigest.isEqual(actual, p.hash());
    }

    public boolean needsRehash(String stored) {
        return parse(stored).map(p -> !p.params().equals(params)).orElse(true);
    }

    static Optional<Parsed> parse(String stored) {
        if (stored == null) {
            return Optional.empty();
        }
        Matcher m = PHC.matcher(stored);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            Argon2Parameters params = new Argon2Parameters(
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            return Optional.of(new Parsed(params, B64D.decode(m.group(4)), B64D.decode(m.group(5))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static byte[] derive(String password, byte[] salt, Argon2Parameters p, int length) {
        org.bouncycastle.crypto.params.Argon2Parameters bc =
                new org.bouncycastle.crypto.params.Argon2Parameters.Builder(
                                org.bouncycastle.crypto.params.Argon2Parameters.ARGON2_id)
                        .withVersion(org.bouncycastle.crypto.params.Argon2Parameters.ARGON2_VERSION_13)
                        .withMemoryAsKB(p.memoryKiB())
                        .withIterations(p.iterations())
                        .withParallelism(p.parallelism())
                        .withSalt(salt)
                        .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(bc);
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }

    record Parsed(Argon2Parameters params, byte[] salt, byte[] hash) {}
}
