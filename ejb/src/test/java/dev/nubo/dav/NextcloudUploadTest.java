package dev.nubo.dav;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.api.NuboException;
import dev.nubo.storage.api.ContentHash;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The headers a Nextcloud client adds to a PUT: X-OC-MTime and OC-Checksum. */
class NextcloudUploadTest {
    @Test
    void mtimeIsUnixSecondsWithAnOptionalFraction() {
        assertThat(NextcloudUpload.mtime("1700000000")).contains(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(NextcloudUpload.mtime(" 1700000000.25 "))
                .contains(Instant.ofEpochSecond(1_700_000_000L, 250_000_000L));
        assertThat(NextcloudUpload.mtime(null)).isEmpty();
        assertThat(NextcloudUpload.mtime("")).isEmpty();
    }

    @Test
    void aMtimeThatIsNotATimeIsRefused() {
        for (String bad : new String[] {"yesterday", "-5", "0", "1e30", "253402300800", "12:00"}) {
            assertThatThrownBy(() -> NextcloudUpload.mtime(bad)).as(bad).isInstanceOf(NuboException.class);
        }
    }

    @Test
    void onlySha256IsTakenFromOcChecksum_whateverElseIsListed() {
        String hex = "ab".repeat(32);
        assertThat(NextcloudUpload.checksum("SHA1:" + "0".repeat(40) + " SHA256:" + hex.toUpperCase()))
                .isEqualTo(Optional.of(new ContentHash(hex)));
        assertThat(NextcloudUpload.checksum("sha256:" + hex)).contains(new ContentHash(hex));
        assertThat(NextcloudUpload.checksum("SHA1:" + "0".repeat(40))).isEmpty();
        assertThat(NextcloudUpload.checksum("MD5:abc Adler32:123")).isEmpty();
        assertThat(NextcloudUpload.checksum(null)).isEmpty();
        assertThatThrownBy(() -> NextcloudUpload.checksum("SHA256:xyz")).isInstanceOf(NuboException.class);
    }
}
