package dev.nubo.contacts.api;

import dev.nubo.collections.api.Found;
import dev.nubo.collections.api.ImportResult;
import dev.nubo.collections.api.TagCount;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Contacts and groups of a user's address books for the REST API: the same cards CardDAV clients see, written
 * through the same validation. Books are named by the owner's id and their slug; anything else is NOT_FOUND.
 * {@code ifMatch} (null: unconditional) is an etag the card must still have, else PRECONDITION_FAILED.
 */
public interface Contacts {
    /**
     * Cards by display name: {@code query} (null: all) a case-insensitive part of a name, a nickname, the organization
     * or an e-mail address; {@code kind} individual or group (null: both); {@code category} a CATEGORIES value.
     */
    Page list(UUID owner, String book, String query, String kind, String category, Found.Cursor after, int limit);

    ContactView get(UUID owner, String book, long id);

    ContactView create(UUID owner, String book, ContactDraft draft);

    /**
     * Replaces the fields the draft carries (names, organization, e-mails, phones, note, birthday, categories, kind
     * and members); photos, addresses and every other property a client wrote stay, and so does the vCard version.
     */
    ContactView update(UUID owner, String book, long id, ContactDraft draft, String ifMatch);

    void delete(UUID owner, String book, long id, String ifMatch);

    List<TagCount> categories(UUID owner, String book);

    /** Opens an export (NOT_FOUND now, before any byte is written, when the book is not the owner's). */
    Export export(UUID owner, String book);

    /** Reads a .vcf stream (at most {@code maxBytes}); each card is stored as sent (a UID added when it has none). */
    ImportResult importCards(UUID owner, String book, InputStream in, long maxBytes) throws IOException;

    record Page(List<ContactView> contacts, Optional<Found.Cursor> next) {
        public Page {
            contacts = List.copyOf(contacts);
        }
    }

    interface Export {
        String filename();

        void writeTo(OutputStream out) throws IOException;
    }
}
