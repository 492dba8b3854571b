package dev.nubo.collections.api;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What calendar and contact imports share: a bounded read of the file, and storing its objects one by one, each
 * replacing the member that holds its UID or else added under a new name.
 */
public final class Imports {
    /** Most objects one import stores; a file with more is refused before anything is written. */
    public static final int MAX_OBJECTS = 10_000;

    private Imports() {}

    /** One object of an import file: its UID (as the splitter saw it) and its bytes. */
    public record Piece(String uid, byte[] data) {}

    /** Writes one member; throws the NuboException that refuses it. */
    @FunctionalInterface
    public interface Writer {
        void put(String name, byte[] data, Predicate<Optional<String>> condition);
    }

    /**
     * Stores every piece in its own transaction; {@code uidOf} gives the UID the member will be indexed by, and
     * {@code extension} ends the names of new members.
     */
    public static ImportResult storeAll(
            CollectionStore store,
            DavCollection collection,
            List<Piece> pieces,
            String extension,
            Function<Piece, String> uidOf,
            Writer writer) {
        if (pieces.size() > MAX_OBJECTS) {
            throw NuboException.invalid("one import holds at most " + MAX_OBJECTS + " objects");
        }
        Tally tally = new Tally();
        for (Piece p : pieces) {
            tally.store(p.uid(), () -> {
                Optional<StoredObject> existing = store.byUid(collection.id(), uidOf.apply(p));
                if (existing.isPresent()) {
                    writer.put(existing.get().name(), p.data(), current -> true);
                    return false;
                }
                writer.put(UUID.randomUUID() + extension, p.data(), Optional::isEmpty);
                return true;
            });
        }
        return tally.result();
    }

    /** The whole stream, refused with TOO_LARGE past {@code maxBytes} (nothing is stored then). */
    public static byte[] read(InputStream in, long maxBytes) throws IOException {
        byte[] data = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        if (data.length > maxBytes) {
            throw new NuboException(
                    ErrorKind.TOO_LARGE, "too_large", "an import file holds at most " + maxBytes + " bytes");
        }
        return data;
    }

    /** Counts stored objects; a refused one is recorded with its reason and the import goes on. */
    static final class Tally {
        private int created;
        private int updated;
        private final List<ImportResult.Failure> failed = new ArrayList<>();

        /** {@code write} stores one object and says whether it was new. */
        void store(String uid, BooleanSupplier write) {
            try {
                if (write.getAsBoolean()) {
                    created++;
                } else {
                    updated++;
                }
            } catch (NuboException e) {
                failed.add(new ImportResult.Failure(uid, e.code(), e.getMessage()));
            }
        }

        ImportResult result() {
            return new ImportResult(created, updated, failed);
        }
    }
}
