package dev.nubo.contacts.api;

import java.util.List;

/**
 * A contact or a group as the web app writes it. {@code kind} is individual (default) or group; a group's
 * {@code members} are the UIDs of the contacts in it (vCard 4.0 MEMBER, or Apple's X-ADDRESSBOOKSERVER-MEMBER in a
 * vCard 3.0 card). {@code birthday} is a date such as 1990-04-01. {@code categories} are free labels (CATEGORIES),
 * the other way clients group contacts.
 */
public record ContactDraft(
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
