package dev.nubo.settings.service;

import dev.nubo.settings.api.RuntimeSettings;
import dev.nubo.settings.api.Setting;
import dev.nubo.settings.api.SettingSource;
import dev.nubo.settings.api.SettingValue;
import dev.nubo.settings.api.SettingView;
import dev.nubo.settings.domain.SettingsStore;
import dev.nubo.settings.domain.StoredSetting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Effective value = the stored override, else the environment, else the built-in default. Read from the database
 * at each use (one indexed row), so a change is seen by the very next request on any thread without a cache to
 * invalidate; the readers (user creation, the maintenance round) are rare enough for that.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class RuntimeSettingsBean implements RuntimeSettings {
    private static final Logger LOG = Logger.getLogger(RuntimeSettingsBean.class.getName());

    @Inject
    SettingsStore store;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Long> defaultQuotaBytes() {
        return Optional.ofNullable(effective(Setting.DEFAULT_QUOTA_BYTES).amount());
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Duration trashRetention() {
        return Duration.ofDays(effective(Setting.TRASH_RETENTION_DAYS).amount());
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SettingView> list() {
        Map<String, StoredSetting> stored =
                store.all().stream().collect(Collectors.toMap(StoredSetting::key, Function.identity()));
        return Arrays.stream(Setting.values())
                .map(s -> view(s, stored.get(s.key())))
                .toList();
    }

    @Override
    public List<SettingView> update(Map<String, Object> changes, UUID admin) {
        SettingChanges.check(changes).forEach((setting, value) -> {
            if (value.isPresent()) {
                store.put(setting.key(), value.get().text(), admin);
            } else {
                store.remove(setting.key());
            }
        });
        return list();
    }

    private SettingValue effective(Setting setting) {
        return store.value(setting.key())
                .flatMap(text -> parseStored(setting, text))
                .orElseGet(() -> configured(setting));
    }

    private SettingView view(Setting setting, StoredSetting row) {
        SettingValue fallback = configured(setting);
        Optional<SettingValue> override = row == null ? Optional.empty() : parseStored(setting, row.value());
        return override.map(v ->
                        new SettingView(setting, v, fallback, SettingSource.DATABASE, row.updatedAt(), row.updatedBy()))
                .orElseGet(() -> new SettingView(setting, fallback, fallback, configuredSource(setting), null, null));
    }

    /** A row someone edited by hand into nonsense is ignored (and said so), not a broken server. */
    private static Optional<SettingValue> parseStored(Setting setting, String text) {
        try {
            return Optional.of(setting.check(storedAsJson(SettingValue.parse(text))));
        } catch (RuntimeException e) {
            LOG.warning(() -> "nubo: ignoring the stored value '" + text + "' of setting " + setting.key());
            return Optional.empty();
        }
    }

    private static Object storedAsJson(SettingValue v) {
        return v.isUnlimited() ? SettingValue.UNLIMITED : new java.math.BigDecimal(v.amount());
    }

    /** The environment's value, else the built-in default; start-up ({@code SettingsCheck}) proved it converts. */
    private static SettingValue configured(Setting setting) {
        return config().getOptionalValue(setting.configKey(), String.class)
                .filter(text -> !text.isBlank())
                .map(SettingValue::parse)
                .orElse(setting.builtIn());
    }

    /** Asks the environment itself: config sources do not name the built-in defaults' file the same everywhere. */
    private static SettingSource configuredSource(Setting setting) {
        boolean set = System.getProperty(setting.configKey()) != null || System.getenv(setting.envName()) != null;
        return set ? SettingSource.ENVIRONMENT : SettingSource.DEFAULT;
    }

    private static Config config() {
        return ConfigProvider.getConfig(RuntimeSettingsBean.class.getClassLoader());
    }
}
