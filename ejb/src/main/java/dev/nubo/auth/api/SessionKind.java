package dev.nubo.auth.api;

/** How the tokens of a session travel: in the response body (API clients) or in HttpOnly cookies (browsers). */
public enum SessionKind {
    TOKEN,
    COOKIE
}
