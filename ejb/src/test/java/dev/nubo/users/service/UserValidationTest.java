package dev.nubo.users.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UserValidationTest {
    @ParameterizedTest
    @ValueSource(strings = {"alice", "Bob.Smith", "a", "carol@example.org", "x_y-z", "0admin"})
    void acceptedUsernames(String name) {
        assertThat(UserValidation.username(name)).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".hidden", "-dash", "with space", "slash/name", "../etc", "ünïcode", "tab\tname"})
    void refusedUsernames(String name) {
        assertThatThrownBy(() -> UserValidation.username(name)).isInstanceOf(NuboException.class);
    }

    @Test
    void usernames_areAtMost64Characters() {
        assertThat(UserValidation.username("a".repeat(64))).hasSize(64);
        assertThatThrownBy(() -> UserValidation.username("a".repeat(65))).isInstanceOf(NuboException.class);
    }

    @Test
    void passwords_needEightCharacters_countedAsCodePoints_andAtMost1024Bytes() {
        assertThatThrownBy(() -> UserValidation.password("1234567")).isInstanceOf(NuboException.class);
        assertThat(UserValidation.password("12345678")).isEqualTo("12345678");
        assertThatThrownBy(() -> UserValidation.password("😀😀😀😀")).isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> UserValidation.password("é".repeat(513))).isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> UserValidation.password(null)).isInstanceOf(NuboException.class);
    }

    @Test
    void displayName_isTrimmedAndNfcNormalised_andDefaultsToTheUsername() {
        assertThat(UserValidation.displayName("  Cafe\u0301  ", "x")).isEqualTo("Caf\u00e9");
        assertThat(UserValidation.displayName("  ", "alice")).isEqualTo("alice");
        assertThatThrownBy(() -> UserValidation.displayName("bad\u0000name", "x"))
                .isInstanceOf(NuboException.class);
    }

    @Test
    void quota_mustNotBeNegative() {
        assertThat(UserValidation.quota(null)).isNull();
        assertThat(UserValidation.quota(0L)).isZero();
        assertThatThrownBy(() -> UserValidation.quota(-1L)).isInstanceOf(NuboException.class);
    }

    @Test
    void email_isOptional_butMustLookLikeAnAddress() {
        assertThat(UserValidation.email(" ")).isNull();
        assertThat(UserValidation.email(" a@b.c ")).isEqualTo("a@b.c");
        assertThatThrownBy(() -> UserValidation.email("not-an-address")).isInstanceOf(NuboException.class);
    }
}
