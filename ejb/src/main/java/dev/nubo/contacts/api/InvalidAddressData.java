package dev.nubo.contacts.api;

/**
 * Contact data that cannot be stored; {@code precondition} is the CardDAV element (RFC 6352 section 6.3.2.1):
 * valid-address-data or supported-address-data.
 */
public final class InvalidAddressData extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String precondition;

    public InvalidAddressData(String precondition, String message) {
        super(message);
        this.precondition = precondition;
    }

    public String precondition() {
        return precondition;
    }
}
