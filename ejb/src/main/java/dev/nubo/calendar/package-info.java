/**
 * Calendar data (RFC 5545) as CalDAV stores and queries it (RFC 4791): a calendar object resource is validated
 * (section 4.1: one UID, one component type, no METHOD), indexed (its UID, component type and the span of the whole
 * expanded series), matched against calendar-query filters (section 9.7, time ranges per section 9.9 with
 * recurrence expanded: RRULE, RDATE, EXDATE, RECURRENCE-ID overrides, all-day and floating times), expanded
 * (section 9.6.5) and reduced to busy time (section 7.10). Parsing is ical4j's, lenient where clients deviate.
 */
package dev.nubo.calendar;
