package dev.nubo.calendar.domain;

import dev.nubo.calendar.api.Busy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The answer to a free-busy-query (RFC 4791 section 7.10): one VFREEBUSY, overlapping periods merged per type. */
public final class FreeBusyWriter {
    private FreeBusyWriter() {}

    public static String write(List<Busy> busy, Instant start, Instant end) {
        StringBuilder sb = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nubo//CalDAV//EN\r\n"
                + "BEGIN:VFREEBUSY\r\nDTSTAMP:" + Expansion.utc(Instant.now()) + "\r\nDTSTART:"
                + Expansion.utc(start) + "\r\nDTEND:" + Expansion.utc(end) + "\r\n");
        Map<String, List<Busy>> byType = new TreeMap<>();
        for (Busy b : busy) {
            byType.computeIfAbsent(b.fbType(), k -> new ArrayList<>()).add(b);
        }
        for (Map.Entry<String, List<Busy>> e : byType.entrySet()) {
            for (Busy b : merge(e.getValue())) {
                sb.append("FREEBUSY;FBTYPE=")
                        .append(e.getKey())
                        .append(':')
                        .append(Expansion.utc(b.start()))
                        .append('/')
                        .append(Expansion.utc(b.end()))
                        .append("\r\n");
            }
        }
        return sb.append("END:VFREEBUSY\r\nEND:VCALENDAR\r\n").toString();
    }

    private static List<Busy> merge(List<Busy> periods) {
        List<Busy> sorted = new ArrayList<>(periods);
        sorted.sort(Comparator.comparing(Busy::start));
        List<Busy> out = new ArrayList<>();
        for (Busy b : sorted) {
            Busy last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && !b.start().isAfter(last.end())) {
                if (b.end().isAfter(last.end())) {
                    out.set(out.size() - 1, new Busy(last.start(), b.end(), last.fbType()));
                }
            } else {
                out.add(b);
            }
        }
        return out;
    }
}
