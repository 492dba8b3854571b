package dev.nubo.media.infra;

import dev.nubo.media.api.MediaFacts;
import dev.nubo.media.api.MediaInfo;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The {@code media} table (V6): facts read from a content, and the state of its thumbnails. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRED)
public class SqlMedia implements MediaFacts {
    private static final Logger LOG = Logger.getLogger(SqlMedia.class.getName());

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /** Thumbnail states as stored. */
    public enum State {
        NONE,
        READY,
        FAILED
    }

    /** The contents among these that were already read. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Set<String> probed(Collection<String> hashes) {
        Set<String> found = new HashSet<>();
        if (hashes.isEmpty()) {
            return found;
        }
        for (Object h : em.createNativeQuery("SELECT hash FROM media WHERE probed_at IS NOT NULL"
                        + " AND hash = ANY (CAST(string_to_array(?1, ',') AS char(64)[]))")
                .setParameter(1, String.join(",", hashes))
                .getResultList()) {
            found.add(String.valueOf(h).trim());
        }
        return found;
    }

    /** The thumbnail state of a content; NONE when nothing is recorded. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public State state(String hash) {
        List<?> rows = em.createNativeQuery("SELECT thumbnails FROM media WHERE hash = ?1")
                .setParameter(1, hash)
                .getResultList();
        return rows.isEmpty()
                ? State.NONE
                : State.valueOf(String.valueOf(rows.get(0)).toUpperCase());
    }

    /** Records what was read from a content; a content deleted meanwhile is skipped. */
    public void recordFacts(String hash, MediaInfo i) {
        try {
            em.createNativeQuery("INSERT INTO media (hash, width, height, duration_ms, taken_at, taken_at_offset,"
                            + " camera_make, camera_model, latitude, longitude, probed_at) SELECT CAST(?1 AS char(64)),"
                            + " CAST(?2 AS integer), CAST(?3 AS integer), CAST(?4 AS bigint), CAST(?5 AS timestamp),"
                            + " CAST(?6 AS integer), CAST(?7 AS varchar), CAST(?8 AS varchar), CAST(?9 AS float8),"
                            + " CAST(?10 AS float8), now() WHERE EXISTS (SELECT 1 FROM blobs WHERE hash = ?1)"
                            + " ON CONFLICT (hash) DO UPDATE SET width = EXCLUDED.width, height = EXCLUDED.height,"
                            + " duration_ms = EXCLUDED.duration_ms, taken_at = EXCLUDED.taken_at, taken_at_offset"
                            + " = EXCLUDED.taken_at_offset, camera_make = EXCLUDED.camera_make, camera_model ="
                            + " EXCLUDED.camera_model, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,"
                            + " probed_at = now()")
                    .setParameter(1, hash)
                    .setParameter(2, positive(i.width()))
                    .setParameter(3, positive(i.height()))
                    .setParameter(4, i.durationMs() == null || i.durationMs() < 0 ? null : i.durationMs())
                    .setParameter(5, i.takenAt() == null ? null : Timestamp.valueOf(i.takenAt()))
                    .setParameter(
                            6,
                            i.takenAtOffset() == null ? null : i.takenAtOffset().getTotalSeconds())
                    .setParameter(7, clip(i.cameraMake()))
                    .setParameter(8, clip(i.cameraModel()))
                    .setParameter(9, within(i.latitude(), 90))
                    .setParameter(10, within(i.longitude(), 180))
                    .executeUpdate();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, e, () -> "nubo: media facts of " + hash + " not recorded");
            throw e;
        }
    }

    /** Records the thumbnail state of a content; a content deleted meanwhile is skipped. */
    public void recordThumbnails(String hash, State state) {
        em.createNativeQuery(
                        "INSERT INTO media (hash, thumbnails) SELECT CAST(?1 AS char(64)), CAST(?2 AS varchar) WHERE EXISTS (SELECT 1 FROM blobs"
                                + " WHERE hash = ?1) ON CONFLICT (hash) DO UPDATE SET thumbnails = EXCLUDED.thumbnails")
                .setParameter(1, hash)
                .setParameter(2, state.name().toLowerCase())
                .executeUpdate();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<String, Facts> of(Collection<String> hashes) {
        Map<String, Facts> facts = new HashMap<>();
        if (hashes.isEmpty()) {
            return facts;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT hash, width, height, duration_ms, taken_at,"
                        + " taken_at_offset, camera_make, camera_model, latitude, longitude, thumbnails, probed_at"
                        + " FROM media WHERE hash = ANY (CAST(string_to_array(?1, ',') AS char(64)[]))")
                .setParameter(1, String.join(",", new HashSet<>(hashes)))
                .getResultList();
        for (Object[] r : rows) {
            MediaInfo info = r[11] == null
                    ? MediaInfo.NONE
                    : new MediaInfo(
                            r[1] == null ? null : ((Number) r[1]).intValue(),
                            r[2] == null ? null : ((Number) r[2]).intValue(),
                            r[3] == null ? null : ((Number) r[3]).longValue(),
                            localTime(r[4]),
                            r[5] == null ? null : ZoneOffset.ofTotalSeconds(((Number) r[5]).intValue()),
                            (String) r[6],
                            (String) r[7],
                            r[8] == null ? null : ((Number) r[8]).doubleValue(),
                            r[9] == null ? null : ((Number) r[9]).doubleValue());
            facts.put(String.valueOf(r[0]).trim(), new Facts(info, "ready".equals(r[10])));
        }
        return facts;
    }

    private static LocalDateTime localTime(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof LocalDateTime l) {
            return l;
        }
        return SqlValues.time(v).toLocalDateTime();
    }

    private static Integer positive(Integer v) {
        return v == null || v <= 0 ? null : v;
    }

    private static Double within(Double v, double bound) {
        return v == null || v.isNaN() || Math.abs(v) > bound ? null : v;
    }

    private static String clip(String s) {
        if (s == null) {
            return null;
        }
        String t = s.strip().replace("\u0000", "");
        return t.isEmpty() ? null : t.length() > 255 ? t.substring(0, 255) : t;
    }
}
