package dev.nubo.contacts.api;

/** An e-mail address or phone number and its type (work, home, cell, ...; null when it has none). */
public record Labeled(String type, String value) {}
