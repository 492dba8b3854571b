package dev.nubo.auth.api;

import java.util.Optional;

/**
 * Nextcloud's Login Flow v2: a client starts a flow and gets two secrets, one to open in the user's browser (the
 * login token) and one to poll with (the poll token). The user signs in on the page and grants access, which
 * creates an app password labelled after the client; the next poll returns it, once. A flow lives 20 minutes.
 */
public interface LoginFlows {
    /** The secrets of a new flow; {@code client} names the client in the grant page and the app password label. */
    record Started(String pollToken, String loginToken) {}

    /** What a successful poll returns: the account name and the new app password. */
    record Granted(String loginName, String appPassword) {}

    Started start(String client);

    /** The client that started the flow, while the flow waits for a grant; empty when unknown, expired or used. */
    Optional<String> pending(String loginToken);

    /**
     * Grants the flow to the signed-in user: creates the app password. 404 when the flow is unknown, expired or
     * already granted.
     */
    void grant(String loginToken, AuthenticatedUser who);

    /** The granted credentials, exactly once; empty before the grant, after the first answer and after expiry. */
    Optional<Granted> poll(String pollToken);
}
