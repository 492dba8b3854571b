package dev.nubo.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.storage.api.BlobReferences;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.StagedBlob;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Blob reference counts in PostgreSQL and the collector, with the real blob store under the data dir. */
@ExtendWith(ArquillianExtension.class)
class BlobReferencesArqIT {
    @Deployment
    static WebArchive deployment() {
        return FoundationArqIT.deployment().addClass(BlobReferencesArqIT.class);
    }

    @Inject
    BlobReferences references;

    @Inject
    BlobStore store;

    @Resource
    UserTransaction tx;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    @Test
    void aBlobLivesWhileReferenced_andIsCollectedOnlyAfterItsGracePeriod() throws Exception {
        byte[] content = ("blob-" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
        var hash = stageAndReference(content);
        inTransaction(() -> references.addReference(hash, content.length));
        assertThat(row(hash.hex())).isEqualTo("2:false");

        inTransaction(() -> references.dropReference(hash));
        inTransaction(() -> references.dropReference(hash));
        assertThat(row(hash.hex())).isEqualTo("0:true");

        references.collect(Duration.ofHours(1), 100);
        assertThat(store.exists(hash)).isTrue();

        Thread.sleep(20);
        assertThat(references.collect(Duration.ofMillis(1), 1000)).isGreaterThanOrEqualTo(1);
        assertThat(store.exists(hash)).isFalse();
        assertThat(row(hash.hex())).isNull();
    }

    @Test
    void droppingAReferenceThatDoesNotExist_failsAndChangesNothing() throws Exception {
        byte[] content = ("once-" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
        var hash = stageAndReference(content);
        inTransaction(() -> references.dropReference(hash));
        tx.begin();
        try {
            assertThatThrownBy(() -> references.dropReference(hash)).hasStackTraceContaining("no reference to drop");
        } finally {
            tx.rollback();
        }
        assertThat(row(hash.hex())).isEqualTo("0:true");
    }

    @Test
    void referencesOutsideATransaction_areRefused() throws Exception {
        var hash = new dev.nubo.storage.api.ContentHash("a".repeat(64));
        assertThatThrownBy(() -> references.addReference(hash, 1))
                .isInstanceOf(jakarta.transaction.TransactionalException.class);
        assertThat(row(hash.hex())).isNull();
    }

    private dev.nubo.storage.api.ContentHash stageAndReference(byte[] content) throws Exception {
        try (StagedBlob staged = store.stage(new ByteArrayInputStream(content), 1 << 20, Optional.empty())) {
            inTransaction(() -> {
                references.addReference(staged.hash(), staged.size());
                try {
                    staged.publish();
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            return staged.hash();
        }
    }

    private void inTransaction(Runnable work) throws Exception {
        tx.begin();
        try {
            work.run();
            tx.commit();
        } catch (RuntimeException e) {
            tx.rollback();
            throw e;
        }
    }

    private String row(String hash) throws Exception {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ref_count || ':' || (unreferenced_since IS NOT NULL)"
                        + " FROM blobs WHERE hash = '" + hash + "'")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
