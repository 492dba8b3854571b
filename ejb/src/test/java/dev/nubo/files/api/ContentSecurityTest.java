package dev.nubo.files.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContentSecurityTest {
    @ParameterizedTest
    @ValueSource(strings = {"text/html", "TEXT/HTML; charset=utf-8", "image/svg+xml", "application/xhtml+xml", ""})
    void activeContent_isSandboxed_andFramedOnlyBySelf(String type) {
        assertThat(ContentSecurity.policy(type)).startsWith("sandbox;").endsWith("frame-ancestors 'self'");
    }

    @Test
    void unknownType_isSandboxed() {
        assertThat(ContentSecurity.policy(null)).startsWith("sandbox;");
    }

    @Test
    void pdf_isNotSandboxed_soBrowsersShowIt_butOnlyThisOriginFramesIt() {
        assertThat(ContentSecurity.policy("application/pdf")).isEqualTo("frame-ancestors 'self'");
        assertThat(ContentSecurity.policy("application/pdf; x=y")).doesNotContain("sandbox");
    }
}
