package dev.nubo.contacts.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.collections.api.Imports;
import dev.nubo.contacts.api.CardData;
import dev.nubo.contacts.api.CardIndex;
import dev.nubo.contacts.api.ContactDraft;
import dev.nubo.contacts.api.ContactView;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.contacts.api.Labeled;
import dev.nubo.platform.api.NuboException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CardBuilderTest {
    static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    static byte[] fixture(String name) throws IOException {
        try (InputStream in = CardBuilderTest.class.getResourceAsStream("/fixtures/vcf/valid/" + name)) {
            return in.readAllBytes();
        }
    }

    static ContactDraft person(List<String> categories) {
        return new ContactDraft(
                null,
                null,
                "Zoë",
                "O'Brien; Jr",
                "Acme, Inc.",
                List.of(new Labeled("work", "zoe@acme.example"), new Labeled(null, "zoe@home.example")),
                List.of(new Labeled("cell", "+33 6 12 34 56 78")),
                "met at\nthe fair",
                "1990-04-01",
                categories,
                null);
    }

    @Test
    void aNewContact_isAVCard4_thatReadsBackAsWritten() {
        byte[] data = CardBuilder.create(person(List.of("Friends", "Work, mostly")), "c-1", NOW);
        CardIndex index = CardData.parse(data).index();
        assertThat(index.uid()).isEqualTo("c-1");
        assertThat(index.version()).isEqualTo("4.0");
        assertThat(index.emails()).containsExactly("zoe@acme.example", "zoe@home.example");

        ContactView v = CardBuilder.view(3, "\"e\"", data);
        assertThat(v.fullName()).isEqualTo("Zoë O'Brien; Jr");
        assertThat(v.givenName()).isEqualTo("Zoë");
        assertThat(v.familyName()).isEqualTo("O'Brien; Jr");
        assertThat(v.organization()).isEqualTo("Acme, Inc.");
        assertThat(v.emails())
                .containsExactly(new Labeled("work", "zoe@acme.example"), new Labeled(null, "zoe@home.example"));
        assertThat(v.phones()).containsExactly(new Labeled("cell", "+33 6 12 34 56 78"));
        assertThat(v.note()).isEqualTo("met at\nthe fair");
        assertThat(v.birthday()).isEqualTo("1990-04-01");
        assertThat(v.categories()).containsExactly("Friends", "Work, mostly");
        assertThat(v.kind()).isEqualTo("individual");
        assertThat(v.version()).isEqualTo("4.0");
    }

    @Test
    void aGroup_inVCard4_hasKindAndMemberUrns() {
        ContactDraft group = new ContactDraft(
                "group", "Climbers", null, null, null, null, null, null, null, null, List.of("c-1", "urn:uuid:c-2"));
        byte[] data = CardBuilder.create(group, "g-1", NOW);
        String text = new String(data, StandardCharsets.UTF_8);
        assertThat(text).contains("KIND:group", "MEMBER:urn:uuid:c-1", "MEMBER:urn:uuid:c-2");
        ContactView v = CardBuilder.view(1, "\"e\"", data);
        assertThat(v.kind()).isEqualTo("group");
        assertThat(v.members()).containsExactly("c-1", "c-2");
    }

    @Test
    void anAppleGroup_staysAVCard3_withApplesProperties() throws IOException {
        ContactDraft group = new ContactDraft(
                "group", "Family", null, null, null, null, null, null, null, null, List.of("C0FFEE-1", "C0FFEE-2"));
        byte[] updated = CardBuilder.update(fixture("apple-group.vcf"), group, NOW);
        String text = new String(updated, StandardCharsets.UTF_8);
        assertThat(text)
                .contains("VERSION:3.0", "X-ADDRESSBOOKSERVER-KIND:group")
                .contains(
                        "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:C0FFEE-1", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:C0FFEE-2")
                .doesNotContain("KIND:group\r\nMEMBER");
        assertThat(CardData.parse(updated).index().memberUids()).containsExactly("C0FFEE-1", "C0FFEE-2");
    }

    @Test
    void anUpdate_keepsTheVersionAndWhatTheDraftDoesNotName() throws IOException {
        byte[] stored = ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ann\r\nFN:Ann\r\nN:A;Ann;;;\r\n"
                        + "ADR;TYPE=home:;;1 Main St;Springfield;;12345;US\r\nURL:https://ann.example\r\n"
                        + "EMAIL:old@example.org\r\nEND:VCARD\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] updated = CardBuilder.update(stored, person(null), NOW);
        String text = new String(updated, StandardCharsets.UTF_8);
        assertThat(text).contains("VERSION:3.0", "1 Main St", "URL:https://ann.example", "UID:ann");
        assertThat(text).doesNotContain("old@example.org");
        ContactView v = CardBuilder.view(1, "\"e\"", updated);
        assertThat(v.uid()).isEqualTo("ann");
        assertThat(v.version()).isEqualTo("3.0");
        assertThat(v.emails()).extracting(Labeled::value).containsExactly("zoe@acme.example", "zoe@home.example");
        assertThat(v.categories()).isEmpty();
    }

    @Test
    void badDrafts_areRefused() {
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft(null, null, null, null, null, null, null, null, null, null, null), "x", NOW))
                .isInstanceOf(NuboException.class)
                .hasMessageContaining("needs a name");
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft("robot", "R2", null, null, null, null, null, null, null, null, null),
                        "x",
                        NOW))
                .hasMessageContaining("individual or group");
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft(null, "Ann", null, null, null, null, null, null, "last spring", null, null),
                        "x",
                        NOW))
                .hasMessageContaining("birthday");
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft(
                                null,
                                "Ann",
                                null,
                                null,
                                null,
                                List.of(new Labeled("work", " ")),
                                null,
                                null,
                                null,
                                null,
                                null),
                        "x",
                        NOW))
                .hasMessageContaining("may not be empty");
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft(null, "Ann", null, null, null, null, null, null, null, null, List.of("c-1")),
                        "x",
                        NOW))
                .hasMessageContaining("only a group");
        assertThatThrownBy(() -> CardBuilder.create(
                        new ContactDraft("group", null, "A", null, null, null, null, null, null, null, null), "x", NOW))
                .hasMessageContaining("a group needs a fullName");
    }

    @Test
    void anImport_isCutAtItsCards_keepingTheirBytes_andGivingAUidWhereNoneIs() {
        String ann = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ann\r\nFN:Ann\r\nEND:VCARD\r\n";
        String bob = "begin:vcard\nVERSION:4.0\nFN:Bob\nend:vcard\n";
        List<Imports.Piece> pieces = CardTransfer.split(ann + "\r\n" + bob);
        assertThat(pieces).hasSize(2);
        assertThat(pieces.get(0).uid()).isEqualTo("ann");
        assertThat(new String(pieces.get(0).data(), StandardCharsets.UTF_8)).isEqualTo(ann);
        String bobStored = new String(pieces.get(1).data(), StandardCharsets.UTF_8);
        assertThat(bobStored)
                .startsWith("begin:vcard\r\nVERSION:4.0\r\nFN:Bob\r\nUID:")
                .endsWith("END:VCARD\r\n");
        assertThat(CardData.parse(pieces.get(1).data()).index().uid())
                .isEqualTo(pieces.get(1).uid());

        assertThatThrownBy(() -> CardTransfer.split("hello\r\n" + ann)).isInstanceOf(InvalidAddressData.class);
        assertThatThrownBy(() -> CardTransfer.split("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\n"))
                .isInstanceOf(InvalidAddressData.class)
                .hasMessageContaining("ends inside");
    }
}
