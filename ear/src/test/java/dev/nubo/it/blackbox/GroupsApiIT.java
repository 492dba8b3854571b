package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Groups over REST: admins only, create/list/rename/delete, nesting and a user's effective groups, cycles refused
 * with nothing changed, a removed membership gone from the very next answer (no stale cache), bad input and unknown
 * ids, and the sharee search of the share dialog.
 */
@ExtendWith(SharedServer.class)
class GroupsApiIT {
    static final String GROUPS = "/api/admin/groups";

    final Api api = SharedServer.api();

    private Res admin(Api.Req r) {
        return api.asAdmin(r).send();
    }

    private String newGroup(String prefix) {
        return admin(api.post(GROUPS).json(MiniJson.obj("name", Api.uniqueName(prefix))))
                .expect(201)
                .str("id");
    }

    private void nest(String outer, String inner) {
        admin(api.put(GROUPS + "/" + outer + "/members/groups/" + inner)).expect(204);
    }

    private void addUser(String group, String user) {
        admin(api.put(GROUPS + "/" + group + "/members/users/" + user)).expect(204);
    }

    private static List<Object> ids(Res r, String path) {
        return r.list(path).stream()
                .map(o -> ((Map<?, ?>) o).get("id"))
                .map(Object.class::cast)
                .toList();
    }

    private List<Object> effective(String user) {
        return ids(admin(api.get("/api/admin/users/" + user + "/groups")).expect(200), "effective");
    }

    @Test
    void createListRenameDelete() {
        String name = Api.uniqueName("crew");
        Res created = admin(api.post(GROUPS).json(MiniJson.obj("name", name, "displayName", "The Crew")))
                .expect(201);
        String id = created.str("id");
        assertThat(created.header("Location")).endsWith(GROUPS + "/" + id);
        assertThat(created.str("displayName")).isEqualTo("The Crew");
        assertThat(created.num("userMembers")).isZero();

        Res listed = admin(api.get(GROUPS + "?q=" + name.toUpperCase())).expect(200);
        assertThat(listed.num("total")).isEqualTo(1L);
        assertThat(listed.str("groups.0.name")).isEqualTo(name);

        String renamed = Api.uniqueName("renamed");
        Res patched = admin(api.patch(GROUPS + "/" + id).json(MiniJson.obj("name", renamed)))
                .expect(200);
        assertThat(patched.str("name")).isEqualTo(renamed);
        assertThat(patched.str("displayName")).isEqualTo("The Crew");
        Res untitled = admin(api.patch(GROUPS + "/" + id).json(MiniJson.obj("displayName", null)))
                .expect(200);
        assertThat(untitled.str("displayName")).isEqualTo(renamed);
        assertThat(admin(api.get(GROUPS + "?q=" + name)).num("total")).isZero();

        admin(api.delete(GROUPS + "/" + id)).expect(204);
        admin(api.get(GROUPS + "/" + id)).expectError(404, "not_found");
    }

    @Test
    void aTakenName_regardlessOfCase_is409() {
        String name = Api.uniqueName("dup");
        admin(api.post(GROUPS).json(MiniJson.obj("name", name))).expect(201);
        admin(api.post(GROUPS).json(MiniJson.obj("name", name.toUpperCase()))).expectError(409, "name_taken");
        String other = newGroup("other");
        admin(api.patch(GROUPS + "/" + other).json(MiniJson.obj("name", name))).expectError(409, "name_taken");
    }

    @Test
    void nestedThreeLevels_userSeesEveryGroupAbove_andTheDetailCountsThem() {
        TestUser u = api.newUser("nested");
        String a = newGroup("a");
        String b = newGroup("b");
        String c = newGroup("c");
        nest(a, b);
        nest(b, c);
        addUser(c, u.id());
        addUser(c, u.id()); // again: no change

        Res mine = admin(api.get("/api/admin/users/" + u.id() + "/groups")).expect(200);
        assertThat(ids(mine, "direct")).containsExactly(c);
        assertThat(ids(mine, "effective")).containsExactlyInAnyOrder(a, b, c);

        Res detail = admin(api.get(GROUPS + "/" + a)).expect(200);
        assertThat(ids(detail, "groups")).containsExactly(b);
        assertThat(detail.list("users")).isEmpty();
        assertThat(detail.num("effectiveUsers")).isEqualTo(1L);
        assertThat(detail.num("group.groupMembers")).isEqualTo(1L);
        Res leaf = admin(api.get(GROUPS + "/" + c)).expect(200);
        assertThat(leaf.str("users.0.username")).isEqualTo(u.username());
        assertThat(leaf.num("group.userMembers")).isEqualTo(1L);
    }

    @Test
    void cycles_areRefused_andNothingChanges() {
        TestUser u = api.newUser("cyc");
        String a = newGroup("ca");
        String b = newGroup("cb");
        String c = newGroup("cc");
        nest(a, b);
        nest(b, c);
        addUser(c, u.id());

        Res self = admin(api.put(GROUPS + "/" + a + "/members/groups/" + a));
        self.expectError(409, "group_cycle");
        Res twoLong = admin(api.put(GROUPS + "/" + b + "/members/groups/" + a));
        twoLong.expectError(409, "group_cycle");
        Res threeLong = admin(api.put(GROUPS + "/" + c + "/members/groups/" + a));
        threeLong.expectError(409, "group_cycle");
        assertThat(threeLong.str("message")).contains("cannot join", "itself");

        assertThat(admin(api.get(GROUPS + "/" + c)).list("groups")).isEmpty();
        assertThat(admin(api.get(GROUPS + "/" + b)).list("groups")).hasSize(1);
        assertThat(effective(u.id())).containsExactlyInAnyOrder(a, b, c);
    }

    @Test
    void aRemovedMembership_isGoneFromTheVeryNextAnswer() {
        TestUser u = api.newUser("stale");
        String outer = newGroup("outer");
        String inner = newGroup("inner");
        nest(outer, inner);
        addUser(inner, u.id());
        for (int i = 0; i < 3; i++) {
            assertThat(effective(u.id())).containsExactlyInAnyOrder(outer, inner);
        }

        admin(api.delete(GROUPS + "/" + outer + "/members/groups/" + inner)).expect(204);
        assertThat(effective(u.id())).containsExactly(inner);

        admin(api.delete(GROUPS + "/" + inner + "/members/users/" + u.id())).expect(204);
        assertThat(effective(u.id())).isEmpty();

        addUser(inner, u.id());
        assertThat(effective(u.id())).containsExactly(inner);
        admin(api.delete(GROUPS + "/" + inner)).expect(204);
        assertThat(effective(u.id())).isEmpty();
    }

    @Test
    void ordinaryUsers_areForbidden_andAnonymousUnauthenticated() {
        TestUser u = api.newUser("plain");
        String g = newGroup("guarded");
        List<Api.Req> calls = List.of(
                api.get(GROUPS),
                api.post(GROUPS).json(MiniJson.obj("name", Api.uniqueName("sneaky"))),
                api.get(GROUPS + "/" + g),
                api.patch(GROUPS + "/" + g).json(MiniJson.obj("name", Api.uniqueName("sneaky"))),
                api.delete(GROUPS + "/" + g),
                api.put(GROUPS + "/" + g + "/members/users/" + u.id()),
                api.delete(GROUPS + "/" + g + "/members/users/" + u.id()),
                api.put(GROUPS + "/" + g + "/members/groups/" + g),
                api.delete(GROUPS + "/" + g + "/members/groups/" + g),
                api.get("/api/admin/users/" + u.id() + "/groups"));
        for (Api.Req call : calls) {
            call.basic(u).send().expectError(403, "forbidden");
        }
        api.get(GROUPS).send().expectError(401, "authentication_required");
        Res still = admin(api.get(GROUPS + "/" + g)).expect(200);
        assertThat(still.list("users")).isEmpty();
        assertThat(effective(u.id())).isEmpty();
    }

    @Test
    void badInput_is400WithAMessage_andChangesNothing() {
        long before = admin(api.get(GROUPS)).num("total");
        for (String body : List.of(
                MiniJson.obj("name", ""),
                MiniJson.obj("name", "   "),
                MiniJson.obj("name", "-dash-first"),
                MiniJson.obj("name", "slash/inside"),
                MiniJson.obj("name", "x".repeat(65)),
                MiniJson.obj("name", "fine-name-" + UUID.randomUUID(), "displayName", "d".repeat(256)),
                MiniJson.obj("displayName", "no name"))) {
            admin(api.post(GROUPS).json(body)).expectError(400, "invalid_request");
        }
        admin(api.post(GROUPS).json("{nope")).expectError(400, "malformed_json");
        assertThat(admin(api.post(GROUPS).json(MiniJson.obj("name", "x".repeat(65))))
                        .str("message"))
                .contains("64");
        String g = newGroup("patchme");
        admin(api.patch(GROUPS + "/" + g).json("{}")).expectError(400, "invalid_request");
        admin(api.patch(GROUPS + "/" + g).json(MiniJson.obj("colour", "red"))).expectError(400, "invalid_request");
        admin(api.patch(GROUPS + "/" + g).json(MiniJson.obj("name", "bad:name")))
                .expectError(400, "invalid_request");
        admin(api.get(GROUPS + "?limit=0")).expectError(400, "invalid_request");
        admin(api.get(GROUPS + "?limit=lots")).expectError(400, "invalid_request");
        assertThat(admin(api.get(GROUPS)).num("total")).isEqualTo(before + 1);
    }

    @Test
    void unknownIds_are404() {
        String g = newGroup("known");
        TestUser u = api.newUser("known");
        String nobody = UUID.randomUUID().toString();
        admin(api.get(GROUPS + "/" + nobody)).expectError(404, "not_found");
        admin(api.patch(GROUPS + "/" + nobody).json(MiniJson.obj("name", Api.uniqueName("x"))))
                .expectError(404, "not_found");
        admin(api.delete(GROUPS + "/" + nobody)).expectError(404, "not_found");
        admin(api.put(GROUPS + "/" + nobody + "/members/users/" + u.id())).expectError(404, "not_found");
        admin(api.put(GROUPS + "/" + g + "/members/users/" + nobody)).expectError(404, "not_found");
        admin(api.put(GROUPS + "/" + g + "/members/groups/" + nobody)).expectError(404, "not_found");
        admin(api.delete(GROUPS + "/" + g + "/members/groups/" + nobody)).expectError(404, "not_found");
        admin(api.get("/api/admin/users/" + nobody + "/groups")).expectError(404, "not_found");
        assertThat(admin(api.get(GROUPS + "/not-a-uuid")).status()).isEqualTo(404);
    }

    @Test
    void sharees_findUsersAndGroups_neverTheCaller_norDisabledUsers() {
        String stem = "shr" + UUID.randomUUID().toString().substring(0, 6);
        TestUser caller = api.newUser(stem + "-me");
        TestUser other = api.newUser(stem + "-other", "displayName", "Other Person");
        TestUser disabled = api.newUser(stem + "-off");
        api.patchUser(disabled.id(), MiniJson.obj("enabled", false)).expect(200);
        String group = admin(api.post(GROUPS).json(MiniJson.obj("name", stem + " team", "displayName", "Team")))
                .expect(201)
                .str("id");

        Res r = api.get("/api/sharees?q=" + stem.toUpperCase())
                .basic(caller)
                .send()
                .expect(200);
        assertThat(ids(r, "users")).containsExactly(other.id());
        assertThat(r.str("users.0.username")).isEqualTo(other.username());
        assertThat(r.str("users.0.displayName")).isEqualTo("Other Person");
        assertThat(ids(r, "groups")).containsExactly(group);
        assertThat(r.body()).doesNotContain(caller.id(), disabled.id(), "\"enabled\"", "password");

        // a part of the name inside it, not only its start
        String middle = other.username().substring(stem.length(), stem.length() + 5);
        Res inside = api.get("/api/sharees?q=" + middle + "&limit=50")
                .basic(caller)
                .send()
                .expect(200);
        assertThat(ids(inside, "users")).contains(other.id());

        api.get("/api/sharees?q=").basic(caller).send().expectError(400, "invalid_request");
        api.get("/api/sharees?q=a&limit=51").basic(caller).send().expectError(400, "invalid_request");
        api.get("/api/sharees?q=a&limit=0").basic(caller).send().expectError(400, "invalid_request");
        api.get("/api/sharees?q=%25").basic(caller).send().expect(200);
        api.get("/api/sharees?q=a").send().expectError(401, "authentication_required");
    }
}
