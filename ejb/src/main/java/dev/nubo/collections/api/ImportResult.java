package dev.nubo.collections.api;

import java.util.List;

/**
 * What an import did: objects created, objects that replaced the member holding their UID, and the ones refused
 * (each refusal stores nothing of that object; the others are kept, each in its own transaction).
 */
public record ImportResult(int created, int updated, List<Failure> failed) {
    public ImportResult {
        failed = List.copyOf(failed);
    }

    /** One refused object: its UID when it had one, and why. */
    public record Failure(String uid, String error, String message) {}
}
