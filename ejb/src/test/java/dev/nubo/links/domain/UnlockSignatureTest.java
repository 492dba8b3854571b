package dev.nubo.links.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class UnlockSignatureTest {
    static final byte[] KEY = new byte[32];
    static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");

    static {
        Arrays.fill(KEY, (byte) 7);
    }

    private static UnlockSignature at(Instant now) {
        return new UnlockSignature(KEY, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void issued_verifiesForItsLinkAndStamp_untilItExpires() {
        String proof = at(NOW).issue(42, "stamp", Duration.ofHours(1));
        assertThat(proof).matches("42\\.\\d+\\.[A-Za-z0-9_-]{43}");
        assertThat(at(NOW).verify(proof, 42, "stamp")).isTrue();
        assertThat(at(NOW.plusSeconds(3599)).verify(proof, 42, "stamp")).isTrue();
        assertThat(at(NOW.plusSeconds(3600)).verify(proof, 42, "stamp")).isFalse();
    }

    @Test
    void anotherLink_anotherPassword_orAnotherKey_areRefused() {
        String proof = at(NOW).issue(42, "stamp", Duration.ofHours(1));
        assertThat(at(NOW).verify(proof, 43, "stamp")).isFalse();
        assertThat(at(NOW).verify(proof, 42, "new-password-stamp")).isFalse();
        byte[] other = KEY.clone();
        other[0] = 8;
        assertThat(new UnlockSignature(other, Clock.fixed(NOW, ZoneOffset.UTC)).verify(proof, 42, "stamp"))
                .isFalse();
    }

    @Test
    void tampering_isRefused() {
        String proof = at(NOW).issue(42, "stamp", Duration.ofHours(1));
        String[] parts = proof.split("\\.");
        // a later expiry with the old MAC
        assertThat(at(NOW).verify(parts[0] + "." + (Long.parseLong(parts[1]) + 86400) + "." + parts[2], 42, "stamp"))
                .isFalse();
        // the id swapped, the MAC kept
        assertThat(at(NOW).verify("43." + parts[1] + "." + parts[2], 43, "stamp"))
                .isFalse();
        char last = parts[2].charAt(42);
        String flipped = parts[2].substring(0, 42) + (last == 'A' ? 'B' : 'A');
        assertThat(at(NOW).verify(parts[0] + "." + parts[1] + "." + flipped, 42, "stamp"))
                .isFalse();
    }

    @Test
    void garbage_isNoProof() {
        UnlockSignature s = at(NOW);
        for (String bad : new String[] {null, "", "42", "42..", "x.1.abc", "42.1." + "A".repeat(44), "A".repeat(200)}) {
            assertThat(s.verify(bad, 42, "stamp")).as(String.valueOf(bad)).isFalse();
        }
    }

    @Test
    void shortKeys_areRefused() {
        assertThatThrownBy(() -> new UnlockSignature(new byte[16], Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
