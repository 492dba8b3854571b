package dev.nubo.micro;

import dev.nubo.users.api.UserCreated;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Test-only observer standing in for a later feature's per-user provisioning (a root folder, a default calendar):
 * it fails for user names starting with "fail-", so the test can prove user creation is all or nothing.
 */
@ApplicationScoped
public class FailingProvisioner {
    void provision(@Observes UserCreated created) {
        if (created.username().startsWith("fail-")) {
            throw new IllegalStateException("provisioning failed for " + created.username());
        }
    }
}
