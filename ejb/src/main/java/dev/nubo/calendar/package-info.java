/**
 * Calendar data (RFC 5545) as CalDAV stores and queries it (RFC 4791): a calendar object resource is validated
 * (section 4.1: one UID, one component type, no METHOD), indexed (its UID, component type and the span of the whole
 * expanded series), matched against calendar-query filters (section 9.7, time ranges per section 9.9 with
 * recurrence expanded: RRULE, RDATE, EXDATE, RECURRENCE-ID overrides, all-day and floating times), expanded
 * (section 9.6.5) and reduced to busy time (section 7.10). Parsing is ical4j's, lenient where clients deviate.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.calendar;
