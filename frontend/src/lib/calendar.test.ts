import { describe, expect, it } from "vitest";
import {
  addDays,
  byDay,
  chipsShown,
  dayKey,
  eventInput,
  formOf,
  formProblem,
  layoutDay,
  monthGrid,
  newEventForm,
  parsePath,
  pathOf,
  place,
  shownRange,
  startOfWeek,
  step,
  switchView,
  weekDays,
  type Timed,
} from "./calendar";

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const iso = (d: Date) => d.toISOString();
const timed = (summary: string, start: Date, end: Date): Timed => ({ summary, start: iso(start), end: iso(end), allDay: false });

describe("month grid", () => {
  it("is six weeks from the Monday on or before the 1st", () => {
    const days = monthGrid(2026, 11); // December 2026: the 1st is a Tuesday
    expect(days).toHaveLength(42);
    expect(dayKey(days[0])).toBe("2026-11-30");
    expect(days[0].getDay()).toBe(1);
    expect(dayKey(days[41])).toBe("2027-01-10");
  });
  it("starts on the 1st itself when it is a Monday", () => {
    expect(dayKey(monthGrid(2026, 5)[0])).toBe("2026-06-01");
  });
  it("starts the week before when the 1st is a Sunday", () => {
    expect(dayKey(monthGrid(2026, 10)[0])).toBe("2026-10-26"); // 1 November 2026 is a Sunday
  });
  it("stays on midnights across a DST change", () => {
    for (const d of monthGrid(2026, 2)) expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
  });
});

describe("weeks and ranges", () => {
  it("a week runs Monday to Sunday", () => {
    expect(weekDays(local(2026, 12, 13)).map(dayKey)).toEqual([
      "2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13",
    ]);
    expect(dayKey(startOfWeek(local(2026, 12, 7)))).toBe("2026-12-07");
  });
  it("the range is the shown days, end exclusive", () => {
    const m = shownRange({ view: "month", anchor: local(2026, 12, 1) });
    expect([m.start.getTime(), m.end.getTime()]).toEqual([local(2026, 11, 30).getTime(), local(2027, 1, 11).getTime()]);
    const w = shownRange({ view: "week", anchor: local(2026, 12, 7) });
    expect([w.start.getTime(), w.end.getTime()]).toEqual([local(2026, 12, 7).getTime(), local(2026, 12, 14).getTime()]);
  });
  it("steps by month and by week, across years", () => {
    expect(dayKey(step({ view: "month", anchor: local(2026, 12, 1) }, 1).anchor)).toBe("2027-01-01");
    expect(dayKey(step({ view: "month", anchor: local(2026, 1, 1) }, -1).anchor)).toBe("2025-12-01");
    expect(dayKey(step({ view: "week", anchor: local(2026, 12, 28) }, 1).anchor)).toBe("2027-01-04");
  });
  it("switching views keeps the time in sight", () => {
    const today = local(2026, 12, 17);
    expect(dayKey(switchView({ view: "month", anchor: local(2026, 12, 1) }, "week", today).anchor)).toBe("2026-12-14");
    expect(dayKey(switchView({ view: "month", anchor: local(2027, 4, 1) }, "week", today).anchor)).toBe("2027-03-29");
    // the week of 29 Dec 2025 – 4 Jan 2026 is mostly January's
    expect(dayKey(switchView({ view: "week", anchor: local(2025, 12, 29) }, "month", today).anchor)).toBe("2026-01-01");
  });
});

describe("addresses", () => {
  const today = local(2026, 12, 5);
  it("round-trips month and week", () => {
    for (const s of [{ view: "month", anchor: local(2026, 12, 1) }, { view: "week", anchor: local(2026, 12, 7) }] as const) {
      const p = pathOf(s);
      expect(p === "/calendar/month/2026-12" || p === "/calendar/week/2026-12-07").toBe(true);
      const back = parsePath(p.split("/").slice(2), today);
      expect([back.view, dayKey(back.anchor)]).toEqual([s.view, dayKey(s.anchor)]);
    }
  });
  it("a week address on any day shows its Monday's week", () => {
    expect(dayKey(parsePath(["week", "2026-12-10"], today).anchor)).toBe("2026-12-07");
  });
  it("falls back to today for what it cannot read", () => {
    expect(dayKey(parsePath([], today).anchor)).toBe("2026-12-01");
    expect(dayKey(parsePath(["month", "2026-13"], today).anchor)).toBe("2026-12-01");
    expect(dayKey(parsePath(["week", "2026-02-30"], today).anchor)).toBe("2026-11-30");
    expect(parsePath(["week", "x"], today).view).toBe("week");
  });
});

describe("placing occurrences", () => {
  const days = weekDays(local(2026, 12, 7));
  it("an all-day event covers its dates in the calendar's zone, end exclusive", () => {
    // what the server sends for 8–9 December in a calendar in Berlin and in one without a zone (UTC)
    const berlin = place({ allDay: true, start: "2026-12-07T23:00:00Z", end: "2026-12-09T23:00:00Z" }, "Europe/Berlin");
    expect([berlin.first, berlin.last]).toEqual(["2026-12-08", "2026-12-09"]);
    const utc = place({ allDay: true, start: "2026-12-08T00:00:00Z", end: "2026-12-09T00:00:00Z" }, null);
    expect([utc.first, utc.last]).toEqual(["2026-12-08", "2026-12-08"]);
  });
  it("a timed event covers the local days it touches, not a day it ends at midnight of", () => {
    const night = place(timed("night", local(2026, 12, 8, 22), local(2026, 12, 9, 2)), null);
    expect([night.first, night.last]).toEqual(["2026-12-08", "2026-12-09"]);
    const toMidnight = place(timed("late", local(2026, 12, 8, 22), local(2026, 12, 9)), null);
    expect([toMidnight.first, toMidnight.last]).toEqual(["2026-12-08", "2026-12-08"]);
    const instant = place(timed("now", local(2026, 12, 8, 9), local(2026, 12, 8, 9)), null);
    expect(instant.last).toBe("2026-12-08");
  });
  it("orders each day all-day first, then by start", () => {
    const placed = [
      place(timed("b", local(2026, 12, 8, 14), local(2026, 12, 8, 15)), null),
      place(timed("a", local(2026, 12, 8, 9), local(2026, 12, 8, 10)), null),
      place({ summary: "trip", allDay: true, start: "2026-12-07T00:00:00Z", end: "2026-12-10T00:00:00Z" }, "UTC"),
    ];
    const map = byDay(placed, days);
    expect(map.get("2026-12-08")!.map((p) => p.occ.summary)).toEqual(["trip", "a", "b"]);
    expect(map.get("2026-12-07")!.map((p) => p.occ.summary)).toEqual(["trip"]);
    expect(map.get("2026-12-10")).toEqual([]);
    expect(map.get("2026-12-13")).toEqual([]);
  });
  it("clips a long event to the shown days", () => {
    const long = place({ summary: "year", allDay: true, start: "2026-01-01T00:00:00Z", end: "2027-06-01T00:00:00Z" }, "UTC");
    const map = byDay([long], days);
    expect([...map.values()].every((l) => l.length === 1)).toBe(true);
    expect(map.size).toBe(7);
  });
  it("a full cell keeps a line for +N more", () => {
    expect(chipsShown(3, 3)).toEqual({ shown: 3, more: 0 });
    expect(chipsShown(5, 3)).toEqual({ shown: 2, more: 3 });
    expect(chipsShown(0, 3)).toEqual({ shown: 0, more: 0 });
  });
});

describe("the week's time grid", () => {
  const day = local(2026, 12, 8);
  const at = (h: number, m = 0) => local(2026, 12, 8, h, m);
  it("puts boxes at their minutes, side by side when they overlap", () => {
    const slots = layoutDay(
      [
        place(timed("a", at(9), at(10)), null),
        place(timed("b", at(9, 30), at(11)), null),
        place(timed("c", at(10), at(10, 30)), null),
        place(timed("d", at(12), at(13)), null),
      ],
      day,
    );
    const by = Object.fromEntries(slots.map((s) => [s.placed.occ.summary, s]));
    expect([by.a.top, by.a.height, by.a.lane, by.a.lanes]).toEqual([540, 60, 0, 2]);
    expect([by.b.lane, by.b.lanes]).toEqual([1, 2]);
    expect([by.c.lane, by.c.lanes]).toEqual([0, 2]); // a has ended by 10:00
    expect([by.d.lane, by.d.lanes]).toEqual([0, 1]);
  });
  it("clips to the day, keeps short ones visible and leaves all-day ones out", () => {
    const slots = layoutDay(
      [
        place(timed("overnight", local(2026, 12, 7, 23), at(1)), null),
        place(timed("blip", at(8), at(8, 5)), null),
        place({ summary: "all", allDay: true, start: "2026-12-08T00:00:00Z", end: "2026-12-09T00:00:00Z" }, "UTC"),
      ],
      day,
    );
    expect(slots.map((s) => [s.placed.occ.summary, s.top, s.height])).toEqual([
      ["overnight", 0, 60],
      ["blip", 480, 20],
    ]);
  });
});

describe("the event form", () => {
  it("sends all-day ends exclusive and timed ones as wall-clock times in the zone", () => {
    const f = { ...newEventForm("2026-12-08"), summary: " Trip ", allDay: true, endDate: "2026-12-09" };
    expect(eventInput(f, "Europe/Berlin")).toMatchObject({ summary: "Trip", allDay: true, start: "2026-12-08", end: "2026-12-10" });
    const g = { ...newEventForm("2026-12-08", 14), summary: "Call" };
    expect(eventInput(g, "Europe/Berlin")).toMatchObject({
      allDay: false,
      start: "2026-12-08T14:00",
      end: "2026-12-08T15:00",
      timezone: "Europe/Berlin",
    });
  });
  it("reads a stored event back", () => {
    expect(formOf({ allDay: true, start: "x", end: "x", startDate: "2026-12-08", endDate: "2026-12-10" })).toMatchObject({
      allDay: true,
      startDate: "2026-12-08",
      endDate: "2026-12-09",
    });
    const s = local(2026, 12, 8, 14, 30);
    expect(formOf({ allDay: false, start: iso(s), end: iso(local(2026, 12, 9, 14, 30)), summary: "x" })).toMatchObject({
      startDate: "2026-12-08",
      startTime: "14:30",
      endDate: "2026-12-09",
      endTime: "14:30",
    });
  });
  it("refuses no title, impossible dates and ends before starts", () => {
    const ok = { ...newEventForm("2026-12-08"), summary: "x" };
    expect(formProblem(ok)).toBeNull();
    expect(formProblem({ ...ok, summary: " " })).toBe("calendar.needTitle");
    expect(formProblem({ ...ok, startDate: "2026-02-30" })).toBe("calendar.badDates");
    expect(formProblem({ ...ok, endTime: "09:00" })).toBe("calendar.endBeforeStart");
    expect(formProblem({ ...ok, allDay: true, endDate: "2026-12-07" })).toBe("calendar.endBeforeStart");
    expect(formProblem({ ...ok, allDay: true })).toBeNull();
    expect(newEventForm("2026-12-08", 23).endTime).toBe("23:00");
  });
});
