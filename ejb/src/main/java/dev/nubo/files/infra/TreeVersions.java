package dev.nubo.files.infra;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A counter per user that moves whenever that user's tree may have changed, so a cached answer about the tree is
 * used only while the counter still has the value it had before the answer was read from the database. Every write
 * to a tree takes the owner's lock first ({@link NodeSql#lockOwner}), which moves the counter at once and again when
 * the transaction ends: a reader that read the counter before the commit cannot store what it read as current.
 * The counters live in this server's memory; the database is written only through it.
 */
@ApplicationScoped
public class TreeVersions {
    private final ConcurrentMap<UUID, AtomicLong> versions = new ConcurrentHashMap<>();

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** The owner's current version; read it before the query whose answer is cached. */
    public long current(UUID owner) {
        return counter(owner).get();
    }

    /** The owner's tree is about to change in the current transaction (if any). */
    public void changing(UUID owner) {
        AtomicLong counter = counter(owner);
        counter.incrementAndGet();
        if (transactions != null && transactions.getTransactionKey() != null) {
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {}

                @Override
                public void afterCompletion(int status) {
                    counter.incrementAndGet();
                }
            });
        }
    }

    /**
     * A change of the owner's tree made outside a transaction (one statement that committed by itself) is over: with
     * {@link #changing} before the statement, a reader whose query overlapped it cannot store what it read as current.
     */
    public void changed(UUID owner) {
        counter(owner).incrementAndGet();
    }

    private AtomicLong counter(UUID owner) {
        return versions.computeIfAbsent(owner, o -> new AtomicLong());
    }
}
