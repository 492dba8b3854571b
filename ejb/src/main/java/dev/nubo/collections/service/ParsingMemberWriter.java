package dev.nubo.collections.service;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.CalendarIndex;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.MemberWriter;
import dev.nubo.collections.api.ObjectIndex;
import dev.nubo.collections.api.PutOutcome;
import dev.nubo.contacts.api.CardData;
import dev.nubo.contacts.api.CardIndex;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

@ApplicationScoped
public class ParsingMemberWriter implements MemberWriter {
    static final String CALENDAR_TYPE = "text/calendar; charset=utf-8";
    static final String VCARD_TYPE = "text/vcard; charset=utf-8";
    /** The database column's width; real UIDs are UUIDs or e-mail-like strings far below it. */
    static final int MAX_UID = 1024;

    @Inject
    CollectionStore store;

    @Override
    public PutOutcome put(DavCollection collection, String name, byte[] data, Predicate<Optional<String>> condition) {
        if (data.length > MAX_OBJECT_BYTES) {
            throw new NuboException(
                    ErrorKind.TOO_LARGE, "too_large", "an object may hold at most " + MAX_OBJECT_BYTES + " bytes");
        }
        ObjectIndex index = index(collection, data);
        if (index.uid().length() > MAX_UID) {
            throw NuboException.invalid("a UID has at most " + MAX_UID + " characters");
        }
        String type = collection.kind() == CollectionKind.CALENDAR ? CALENDAR_TYPE : VCARD_TYPE;
        return store.put(collection.id(), name, data, type, index, condition);
    }

    @Override
    public ObjectIndex index(DavCollection collection, byte[] data) {
        if (collection.kind() == CollectionKind.CALENDAR) {
            CalendarIndex i = CalendarData.parse(data, Set.copyOf(collection.components()))
                    .index();
            return ObjectIndex.calendar(i.uid(), i.componentType(), i.firstStart(), i.lastEnd(), i.summary());
        }
        CardIndex i = CardData.parse(data).index();
        return ObjectIndex.card(
                i.uid(), i.formattedName(), i.searchNames(), i.emails(), i.kind(), i.categories(), i.memberUids());
    }
}
