package dev.nubo.settings.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SettingTest {
    @Test
    void wholeNumbersWithinTheBounds_areAccepted() {
        assertThat(Setting.TRASH_RETENTION_DAYS.check(new BigDecimal("0"))).isEqualTo(SettingValue.of(0));
        assertThat(Setting.TRASH_RETENTION_DAYS.check(new BigDecimal("36500"))).isEqualTo(SettingValue.of(36_500));
        assertThat(Setting.TRASH_RETENTION_DAYS.check(new BigDecimal("7.0"))).isEqualTo(SettingValue.of(7));
        assertThat(Setting.DEFAULT_QUOTA_BYTES.check(new BigDecimal("5368709120")))
                .isEqualTo(SettingValue.of(5_368_709_120L));
        assertThat(Setting.DEFAULT_QUOTA_BYTES
                        .check(BigDecimal.valueOf(Setting.MAX_BYTES))
                        .amount())
                .isEqualTo(Setting.MAX_BYTES);
    }

    @Test
    void unlimited_isAcceptedOnlyWhereTheSettingAllowsIt() {
        assertThat(Setting.DEFAULT_QUOTA_BYTES.check("unlimited").isUnlimited()).isTrue();
        assertThatThrownBy(() -> Setting.TRASH_RETENTION_DAYS.check("unlimited"))
                .isInstanceOf(NuboException.class)
                .hasMessage(
                        "trashRetentionDays must be a whole number of days from 0 to 36500, or null for the default");
    }

    static List<Object> badRetention() {
        return List.of(
                new BigDecimal("-1"),
                new BigDecimal("36501"),
                new BigDecimal("1.5"),
                new BigDecimal("1e30"),
                "30",
                "",
                Boolean.TRUE,
                List.of(1));
    }

    @ParameterizedTest
    @MethodSource("badRetention")
    void outOfBoundsFractionsAndWrongTypes_areRefusedWithTheRule(Object bad) {
        assertThatThrownBy(() -> Setting.TRASH_RETENTION_DAYS.check(bad))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("invalid_request"))
                .hasMessageContaining("trashRetentionDays must be a whole number of days from 0 to 36500");
    }

    @Test
    void aQuotaBeyondOneExbibyte_orNegative_isRefused() {
        assertThatThrownBy(() -> Setting.DEFAULT_QUOTA_BYTES.check(BigDecimal.valueOf(Setting.MAX_BYTES + 1)))
                .hasMessageContaining("\"unlimited\"");
        assertThatThrownBy(() -> Setting.DEFAULT_QUOTA_BYTES.check(new BigDecimal("-1")))
                .isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> Setting.DEFAULT_QUOTA_BYTES.check("Unlimited")).isInstanceOf(NuboException.class);
    }

    @Test
    void keysAndEnvironmentVariables() {
        assertThat(Setting.byKey("defaultQuotaBytes")).contains(Setting.DEFAULT_QUOTA_BYTES);
        assertThat(Setting.byKey("trashretentiondays")).isEmpty();
        assertThat(Setting.DEFAULT_QUOTA_BYTES.envName()).isEqualTo("NUBO_USERS_DEFAULT_QUOTA_BYTES");
        assertThat(Setting.TRASH_RETENTION_DAYS.envName()).isEqualTo("NUBO_TRASH_RETENTION_DAYS");
        assertThat(Setting.TRASH_RETENTION_DAYS.builtIn()).isEqualTo(SettingValue.of(30));
        assertThat(Setting.DEFAULT_QUOTA_BYTES.builtIn().isUnlimited()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "30", "1152921504606846976", "unlimited", " 12 "})
    void storedText_roundTrips(String text) {
        assertThat(SettingValue.parse(text).text()).isEqualTo(text.strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1", "1.5", "99999999999999999999", "none", "PT1H"})
    void storedText_thatIsNeitherNumberNorUnlimited_isRefused(String text) {
        assertThatThrownBy(() -> SettingValue.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
