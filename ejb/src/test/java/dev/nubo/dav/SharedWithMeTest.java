package dev.nubo.dav;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.files.api.NodeView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.ShareRole;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SharedWithMeTest {
    static final OffsetDateTime T0 = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    static IncomingShare share(long grant, String name, boolean folder, String owner, int minutes, ShareRole role) {
        NodeView node =
                new NodeView(grant * 10, 1L, name, folder, 5, null, "e" + grant, T0, T0.plusMinutes(minutes), null);
        Grantee o = new Grantee(Grantee.Kind.USER, UUID.randomUUID(), owner, null);
        return new IncomingShare(grant, node, o, role, T0.plusMinutes(minutes), null, null, false);
    }

    @Test
    void sameNames_theOldestKeepsIt_laterOnesGetTheOwnerThenANumber() {
        List<SharedWithMe.Entry> entries = SharedWithMe.name(
                List.of(
                        share(3, "Projects", true, "carol", 3, ShareRole.VIEWER),
                        share(1, "Projects", true, "alice", 1, ShareRole.VIEWER),
                        share(2, "report.pdf", false, "alice", 2, ShareRole.VIEWER),
                        share(4, "report.pdf", false, "bob", 4, ShareRole.VIEWER),
                        share(5, "Projects", true, "carol", 5, ShareRole.VIEWER)),
                SharedWithMe.VIRTUAL_ID);
        assertThat(entries)
                .extracting(SharedWithMe.Entry::name)
                .containsExactly(
                        "Projects", "report.pdf", "Projects (carol)", "report (bob).pdf", "Projects (carol 2)");
    }

    @Test
    void theCollectionsEtagFollowsItsMembers() {
        NodeView root = new NodeView(1, null, "", true, 0, null, "r", T0, T0, null);
        IncomingShare a = share(1, "A", true, "alice", 1, ShareRole.VIEWER);
        NodeView one = SharedWithMe.collection(
                "Shared with me",
                root,
                SharedWithMe.name(List.of(a), SharedWithMe.VIRTUAL_ID),
                SharedWithMe.VIRTUAL_ID);
        NodeView same = SharedWithMe.collection(
                "Shared with me",
                root,
                SharedWithMe.name(List.of(a), SharedWithMe.VIRTUAL_ID),
                SharedWithMe.VIRTUAL_ID);
        NodeView none = SharedWithMe.collection("Shared with me", root, List.of(), SharedWithMe.VIRTUAL_ID);
        NodeView promoted = SharedWithMe.collection(
                "Shared with me",
                root,
                SharedWithMe.name(List.of(share(1, "A", true, "alice", 1, ShareRole.EDITOR)), SharedWithMe.VIRTUAL_ID),
                SharedWithMe.VIRTUAL_ID);
        assertThat(one.etag()).isEqualTo(same.etag()).isNotEqualTo(none.etag()).isNotEqualTo(promoted.etag());
        assertThat(one.id()).isEqualTo(SharedWithMe.VIRTUAL_ID);
        assertThat(one.modifiedAt()).isEqualTo(T0.plusMinutes(1));
        assertThat(none.modifiedAt()).isEqualTo(T0);
    }

    @Test
    void nextcloudPermissionsFollowTheRole() {
        assertThat(NextcloudProperties.permissions(ShareRole.VIEWER, true, true))
                .isEqualTo("SMG");
        assertThat(NextcloudProperties.permissions(ShareRole.VIEWER, false, false))
                .isEqualTo("SMG");
        assertThat(NextcloudProperties.permissions(ShareRole.EDITOR, true, true))
                .isEqualTo("SMGCK");
        assertThat(NextcloudProperties.permissions(ShareRole.EDITOR, true, false))
                .isEqualTo("SMGW");
        assertThat(NextcloudProperties.permissions(ShareRole.EDITOR, false, false))
                .isEqualTo("SMGDNVW");
        assertThat(NextcloudProperties.permissions(ShareRole.EDITOR, false, true))
                .isEqualTo("SMGDNVCK");
        assertThat(NextcloudProperties.permissions(ShareRole.MANAGER, true, true))
                .isEqualTo("SRMGCK");
        assertThat(NextcloudProperties.permissions(ShareRole.MANAGER, false, false))
                .isEqualTo("SRMGDNVW");
    }

    @Test
    void aDriveMembershipIsAMemberOfDrives_underTheDrivesName_ownedByTheDrive() {
        NodeView root = new NodeView(42, null, "Marketing", true, 7, null, "e", T0, T0, null);
        UUID drive = UUID.randomUUID();
        IncomingShare s = SharedWithMe.asShare(
                new dev.nubo.drives.api.MyDrive(drive, "Marketing", root, ShareRole.EDITOR, null, 7, 9, T0, null));
        List<SharedWithMe.Entry> entries = SharedWithMe.name(List.of(s), SharedWithMe.DRIVES_ID);
        assertThat(entries).extracting(SharedWithMe.Entry::name).containsExactly("Marketing");
        NodeView member = entries.get(0).node();
        assertThat(member.id()).isEqualTo(42);
        assertThat(member.parentId()).isEqualTo(SharedWithMe.DRIVES_ID);
        assertThat(s.owner().id()).isEqualTo(drive);
        assertThat(s.role()).isEqualTo(ShareRole.EDITOR);
        NodeView collection = SharedWithMe.collection(
                "Drives", new NodeView(1, null, "", true, 0, null, "r", T0, T0, null), entries, SharedWithMe.DRIVES_ID);
        assertThat(SharedWithMe.isVirtual(collection.id())).isTrue();
        assertThat(SharedWithMe.isVirtual(42)).isFalse();
    }
}
