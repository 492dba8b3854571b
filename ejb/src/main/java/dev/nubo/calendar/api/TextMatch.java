package dev.nubo.calendar.api;

/** A CALDAV:text-match (RFC 4791 section 9.7.5): a substring test under a collation, optionally negated. */
public record TextMatch(String text, String collation, boolean negate) {
    public static final String ASCII_CASEMAP = "i;ascii-casemap";
    public static final String OCTET = "i;octet";
    public static final String UNICODE_CASEMAP = "i;unicode-casemap";
}
