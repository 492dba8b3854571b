package dev.nubo.contacts.service;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.Found;
import dev.nubo.collections.api.ImportResult;
import dev.nubo.collections.api.Imports;
import dev.nubo.collections.api.MemberWriter;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.collections.api.TagCount;
import dev.nubo.collections.api.UidConflictException;
import dev.nubo.contacts.api.CardData;
import dev.nubo.contacts.api.ContactDraft;
import dev.nubo.contacts.api.ContactView;
import dev.nubo.contacts.api.Contacts;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.contacts.domain.CardBuilder;
import dev.nubo.contacts.domain.CardTransfer;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

@ApplicationScoped
public class AddressBookContacts implements Contacts {
    static final int MAX_QUERY = 200;
    private static final Logger LOG = Logger.getLogger(AddressBookContacts.class.getName());

    @Inject
    CollectionStore store;

    @Inject
    MemberWriter writer;

    @Override
    public Page list(
            UUID owner, String book, String query, String kind, String category, Found.Cursor after, int limit) {
        DavCollection c = book(owner, book);
        if (query != null && query.length() > MAX_QUERY) {
            throw NuboException.invalid("q has at most " + MAX_QUERY + " characters");
        }
        if (kind != null && !kind.equals("individual") && !kind.equals("group")) {
            throw NuboException.invalid("kind is individual or group");
        }
        if (limit < 1 || limit > CollectionStore.PAGE) {
            throw NuboException.invalid("limit is between 1 and " + CollectionStore.PAGE);
        }
        String q = query == null || query.isBlank() ? null : query.strip();
        Boolean groups = kind == null ? null : kind.equals("group");
        List<Found> rows = store.cards(c.id(), q, groups, category, after, limit + 1);
        List<ContactView> out = new ArrayList<>();
        Found last = null;
        for (Found f : rows.subList(0, Math.min(rows.size(), limit))) {
            last = f;
            view(f.object()).ifPresent(out::add);
        }
        return new Page(out, rows.size() > limit ? Optional.of(last.cursor()) : Optional.empty());
    }

    @Override
    public ContactView get(UUID owner, String book, long id) {
        StoredObject o = object(book(owner, book), id);
        return view(o).orElseThrow(() -> NuboException.notFound("no such contact"));
    }

    @Override
    public ContactView create(UUID owner, String book, ContactDraft draft) {
        DavCollection c = book(owner, book);
        String uid = UUID.randomUUID().toString();
        String name = uid + ".vcf";
        write(c, name, CardBuilder.create(draft, uid, Instant.now()), Optional::isEmpty);
        StoredObject o = store.member(c.id(), name).orElseThrow(() -> NuboException.notFound("no such contact"));
        return CardBuilder.view(o.id(), o.etag(), o.data());
    }

    @Override
    public ContactView update(UUID owner, String book, long id, ContactDraft draft, String ifMatch) {
        DavCollection c = book(owner, book);
        StoredObject o = object(c, id);
        if (ifMatch != null && !ifMatch.equals(o.etag())) {
            throw stale(o.etag());
        }
        byte[] data = CardBuilder.update(o.data(), draft, Instant.now());
        write(c, o.name(), data, current -> current.filter(o.etag()::equals).isPresent());
        return get(owner, book, id);
    }

    @Override
    public void delete(UUID owner, String book, long id, String ifMatch) {
        DavCollection c = book(owner, book);
        StoredObject o = object(c, id);
        store.remove(
                c.id(),
                o.name(),
                current -> ifMatch == null || current.filter(ifMatch::equals).isPresent());
    }

    @Override
    public List<TagCount> categories(UUID owner, String book) {
        return store.categories(book(owner, book).id());
    }

    @Override
    public Export export(UUID owner, String book) {
        DavCollection c = book(owner, book);
        return new Export() {
            @Override
            public String filename() {
                return c.slug() + ".vcf";
            }

            @Override
            public void writeTo(OutputStream out) throws IOException {
                String afterName = null;
                while (true) {
                    List<StoredObject> page = store.members(c.id(), afterName, CollectionStore.PAGE);
                    if (page.isEmpty()) {
                        break;
                    }
                    for (StoredObject o : store.withData(
                            c.id(), page.stream().map(StoredObject::name).toList())) {
                        out.write(o.data());
                        if (o.data().length > 0 && o.data()[o.data().length - 1] != '\n') {
                            out.write(new byte[] {'\r', '\n'});
                        }
                    }
                    if (page.size() < CollectionStore.PAGE) {
                        break;
                    }
                    afterName = page.get(page.size() - 1).name();
                }
                out.flush();
            }
        };
    }

    @Override
    public ImportResult importCards(UUID owner, String book, InputStream in, long maxBytes) throws IOException {
        DavCollection c = book(owner, book);
        String text = new String(Imports.read(in, maxBytes), StandardCharsets.UTF_8);
        List<Imports.Piece> pieces;
        try {
            pieces = CardTransfer.split(text);
        } catch (InvalidAddressData e) {
            throw new NuboException(ErrorKind.INVALID, "invalid_address_data", e.getMessage());
        }
        return Imports.storeAll(
                store,
                c,
                pieces,
                ".vcf",
                p -> uid(p.data()),
                (name, data, condition) -> write(c, name, data, condition));
    }

    private static String uid(byte[] data) {
        try {
            return CardData.parse(data).index().uid();
        } catch (InvalidAddressData e) {
            throw new NuboException(ErrorKind.INVALID, "invalid_address_data", e.getMessage());
        }
    }

    private DavCollection book(UUID owner, String slug) {
        return store.find(owner, CollectionKind.ADDRESSBOOK, slug)
                .orElseThrow(() -> NuboException.notFound("no such address book"));
    }

    private StoredObject object(DavCollection c, long id) {
        return store.object(c.id(), id).orElseThrow(() -> NuboException.notFound("no such contact"));
    }

    private void write(DavCollection c, String name, byte[] data, Predicate<Optional<String>> condition) {
        try {
            writer.put(c, name, data, condition);
        } catch (InvalidAddressData e) {
            throw new NuboException(ErrorKind.INVALID, "invalid_address_data", e.getMessage());
        } catch (UidConflictException e) {
            throw NuboException.conflict("uid_conflict", "another card of this address book has the same UID");
        }
    }

    private static Optional<ContactView> view(StoredObject o) {
        try {
            return Optional.of(CardBuilder.view(o.id(), o.etag(), o.data()));
        } catch (InvalidAddressData | IllegalStateException e) {
            LOG.log(Level.FINE, "stored card {0} no longer parses: {1}", new Object[] {o.name(), e.getMessage()});
            return Optional.empty();
        }
    }

    private static NuboException stale(String etag) {
        return new NuboException(ErrorKind.PRECONDITION_FAILED, "precondition_failed", "the card's etag is " + etag);
    }
}
