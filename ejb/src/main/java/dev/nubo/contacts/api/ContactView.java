package dev.nubo.contacts.api;

import java.util.List;

/** A stored card as the REST API shows it; {@code version} is the vCard version it is kept in (3.0 or 4.0). */
public record ContactView(
        long id,
        String uid,
        String etag,
        String version,
        String kind,
        String fullName,
        String givenName,
        String familyName,
        String organization,
        List<Labeled> emails,
        List<Labeled> phones,
        String note,
        String birthday,
        List<String> categories,
        List<String> members) {}
