package dev.nubo.calendar.api;

/**
 * Calendar data that cannot be stored; {@code precondition} is the CalDAV element (RFC 4791 section 5.3.2.1) the
 * refusal names: valid-calendar-data, valid-calendar-object-resource or supported-calendar-component.
 */
public final class InvalidCalendarData extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String precondition;

    public InvalidCalendarData(String precondition, String message) {
        super(message);
        this.precondition = precondition;
    }

    public String precondition() {
        return precondition;
    }
}
