package dev.nubo.settings.infra;

import dev.nubo.platform.db.SqlValues;
import dev.nubo.settings.domain.SettingsStore;
import dev.nubo.settings.domain.StoredSetting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** {@code server_settings} through native SQL; the admin's name comes from the users table in the same query. */
@ApplicationScoped
public class SqlSettingsStore implements SettingsStore {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    public List<StoredSetting> all() {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT s.key, s.value, s.updated_at, u.username"
                        + " FROM server_settings s LEFT JOIN users u ON u.id = s.updated_by ORDER BY s.key")
                .getResultList();
        return rows.stream()
                .map(r -> new StoredSetting((String) r[0], (String) r[1], instant(r[2]), (String) r[3]))
                .toList();
    }

    @Override
    public Optional<String> value(String key) {
        @SuppressWarnings("unchecked")
        List<Object> rows = em.createNativeQuery("SELECT value FROM server_settings WHERE key = ?1")
                .setParameter(1, key)
                .getResultList();
        return rows.stream().findFirst().map(String::valueOf);
    }

    @Override
    public void put(String key, String value, UUID admin) {
        em.createNativeQuery(
                        "INSERT INTO server_settings (key, value, updated_at, updated_by) VALUES (?1, ?2, now(), ?3)"
                                + " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at,"
                                + " updated_by = EXCLUDED.updated_by")
                .setParameter(1, key)
                .setParameter(2, value)
                .setParameter(3, admin)
                .executeUpdate();
    }

    @Override
    public void remove(String key) {
        em.createNativeQuery("DELETE FROM server_settings WHERE key = ?1")
                .setParameter(1, key)
                .executeUpdate();
    }

    private static java.time.Instant instant(Object value) {
        OffsetDateTime t = SqlValues.time(value);
        return t == null ? null : t.toInstant();
    }
}
