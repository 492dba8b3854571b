package dev.nubo.auth.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AccessTokenCodecTest {
    static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");

    final UUID user = UUID.randomUUID();
    final UUID session = UUID.randomUUID();

    static AccessTokenCodec at(Instant now, byte[] key) {
        return new AccessTokenCodec(key, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void signedToken_verifiesToItsClaims() {
        String token = at(NOW, KEY).sign(user, session, Duration.ofMinutes(10));
        assertThat(at(NOW.plusSeconds(599), KEY).verify(token))
                .hasValue(new AccessTokenCodec.Claims(user, session, NOW.plusSeconds(600)));
    }

    @Test
    void expiredToken_isRejected() {
        String token = at(NOW, KEY).sign(user, session, Duration.ofMinutes(10));
        assertThat(at(NOW.plusSeconds(600), KEY).verify(token)).isEmpty();
    }

    @Test
    void tokenIssuedInTheFuture_isRejected() {
        String token = at(NOW.plusSeconds(3600), KEY).sign(user, session, Duration.ofHours(2));
        assertThat(at(NOW, KEY).verify(token)).isEmpty();
    }

    @Test
    void anotherInstallationsKey_isRejected() {
        String token = at(NOW, KEY).sign(user, session, Duration.ofMinutes(10));
        byte[] other = "ffffffffffffffffffffffffffffffff".getBytes(StandardCharsets.US_ASCII);
        assertThat(at(NOW, other).verify(token)).isEmpty();
    }

    @Test
    void tamperedPayload_isRejected() {
        String token = at(NOW, KEY).sign(user, session, Duration.ofMinutes(10));
        String[] parts = token.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        String forged = payload.replace(user.toString(), UUID.randomUUID().toString());
        String tampered = parts[0] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(forged.getBytes(StandardCharsets.UTF_8)) + "."
                + parts[2];
        assertThat(at(NOW, KEY).verify(tampered)).isEmpty();
    }

    @Test
    void unsignedAlgNoneToken_isRejected() {
        String token = at(NOW, KEY).sign(user, session, Duration.ofMinutes(10));
        String[] parts = token.split("\\.");
        String none = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString("{\"alg\":\"none\",\"typ\":\"at+jwt\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(at(NOW, KEY).verify(none + "." + parts[1] + ".")).isEmpty();
    }

    @Test
    void garbageAndOversizedInput_isRejectedWithoutThrowing() {
        AccessTokenCodec codec = at(NOW, KEY);
        assertThat(codec.verify(null)).isEmpty();
        assertThat(codec.verify("")).isEmpty();
        assertThat(codec.verify("a.b.c")).isEmpty();
        assertThat(codec.verify("x".repeat(10_000))).isEmpty();
    }
}
