package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class FsThumbnailStoreTest {
    static final String HASH = "ab" + "cd" + "0123456789abcdef".repeat(3) + "0123456789ab";
    static final String OTHER = "abcd" + "f".repeat(60);

    @TempDir
    Path root;

    FsThumbnailStore store;

    @BeforeEach
    void setUp() throws IOException {
        store = new FsThumbnailStore(root.resolve("thumbnails"));
    }

    static Thumbnail thumbnail(ThumbnailSize size, String mimeType, String content) {
        return new Thumbnail(size, mimeType, 10, 10, content.getBytes());
    }

    List<Path> allFiles() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void constructor_createsTheRoot() {
        assertThat(root.resolve("thumbnails")).isDirectory();
    }

    @Test
    void stored_isFoundUnderTwoLevelsOfFanOut_withItsFormat() throws IOException {
        store.store(
                HASH,
                List.of(
                        thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "icon"),
                        thumbnail(ThumbnailSize.PREVIEW, Thumbnail.PNG, "preview")));

        Path icon = store.find(HASH, ThumbnailSize.ICON).orElseThrow();
        Path preview = store.find(HASH, ThumbnailSize.PREVIEW).orElseThrow();
        assertThat(icon).isEqualTo(root.resolve("thumbnails/ab/cd/" + HASH + "-150.jpg"));
        assertThat(preview).isEqualTo(root.resolve("thumbnails/ab/cd/" + HASH + "-400.png"));
        assertThat(icon).hasContent("icon");
        assertThat(store.mimeType(icon)).isEqualTo(Thumbnail.JPEG);
        assertThat(store.mimeType(preview)).isEqualTo(Thumbnail.PNG);
        assertThat(store.find(HASH, ThumbnailSize.LARGE)).isEmpty();
        assertThat(store.find(OTHER, ThumbnailSize.ICON)).isEmpty();
    }

    @Test
    void store_leavesNoTempFileBehind() throws IOException {
        store.store(HASH, List.of(thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "x")));
        store.store(HASH, List.of(thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "y")));

        assertThat(allFiles()).extracting(p -> p.getFileName().toString()).containsExactly(HASH + "-150.jpg");
        assertThat(store.find(HASH, ThumbnailSize.ICON).orElseThrow()).hasContent("y");
    }

    @Test
    void storingTheOtherFormat_replacesTheOldFile() throws IOException {
        store.store(HASH, List.of(thumbnail(ThumbnailSize.LARGE, Thumbnail.JPEG, "opaque")));
        store.store(HASH, List.of(thumbnail(ThumbnailSize.LARGE, Thumbnail.PNG, "transparent")));

        assertThat(store.find(HASH, ThumbnailSize.LARGE).orElseThrow())
                .hasFileName(HASH + "-1280.png")
                .hasContent("transparent");
        assertThat(allFiles()).hasSize(1);
    }

    @Test
    void delete_removesEverySizeOfThatContentOnly_andLeftoverTempFiles() throws IOException {
        store.store(
                HASH,
                List.of(
                        thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "1"),
                        thumbnail(ThumbnailSize.LARGE, Thumbnail.PNG, "2")));
        store.store(OTHER, List.of(thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "other")));
        Path crashed = root.resolve("thumbnails/ab/cd/." + HASH + "-400.jpg.1234" + FsThumbnailStore.TEMP_SUFFIX);
        Files.writeString(crashed, "half");

        store.delete(HASH);

        assertThat(store.find(HASH, ThumbnailSize.ICON)).isEmpty();
        assertThat(store.find(HASH, ThumbnailSize.LARGE)).isEmpty();
        assertThat(crashed).doesNotExist();
        assertThat(store.find(OTHER, ThumbnailSize.ICON)).isPresent();
    }

    @Test
    void delete_ofUnknownContent_isANoOp() throws IOException {
        store.delete(OTHER);

        assertThat(allFiles()).isEmpty();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "../../etc/passwd",
                "",
                "ABCD0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab",
                "abcd0123456789abcdef0123456789abcdef0123456789abcdef0123456789a",
                "abcd0123456789abcdef0123456789abcdef0123456789abcdef0123456789abc",
                "abcd0123456789abcdef0123456789abcdef0123456789abcdef0123456789a/",
                "../d0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab",
                "abcd0123456789abcdef0123456789abcdef0123456789abcdef0123456789ag"
            })
    void anythingButA64DigitLowerCaseHexHash_isRefused(String hash) {
        List<Thumbnail> one = List.of(thumbnail(ThumbnailSize.ICON, Thumbnail.JPEG, "x"));

        assertThatThrownBy(() -> store.find(hash, ThumbnailSize.ICON)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.store(hash, one)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.delete(hash)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mimeType_ofAFileNotFromThisStore_isRefused() {
        assertThatThrownBy(() -> store.mimeType(root.resolve("x.gif"))).isInstanceOf(IllegalArgumentException.class);
    }
}
