// The calendar page's date arithmetic, kept apart from the page so it can be tested: days as "yyyy-mm-dd" keys in
// the browser's zone, the 6-week month grid and the week (both starting on Monday), the range one navigation loads,
// the address (/calendar/month/2026-12, /calendar/week/2026-12-07), and where each occurrence lands.

export type View = "month" | "week";

/** A local calendar day, "2026-12-07". */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** The local day of a moment. */
export function dayKey(d: Date): DayKey {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of a day key, or null when it is not a real date ("2026-02-30"). */
export function parseDay(key: string): Date | null {
  const m = DAY_KEY.exec(key);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayKey(d) === key ? d : null;
}

/** Local midnight n days later (calendar days: a DST change does not shift the hour). */
export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

export function addDaysKey(key: DayKey, n: number): DayKey {
  return dayKey(addDays(parseDay(key)!, n));
}

/** The Monday on or before d, at local midnight. */
export function startOfWeek(d: Date): Date {
  const back = (d.getDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(d, -back);
}

/** The 42 days of the month view: six Monday-first weeks from the week holding the 1st. */
export function monthGrid(year: number, month: number): Date[] {
  const first = startOfWeek(new Date(year, month, 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

export function weekDays(d: Date): Date[] {
  const first = startOfWeek(d);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** What the page shows: the view and the day it is anchored on (the 1st of the month, or the week's Monday). */
export interface Shown {
  view: View;
  anchor: Date;
}

/** The days on screen. */
export function shownDays(s: Shown): Date[] {
  return s.view === "month" ? monthGrid(s.anchor.getFullYear(), s.anchor.getMonth()) : weekDays(s.anchor);
}

/** [start, end) of the days on screen, local midnights: what one request per calendar asks for. */
export function shownRange(s: Shown): { start: Date; end: Date } {
  const days = shownDays(s);
  return { start: days[0], end: addDays(days[days.length - 1], 1) };
}

/** Normalises to the view's anchor: the 1st of the month, or the Monday of the week. */
export function anchorOf(view: View, d: Date): Date {
  return view === "month" ? new Date(d.getFullYear(), d.getMonth(), 1) : startOfWeek(d);
}

/** The previous (-1) or next (+1) month or week. */
export function step(s: Shown, dir: -1 | 1): Shown {
  const a = s.anchor;
  return s.view === "month"
    ? { view: "month", anchor: new Date(a.getFullYear(), a.getMonth() + dir, 1) }
    : { view: "week", anchor: addDays(a, 7 * dir) };
}

/**
 * The other view around the same time: a month opens on today's week when today is in it, else its first week; a
 * week opens on the month that holds most of it (its Thursday's).
 */
export function switchView(s: Shown, to: View, today: Date): Shown {
  if (to === s.view) return s;
  if (to === "month") return { view: "month", anchor: anchorOf("month", addDays(s.anchor, 3)) };
  const inMonth = today.getFullYear() === s.anchor.getFullYear() && today.getMonth() === s.anchor.getMonth();
  return { view: "week", anchor: startOfWeek(inMonth ? today : s.anchor) };
}

/** "/calendar/month/2026-12" or "/calendar/week/2026-12-07" */
export function pathOf(s: Shown): string {
  const a = s.anchor;
  return s.view === "month"
    ? `/calendar/month/${a.getFullYear()}-${pad(a.getMonth() + 1)}`
    : `/calendar/week/${dayKey(a)}`;
}

/** What an address asks for (the segments after /calendar); anything unreadable shows this month. */
export function parsePath(rest: string[], today: Date): Shown {
  const [view, date] = rest;
  if (view === "week" && date) {
    const d = parseDay(date);
    if (d) return { view: "week", anchor: startOfWeek(d) };
  }
  if (view === "month" && date) {
    const m = MONTH_KEY.exec(date);
    const month = m ? Number(m[2]) : 0;
    if (m && month >= 1 && month <= 12) return { view: "month", anchor: new Date(Number(m[1]), month - 1, 1) };
  }
  return { view: view === "week" ? "week" : "month", anchor: anchorOf(view === "week" ? "week" : "month", today) };
}

// ------------------------------------------------------------------ occurrences on days

/** What placement needs of an occurrence (the API's Occurrence has more). */
export interface Timed {
  start: string;
  end: string;
  allDay: boolean;
  summary?: string | null;
}

export interface Placed<T extends Timed> {
  occ: T;
  start: Date;
  end: Date;
  /** the first and last local day it covers, inclusive */
  first: DayKey;
  last: DayKey;
}

/** The date of a moment in an IANA zone, "2026-12-08" (en-CA writes dates as yyyy-mm-dd). */
export function dateIn(instant: Date, zone: string): DayKey {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/**
 * The days an occurrence covers. All-day ones are dates: the server sends their midnights in the calendar's zone
 * (UTC without one), so the dates are read back in that zone and the end is exclusive. Timed ones cover every local
 * day they touch, up to but not including an end at midnight.
 */
/** What the two week views (the narrow list and the wide time grid) are given by the calendar page. */
export interface WeekView<T extends Timed> {
  days: Date[];
  perDay: Map<string, Placed<T>[]>;
  todayKey: string;
  weekdays: string[];
  colorOf: (calendar: string) => string;
  longDate: (d: Date) => string;
  time: (d: Date) => string;
  onopen: (o: T) => void;
}

export function place<T extends Timed>(occ: T, calendarZone: string | null | undefined): Placed<T> {
  const start = new Date(occ.start);
  const end = new Date(occ.end);
  if (occ.allDay) {
    const zone = calendarZone || "UTC";
    const first = dateIn(start, zone);
    const last = addDaysKey(dateIn(end, zone), -1);
    return { occ, start, end, first, last: last < first ? first : last };
  }
  const first = dayKey(start);
  const last = end > start ? dayKey(new Date(end.getTime() - 1)) : first;
  return { occ, start, end, first, last };
}

/** All-day first, then by start, then by title: the order of a day's list. */
export function byDayOrder<T extends Timed>(a: Placed<T>, b: Placed<T>): number {
  if (a.occ.allDay !== b.occ.allDay) return a.occ.allDay ? -1 : 1;
  return a.start.getTime() - b.start.getTime() || (a.occ.summary ?? "").localeCompare(b.occ.summary ?? "");
}

/** The occurrences of each day on screen, in day order; days without any have an empty list. */
export function byDay<T extends Timed>(placed: Placed<T>[], days: Date[]): Map<DayKey, Placed<T>[]> {
  const out = new Map<DayKey, Placed<T>[]>(days.map((d) => [dayKey(d), []]));
  const firstShown = dayKey(days[0]);
  const lastShown = dayKey(days[days.length - 1]);
  for (const p of placed) {
    const from = p.first < firstShown ? firstShown : p.first;
    const to = p.last > lastShown ? lastShown : p.last;
    for (let d = parseDay(from)!, k = from; k <= to; d = addDays(d, 1), k = dayKey(d)) out.get(k)?.push(p);
  }
  for (const list of out.values()) list.sort(byDayOrder);
  return out;
}

/** How many chips a month cell shows of count when room is max: all when they fit, else max-1 and "+N more". */
export function chipsShown(count: number, max: number): { shown: number; more: number } {
  return count <= max ? { shown: count, more: 0 } : { shown: max - 1, more: count - (max - 1) };
}

// ------------------------------------------------------------------ the week's time grid

export interface Slot<T extends Timed> {
  placed: Placed<T>;
  /** minutes from the day's midnight */
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

const DAY_MINUTES = 24 * 60;

/**
 * The timed occurrences of one day as boxes in a time grid: clipped to the day, at least minHeight minutes tall,
 * overlapping ones side by side in lanes (each cluster of overlaps shares its lane count).
 */
export function layoutDay<T extends Timed>(placed: Placed<T>[], day: Date, minHeight = 20): Slot<T>[] {
  const midnight = day.getTime();
  const boxes = placed
    .filter((p) => !p.occ.allDay)
    .map((p) => {
      const top = Math.max(0, Math.round((p.start.getTime() - midnight) / 60000));
      const bottom = Math.min(DAY_MINUTES, Math.round((p.end.getTime() - midnight) / 60000));
      return { placed: p, top, height: Math.max(minHeight, bottom - top), lane: 0, lanes: 1 };
    })
    .filter((b) => b.top < DAY_MINUTES)
    .sort((a, b) => a.top - b.top || b.height - a.height);
  let cluster: Slot<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => cluster.forEach((b) => (b.lanes = laneEnds.length));
  for (const b of boxes) {
    if (b.top >= clusterEnd) {
      close();
      cluster = [];
      laneEnds = [];
    }
    let lane = laneEnds.findIndex((end) => end <= b.top);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = b.top + b.height;
    b.lane = lane;
    cluster.push(b);
    clusterEnd = Math.max(clusterEnd, b.top + b.height);
  }
  close();
  return boxes;
}

// ------------------------------------------------------------------ the event form

/** "09:30" of a moment, local. */
export function timeKey(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface EventForm {
  summary: string;
  allDay: boolean;
  /** yyyy-mm-dd; for all-day events the end date is the last day, inclusive, as people say it */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  description: string;
}

/** The API's EventInput of a form: all-day ends become exclusive, timed ones are wall-clock times in zone. */
export function eventInput(f: EventForm, zone: string) {
  const base = { summary: f.summary.trim(), location: f.location.trim(), description: f.description };
  return f.allDay
    ? { ...base, allDay: true, start: f.startDate, end: addDaysKey(f.endDate, 1) }
    : { ...base, allDay: false, start: `${f.startDate}T${f.startTime}`, end: `${f.endDate}T${f.endTime}`, timezone: zone };
}

/** Why a form cannot be saved, as a message key, or null. */
export function formProblem(f: EventForm): "calendar.needTitle" | "calendar.badDates" | "calendar.endBeforeStart" | null {
  if (!f.summary.trim()) return "calendar.needTitle";
  if (!parseDay(f.startDate) || !parseDay(f.endDate)) return "calendar.badDates";
  if (f.allDay) return f.endDate < f.startDate ? "calendar.endBeforeStart" : null;
  if (!/^\d{2}:\d{2}$/.test(f.startTime) || !/^\d{2}:\d{2}$/.test(f.endTime)) return "calendar.badDates";
  return `${f.endDate}T${f.endTime}` <= `${f.startDate}T${f.startTime}` ? "calendar.endBeforeStart" : null;
}

/** A new event on a day: 09:00–10:00, or the given hour. */
export function newEventForm(day: DayKey, hour = 9): EventForm {
  const h = Math.min(hour, 22);
  return {
    summary: "",
    allDay: false,
    startDate: day,
    startTime: `${pad(h)}:00`,
    endDate: day,
    endTime: `${pad(h + 1)}:00`,
    location: "",
    description: "",
  };
}

/** The form of a stored event (the API's Event): all-day ends back to inclusive, times in the browser's zone. */
export function formOf(e: {
  summary?: string | null;
  allDay: boolean;
  start: string;
  end: string;
  startDate?: string | null;
  endDate?: string | null;
  location?: string | null;
  description?: string | null;
}): EventForm {
  const start = new Date(e.start);
  const end = new Date(e.end);
  const base = { summary: e.summary ?? "", location: e.location ?? "", description: e.description ?? "" };
  if (e.allDay && e.startDate) {
    const last = e.endDate ? addDaysKey(e.endDate, -1) : e.startDate;
    return { ...base, allDay: true, startDate: e.startDate, endDate: last < e.startDate ? e.startDate : last, startTime: "09:00", endTime: "10:00" };
  }
  return { ...base, allDay: false, startDate: dayKey(start), startTime: timeKey(start), endDate: dayKey(end), endTime: timeKey(end) };
}
