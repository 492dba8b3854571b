package dev.nubo.media.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThumbnailSizeTest {
    @Test
    void sizes_areTheLongSideInPixels() {
        assertThat(ThumbnailSize.ICON.px()).isEqualTo(150);
        assertThat(ThumbnailSize.PREVIEW.px()).isEqualTo(400);
        assertThat(ThumbnailSize.LARGE.px()).isEqualTo(1280);
    }

    @Test
    void parse_takesTheNameInAnyCase_andNothingElse() {
        assertThat(ThumbnailSize.parse("icon")).contains(ThumbnailSize.ICON);
        assertThat(ThumbnailSize.parse("Preview")).contains(ThumbnailSize.PREVIEW);
        assertThat(ThumbnailSize.parse("LARGE")).contains(ThumbnailSize.LARGE);
        assertThat(ThumbnailSize.parse("huge")).isEmpty();
        assertThat(ThumbnailSize.parse("150")).isEmpty();
        assertThat(ThumbnailSize.parse(" icon")).isEmpty();
        assertThat(ThumbnailSize.parse("")).isEmpty();
        assertThat(ThumbnailSize.parse(null)).isEmpty();
    }
}
