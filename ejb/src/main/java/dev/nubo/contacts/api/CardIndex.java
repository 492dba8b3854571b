package dev.nubo.contacts.api;

import java.util.List;

/** What the database keeps to find a contact; {@code kind} is lower-case ("individual", "group", ...). */
public record CardIndex(
        String uid,
        String version,
        String formattedName,
        String searchNames,
        List<String> emails,
        List<String> phones,
        String kind,
        List<String> categories,
        List<String> memberUids) {
    public CardIndex {
        emails = List.copyOf(emails);
        phones = List.copyOf(phones);
        categories = List.copyOf(categories);
        memberUids = List.copyOf(memberUids);
    }
}
