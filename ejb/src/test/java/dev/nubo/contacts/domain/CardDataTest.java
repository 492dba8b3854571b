package dev.nubo.contacts.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.contacts.api.AddressFilter;
import dev.nubo.contacts.api.CardData;
import dev.nubo.contacts.api.CardIndex;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.contacts.api.ParamFilter;
import dev.nubo.contacts.api.ParsedCard;
import dev.nubo.contacts.api.PropFilter;
import dev.nubo.contacts.api.TextMatch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CardDataTest {
    static Stream<Path> invalid() throws Exception {
        return Files.list(Path.of(
                        CardDataTest.class.getResource("/fixtures/vcf/invalid").toURI()))
                .sorted();
    }

    static Stream<Path> valid() throws Exception {
        return Files.list(Path.of(
                        CardDataTest.class.getResource("/fixtures/vcf/valid").toURI()))
                .sorted();
    }

    static ParsedCard card(String name) throws IOException {
        try (InputStream in = CardDataTest.class.getResourceAsStream("/fixtures/vcf/valid/" + name)) {
            return CardData.parse(in.readAllBytes());
        }
    }

    @ParameterizedTest
    @MethodSource("valid")
    void realClientsCards_parse(Path file) throws IOException {
        CardIndex i = CardData.parse(Files.readAllBytes(file)).index();
        assertThat(i.uid()).isNotBlank();
        assertThat(i.version()).isIn("3.0", "4.0");
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void badCards_areRefusedNamingThePreconditionInTheirName(Path file) throws IOException {
        String name = file.getFileName().toString();
        String expected = name.substring(name.indexOf('.') + 1, name.lastIndexOf('.'));
        byte[] data = Files.readAllBytes(file);
        assertThatThrownBy(() -> CardData.parse(data))
                .isInstanceOf(InvalidAddressData.class)
                .extracting(e -> ((InvalidAddressData) e).precondition())
                .isEqualTo(expected);
    }

    @Test
    void indexedColumns() throws IOException {
        CardIndex i = card("thunderbird-3.vcf").index();
        assertThat(i.formattedName()).isEqualTo("Ann Ångström, PhD");
        assertThat(i.searchNames()).contains("Ångström", "Climbing Club");
        assertThat(i.emails()).containsExactly("ann@example.org", "ann.work@example.com");
        assertThat(i.categories()).containsExactly("Friends", "Climbing");
        assertThat(i.kind()).isEqualTo("individual");
    }

    @Test
    void groups_inBothDialects() throws IOException {
        CardIndex v4 = card("group-4.vcf").index();
        assertThat(v4.kind()).isEqualTo("group");
        assertThat(v4.memberUids()).containsExactly("ann", "bob");
        CardIndex apple = card("apple-group.vcf").index();
        assertThat(apple.kind()).isEqualTo("group");
        assertThat(apple.memberUids()).containsExactly("C0FFEE-1");
    }

    static AddressFilter one(String prop, TextMatch m) {
        return new AddressFilter(false, List.of(new PropFilter(prop, false, false, List.of(m), List.of())));
    }

    @Test
    void textMatch_typesCollationsAndNegation() throws IOException {
        ParsedCard c = card("thunderbird-3.vcf");
        assertThat(c.matches(one("FN", new TextMatch("ångström", TextMatch.UNICODE_CASEMAP, "contains", false))))
                .isTrue();
        assertThat(c.matches(one("FN", new TextMatch("ångström", TextMatch.OCTET, "contains", false))))
                .isFalse();
        assertThat(c.matches(one("EMAIL", new TextMatch("ANN@", TextMatch.ASCII_CASEMAP, "starts-with", false))))
                .isTrue();
        assertThat(c.matches(one("EMAIL", new TextMatch("example.com", null, "ends-with", false))))
                .isTrue();
        assertThat(c.matches(one("EMAIL", new TextMatch("ann@example.org", null, "equals", true))))
                .isTrue();
        assertThat(c.matches(one("EMAIL", new TextMatch("nobody", null, "contains", false))))
                .isFalse();
        assertThat(c.matches(
                        new AddressFilter(false, List.of(new PropFilter("NOTE", true, false, List.of(), List.of())))))
                .isTrue();
        PropFilter work = new PropFilter(
                "EMAIL",
                false,
                true,
                List.of(new TextMatch("ann", null, "contains", false)),
                List.of(new ParamFilter("TYPE", false, new TextMatch("work", null, "equals", false))));
        assertThat(c.matches(new AddressFilter(false, List.of(work)))).isTrue();
        AddressFilter both = new AddressFilter(
                true,
                List.of(
                        new PropFilter(
                                "FN", false, false, List.of(new TextMatch("ann", null, "contains", false)), List.of()),
                        new PropFilter(
                                "FN",
                                false,
                                false,
                                List.of(new TextMatch("bob", null, "contains", false)),
                                List.of())));
        assertThat(c.matches(both)).isFalse();
        assertThat(c.matches(AddressFilter.ALL)).isTrue();
    }
}
