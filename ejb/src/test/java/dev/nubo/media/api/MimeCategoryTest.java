package dev.nubo.media.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.tika.Tika;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MimeCategoryTest {
    @ParameterizedTest
    @CsvSource({
        "image/jpeg, image",
        "image/svg+xml, image",
        "image/heic, image",
        "audio/mpeg, audio",
        "audio/x-wav, audio",
        "video/mp4, video",
        "video/quicktime, video",
        "application/pdf, pdf",
        "text/plain, text",
        "'text/markdown; charset=UTF-8', text",
        "application/json, text",
        "application/xhtml+xml, text",
        "application/msword, document",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document, document",
        "application/vnd.oasis.opendocument.text, document",
        "application/vnd.ms-word.document.macroEnabled.12, document",
        "application/rtf, document",
        "application/vnd.ms-excel, spreadsheet",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, spreadsheet",
        "application/vnd.oasis.opendocument.spreadsheet, spreadsheet",
        "text/csv, spreadsheet",
        "application/vnd.ms-powerpoint, presentation",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation, presentation",
        "application/vnd.oasis.opendocument.presentation, presentation",
        "application/zip, archive",
        "application/x-7z-compressed, archive",
        "application/gzip, archive",
        "application/x-tar, archive",
        "application/octet-stream, other",
        "application/vnd.openxmlformats-officedocument.theme+xml, other",
        "chemical/x-pdb, other",
        "IMAGE/PNG, image"
    })
    void mimeType_mapsToItsCategory(String mimeType, String category) {
        assertThat(MimeCategory.of(mimeType)).isEqualTo(category);
    }

    @Test
    void noType_isOther() {
        assertThat(MimeCategory.of(null)).isEqualTo("other");
        assertThat(MimeCategory.of("")).isEqualTo("other");
    }

    /** The types come from Tika's database by file name (files.infra.TikaMimeTypes): its names must land right. */
    @ParameterizedTest
    @CsvSource({
        "IMG_0001.JPG, image",
        "scan.heic, image",
        "song.mp3, audio",
        "song.flac, audio",
        "voice.m4a, audio",
        "clip.mov, video",
        "clip.mkv, video",
        "clip.webm, video",
        "manual.pdf, pdf",
        "README.md, text",
        "config.json, text",
        "report.docx, document",
        "report.odt, document",
        "report.doc, document",
        "budget.xlsx, spreadsheet",
        "budget.ods, spreadsheet",
        "budget.xls, spreadsheet",
        "data.csv, spreadsheet",
        "slides.pptx, presentation",
        "slides.odp, presentation",
        "slides.ppt, presentation",
        "backup.zip, archive",
        "backup.tar.gz, archive",
        "backup.7z, archive",
        "backup.tar, archive",
        "program.exe, other"
    })
    void tikaTypeOfAFileName_mapsToTheExpectedCategory(String name, String category) {
        String type = new Tika().detect(name);

        assertThat(MimeCategory.of(type)).as(name + " is " + type).isEqualTo(category);
    }

    @Test
    void all_listsTheTenCategories() {
        assertThat(MimeCategory.all())
                .containsExactly(
                        "image",
                        "audio",
                        "video",
                        "pdf",
                        "text",
                        "document",
                        "spreadsheet",
                        "presentation",
                        "archive",
                        "other");
    }
}
