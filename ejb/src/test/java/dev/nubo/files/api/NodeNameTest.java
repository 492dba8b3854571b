package dev.nubo.files.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NodeNameTest {
    @Test
    void of_normalisesToNfc_soMacAndWindowsSpellingsAreOneName() {
        assertThat(NodeName.of("e\u0301te\u0301.txt")).isEqualTo(NodeName.of("\u00e9t\u00e9.txt"));
    }

    @Test
    void theConstructor_refusesNamesNotInNfc() {
        assertThatThrownBy(() -> new NodeName("e\u0301")).isInstanceOf(NuboException.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "report.pdf",
                "Rapport Final (v2).PDF",
                "文件.txt",
                "😀",
                "#%?&+'\"",
                " leading space",
                ".bashrc",
                "..."
            })
    void acceptedNames(String name) {
        assertThat(NodeName.of(name).value()).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "a/b", "/", "nul\u0000byte", "tab\there", "line\nbreak", "\u007f"})
    void refusedNames(String name) {
        assertThatThrownBy(() -> NodeName.of(name)).isInstanceOf(NuboException.class);
    }

    @Test
    void loneSurrogates_areNotValidUnicode() {
        assertThatThrownBy(() -> NodeName.of("bad\ud800")).isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> NodeName.of("\udc00bad")).isInstanceOf(NuboException.class);
    }

    @Test
    void theLimitIs255BytesOfUtf8_notCharacters() {
        assertThat(NodeName.of("a".repeat(255)).value()).hasSize(255);
        assertThatThrownBy(() -> NodeName.of("a".repeat(256))).isInstanceOf(NuboException.class);
        assertThat(NodeName.of("é".repeat(127)).value()).hasSize(127); // 254 bytes
        assertThatThrownBy(() -> NodeName.of("é".repeat(128))).isInstanceOf(NuboException.class);
    }

    @ParameterizedTest
    @CsvSource({"report.pdf,pdf", "ARCHIVE.TAR.GZ,gz", ".bashrc,''", "noext,''", "trailing.,''"})
    void extension(String name, String ext) {
        assertThat(NodeName.of(name).extension()).isEqualTo(ext);
    }

    @ParameterizedTest
    @CsvSource({"report.pdf,1,report (1).pdf", "archive,2,archive (2)", ".env,1,.env (1)", "a.b.c,3,a.b (3).c"})
    void numbered_putsTheCounterBeforeTheExtension(String name, int n, String expected) {
        assertThat(NodeName.of(name).numbered(n).value()).isEqualTo(expected);
    }

    @Test
    void numbered_staysWithinTheByteLimit_withoutSplittingACharacter() {
        NodeName longName = NodeName.of("😀".repeat(62) + ".txt"); // 248 + 4 bytes
        NodeName numbered = longName.numbered(12);
        assertThat(numbered.value()).endsWith(" (12).txt");
        assertThat(numbered.value().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(255);
    }
}
