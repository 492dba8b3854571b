package dev.nubo.settings.api;

/**
 * The value of an editable setting: a whole number, or no limit ({@code amount} null) where the setting allows it.
 * Stored and read as text: the digits, or {@value #UNLIMITED}.
 */
public record SettingValue(Long amount) {
    public static final String UNLIMITED = "unlimited";

    public static SettingValue of(long amount) {
        return new SettingValue(amount);
    }

    public static SettingValue unlimited() {
        return new SettingValue(null);
    }

    public boolean isUnlimited() {
        return amount == null;
    }

    public String text() {
        return amount == null ? UNLIMITED : amount.toString();
    }

    /** Reads {@link #text()} back; anything else is an {@link IllegalArgumentException}. */
    public static SettingValue parse(String text) {
        String s = text == null ? "" : text.strip();
        if (UNLIMITED.equals(s)) {
            return unlimited();
        }
        if (!s.matches("\\d{1,19}")) {
            throw new IllegalArgumentException("'" + text + "' is neither a whole number nor " + UNLIMITED);
        }
        return of(Long.parseLong(s));
    }
}
