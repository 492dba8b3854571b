package dev.nubo.collections.api;

/** What a collection holds; the value is the database's. */
public enum CollectionKind {
    CALENDAR("calendar"),
    ADDRESSBOOK("addressbook");

    private final String value;

    CollectionKind(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static CollectionKind of(String value) {
        for (CollectionKind k : values()) {
            if (k.value.equals(value)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no collection kind " + value);
    }
}
