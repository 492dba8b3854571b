package dev.nubo.settings.infra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlServerOverviewTest {
    @Test
    void theDatabaseAddress_losesUserInfoAndCredentialParameters() {
        assertThat(SqlServerOverview.withoutSecrets(
                        "jdbc:postgresql://db.example.org:5432/nubo?user=nubo&password=s3cret&sslmode=require"
                                + "&sslpassword=x&ApplicationName=nubo"))
                .isEqualTo("jdbc:postgresql://db.example.org:5432/nubo?ApplicationName=nubo");
        assertThat(SqlServerOverview.withoutSecrets("jdbc:postgresql://nubo:s3cret@db:5432/nubo"))
                .isEqualTo("jdbc:postgresql://db:5432/nubo");
        assertThat(SqlServerOverview.withoutSecrets("jdbc:postgresql://127.0.0.1:38777/postgres"))
                .isEqualTo("jdbc:postgresql://127.0.0.1:38777/postgres");
        assertThat(SqlServerOverview.withoutSecrets(null)).isEqualTo("unknown");
    }
}
