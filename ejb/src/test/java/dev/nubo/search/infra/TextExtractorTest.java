package dev.nubo.search.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Random;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TextExtractorTest {
    @TempDir
    Path dir;

    private final TextExtractor extractor = new TextExtractor(1_000_000, 50L << 20);

    static Path write(Path file, String text) throws IOException {
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** A PDF with one line of text per page in Helvetica, one of the standard 14 fonts every reader has. */
    static Path pdf(Path file, String... pages) throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (String line : pages) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(font, 12);
                    content.newLineAtOffset(72, 700);
                    content.showText(line);
                    content.endText();
                }
            }
            document.save(file.toFile());
        }
        return file;
    }

    @Test
    void pdf_textLayerIsExtracted() throws IOException {
        Path file = pdf(dir.resolve("report.pdf"), "Quarterly figures for Marseille", "Second page about harbours");

        String text = extractor.extract(file, "application/pdf", "report.pdf");

        assertThat(text).contains("Quarterly figures for Marseille").contains("Second page about harbours");
        assertThat(extractor.extract(file, null, "report.PDF")).contains("Marseille");
    }

    @Test
    void pdf_stopsAtTheCharacterLimit() throws IOException {
        Path file = pdf(dir.resolve("long.pdf"), "first page text", "second page text", "third page text");

        String text = new TextExtractor(20, 1 << 20).extract(file, "application/pdf", "long.pdf");

        assertThat(text).hasSizeLessThanOrEqualTo(20).startsWith("first page text");
    }

    @Test
    void corruptOrFakePdf_givesNull() throws IOException {
        Path random = dir.resolve("random.pdf");
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        Files.write(random, noise);
        Path junk = write(dir.resolve("junk.pdf"), "%PDF-1.7\nthis is not really a PDF at all\n%%EOF");
        Path empty = write(dir.resolve("empty.pdf"), "");

        assertThat(extractor.extract(random, "application/pdf", "random.pdf")).isNull();
        assertThat(extractor.extract(junk, "application/pdf", "junk.pdf")).isNull();
        assertThat(extractor.extract(empty, "application/pdf", "empty.pdf")).isNull();
    }

    @Test
    void html_markupStripped_textAndEntitiesKept() throws IOException {
        Path file = write(
                dir.resolve("page.html"),
                "<!DOCTYPE html><html><head><title>Titre</title><script>var hidden = 1;</script></head>"
                        + "<body><p class=\"intro\">Bonjour <b>le monde</b> &amp; caf&eacute;</p><!-- note --></body></html>");

        String text = extractor.extract(file, "text/html; charset=utf-8", "page.html");

        assertThat(text)
                .contains("Bonjour")
                .contains("le monde")
                .contains("& café")
                .contains("Titre");
        assertThat(text)
                .doesNotContain("<")
                .doesNotContain("class")
                .doesNotContain("intro")
                .doesNotContain("note");
    }

    @Test
    void markdownCsvJsonAndSource_areReadAsTheyAre() throws IOException {
        assertThat(extractor.extract(write(dir.resolve("a.md"), "# Titre\n\n**gras**"), "text/markdown", "a.md"))
                .isEqualTo("# Titre\n\n**gras**");
        assertThat(extractor.extract(write(dir.resolve("a.csv"), "a;b\n1;2\n"), "text/csv", "a.csv"))
                .isEqualTo("a;b\n1;2\n");
        assertThat(extractor.extract(write(dir.resolve("a.json"), "{\"k\":\"v\"}"), "application/json", "a.json"))
                .isEqualTo("{\"k\":\"v\"}");
        assertThat(extractor.extract(
                        write(dir.resolve("Main.rs"), "fn main() {}"), "application/octet-stream", "Main.rs"))
                .isEqualTo("fn main() {}");
    }

    @Test
    void malformedUtf8_isReplaced_aBomIsHonoured_binaryIsSkipped() throws IOException {
        Path latin1 = dir.resolve("latin1.txt");
        Files.write(latin1, new byte[] {'c', 'a', 'f', (byte) 0xE9, ' ', 'o', 'k'});
        Path utf16 = dir.resolve("utf16.txt");
        byte[] body = "héllo".getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[body.length + 2];
        withBom[0] = (byte) 0xFF;
        withBom[1] = (byte) 0xFE;
        System.arraycopy(body, 0, withBom, 2, body.length);
        Files.write(utf16, withBom);
        Path utf8Bom = dir.resolve("bom.txt");
        Files.write(utf8Bom, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'});
        Path binary = dir.resolve("binary.txt");
        Files.write(binary, new byte[] {'M', 'Z', 0, 0, 1, 2, 3});

        assertThat(extractor.extract(latin1, "text/plain", "latin1.txt")).isEqualTo("caf\uFFFD ok");
        assertThat(extractor.extract(utf16, "text/plain", "utf16.txt")).isEqualTo("héllo");
        assertThat(extractor.extract(utf8Bom, "text/plain", "bom.txt")).isEqualTo("hi");
        assertThat(extractor.extract(binary, "text/plain", "binary.txt")).isNull();
    }

    @Test
    void limits_truncateToMaxChars_andSkipFilesOverMaxBytes() throws IOException {
        Path file = write(dir.resolve("long.txt"), "0123456789".repeat(100));

        assertThat(new TextExtractor(15, 10_000).extract(file, "text/plain", "long.txt"))
                .isEqualTo("012345678901234");
        assertThat(new TextExtractor(1_000_000, 999).extract(file, "text/plain", "long.txt"))
                .isNull();
        assertThat(new TextExtractor(1_000_000, 1000).extract(file, "text/plain", "long.txt"))
                .hasSize(1000);
    }

    @Test
    void truncation_neverSplitsASurrogatePair() throws IOException {
        Path file = write(dir.resolve("emoji.txt"), "ab\uD83D\uDE00cd");
        assertThat(new TextExtractor(3, 1000).extract(file, "text/plain", "emoji.txt"))
                .isEqualTo("ab");
    }

    @Test
    void blankText_givesNull_andAMissingFileIsAnIoError() throws IOException {
        assertThat(extractor.extract(write(dir.resolve("blank.txt"), " \n\t"), "text/plain", "blank.txt"))
                .isNull();
        assertThatThrownBy(() -> extractor.extract(dir.resolve("gone.txt"), "text/plain", "gone.txt"))
                .isInstanceOf(NoSuchFileException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "text/plain, a.txt, true",
        "text/x-java-source, A.java, true",
        ", main.py, true",
        "application/octet-stream, notes.md, true",
        "application/json, data, true",
        "application/vnd.api+json, data, true",
        "application/x-yaml, ci.yml, true",
        "application/pdf, scan, true",
        "text/html, page, true",
        ", Makefile, true",
        "text/rtf, letter.rtf, false",
        "image/jpeg, photo.jpg, false",
        "application/zip, a.zip, false",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document, a.docx, false",
        ", no-extension, false"
    })
    void extracts_byTypeOrName(String mimeType, String name, boolean expected) {
        assertThat(TextExtractor.extracts(mimeType, name)).isEqualTo(expected);
    }

    @Test
    void otherTypes_giveNull_withoutReadingTheFile() throws IOException {
        assertThat(extractor.extract(dir.resolve("not-even-there.jpg"), "image/jpeg", "x.jpg"))
                .isNull();
    }
}
