package dev.nubo.platform.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SettingsCheckTest {
    @Test
    void envName_followsMicroProfileConfigsMapping() {
        assertThat(SettingsCheck.envName("nubo.auth.access-token-ttl")).isEqualTo("NUBO_AUTH_ACCESS_TOKEN_TTL");
        assertThat(SettingsCheck.envName("nubo.data.dir")).isEqualTo("NUBO_DATA_DIR");
    }

    @Test
    void everyCheckedSetting_hasADefaultInTheShippedProperties() throws IOException {
        Properties defaults = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/microprofile-config.properties")) {
            defaults.load(in);
        }
        assertThat(SettingsCheck.TYPED)
                .allSatisfy(s -> assertThat(defaults).as(s.key()).containsKey(s.key()));
    }
}
