package dev.nubo.collections.service;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.Setting;
import dev.nubo.users.api.UserCreated;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;

/**
 * Gives every new user a calendar ("personal") and an address book ("contacts") in the transaction that creates the
 * user, as Nextcloud does: a client that discovers the account finds somewhere to put things.
 */
@ApplicationScoped
public class DefaultCollectionsProvisioner {
    public static final String CALENDAR = "personal";
    public static final String ADDRESSBOOK = "contacts";

    @Inject
    CollectionStore store;

    void createDefaults(@Observes UserCreated created) {
        store.create(
                created.userId(),
                CollectionKind.CALENDAR,
                CALENDAR,
                List.of("VEVENT", "VTODO"),
                Map.of(Setting.DISPLAYNAME, "Personal"),
                Map.of());
        store.create(
                created.userId(),
                CollectionKind.ADDRESSBOOK,
                ADDRESSBOOK,
                List.of(),
                Map.of(Setting.DISPLAYNAME, "Contacts"),
                Map.of());
    }
}
