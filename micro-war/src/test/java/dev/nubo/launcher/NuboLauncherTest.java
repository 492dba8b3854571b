package dev.nubo.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NuboLauncherTest {
    @Test
    void port_defaultsTo8080_andAcceptsTheWholeRange() {
        assertThat(NuboLauncher.port(null)).isEqualTo(8080);
        assertThat(NuboLauncher.port("1")).isEqualTo(1);
        assertThat(NuboLauncher.port("65535")).isEqualTo(65535);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "65536", "-1", "80.5", "8080x", "99999999999"})
    void badPorts_areRefusedWithAMessageNamingTheSetting(String value) {
        assertThatThrownBy(() -> NuboLauncher.port(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("NUBO_PORT: '" + value + "'");
    }

    @Test
    void dataDir_isCreated_andMadeAbsolute(@TempDir Path tmp) {
        Path dir = NuboLauncher.dataDir(tmp.resolve("a/b/../c").toString());
        assertThat(dir).isEqualTo(tmp.resolve("a/c")).isDirectory();
    }

    @Test
    void dataDir_belowARegularFile_isRefused(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        assertThatThrownBy(() -> NuboLauncher.dataDir(file.resolve("sub").toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("NUBO_DATA_DIR: ");
    }
}
