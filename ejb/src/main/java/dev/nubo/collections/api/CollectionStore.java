package dev.nubo.collections.api;

import dev.nubo.platform.api.NuboException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import javax.xml.namespace.QName;

/**
 * Calendars and address books and their members. Every method names the collection by id after the caller has found
 * it through {@link #find} under the signed-in owner, so no id of another user's collection is ever reached. Each
 * write is one transaction and increments the collection's change number once.
 */
public interface CollectionStore {
    /** Most members one listing page returns. */
    int PAGE = 500;

    List<DavCollection> list(UUID owner, CollectionKind kind);

    Optional<DavCollection> find(UUID owner, CollectionKind kind, String slug);

    /**
     * Makes a collection; {@link NuboException} CONFLICT ("exists") when the name is taken. Settings with null values
     * are left unset.
     */
    DavCollection create(
            UUID owner,
            CollectionKind kind,
            String slug,
            List<String> components,
            Map<Setting, String> settings,
            Map<QName, String> deadProperties);

    void delete(long collectionId);

    /** A PROPPATCH: every change or none; a null value removes. */
    void patch(long collectionId, Map<Setting, String> settings, Map<QName, String> deadProperties);

    Map<QName, String> deadProperties(long collectionId);

    /** The dead properties of several collections in one query: collection id to (name to value). */
    Map<Long, Map<QName, String>> deadProperties(List<Long> collectionIds);

    /** Members ordered by name after {@code afterName} (null: from the first), without their bytes. */
    List<StoredObject> members(long collectionId, String afterName, int limit);

    Optional<StoredObject> member(long collectionId, String name);

    /** A member by its id, with its bytes. */
    Optional<StoredObject> object(long collectionId, long objectId);

    /** The member holding a UID, with its bytes. */
    Optional<StoredObject> byUid(long collectionId, String uid);

    /**
     * Cards by display name (then id) after the cursor, with their bytes: {@code text} (null: any) is a
     * case-insensitive substring of the names (FN, N, NICKNAME, ORG) and e-mail addresses; {@code groups} (null: any) true
     * for groups only, false for everything but groups; {@code category} (null: any) one of its CATEGORIES.
     */
    List<Found> cards(long collectionId, String text, Boolean groups, String category, Found.Cursor after, int limit);

    /** The address book's CATEGORIES values with how many cards carry each, by name. */
    List<TagCount> categories(long collectionId);

    /** The named members that exist, with their bytes, in one query. */
    List<StoredObject> withData(long collectionId, List<String> names);

    /**
     * Members that may overlap [start, end) (either may be null: open), of a component type (null: any), with their
     * bytes, ordered by id after {@code afterId}: the index pre-filter of a calendar-query.
     */
    List<StoredObject> candidates(
            long collectionId, String component, Instant start, Instant end, long afterId, int limit);

    /**
     * Writes a member: {@code condition} sees the current etag (empty when there is none) under the collection's lock
     * and refuses with PRECONDITION_FAILED by returning false; a UID another member holds fails with {@link
     * UidConflictException}.
     */
    PutOutcome put(
            long collectionId,
            String name,
            byte[] data,
            String contentType,
            ObjectIndex index,
            Predicate<Optional<String>> condition);

    /** Removes a member, leaving a tombstone for sync; NOT_FOUND when absent, PRECONDITION_FAILED per condition. */
    void remove(long collectionId, String name, Predicate<Optional<String>> condition);

    /** Changes after {@code sinceSeq}, at most {@code limit} entries. */
    Changes changes(long collectionId, long sinceSeq, int limit);
}
