package dev.nubo.files.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ContentDispositionTest {
    @Test
    void asciiNames_appearAsTheyAre() {
        assertThat(ContentDisposition.attachment("report.pdf"))
                .isEqualTo("attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf");
    }

    @Test
    void unicodeNames_getAnAsciiFallbackAndAnRfc8187Value() {
        String header = ContentDisposition.inline("été 文件.txt");
        assertThat(header).startsWith("inline; filename=\"_t_ __.txt\"; filename*=UTF-8''");
        String encoded = header.substring(header.indexOf("''") + 2);
        assertThat(encoded).matches("[A-Za-z0-9!#$&+\\-.^_`|~%]+");
        assertThat(URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8))
                .isEqualTo("été 文件.txt");
    }

    @Test
    void quotesBackslashesAndControlCharacters_cannotBreakOutOfTheHeader() {
        String header = ContentDisposition.attachment("a\"b\\c\r\nSet-Cookie: x=1;%.txt");
        assertThat(header).doesNotContain("\r").doesNotContain("\n");
        String fallback = header.substring(header.indexOf('"') + 1, header.indexOf("\";"));
        assertThat(fallback).isEqualTo("a_b_c__Set-Cookie: x=1;_.txt");
        assertThat(header).contains("filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%25.txt");
    }
}
