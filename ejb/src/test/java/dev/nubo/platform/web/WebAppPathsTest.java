package dev.nubo.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebAppPathsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/",
                "/login",
                "/setup",
                "/files",
                "/files/12",
                "/files/12/x y",
                "/favorites",
                "/recent",
                "/search",
                "/trash",
                "/profile",
                "/admin",
                "/admin/users",
                "/calendar",
                "/calendar/2026/12",
                "/contacts",
                "/contacts/7",
                "/shared",
                "/shared/with-me",
                "/s/abc123"
            })
    void theAppsRoutes_arePages(String path) {
        assertThat(WebAppPaths.isPage(path)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api",
                "/api/health",
                "/api/files/1",
                "/dav",
                "/dav/files/a",
                "/nextcloud/status.php",
                "/.well-known/caldav",
                "/status.php",
                "/remote.php/dav",
                "/ocs/v2.php/cloud/user",
                "/index.php/login/v2",
                "/assets/index.js",
                "/filesystem",
                "/files.txt",
                "/administrator",
                "/sharedx",
                "/setup/x",
                "/loginx",
                "/favicon.ico",
                "/WEB-INF/web.xml",
                ""
            })
    void everythingElse_isNotAPage(String path) {
        assertThat(WebAppPaths.isPage(path)).isFalse();
    }

    @Test
    void aPlainAssetName_isItsResource() {
        assertThat(WebAppPaths.asset("/assets/index-c3kmzKdk.js")).contains("/assets/index-c3kmzKdk.js");
        assertThat(WebAppPaths.asset("/assets/fonts/inter.woff2")).contains("/assets/fonts/inter.woff2");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/assets/",
                "/assets/../WEB-INF/web.xml",
                "/assets/..",
                "/assets/./x.js",
                "/assets/a/../../x",
                "/assets/%2e%2e/WEB-INF/web.xml",
                "/assets/..%2fWEB-INF%2fweb.xml",
                "/assets/.hidden",
                "/assets/a//b.js",
                "/assets/a\\..\\b",
                "/assets/x.js\u0000.png",
                "/assets/a/",
                "/index.html",
                "/assetsx/a.js"
            })
    void anythingThatCouldLeaveTheFolder_isNoAsset(String path) {
        assertThat(WebAppPaths.asset(path)).isEmpty();
    }

    @Test
    void mediaTypes_followTheExtension_withUtf8ForText() {
        assertThat(WebAppPaths.mediaType("/index.html")).contains("text/html; charset=utf-8");
        assertThat(WebAppPaths.mediaType("/assets/a.JS")).contains("text/javascript; charset=utf-8");
        assertThat(WebAppPaths.mediaType("/assets/a.css")).contains("text/css; charset=utf-8");
        assertThat(WebAppPaths.mediaType("/assets/a.woff2")).contains("font/woff2");
        assertThat(WebAppPaths.mediaType("/assets/a.js.br")).isEmpty();
        assertThat(WebAppPaths.mediaType("/assets.d/noext")).isEmpty();
    }
}
