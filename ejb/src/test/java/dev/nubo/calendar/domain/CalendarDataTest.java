package dev.nubo.calendar.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.CalendarIndex;
import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.calendar.api.ParsedCalendar;
import dev.nubo.calendar.api.PropFilter;
import dev.nubo.calendar.api.TextMatch;
import dev.nubo.calendar.api.TimeRange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CalendarDataTest {
    static final Set<String> EVENTS_AND_TASKS = Set.of("VEVENT", "VTODO");

    static Stream<Path> fixtures(String kind) throws IOException, URISyntaxException {
        Path dir = Path.of(
                CalendarDataTest.class.getResource("/fixtures/ics/" + kind).toURI());
        return Files.list(dir).sorted();
    }

    static Stream<Path> valid() throws Exception {
        return fixtures("valid");
    }

    static Stream<Path> invalid() throws Exception {
        return fixtures("invalid");
    }

    static byte[] fixture(String name) throws IOException {
        try (InputStream in = CalendarDataTest.class.getResourceAsStream("/fixtures/ics/valid/" + name)) {
            return in.readAllBytes();
        }
    }

    static ParsedCalendar parse(String name) throws IOException {
        return CalendarData.parse(fixture(name), EVENTS_AND_TASKS);
    }

    static Instant t(String s) {
        return Instant.parse(s);
    }

    static CompFilter range(String component, String start, String end) {
        CompFilter inner = new CompFilter(component, false, new TimeRange(t(start), t(end)), List.of(), List.of());
        return new CompFilter("VCALENDAR", false, null, List.of(), List.of(inner));
    }

    @ParameterizedTest
    @MethodSource("valid")
    void realClientsFiles_parseWithAUidAndASpan(Path file) throws IOException {
        CalendarIndex index =
                CalendarData.parse(Files.readAllBytes(file), EVENTS_AND_TASKS).index();
        assertThat(index.uid()).isNotBlank();
        assertThat(index.componentType()).isIn("VEVENT", "VTODO");
        assertThat(index.firstStart()).isNotNull();
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void badFiles_areRefusedNamingThePreconditionInTheirName(Path file) throws IOException {
        String name = file.getFileName().toString();
        String expected = name.substring(name.indexOf('.') + 1, name.lastIndexOf('.'));
        byte[] data = Files.readAllBytes(file);
        assertThatThrownBy(() -> CalendarData.parse(data, EVENTS_AND_TASKS))
                .isInstanceOf(InvalidCalendarData.class)
                .extracting(e -> ((InvalidCalendarData) e).precondition())
                .isEqualTo(expected);
    }

    @Test
    void weeklyWithExdateAndOverride_matchesAndExpandsPerInstance() throws IOException {
        ParsedCalendar c = parse("weekly-override.ics");
        assertThat(c.index().recurring()).isTrue();
        assertThat(c.index().firstStart()).isEqualTo(t("2030-01-01T09:00:00Z"));
        assertThat(c.index().lastEnd())
                .isAfterOrEqualTo(t("2030-01-29T09:30:00Z"))
                .isBefore(t("2030-01-29T09:31:00Z"));
        assertThat(c.matches(range("VEVENT", "2030-01-05T00:00:00Z", "2030-01-12T00:00:00Z"), ZoneOffset.UTC))
                .isTrue();
        assertThat(c.matches(range("VEVENT", "2030-01-20T00:00:00Z", "2030-01-24T00:00:00Z"), ZoneOffset.UTC))
                .as("the excluded instance")
                .isFalse();
        assertThat(c.matches(range("VEVENT", "2030-01-08T08:00:00Z", "2030-01-08T10:00:00Z"), ZoneOffset.UTC))
                .as("where the moved instance was")
                .isFalse();
        assertThat(c.matches(range("VTODO", "2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"), ZoneOffset.UTC))
                .isFalse();

        String expanded = c.expand(t("2030-01-01T00:00:00Z"), t("2030-02-01T00:00:00Z"), ZoneOffset.UTC);
        assertThat(expanded).doesNotContain("RRULE", "EXDATE").contains("RECURRENCE-ID:20300108T090000Z");
        assertThat(expanded.lines().filter(l -> l.startsWith("DTSTART")).toList())
                .containsExactly(
                        "DTSTART:20300101T090000Z",
                        "DTSTART:20300109T120000Z",
                        "DTSTART:20300115T090000Z",
                        "DTSTART:20300129T090000Z");
        assertThat(c.instances(t("2030-01-01T00:00:00Z"), t("2030-02-01T00:00:00Z"), ZoneOffset.UTC))
                .extracting(i -> i.summary())
                .containsExactly("Weekly", "Weekly (moved)", "Weekly", "Weekly");
    }

    @Test
    void anEndlessRule_hasNoEnd_andIsFoundFarAhead_quickly() throws IOException {
        ParsedCalendar c = parse("infinite-daily.ics");
        assertThat(c.index().lastEnd()).isNull();
        long began = System.nanoTime();
        assertThat(c.matches(range("VEVENT", "2150-06-01T07:10:00Z", "2150-06-01T07:20:00Z"), ZoneOffset.UTC))
                .isTrue();
        assertThat(c.matches(range("VEVENT", "2150-06-01T08:00:00Z", "2150-06-01T09:00:00Z"), ZoneOffset.UTC))
                .isFalse();
        assertThat(c.instances(t("2030-01-01T00:00:00Z"), t("2130-01-01T00:00:00Z"), ZoneOffset.UTC))
                .hasSize(CalendarData.MAX_INSTANCES);
        assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void floatingTimes_areReadInTheCalendarsZone_andIndexedWide() throws IOException {
        ParsedCalendar c = parse("floating.ics");
        // 23:00 floating on 1 March: 22:00Z in Berlin (UTC+1), 04:00Z on 2 March in New York (UTC-5)
        CompFilter at22z = range("VEVENT", "2030-03-01T22:00:00Z", "2030-03-01T22:30:00Z");
        assertThat(c.matches(at22z, ZoneId.of("Europe/Berlin"))).isTrue();
        assertThat(c.matches(at22z, ZoneId.of("America/New_York"))).isFalse();
        assertThat(c.index().firstStart()).isBeforeOrEqualTo(t("2030-03-01T09:00:00Z"));
        assertThat(c.index().lastEnd()).isAfterOrEqualTo(t("2030-03-02T14:00:00Z"));
    }

    @Test
    void allDayEvents_lastTheirDay_inTheZoneAsked() throws IOException {
        ParsedCalendar c = parse("allday.ics");
        assertThat(c.matches(range("VEVENT", "2030-02-15T12:00:00Z", "2030-02-15T13:00:00Z"), ZoneOffset.UTC))
                .isTrue();
        assertThat(c.matches(range("VEVENT", "2030-02-16T01:00:00Z", "2030-02-16T02:00:00Z"), ZoneOffset.UTC))
                .isFalse();
        assertThat(c.instances(t("2030-02-01T00:00:00Z"), t("2030-03-01T00:00:00Z"), ZoneOffset.UTC)
                        .get(0)
                        .allDay())
                .isTrue();
    }

    @Test
    void timezones_fromTheObjectsOwnVtimezone() throws IOException {
        ParsedCalendar c = parse("thunderbird-berlin.ics");
        // 12:00 in Berlin in July is 10:00Z
        assertThat(c.index().firstStart()).isEqualTo(t("2030-07-04T10:00:00Z"));
        assertThat(c.matches(range("VEVENT", "2030-07-04T10:30:00Z", "2030-07-04T10:45:00Z"), ZoneOffset.UTC))
                .isTrue();
    }

    @Test
    void textMatch_honoursCollationAndNegation() throws IOException {
        ParsedCalendar c = parse("davx5-android.ics");
        assertThat(c.matches(summary("dentist", TextMatch.ASCII_CASEMAP, false), ZoneOffset.UTC))
                .isTrue();
        assertThat(c.matches(summary("dentist", TextMatch.OCTET, false), ZoneOffset.UTC))
                .isFalse();
        assertThat(c.matches(summary("dentist", TextMatch.ASCII_CASEMAP, true), ZoneOffset.UTC))
                .isFalse();
        CompFilter noLocation = new CompFilter(
                "VCALENDAR",
                false,
                null,
                List.of(),
                List.of(new CompFilter(
                        "VEVENT",
                        false,
                        null,
                        List.of(new PropFilter("LOCATION", true, null, null, List.of())),
                        List.of())));
        assertThat(c.matches(noLocation, ZoneOffset.UTC)).isFalse();
    }

    static CompFilter summary(String text, String collation, boolean negate) {
        PropFilter p = new PropFilter("SUMMARY", false, null, new TextMatch(text, collation, negate), List.of());
        return new CompFilter(
                "VCALENDAR",
                false,
                null,
                List.of(),
                List.of(new CompFilter("VEVENT", false, null, List.of(p), List.of())));
    }

    @Test
    void tasks_matchByTheirDueDate() throws IOException {
        ParsedCalendar c = parse("todo-due.ics");
        assertThat(c.index().componentType()).isEqualTo("VTODO");
        assertThat(c.matches(range("VTODO", "2030-03-01T00:00:00Z", "2030-03-02T00:00:00Z"), ZoneOffset.UTC))
                .isTrue();
        assertThat(c.matches(range("VTODO", "2030-04-01T00:00:00Z", "2030-04-02T00:00:00Z"), ZoneOffset.UTC))
                .isFalse();
    }

    @Test
    void freeBusy_mergesAndClipsBusyTime() throws IOException {
        ParsedCalendar c = parse("weekly-override.ics");
        String fb = CalendarData.freeBusy(
                c.busy(t("2030-01-01T09:15:00Z"), t("2030-01-16T00:00:00Z"), ZoneOffset.UTC),
                t("2030-01-01T09:15:00Z"),
                t("2030-01-16T00:00:00Z"));
        assertThat(fb)
                .contains(
                        "FREEBUSY;FBTYPE=BUSY:20300101T091500Z/20300101T093000Z",
                        "FREEBUSY;FBTYPE=BUSY:20300109T120000Z/20300109T123000Z",
                        "FREEBUSY;FBTYPE=BUSY:20300115T090000Z/20300115T093000Z");
    }
}
