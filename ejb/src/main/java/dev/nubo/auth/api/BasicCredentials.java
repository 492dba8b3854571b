package dev.nubo.auth.api;

import dev.nubo.platform.api.NuboException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** HTTP Basic credentials (RFC 7617): {@code base64(user-id ":" password)}, UTF-8. Every surface decodes them here. */
public record BasicCredentials(String username, String password) {
    public static final String SCHEME_PREFIX = "Basic ";

    /** Decodes the part after "Basic "; malformed input is an authentication failure, never "no credentials". */
    public static BasicCredentials decode(String encoded) {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(encoded.trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw malformed();
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw malformed();
        }
        return new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    private static NuboException malformed() {
        return NuboException.unauthenticated("invalid_credentials", "malformed Basic credentials");
    }
}
