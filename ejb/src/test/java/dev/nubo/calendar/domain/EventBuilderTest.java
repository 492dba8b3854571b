package dev.nubo.calendar.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.EventDraft;
import dev.nubo.calendar.api.EventView;
import dev.nubo.calendar.api.Instance;
import dev.nubo.calendar.api.ParsedCalendar;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EventBuilderTest {
    static final Set<String> EVENTS = Set.of("VEVENT", "VTODO");
    static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    static EventDraft timed(String start, String end, String zone, String rule) {
        return new EventDraft(
                "Stand-up, daily; \"quick\"", start, end, false, zone, "Room 1", "line one\nline two", rule);
    }

    @Test
    void aWeeklyMeetingInParis_keepsItsWallClockTimeAcrossTheDstChange() {
        byte[] data = EventBuilder.create(
                timed("2030-03-21T09:00", "2030-03-21T09:30", "Europe/Paris", "FREQ=WEEKLY;COUNT=3"), "u-1", NOW);
        String text = new String(data, StandardCharsets.UTF_8);
        assertThat(text).contains("DTSTART;TZID=Europe/Paris:20300321T090000", "BEGIN:VTIMEZONE", "TZID:Europe/Paris");

        ParsedCalendar parsed = CalendarData.parse(data, EVENTS);
        List<Instance> all = parsed.instances(
                Instant.parse("2030-03-01T00:00:00Z"), Instant.parse("2030-05-01T00:00:00Z"), ZoneOffset.UTC);
        // CET (+01:00) before the last Sunday of March, CEST (+02:00) after: 08:00Z, then 07:00Z twice
        assertThat(all)
                .extracting(Instance::start)
                .containsExactly(
                        Instant.parse("2030-03-21T08:00:00Z"),
                        Instant.parse("2030-03-28T08:00:00Z"),
                        Instant.parse("2030-04-04T07:00:00Z"));
        assertThat(all.get(0).summary()).isEqualTo("Stand-up, daily; \"quick\"");
        assertThat(all.get(0).description()).isEqualTo("line one\nline two");

        EventView v = EventBuilder.view(7, "\"e\"", data, ZoneOffset.UTC);
        assertThat(v.uid()).isEqualTo("u-1");
        assertThat(v.start()).isEqualTo(Instant.parse("2030-03-21T08:00:00Z"));
        assertThat(v.end()).isEqualTo(Instant.parse("2030-03-21T08:30:00Z"));
        assertThat(v.timezone()).isEqualTo("Europe/Paris");
        assertThat(v.rrule()).isEqualTo("FREQ=WEEKLY;COUNT=3");
        assertThat(v.allDay()).isFalse();
    }

    @Test
    void anOffsetTimeWithoutAZone_isStoredInUtc_andAMissingEndIsAnHourLater() {
        byte[] data = EventBuilder.create(timed("2030-06-01T09:00:00+02:00", null, null, null), "u-2", NOW);
        assertThat(new String(data, StandardCharsets.UTF_8))
                .contains("DTSTART:20300601T070000Z", "DTEND:20300601T080000Z")
                .doesNotContain("VTIMEZONE");
    }

    @Test
    void anAllDayEvent_isStoredAsDates_withItsExclusiveEnd() {
        byte[] data = EventBuilder.create(
                new EventDraft("Holiday", "2030-08-01", null, true, null, null, null, null), "u-3", NOW);
        assertThat(new String(data, StandardCharsets.UTF_8))
                .contains("DTSTART;VALUE=DATE:20300801", "DTEND;VALUE=DATE:20300802");
        EventView v = EventBuilder.view(1, "\"e\"", data, ZoneOffset.UTC);
        assertThat(v.allDay()).isTrue();
        assertThat(v.startDate()).isEqualTo("2030-08-01");
        assertThat(v.endDate()).isEqualTo("2030-08-02");
    }

    @Test
    void anUpdate_keepsWhatAClientWrote_andBumpsTheSequence() throws Exception {
        byte[] stored = CalendarDataTest.fixture("thunderbird-berlin.ics");
        byte[] updated = EventBuilder.update(
                stored,
                new EventDraft(
                        "Team lunch, moved",
                        "2030-07-04T12:30",
                        "2030-07-04T13:30",
                        false,
                        "Europe/Berlin",
                        null,
                        null,
                        null),
                NOW);
        String text = new String(updated, StandardCharsets.UTF_8);
        assertThat(text)
                .contains("BEGIN:VALARM", "TRIGGER;VALUE=DURATION:-PT15M", "TRANSP:OPAQUE", "UID:8b1c6a0e-tb-berlin")
                .contains("SUMMARY:Team lunch\\, moved", "DTSTART;TZID=Europe/Berlin:20300704T123000", "SEQUENCE:1");
        assertThat(text.split("BEGIN:VTIMEZONE", -1)).hasSize(2);
        assertThat(CalendarData.parse(updated, EVENTS).index().uid()).isEqualTo("8b1c6a0e-tb-berlin");
    }

    @Test
    void anUpdate_keepsChangedInstances_unlessTheStartOrRuleChanged() throws Exception {
        byte[] stored = CalendarDataTest.fixture("weekly-override.ics");
        EventView before = EventBuilder.view(1, "\"e\"", stored, ZoneOffset.UTC);
        assertThat(before.overrides()).isEqualTo(1);
        String start = before.start().toString();
        String end = before.end().toString();

        byte[] renamed = EventBuilder.update(
                stored, new EventDraft("Renamed", start, end, false, null, null, null, before.rrule()), NOW);
        assertThat(EventBuilder.view(1, "\"e\"", renamed, ZoneOffset.UTC).overrides())
                .isEqualTo(1);

        byte[] ruleChanged = EventBuilder.update(
                stored, new EventDraft("Renamed", start, end, false, null, null, null, "FREQ=DAILY;COUNT=2"), NOW);
        EventView after = EventBuilder.view(1, "\"e\"", ruleChanged, ZoneOffset.UTC);
        assertThat(after.overrides()).isZero();
        assertThat(after.rrule()).isEqualTo("FREQ=DAILY;COUNT=2");
        assertThat(new String(ruleChanged, StandardCharsets.UTF_8)).doesNotContain("EXDATE", "RECURRENCE-ID");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "x|2030-06-01T10:00:00Z|2030-06-01T09:00:00Z||false||ends before",
                "x|2030-06-01T10:00|||false||needs a timezone",
                "x|2030-06-01T10:00:00Z|||false|Mars/Olympus|unknown timezone",
                "x|2030-06-01T10:00:00Z|||false|+02:00|IANA",
                "x|tomorrow|||false||ISO-8601",
                "x|2030-06-02|2030-06-02||true||after the day",
                "x|2030-06-02T10:00:00Z|||true||a date",
                "|2030-06-01T10:00:00Z|||false||summary is required",
                "x||||false||start is required",
                "x|2030-06-01T10:00:00Z|||false|RRULE|rrule"
            })
    void badDrafts_areRefusedAsInvalid(
            String summary, String start, String end, String unused, boolean allDay, String zone, String message) {
        String rule = "RRULE".equals(zone) ? "FREQ=SOMETIMES" : null;
        String tz = "RRULE".equals(zone) ? null : zone;
        EventDraft d = new EventDraft(summary, start, end, allDay, tz, null, null, rule);
        assertThatThrownBy(() -> EventBuilder.create(d, "u", NOW))
                .isInstanceOf(NuboException.class)
                .satisfies(e -> assertThat(((NuboException) e).kind()).isEqualTo(ErrorKind.INVALID))
                .hasMessageContaining(message);
    }
}
