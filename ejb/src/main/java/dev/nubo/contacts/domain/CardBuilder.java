package dev.nubo.contacts.domain;

import dev.nubo.contacts.api.CardIndex;
import dev.nubo.contacts.api.ContactDraft;
import dev.nubo.contacts.api.ContactView;
import dev.nubo.contacts.api.Labeled;
import dev.nubo.platform.api.NuboException;
import ezvcard.VCard;
import ezvcard.VCardVersion;
import ezvcard.io.text.VCardReader;
import ezvcard.io.text.VCardWriter;
import ezvcard.parameter.EmailType;
import ezvcard.parameter.TelephoneType;
import ezvcard.parameter.VCardParameter;
import ezvcard.property.Birthday;
import ezvcard.property.Categories;
import ezvcard.property.Email;
import ezvcard.property.FormattedName;
import ezvcard.property.Kind;
import ezvcard.property.Member;
import ezvcard.property.Note;
import ezvcard.property.Organization;
import ezvcard.property.StructuredName;
import ezvcard.property.Telephone;
import ezvcard.property.Uid;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes the cards the REST API creates and edits with ez-vcard (new ones as vCard 4.0; an edited one keeps its
 * version) and reads a stored card back as the API shows it. An edit touches only the fields the API manages.
 */
public final class CardBuilder {
    static final int MAX_TEXT = 100_000;
    static final int MAX_FIELD = 1_000;
    static final int MAX_ITEMS = 200;
    static final int MAX_MEMBERS = 10_000;
    /** Type values that say nothing a user chose (every e-mail address is INTERNET; PREF is an order). */
    private static final Set<String> NOISE = Set.of("internet", "pref", "x400", "voice");

    private CardBuilder() {}

    public static byte[] create(ContactDraft draft, String uid, Instant now) {
        VCard card = new VCard(VCardVersion.V4_0);
        card.setUid(new Uid(uid));
        apply(card, draft, VCardVersion.V4_0, now);
        return write(card, VCardVersion.V4_0);
    }

    public static byte[] update(byte[] stored, ContactDraft draft, Instant now) {
        VCard card = parse(stored);
        VCardVersion version = card.getVersion() == VCardVersion.V3_0 ? VCardVersion.V3_0 : VCardVersion.V4_0;
        apply(card, draft, version, now);
        return write(card, version);
    }

    public static ContactView view(long id, String etag, byte[] stored) {
        CardIndex index = VCardObject.parse(stored).index();
        VCard card = parse(stored);
        StructuredName n = card.getStructuredName();
        Organization org = card.getOrganization();
        List<Labeled> emails = new ArrayList<>();
        for (Email e : card.getEmails()) {
            emails.add(new Labeled(type(e.getTypes()), e.getValue()));
        }
        List<Labeled> phones = new ArrayList<>();
        for (Telephone t : card.getTelephoneNumbers()) {
            phones.add(new Labeled(type(t.getTypes()), t.getText() != null ? t.getText() : String.valueOf(t.getUri())));
        }
        Birthday bday = card.getBirthday();
        return new ContactView(
                id,
                index.uid(),
                etag,
                card.getVersion().getVersion(),
                "group".equals(index.kind()) ? "group" : "individual",
                card.getFormattedName() == null ? null : card.getFormattedName().getValue(),
                n == null ? null : n.getGiven(),
                n == null ? null : n.getFamily(),
                org == null || org.getValues().isEmpty()
                        ? null
                        : org.getValues().get(0),
                emails,
                phones,
                card.getNotes().isEmpty() ? null : card.getNotes().get(0).getValue(),
                bday == null ? null : bday.getDate() != null ? bday.getDate().toString() : bday.getText(),
                index.categories(),
                index.memberUids());
    }

    private static void apply(VCard card, ContactDraft d, VCardVersion version, Instant now) {
        boolean group = kind(d.kind());
        String fn = fullName(d, group);
        card.setFormattedName(new FormattedName(fn));
        StructuredName n = card.getStructuredName() != null ? card.getStructuredName() : new StructuredName();
        n.setGiven(field(d.givenName(), "givenName"));
        n.setFamily(field(d.familyName(), "familyName"));
        card.setStructuredName(group && n.getGiven() == null && n.getFamily() == null ? null : n);
        String org = field(d.organization(), "organization");
        card.setOrganization(org == null ? null : orgOf(org));
        card.removeProperties(Email.class);
        for (Labeled e : items(d.emails(), "emails")) {
            Email email = new Email(required(e.value(), "an e-mail address"));
            if (e.type() != null && !e.type().isBlank()) {
                email.getTypes().add(EmailType.get(field(e.type(), "type").toLowerCase(Locale.ROOT)));
            }
            card.addEmail(email);
        }
        card.removeProperties(Telephone.class);
        for (Labeled p : items(d.phones(), "phones")) {
            Telephone tel = new Telephone(required(p.value(), "a phone number"));
            if (p.type() != null && !p.type().isBlank()) {
                tel.getTypes().add(TelephoneType.get(field(p.type(), "type").toLowerCase(Locale.ROOT)));
            }
            card.addTelephoneNumber(tel);
        }
        card.removeProperties(Note.class);
        if (d.note() != null && !d.note().isBlank()) {
            if (d.note().length() > MAX_TEXT) {
                throw NuboException.invalid("note has at most " + MAX_TEXT + " characters");
            }
            card.addNote(d.note());
        }
        card.setBirthday(birthday(d.birthday()));
        List<String> categories = items(d.categories(), "categories").stream()
                .map(c -> required(field(c, "a category"), "a category"))
                .distinct()
                .toList();
        if (categories.isEmpty()) {
            card.setCategories((Categories) null);
        } else {
            card.setCategories(categories.toArray(String[]::new));
        }
        members(card, d, group, version);
        card.setRevision(now);
    }

    private static void members(VCard card, ContactDraft d, boolean group, VCardVersion version) {
        card.setKind(null);
        card.removeProperties(Member.class);
        card.removeExtendedProperty(VCardObject.APPLE_KIND);
        card.removeExtendedProperty(VCardObject.APPLE_MEMBER);
        List<String> members = d.members() == null ? List.of() : d.members();
        if (!group) {
            if (!members.isEmpty()) {
                throw NuboException.invalid("only a group has members");
            }
            return;
        }
        if (members.size() > MAX_MEMBERS) {
            throw NuboException.invalid("a group has at most " + MAX_MEMBERS + " members");
        }
        if (version == VCardVersion.V4_0) {
            card.setKind(Kind.group());
        } else {
            card.setExtendedProperty(VCardObject.APPLE_KIND, "group");
        }
        for (String m : members) {
            String uri = required(field(m, "a member"), "a member's UID");
            uri = uri.contains(":") ? uri : "urn:uuid:" + uri;
            if (version == VCardVersion.V4_0) {
                card.addMember(new Member(uri));
            } else {
                card.addExtendedProperty(VCardObject.APPLE_MEMBER, uri);
            }
        }
    }

    private static boolean kind(String kind) {
        if (kind == null || kind.isBlank() || kind.equalsIgnoreCase("individual")) {
            return false;
        }
        if (kind.equalsIgnoreCase("group")) {
            return true;
        }
        throw NuboException.invalid("kind is individual or group, not " + kind);
    }

    private static String fullName(ContactDraft d, boolean group) {
        String fn = field(d.fullName(), "fullName");
        if (fn != null) {
            return fn;
        }
        String given = field(d.givenName(), "givenName");
        String family = field(d.familyName(), "familyName");
        String joined = ((given == null ? "" : given) + " " + (family == null ? "" : family)).strip();
        if (!joined.isEmpty() && !group) {
            return joined;
        }
        String org = field(d.organization(), "organization");
        if (org != null && !group) {
            return org;
        }
        if (!group
                && d.emails() != null
                && !d.emails().isEmpty()
                && d.emails().get(0).value() != null) {
            return d.emails().get(0).value().strip();
        }
        throw NuboException.invalid(
                group ? "a group needs a fullName" : "a contact needs a name, an organization or an e-mail address");
    }

    private static Organization orgOf(String name) {
        Organization o = new Organization();
        o.getValues().add(name);
        return o;
    }

    private static Birthday birthday(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return new Birthday(LocalDate.parse(value.strip()));
        } catch (DateTimeException e) {
            throw NuboException.invalid("birthday is a date such as 1990-04-01");
        }
    }

    private static <T> List<T> items(List<T> list, String field) {
        if (list == null) {
            return List.of();
        }
        if (list.size() > MAX_ITEMS) {
            throw NuboException.invalid(field + " holds at most " + MAX_ITEMS + " entries");
        }
        return list;
    }

    private static String field(String value, String field) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (value.length() > MAX_FIELD) {
            throw NuboException.invalid(field + " has at most " + MAX_FIELD + " characters");
        }
        return value.strip();
    }

    private static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw NuboException.invalid(what + " may not be empty");
        }
        if (value.length() > MAX_FIELD) {
            throw NuboException.invalid(what + " has at most " + MAX_FIELD + " characters");
        }
        return value.strip();
    }

    private static String type(List<? extends VCardParameter> types) {
        return types.stream()
                .map(t -> t.getValue().toLowerCase(Locale.ROOT))
                .filter(t -> !NOISE.contains(t))
                .findFirst()
                .orElse(null);
    }

    /** Through the text reader and writer themselves: the Ezvcard facade pulls in the HTML (freemarker) codec. */
    static VCard parse(byte[] stored) {
        try (VCardReader reader = new VCardReader(new String(stored, StandardCharsets.UTF_8))) {
            VCard card = reader.readNext();
            if (card == null) {
                throw new IllegalStateException("a stored card does not parse");
            }
            return card;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] write(VCard card, VCardVersion version) {
        StringWriter out = new StringWriter();
        try (VCardWriter writer = new VCardWriter(out, version)) {
            writer.setAddProdId(false);
            writer.write(card);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
