package dev.nubo.collections.api;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * Writes calendar and address objects the one way every surface does (DAV, the REST API, imports): the bytes are
 * parsed and validated for the collection's kind (iCalendar 2.0 with one UID and an allowed component type; vCard
 * 3.0 or 4.0 with a UID), indexed, and stored as sent. Bad data throws the calendar or contacts feature's typed
 * error and stores nothing.
 */
public interface MemberWriter {
    /** Most bytes one object may hold (max-resource-size, RFC 4791 section 5.2.5, RFC 6352 section 6.2.3). */
    long MAX_OBJECT_BYTES = 2L << 20;

    PutOutcome put(DavCollection collection, String name, byte[] data, Predicate<Optional<String>> condition);

    /** The columns a stored object of this collection is found by; throws as {@link #put} does. */
    ObjectIndex index(DavCollection collection, byte[] data);
}
