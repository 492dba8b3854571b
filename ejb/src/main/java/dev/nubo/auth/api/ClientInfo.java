package dev.nubo.auth.api;

/** Where a sign-in comes from: the peer address (throttling) and the user agent (the sessions list). */
public record ClientInfo(String address, String userAgent) {
    public ClientInfo {
        address = address == null ? "unknown" : truncate(address, 64);
        userAgent = userAgent == null ? null : truncate(userAgent, 512);
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
