package dev.nubo.calendar.domain;

import dev.nubo.calendar.domain.Occurrences.Occurrence;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * RFC 4791 section 9.6.5 expand: each occurrence written as its own component with its start and end in UTC and a
 * RECURRENCE-ID naming the instance, the recurrence properties left out and no VTIMEZONE (nothing refers to one).
 */
final class Expansion {
    static final DateTimeFormatter UTC =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final Set<String> REPLACED =
            Set.of("DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID");

    private Expansion() {}

    static String write(List<Occurrence> occurrences) {
        StringBuilder sb = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nubo//CalDAV//EN\r\n");
        for (Occurrence o : occurrences) {
            component(sb, o);
        }
        return sb.append("END:VCALENDAR\r\n").toString();
    }

    /** The instance's value: UTC for a date-time, a DATE as it was. */
    static String format(Temporal t, ZoneId zone) {
        return t instanceof LocalDate d ? d.format(DATE) : UTC.format(Occurrences.instant(t, zone));
    }

    private static void component(StringBuilder sb, Occurrence o) {
        String[] lines =
                o.source().toString().replace("\r\n ", "").replace("\r\n\t", "").split("\r\n|\n");
        int depth = 0;
        for (String line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            String name = name(line);
            if (name.equals("END")) {
                depth--;
                if (depth == 0 && o.start() != null) {
                    dates(sb, o);
                }
            }
            if (depth != 1 || !REPLACED.contains(name)) {
                sb.append(line).append("\r\n");
            }
            if (name.equals("BEGIN")) {
                depth++;
            }
        }
    }

    private static void dates(StringBuilder sb, Occurrence o) {
        if (o.allDay()) {
            sb.append("DTSTART;VALUE=DATE:")
                    .append(LocalDate.ofInstant(o.start(), ZoneOffset.UTC).format(DATE));
            sb.append("\r\nDTEND;VALUE=DATE:")
                    .append(LocalDate.ofInstant(o.end(), ZoneOffset.UTC).format(DATE));
        } else {
            sb.append("DTSTART:").append(UTC.format(o.start()));
            if (!o.end().equals(o.start())) {
                sb.append("\r\nDTEND:").append(UTC.format(o.end()));
            }
        }
        sb.append("\r\n");
        if (o.recurrenceId() != null) {
            String rid = o.recurrenceId() instanceof LocalDate d
                    ? "RECURRENCE-ID;VALUE=DATE:" + d.format(DATE)
                    : "RECURRENCE-ID:" + UTC.format(Occurrences.instant(o.recurrenceId(), ZoneOffset.UTC));
            sb.append(rid).append("\r\n");
        }
    }

    private static String name(String line) {
        int end = 0;
        while (end < line.length() && line.charAt(end) != ':' && line.charAt(end) != ';') {
            end++;
        }
        return line.substring(0, end).toUpperCase(Locale.ROOT);
    }

    static String utc(Instant i) {
        return UTC.format(i);
    }
}
