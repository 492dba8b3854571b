package dev.nubo.calendar.domain;

import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.collections.api.Imports;
import java.io.IOException;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Parameter;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.CalendarComponent;
import net.fortuna.ical4j.model.property.Uid;

/**
 * Calendar files in and out: an export is one VCALENDAR holding every object's components (each VTIMEZONE once);
 * an import splits a VCALENDAR into one object per UID with the VTIMEZONEs it refers to, as a CalDAV client would
 * have stored them. Scheduling METHODs (exports from mail clients carry METHOD:PUBLISH) are dropped; components
 * without a UID get one.
 */
public final class CalendarTransfer {
    private CalendarTransfer() {}

    /** Writes an export as objects arrive; {@link #close} ends it. */
    public static final class ExportWriter {
        private final Writer out;
        private final Set<String> timezones = new java.util.HashSet<>();

        public ExportWriter(Writer out, String name) throws IOException {
            this.out = out;
            out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:" + EventBuilder.PRODID + "\r\nCALSCALE:GREGORIAN\r\n");
            if (name != null && !name.isBlank()) {
                out.write(new net.fortuna.ical4j.model.property.XProperty("X-WR-CALNAME", name).toString());
            }
        }

        public void add(byte[] object) throws IOException {
            for (CalendarComponent c : EventBuilder.parse(object).getComponents()) {
                if (c.getName().equals(Component.VTIMEZONE)) {
                    String tzid =
                            c.getProperty(Property.TZID).map(Property::getValue).orElse("");
                    if (!timezones.add(tzid)) {
                        continue;
                    }
                }
                out.write(c.toString());
            }
        }

        public void close() throws IOException {
            out.write("END:VCALENDAR\r\n");
            out.flush();
        }
    }

    /** Splits a calendar file into objects; a file that does not parse is refused as a whole. */
    public static List<Imports.Piece> split(String text) {
        Calendar calendar;
        try {
            calendar = new CalendarBuilder().build(new StringReader(text));
        } catch (ParserException | IOException | RuntimeException e) {
            throw new InvalidCalendarData("valid-calendar-data", "the file is not iCalendar data: " + e.getMessage());
        }
        Map<String, Component> zones = new LinkedHashMap<>();
        Map<String, List<CalendarComponent>> byUid = new LinkedHashMap<>();
        for (CalendarComponent c : calendar.getComponents()) {
            if (c.getName().equals(Component.VTIMEZONE)) {
                c.getProperty(Property.TZID).ifPresent(p -> zones.put(p.getValue(), c));
                continue;
            }
            String uid = c.getProperty(Property.UID)
                    .map(Property::getValue)
                    .map(String::strip)
                    .filter(u -> !u.isEmpty())
                    .orElse(null);
            if (uid == null) {
                uid = UUID.randomUUID().toString();
                c.removeAll(Property.UID);
                c.add(new Uid(uid));
            }
            byUid.computeIfAbsent(uid, u -> new ArrayList<>()).add(c);
        }
        List<Imports.Piece> out = new ArrayList<>();
        for (Map.Entry<String, List<CalendarComponent>> e : byUid.entrySet()) {
            StringBuilder sb = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")
                    .append(EventBuilder.PRODID)
                    .append("\r\n");
            Set<String> used = new java.util.LinkedHashSet<>();
            for (CalendarComponent c : e.getValue()) {
                tzids(c, used);
            }
            for (String tzid : used) {
                Component zone = zones.get(tzid);
                if (zone != null) {
                    sb.append(zone);
                }
            }
            e.getValue().forEach(sb::append);
            sb.append("END:VCALENDAR\r\n");
            out.add(new Imports.Piece(e.getKey(), sb.toString().getBytes(StandardCharsets.UTF_8)));
        }
        return out;
    }

    private static void tzids(Component c, Set<String> into) {
        for (Property p : c.getProperties()) {
            p.getParameter(Parameter.TZID).ifPresent(t -> into.add(t.getValue()));
        }
        if (c instanceof net.fortuna.ical4j.model.ComponentListAccessor<?> nested) {
            for (Component sub : nested.getComponentList().getAll()) {
                tzids(sub, into);
            }
        }
    }
}
