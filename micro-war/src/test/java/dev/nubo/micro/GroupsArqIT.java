package dev.nubo.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.groups.api.GroupChanges;
import dev.nubo.groups.api.GroupView;
import dev.nubo.groups.api.Groups;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What only the container and PostgreSQL can prove about groups: each administration step leaves exactly one audit
 * row in its own transaction, concurrent nestings cannot close a cycle together (the advisory lock), and deleting a
 * user drops their cached effective groups.
 */
@ExtendWith(ArquillianExtension.class)
class GroupsArqIT {
    @Deployment
    static WebArchive deployment() {
        return FoundationArqIT.deployment().addClass(GroupsArqIT.class);
    }

    @Inject
    Groups groups;

    @Inject
    EffectiveGroups effective;

    @Inject
    UserService users;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    @Resource
    ManagedExecutorService executor;

    private UserView newUser(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        return users.create(new NewUser(name, "password-123", null, null, Role.USER, null));
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void everyAdministrationStep_isAudited_withActorAddressSubjectAndDetail() throws Exception {
        UserView admin = newUser("auditor");
        UserView member = newUser("member");
        ShareAudit.Actor actor = new ShareAudit.Actor(admin.id(), "127.0.0.9");
        String name = unique("audited");
        GroupView g = groups.create(name, null, actor);
        GroupView inner = groups.create(unique("inner"), null, actor);
        String renamed = unique("renamed");
        groups.update(g.id(), new GroupChanges(Optional.of(renamed), Optional.empty()), actor);
        groups.addUser(g.id(), member.id(), actor);
        groups.addUser(g.id(), member.id(), actor); // no change, no row
        groups.addGroup(g.id(), inner.id(), actor);
        groups.removeUser(g.id(), member.id(), actor);
        groups.removeGroup(g.id(), inner.id(), actor);
        groups.delete(g.id(), actor);

        assertThat(auditRows(admin.id()))
                .containsExactly(
                        "group.create|group " + name + "||127.0.0.9",
                        "group.create|group " + inner.name() + "||127.0.0.9",
                        "group.rename|group " + name + "|renamed to " + renamed + "|127.0.0.9",
                        "group.member.add|group " + renamed + "|user " + member.username() + "|127.0.0.9",
                        "group.member.add|group " + renamed + "|group " + inner.name() + "|127.0.0.9",
                        "group.member.remove|group " + renamed + "|user " + member.username() + "|127.0.0.9",
                        "group.member.remove|group " + renamed + "|group " + inner.name() + "|127.0.0.9",
                        "group.delete|group " + renamed + "||127.0.0.9");
    }

    @Test
    void aRefusedChange_leavesNoAuditRow() throws Exception {
        UserView admin = newUser("refused");
        ShareAudit.Actor actor = new ShareAudit.Actor(admin.id(), "127.0.0.1");
        GroupView a = groups.create(unique("ra"), null, actor);
        GroupView b = groups.create(unique("rb"), null, actor);
        groups.addGroup(a.id(), b.id(), actor);
        assertThatThrownBy(() -> groups.addGroup(b.id(), a.id(), actor))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("group_cycle"));
        assertThat(auditRows(admin.id())).hasSize(3);
    }

    @Test
    void concurrentOppositeNestings_neverBuildACycle() throws Exception {
        ShareAudit.Actor actor = new ShareAudit.Actor(null, "127.0.0.1");
        for (int round = 0; round < 10; round++) {
            GroupView a = groups.create(unique("race-a"), null, actor);
            GroupView b = groups.create(unique("race-b"), null, actor);
            CyclicBarrier start = new CyclicBarrier(2);
            List<Callable<String>> racers = List.of(
                    () -> outcome(start, () -> groups.addGroup(a.id(), b.id(), actor)),
                    () -> outcome(start, () -> groups.addGroup(b.id(), a.id(), actor)));
            List<String> outcomes = new ArrayList<>();
            for (Future<String> f : executor.invokeAll(racers)) {
                outcomes.add(f.get());
            }
            assertThat(outcomes).as("round %d", round).containsExactlyInAnyOrder("ok", "group_cycle");
            assertThat(groups.get(a.id()).groups().size()
                            + groups.get(b.id()).groups().size())
                    .isEqualTo(1);
        }
    }

    @Test
    void deletingAUser_dropsTheirCachedGroups() throws Exception {
        ShareAudit.Actor actor = new ShareAudit.Actor(null, "127.0.0.1");
        UserView u = newUser("leaving");
        GroupView g = groups.create(unique("left"), null, actor);
        groups.addUser(g.id(), u.id(), actor);
        assertThat(effective.of(u.id())).containsExactly(g.id());
        users.delete(u.id());
        assertThat(effective.of(u.id())).isEmpty();
    }

    private static String outcome(CyclicBarrier start, Runnable change) throws Exception {
        start.await();
        try {
            change.run();
            return "ok";
        } catch (NuboException e) {
            return e.code();
        }
    }

    private List<String> auditRows(UUID actorId) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT action || '|' || subject || '|'"
                        + " || coalesce(detail, '') || '|' || address FROM share_audit"
                        + " WHERE actor_id = ? AND owner_id IS NULL AND node_id IS NULL ORDER BY id")) {
            s.setObject(1, actorId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
        }
        return rows;
    }
}
