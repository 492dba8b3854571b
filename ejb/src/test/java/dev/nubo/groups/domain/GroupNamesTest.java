package dev.nubo.groups.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GroupNamesTest {
    @ParameterizedTest
    @ValueSource(strings = {"team", "Team A", "a", "ops.eu-west_1", "x@y", "9lives"})
    void validNames_areKept(String name) {
        assertThat(GroupNames.name(name)).isEqualTo(name);
    }

    @Test
    void surroundingSpaces_areDropped() {
        assertThat(GroupNames.name("  team  ")).isEqualTo("team");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "-team", " .team", "te/am", "tea:m", "équipe", "a\tb"})
    void badNames_areRefusedWithAMessage(String name) {
        assertThatThrownBy(() -> GroupNames.name(name))
                .isInstanceOf(NuboException.class)
                .hasMessageContaining("name");
    }

    @Test
    void nullName_isRequired() {
        assertThatThrownBy(() -> GroupNames.name(null)).hasMessage("name is required");
    }

    @Test
    void names_areAtMost64Characters() {
        assertThat(GroupNames.name("a".repeat(64))).hasSize(64);
        assertThatThrownBy(() -> GroupNames.name("a".repeat(65))).hasMessage("name must be at most 64 characters");
    }

    @Test
    void displayName_fallsBackToTheName_andIsNormalized() {
        assertThat(GroupNames.displayName(null, "team")).isEqualTo("team");
        assertThat(GroupNames.displayName("  ", "team")).isEqualTo("team");
        assertThat(GroupNames.displayName(" Cafe\u0301 crew ", "team")).isEqualTo("Caf\u00e9 crew");
    }

    @Test
    void displayName_refusesControlCharactersAndOversize() {
        assertThatThrownBy(() -> GroupNames.displayName("a\u0000b", "t")).hasMessageContaining("control");
        assertThatThrownBy(() -> GroupNames.displayName("x".repeat(256), "t")).hasMessageContaining("255");
        assertThat(GroupNames.displayName("x".repeat(255), "t")).hasSize(255);
    }

    @Test
    void likeLiteral_escapesWildcards_andLowerCases() {
        assertThat(GroupNames.likeLiteral("Ali")).isEqualTo("ali");
        assertThat(GroupNames.likeLiteral("50%_a\\b")).isEqualTo("50\\%\\_a\\\\b");
    }
}
