package dev.nubo.platform.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Per-installation random keys, created on first use and kept in {@code server_secrets}. */
@ApplicationScoped
public class ServerSecrets {
    public static final String JWT_KEY = "jwt-hs256";
    public static final String CSRF_KEY = "csrf-hmac";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    private final Map<String, byte[]> loaded = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    /** Its own transaction: a secret handed out must be committed, whatever the caller's transaction does. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public byte[] get(String name) {
        return loaded.computeIfAbsent(name, this::loadOrCreate).clone();
    }

    private byte[] loadOrCreate(String name) {
        byte[] fresh = new byte[32];
        random.nextBytes(fresh);
        em.createNativeQuery("INSERT INTO server_secrets (name, secret) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING")
                .setParameter(1, name)
                .setParameter(2, fresh)
                .executeUpdate();
        return (byte[]) em.createNativeQuery("SELECT secret FROM server_secrets WHERE name = ?1")
                .setParameter(1, name)
                .getSingleResult();
    }
}
