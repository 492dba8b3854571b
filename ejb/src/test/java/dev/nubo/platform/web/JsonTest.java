package dev.nubo.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void quote_escapesWhatWouldBreakALogLine() {
        StringBuilder sb = new StringBuilder();
        Json.quote(sb, "a\"b\\c\nd\re\tf\u0001g");
        assertThat(sb).hasToString("\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\"");
    }

    @Test
    void quote_keepsUnicode() {
        StringBuilder sb = new StringBuilder();
        Json.quote(sb, "/dav/files/été/文件");
        assertThat(sb).hasToString("\"/dav/files/été/文件\"");
    }
}
