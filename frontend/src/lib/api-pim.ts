// The calendars and contacts API (/api/calendars, /api/addressbooks): the JSON shapes of PimJson.java and the calls
// the calendar and contacts pages make. Updates and deletes send the etag they were shown as If-Match, so a change
// made elsewhere in between answers 412 instead of being overwritten.
import { getJson, request, sendJson } from "./api";

export interface Calendar {
  id: string;
  name?: string | null;
  description?: string | null;
  color?: string | null;
  timezone?: string | null;
  order?: number | null;
  components: string[];
  ctag: string;
  createdAt: string;
}

export interface Occurrence {
  id: number;
  uid: string;
  etag: string;
  recurrenceId?: string | null;
  start: string;
  end: string;
  allDay: boolean;
  summary?: string | null;
  location?: string | null;
  description?: string | null;
  recurring: boolean;
}

export interface CalendarEvent {
  id: number;
  uid: string;
  etag: string;
  summary?: string | null;
  location?: string | null;
  description?: string | null;
  start: string;
  end: string;
  allDay: boolean;
  startDate?: string | null;
  endDate?: string | null;
  timezone?: string | null;
  rrule?: string | null;
  overrides: number;
}

export interface EventInput {
  summary: string;
  start: string;
  end?: string;
  allDay: boolean;
  timezone?: string;
  location?: string;
  description?: string;
  rrule?: string | null;
}

const enc = encodeURIComponent;

export const calendars = () => getJson<Calendar[]>("/calendars");
export const createCalendar = (name: string, color?: string) =>
  sendJson<Calendar>("POST", "/calendars", { name, color: color || undefined });

export const occurrences = (calendar: string, start: Date, end: Date, signal?: AbortSignal) =>
  getJson<{ events: Occurrence[]; truncated: boolean }>(
    `/calendars/${enc(calendar)}/events?start=${enc(start.toISOString())}&end=${enc(end.toISOString())}`,
    signal,
  );

export const event = (calendar: string, id: number) => getJson<CalendarEvent>(`/calendars/${enc(calendar)}/events/${id}`);
export const createEvent = (calendar: string, input: EventInput) =>
  sendJson<CalendarEvent>("POST", `/calendars/${enc(calendar)}/events`, input);

/** PUT or DELETE only the version the etag names: 412 when it changed since. */
async function ifMatch<T>(method: "PUT" | "DELETE", path: string, etag: string, json?: unknown): Promise<T> {
  const r = await request(method, path, { json, headers: { "If-Match": etag } });
  return (r.status === 204 ? undefined : await r.json()) as T;
}

export const updateEvent = (calendar: string, id: number, etag: string, input: EventInput) =>
  ifMatch<CalendarEvent>("PUT", `/calendars/${enc(calendar)}/events/${id}`, etag, input);
export const deleteEvent = (calendar: string, id: number, etag: string) =>
  ifMatch<void>("DELETE", `/calendars/${enc(calendar)}/events/${id}`, etag);

// ------------------------------------------------------------------ contacts

export interface AddressBook {
  id: string;
  name?: string | null;
  description?: string | null;
  ctag: string;
  createdAt: string;
}

export interface Labeled {
  type?: string | null;
  value: string;
}

export interface Contact {
  id: number;
  uid: string;
  etag: string;
  version: string;
  kind: string;
  fullName?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  organization?: string | null;
  emails: Labeled[];
  phones: Labeled[];
  note?: string | null;
  birthday?: string | null;
  categories: string[];
  members: string[];
}

export interface ContactInput {
  kind?: string;
  fullName?: string;
  givenName?: string;
  familyName?: string;
  organization?: string;
  emails: Labeled[];
  phones: Labeled[];
  note?: string;
  birthday?: string;
  categories: string[];
  members?: string[];
}

export const addressBooks = () => getJson<AddressBook[]>("/addressbooks");
export const createAddressBook = (name: string) => sendJson<AddressBook>("POST", "/addressbooks", { name });

export function contacts(book: string, q: string, after: string | null, limit: number, signal?: AbortSignal) {
  const p = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) p.set("q", q.trim());
  if (after) p.set("after", after);
  return getJson<{ contacts: Contact[]; next?: string | null }>(`/addressbooks/${enc(book)}/contacts?${p}`, signal);
}

export const contact = (book: string, id: number) => getJson<Contact>(`/addressbooks/${enc(book)}/contacts/${id}`);
export const createContact = (book: string, input: ContactInput) =>
  sendJson<Contact>("POST", `/addressbooks/${enc(book)}/contacts`, input);

export const updateContact = (book: string, id: number, etag: string, input: ContactInput) =>
  ifMatch<Contact>("PUT", `/addressbooks/${enc(book)}/contacts/${id}`, etag, input);
export const deleteContact = (book: string, id: number, etag: string) =>
  ifMatch<void>("DELETE", `/addressbooks/${enc(book)}/contacts/${id}`, etag);

/** The name a contact goes by: its full name, else its names, organisation or first address. */
export function displayName(c: Contact): string {
  return (
    c.fullName?.trim() ||
    [c.givenName, c.familyName].filter(Boolean).join(" ").trim() ||
    c.organization?.trim() ||
    c.emails[0]?.value ||
    ""
  );
}

/** An occurrence with the calendar it came from, as the calendar page keeps them. */
export type CalendarOccurrence = Occurrence & { calendar: string };
