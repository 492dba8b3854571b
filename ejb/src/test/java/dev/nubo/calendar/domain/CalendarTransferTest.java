package dev.nubo.calendar.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.collections.api.Imports;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CalendarTransferTest {
    static final Set<String> EVENTS = Set.of("VEVENT", "VTODO");

    @Test
    void anImport_isOneObjectPerUid_withTheTimezonesItUses_andNoMethod() throws Exception {
        String berlin = new String(CalendarDataTest.fixture("thunderbird-berlin.ics"), StandardCharsets.UTF_8);
        String weekly = new String(CalendarDataTest.fixture("weekly-override.ics"), StandardCharsets.UTF_8);
        String file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mail//EN\r\nMETHOD:PUBLISH\r\n"
                + body(berlin) + body(weekly)
                + "BEGIN:VTODO\r\nDTSTAMP:20300101T000000Z\r\nSUMMARY:no uid here\r\nEND:VTODO\r\n"
                + "END:VCALENDAR\r\n";

        List<Imports.Piece> pieces = CalendarTransfer.split(file);

        assertThat(pieces).extracting(Imports.Piece::uid).startsWith("8b1c6a0e-tb-berlin", "weekly-1");
        assertThat(pieces).hasSize(3);
        String first = new String(pieces.get(0).data(), StandardCharsets.UTF_8);
        String second = new String(pieces.get(1).data(), StandardCharsets.UTF_8);
        assertThat(first).contains("TZID:Europe/Berlin", "BEGIN:VALARM").doesNotContain("METHOD");
        assertThat(second).doesNotContain("VTIMEZONE", "METHOD").contains("RECURRENCE-ID");
        for (Imports.Piece p : pieces) {
            assertThat(CalendarData.parse(p.data(), EVENTS).index().uid()).isEqualTo(p.uid());
        }
        assertThatThrownBy(() -> CalendarTransfer.split("BEGIN:VCARD\r\nEND:VCARD\r\n"))
                .isInstanceOf(InvalidCalendarData.class);
    }

    @Test
    void anExport_isOneCalendar_withEachTimezoneOnce() throws Exception {
        byte[] berlin = CalendarDataTest.fixture("thunderbird-berlin.ics");
        byte[] other = new String(berlin, StandardCharsets.UTF_8)
                .replace("8b1c6a0e-tb-berlin", "second")
                .getBytes(StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        CalendarTransfer.ExportWriter w = new CalendarTransfer.ExportWriter(out, "Work");
        w.add(berlin);
        w.add(other);
        w.add(CalendarDataTest.fixture("weekly-override.ics"));
        w.close();
        String text = out.toString();
        assertThat(text.split("BEGIN:VTIMEZONE", -1)).hasSize(2);
        assertThat(text.split("BEGIN:VEVENT", -1)).hasSize(5);
        assertThat(text)
                .contains("X-WR-CALNAME:Work")
                .startsWith("BEGIN:VCALENDAR")
                .endsWith("END:VCALENDAR\r\n");
        assertThat(CalendarTransfer.split(text)).hasSize(3);
    }

    /** The lines between a VCALENDAR's header and its END. */
    static String body(String calendar) {
        int start = calendar.indexOf("BEGIN:V", "BEGIN:VCALENDAR".length());
        return calendar.substring(start, calendar.lastIndexOf("END:VCALENDAR"))
                .replace("\r\n", "\n")
                .replace("\n", "\r\n");
    }
}
