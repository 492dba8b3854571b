package dev.nubo.auth.infra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Argon2idHasherTest {
    /** Cheap parameters keep the suite fast; the format and logic are the same as with the defaults. */
    static final Argon2Parameters CHEAP = new Argon2Parameters(1024, 1, 1);

    final Argon2idHasher hasher = new Argon2idHasher(CHEAP);

    @Test
    void hash_isPhcStringCarryingItsParameters() {
        String hash = hasher.hash("correct horse");
        assertThat(hash).matches("\\$argon2id\\$v=19\\$m=1024,t=1,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}");
    }

    @Test
    void verify_acceptsTheRightPasswordOnly() {
        String hash = hasher.hash("correct horse");
        assertThat(hasher.verify("correct horse", hash)).isTrue();
        assertThat(hasher.verify("correct horsE", hash)).isFalse();
        assertThat(hasher.verify("", hash)).isFalse();
    }

    @Test
    void samePassword_getsDifferentSaltEachTime() {
        assertThat(hasher.hash("pw123456")).isNotEqualTo(hasher.hash("pw123456"));
    }

    @Test
    void verify_usesTheParametersStoredInTheHash_notTheCurrentOnes() {
        String old = new Argon2idHasher(new Argon2Parameters(2048, 2, 1)).hash("s3cret-pass");
        assertThat(hasher.verify("s3cret-pass", old)).isTrue();
        assertThat(hasher.needsRehash(old)).isTrue();
        assertThat(hasher.needsRehash(hasher.hash("s3cret-pass"))).isFalse();
    }

    @Test
    void unicodePasswords_areHashedAsUtf8() {
        String hash = hasher.hash("pässwörd-été-密码");
        assertThat(hasher.verify("pässwörd-été-密码", hash)).isTrue();
        assertThat(hasher.verify("passwort-ete-密码", hash)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "plain",
                "$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=16$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=1,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=1024,t=0,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
            })
    void malformedOrForeignHashes_neverVerify_andAskForRehash(String stored) {
        assertThat(hasher.verify("anything", stored)).isFalse();
        assertThat(hasher.needsRehash(stored)).isTrue();
    }
}
