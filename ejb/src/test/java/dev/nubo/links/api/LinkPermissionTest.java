package dev.nubo.links.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.links.api.LinkPermission.Need;
import dev.nubo.platform.api.NuboException;
import org.junit.jupiter.api.Test;

class LinkPermissionTest {
    @Test
    void eachPermission_allowsItsNeedsOnly() {
        assertThat(LinkPermission.VIEW.allows(Need.PREVIEW)).isTrue();
        assertThat(LinkPermission.VIEW.allows(Need.DOWNLOAD)).isFalse();
        assertThat(LinkPermission.DOWNLOAD.allows(Need.DOWNLOAD)).isTrue();
        assertThat(LinkPermission.DOWNLOAD.allows(Need.UPLOAD)).isFalse();
        assertThat(LinkPermission.DROP.allows(Need.UPLOAD)).isTrue();
        assertThat(LinkPermission.DROP.allows(Need.LIST)).isFalse();
        assertThat(LinkPermission.DROP.allows(Need.PREVIEW)).isFalse();
        for (Need n : Need.values()) {
            assertThat(LinkPermission.EDIT.allows(n)).isTrue();
        }
    }

    @Test
    void parse_readsTheWireNames_andRefusesOthers() {
        assertThat(LinkPermission.parse("drop")).isEqualTo(LinkPermission.DROP);
        assertThat(LinkPermission.parse(" Edit ")).isEqualTo(LinkPermission.EDIT);
        assertThatThrownBy(() -> LinkPermission.parse("admin")).isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> LinkPermission.parse(null)).isInstanceOf(NuboException.class);
    }
}
