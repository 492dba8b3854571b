package dev.nubo.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The folder tree on real PostgreSQL: ownership, unique names, keyset listing, etag propagation, trash visibility. */
@ExtendWith(ArquillianExtension.class)
class FileTreeArqIT {
    @Deployment
    static WebArchive deployment() {
        return FoundationArqIT.deployment().addClass(FileTreeArqIT.class);
    }

    @Inject
    FileTree tree;

    @Inject
    UserService users;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    private UUID newUser() {
        return users.create(new NewUser(
                        "tree-" + UUID.randomUUID().toString().substring(0, 8),
                        "password-123",
                        null,
                        null,
                        Role.USER,
                        null))
                .id();
    }

    @Test
    void aFolderCreatedInTheRoot_isListed_andChangesTheRootsEtag() {
        UUID alice = newUser();
        NodeView root = tree.root(alice);
        NodeView docs = tree.createFolder(alice, root.id(), NodeName.of("Documents"));

        assertThat(docs.folder()).isTrue();
        assertThat(docs.parentId()).isEqualTo(root.id());
        assertThat(tree.list(alice, root.id(), Optional.empty(), 10).entries())
                .extracting(NodeView::name)
                .containsExactly("Documents");
        assertThat(tree.root(alice).etag()).isNotEqualTo(root.etag());
    }

    @Test
    void creatingDeepInTheTree_changesTheEtagOfEveryAncestor_butNotOfSiblings() {
        UUID bob = newUser();
        NodeView root = tree.root(bob);
        NodeView a = tree.createFolder(bob, root.id(), NodeName.of("a"));
        NodeView b = tree.createFolder(bob, a.id(), NodeName.of("b"));
        NodeView sibling = tree.createFolder(bob, root.id(), NodeName.of("sibling"));
        NodeView rootBefore = tree.root(bob);
        NodeView aBefore = tree.get(bob, a.id());

        tree.createFolder(bob, b.id(), NodeName.of("c"));

        assertThat(tree.root(bob).etag()).isNotEqualTo(rootBefore.etag());
        assertThat(tree.get(bob, a.id()).etag()).isNotEqualTo(aBefore.etag());
        assertThat(tree.get(bob, b.id()).etag()).isNotEqualTo(b.etag());
        assertThat(tree.get(bob, sibling.id()).etag()).isEqualTo(sibling.etag());
    }

    @Test
    void aNameTakenInTheFolder_isAConflict_andTheSameNameElsewhereIsFine() {
        UUID carol = newUser();
        long root = tree.root(carol).id();
        NodeView photos = tree.createFolder(carol, root, NodeName.of("Photos"));
        assertThatThrownBy(() -> tree.createFolder(carol, root, NodeName.of("Photos")))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("name_taken"));
        assertThat(tree.createFolder(carol, photos.id(), NodeName.of("Photos")).parentId())
                .isEqualTo(photos.id());
        // names differing only in case are distinct, as on Nextcloud
        assertThat(tree.createFolder(carol, root, NodeName.of("photos")).name()).isEqualTo("photos");
    }

    @Test
    void anotherUsersNodes_answerNotFound_forEveryOperation() {
        UUID owner = newUser();
        UUID intruder = newUser();
        NodeView secret = tree.createFolder(owner, tree.root(owner).id(), NodeName.of("secret"));

        assertThatThrownBy(() -> tree.get(intruder, secret.id()))
                .isInstanceOf(NuboException.class)
                .satisfies(e -> assertThat(((NuboException) e).code()).isEqualTo("not_found"));
        assertThatThrownBy(() -> tree.list(intruder, secret.id(), Optional.empty(), 10))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("not_found"));
        assertThatThrownBy(() -> tree.createFolder(intruder, secret.id(), NodeName.of("x")))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("not_found"));
        assertThatThrownBy(() -> tree.get(intruder, Long.MAX_VALUE)).isInstanceOf(NuboException.class);
    }

    @Test
    void keysetPages_coverEveryEntryOnce_foldersFirstThenByName() {
        UUID dave = newUser();
        NodeView root = tree.root(dave);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String name = String.format("folder-%02d", 24 - i);
            tree.createFolder(dave, root.id(), NodeName.of(name));
            names.add(name);
        }
        List<String> seen = new ArrayList<>();
        Optional<ListingPage.Cursor> cursor = Optional.empty();
        int pages = 0;
        do {
            ListingPage page = tree.list(dave, root.id(), cursor, 10);
            page.entries().forEach(e -> seen.add(e.name()));
            cursor = page.next();
            pages++;
        } while (cursor.isPresent());

        assertThat(pages).isEqualTo(3);
        assertThat(seen).containsExactlyElementsOf(names.stream().sorted().toList());
    }

    @Test
    void whatLiesInATrashedFolder_isInvisible() throws Exception {
        UUID erin = newUser();
        NodeView old = tree.createFolder(erin, tree.root(erin).id(), NodeName.of("old"));
        NodeView inner = tree.createFolder(erin, old.id(), NodeName.of("inner"));
        tree.trash(erin, old.id());
        assertThatThrownBy(() -> tree.get(erin, inner.id())).isInstanceOf(NuboException.class);
        assertThat(tree.list(erin, tree.root(erin).id(), Optional.empty(), 10).entries())
                .isEmpty();
        // the name is free again for a new folder
        assertThat(tree.createFolder(erin, tree.root(erin).id(), NodeName.of("old"))
                        .name())
                .isEqualTo("old");
    }

    @Test
    void listingLimits_areChecked() {
        UUID frank = newUser();
        long root = tree.root(frank).id();
        assertThatThrownBy(() -> tree.list(frank, root, Optional.empty(), 0)).isInstanceOf(NuboException.class);
        assertThatThrownBy(() -> tree.list(frank, root, Optional.empty(), FileTree.MAX_PAGE + 1))
                .isInstanceOf(NuboException.class);
    }

    @Test
    void movingAFolder_movesItsWholeSubtree_inOneStep() throws Exception {
        UUID gina = newUser();
        long root = tree.root(gina).id();
        NodeView a = tree.createFolder(gina, root, NodeName.of("a"));
        NodeView b = tree.createFolder(gina, a.id(), NodeName.of("b"));
        NodeView c = tree.createFolder(gina, b.id(), NodeName.of("c"));
        NodeView target = tree.createFolder(gina, root, NodeName.of("target"));

        NodeView moved = tree.move(gina, b.id(), target.id(), Optional.of(NodeName.of("b2")));

        assertThat(moved.parentId()).isEqualTo(target.id());
        assertThat(moved.name()).isEqualTo("b2");
        assertThat(tree.list(gina, a.id(), Optional.empty(), 10).entries()).isEmpty();
        assertThat(tree.get(gina, c.id()).parentId()).isEqualTo(b.id());
        // every path in the subtree now runs through the target
        try (Connection conn = dataSource.getConnection();
                Statement s = conn.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM nodes WHERE path <@ (SELECT path FROM nodes WHERE id = "
                        + target.id() + ")")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(3);
        }
    }

    @Test
    void aFolderCannotMoveIntoItself_orItsSubtree_andTheRootCannotMove() {
        UUID hank = newUser();
        long root = tree.root(hank).id();
        NodeView a = tree.createFolder(hank, root, NodeName.of("a"));
        NodeView b = tree.createFolder(hank, a.id(), NodeName.of("b"));

        assertThatThrownBy(() -> tree.move(hank, a.id(), b.id(), Optional.empty()))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("into_own_subtree"));
        assertThatThrownBy(() -> tree.move(hank, a.id(), a.id(), Optional.empty()))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("into_own_subtree"));
        assertThatThrownBy(() -> tree.move(hank, root, a.id(), Optional.empty()))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("root_is_fixed"));
        assertThat(tree.get(hank, b.id()).parentId()).isEqualTo(a.id());
    }

    @Test
    void renamingOntoATakenName_isAConflict_andChangesNothing() {
        UUID ivy = newUser();
        long root = tree.root(ivy).id();
        NodeView one = tree.createFolder(ivy, root, NodeName.of("one"));
        tree.createFolder(ivy, root, NodeName.of("two"));

        assertThatThrownBy(() -> tree.move(ivy, one.id(), root, Optional.of(NodeName.of("two"))))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("name_taken"));
        assertThat(tree.get(ivy, one.id()).name()).isEqualTo("one");
        assertThat(tree.move(ivy, one.id(), root, Optional.of(NodeName.of("three")))
                        .name())
                .isEqualTo("three");
    }
}
