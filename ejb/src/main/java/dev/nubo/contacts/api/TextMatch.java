package dev.nubo.contacts.api;

/** A CARDDAV:text-match (RFC 6352 section 10.5.4). */
public record TextMatch(String text, String collation, String matchType, boolean negate) {
    public static final String UNICODE_CASEMAP = "i;unicode-casemap";
    public static final String ASCII_CASEMAP = "i;ascii-casemap";
    public static final String OCTET = "i;octet";
}
