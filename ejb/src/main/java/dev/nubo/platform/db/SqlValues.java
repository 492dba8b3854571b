package dev.nubo.platform.db;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.UUID;
import java.util.stream.Collectors;

/** What native queries hand back and throw, read the same way by every repository. */
public final class SqlValues {
    /** PostgreSQL's SQLSTATE for a unique-constraint violation. */
    static final String UNIQUE_VIOLATION = "23505";

    private SqlValues() {}

    /** True when a persistence failure was caused by a unique index: a concurrent writer took the key. */
    public static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** A timestamptz column as EclipseLink returns it from a native query (Timestamp or OffsetDateTime). */
    public static OffsetDateTime time(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof OffsetDateTime odt) {
            return odt;
        }
        if (value instanceof Timestamp ts) {
            return ts.toInstant().atOffset(ZoneOffset.UTC);
        }
        throw new IllegalStateException("unexpected time value " + value.getClass());
    }

    /** A uuid column as EclipseLink returns it (UUID or its text). */
    public static UUID uuid(Object value) {
        return value == null ? null : value instanceof UUID u ? u : UUID.fromString(value.toString());
    }

    /** A PostgreSQL array literal of uuids, bound as text and cast in SQL ({@code CAST(?n AS uuid[])}). */
    public static String uuidArray(Collection<UUID> ids) {
        return ids.stream().map(UUID::toString).collect(Collectors.joining(",", "{", "}"));
    }

    /** A PostgreSQL array literal of ids, bound as text and cast in SQL ({@code CAST(?n AS bigint[])}). */
    public static String longArray(Collection<Long> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
    }
}
