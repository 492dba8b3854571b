package dev.nubo.auth.service;

import dev.nubo.auth.api.AppPasswordView;
import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.LoginFlows;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Login flows in memory (they live minutes, and a server restart only makes a waiting client start again). Both
 * tokens are 256 random bits; the maps are keyed by their SHA-256, so no token is kept as is and a lookup is a
 * hash-map probe on a digest, not a comparison of secrets. The single-server condition of the path cache applies.
 */
@ApplicationScoped
public class LoginFlowsBean implements LoginFlows {
    static final Duration LIFETIME = Duration.ofMinutes(20);
    private static final int MAX_FLOWS = 10_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    AuthService auth;

    private final class Flow {
        final String pollKey;
        final String client;
        final Instant expires;
        volatile Granted granted;

        Flow(String pollKey, String client, Instant expires) {
            this.pollKey = pollKey;
            this.client = client;
            this.expires = expires;
        }

        boolean expired() {
            return Instant.now().isAfter(expires);
        }
    }

    private final Map<String, Flow> byLogin = new ConcurrentHashMap<>();
    private final Map<String, Flow> byPoll = new ConcurrentHashMap<>();

    @Override
    public Started start(String client) {
        sweep();
        if (byLogin.size() >= MAX_FLOWS) {
            throw new NuboException(
                    dev.nubo.platform.api.ErrorKind.THROTTLED, "too_many_flows", "too many login flows are waiting");
        }
        String poll = token();
        String login = token();
        String label = client == null || client.isBlank() ? "Nextcloud client" : client.strip();
        Flow flow = new Flow(
                key(poll),
                label.length() > 120 ? label.substring(0, 120) : label,
                Instant.now().plus(LIFETIME));
        byLogin.put(key(login), flow);
        byPoll.put(flow.pollKey, flow);
        return new Started(poll, login);
    }

    @Override
    public Optional<String> pending(String loginToken) {
        Flow flow = loginToken == null ? null : byLogin.get(key(loginToken));
        return flow == null || flow.expired() || flow.granted != null ? Optional.empty() : Optional.of(flow.client);
    }

    @Override
    public void grant(String loginToken, AuthenticatedUser who) {
        Flow flow = loginToken == null ? null : byLogin.remove(key(loginToken));
        if (flow == null || flow.expired()) {
            throw NuboException.notFound("login flow");
        }
        AppPasswordView created = auth.createAppPassword(who, flow.client);
        flow.granted = new Granted(who.username(), created.secret());
    }

    @Override
    public Optional<Granted> poll(String pollToken) {
        if (pollToken == null || pollToken.isEmpty()) {
            return Optional.empty();
        }
        String k = key(pollToken);
        Flow flow = byPoll.get(k);
        if (flow == null || flow.granted == null) {
            return Optional.empty();
        }
        if (!byPoll.remove(k, flow) || flow.expired()) {
            return Optional.empty();
        }
        return Optional.of(flow.granted);
    }

    private void sweep() {
        byLogin.values().removeIf(Flow::expired);
        byPoll.values().removeIf(Flow::expired);
    }

    private static String token() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static String key(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
