package dev.nubo.collections.api;

/** A member found by a sorted query, with the key it sorted by: the next page starts after {@link #cursor()}. */
public record Found(StoredObject object, String sortKey) {
    /** Where a sorted page ends: the sort key and id of its last member. */
    public record Cursor(String sortKey, long id) {}

    public Cursor cursor() {
        return new Cursor(sortKey, object.id());
    }
}
