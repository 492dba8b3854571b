package dev.nubo.contacts.api;

/** A validated address object resource. */
public interface ParsedCard {
    CardIndex index();

    boolean matches(AddressFilter filter);
}
