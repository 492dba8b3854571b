package dev.nubo.contacts.api;

/** A CARDDAV:param-filter (RFC 6352 section 10.5.2); {@code textMatch} may be null. */
public record ParamFilter(String name, boolean isNotDefined, TextMatch textMatch) {}
