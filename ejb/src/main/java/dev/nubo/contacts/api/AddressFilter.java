package dev.nubo.contacts.api;

import java.util.List;

/** A CARDDAV:filter (RFC 6352 section 10.5): no prop-filter matches every card. */
public record AddressFilter(boolean allOf, List<PropFilter> props) {
    public static final AddressFilter ALL = new AddressFilter(false, List.of());

    public AddressFilter {
        props = List.copyOf(props);
    }
}
