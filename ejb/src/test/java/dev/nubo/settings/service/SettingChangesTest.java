package dev.nubo.settings.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import dev.nubo.settings.api.Setting;
import dev.nubo.settings.api.SettingValue;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingChangesTest {
    @Test
    void valuesAndResets_areCheckedTogether() {
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("defaultQuotaBytes", new BigDecimal("1073741824"));
        changes.put("trashRetentionDays", null);

        assertThat(SettingChanges.check(changes))
                .containsExactly(
                        Map.entry(Setting.DEFAULT_QUOTA_BYTES, Optional.of(SettingValue.of(1_073_741_824L))),
                        Map.entry(Setting.TRASH_RETENTION_DAYS, Optional.empty()));
    }

    @Test
    void oneBadValue_failsTheWholeBatch() {
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("defaultQuotaBytes", new BigDecimal("1073741824"));
        changes.put("trashRetentionDays", new BigDecimal("-3"));

        assertThatThrownBy(() -> SettingChanges.check(changes))
                .isInstanceOf(NuboException.class)
                .hasMessageStartingWith("trashRetentionDays must be");
    }

    @Test
    void unknownKeys_areNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> SettingChanges.check(Map.of("maxUploadBytes", BigDecimal.ONE)))
                .isInstanceOf(NuboException.class)
                .hasMessage("unknown setting 'maxUploadBytes'; known: [defaultQuotaBytes, trashRetentionDays]");
    }

    @Test
    void anEmptyBatch_isRefused() {
        assertThatThrownBy(() -> SettingChanges.check(Map.of()))
                .isInstanceOf(NuboException.class)
                .hasMessageContaining("at least one of [defaultQuotaBytes, trashRetentionDays]");
    }
}
