-- Sharing (issue 10), first part: groups, grants on files and folders, and the audit trail of sharing.

-- Groups an admin manages. A group holds users and other groups; a user's effective groups are the groups that hold
-- them directly or through any chain of groups (resolved by one recursive query, dev.nubo.groups). The application
-- refuses a membership that would close a cycle; the row checks below only rule out the trivial ones.
CREATE TABLE groups (
    id            uuid          PRIMARY KEY,
    name          varchar(64)   NOT NULL,
    display_name  varchar(255)  NOT NULL,
    created_at    timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT groups_name_format CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._@ -]{0,63}$')
);
CREATE UNIQUE INDEX groups_name_unique ON groups (lower(name));

-- One row per direct membership: a user in a group, or a group in a group.
CREATE TABLE group_members (
    group_id         uuid          NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    user_id          uuid          REFERENCES users (id) ON DELETE CASCADE,
    member_group_id  uuid          REFERENCES groups (id) ON DELETE CASCADE,
    added_at         timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT group_members_one_kind CHECK ((user_id IS NULL) <> (member_group_id IS NULL)),
    CONSTRAINT group_members_not_itself CHECK (member_group_id IS DISTINCT FROM group_id)
);
-- a user's direct groups (the recursion's start) and a group's parents (each step) are index lookups
CREATE UNIQUE INDEX group_members_user ON group_members (user_id, group_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX group_members_group ON group_members (member_group_id, group_id) WHERE member_group_id IS NOT NULL;
CREATE INDEX group_members_of_group ON group_members (group_id);

-- A grant shares a file or folder with a user or a group under a role. A grant on a folder reaches everything
-- beneath it, including items added later: the access check compares grants.node_id with the ids on the node's
-- ltree path, so a file 8 folders deep is still one indexed lookup. owner_id is the owner of the node (whose quota
-- and trash the grantee's writes use), kept here so "shared by me" is one index scan.
CREATE TABLE grants (
    id                bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    node_id           bigint        NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    owner_id          uuid          NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    grantee_user_id   uuid          REFERENCES users (id) ON DELETE CASCADE,
    grantee_group_id  uuid          REFERENCES groups (id) ON DELETE CASCADE,
    role              varchar(16)   NOT NULL CHECK (role IN ('viewer', 'editor', 'manager')),
    -- who created it (the owner, or a manager re-sharing); kept as "unknown" when that account is deleted
    granted_by        uuid          REFERENCES users (id) ON DELETE SET NULL,
    created_at        timestamptz   NOT NULL DEFAULT now(),
    updated_at        timestamptz   NOT NULL DEFAULT now(),
    -- NULL: no expiry; past it the grant is dead on every surface (the check compares with now())
    expires_at        timestamptz,
    CONSTRAINT grants_one_grantee CHECK ((grantee_user_id IS NULL) <> (grantee_group_id IS NULL)),
    CONSTRAINT grants_not_to_owner CHECK (grantee_user_id IS DISTINCT FROM owner_id)
);
CREATE UNIQUE INDEX grants_user_once ON grants (node_id, grantee_user_id) WHERE grantee_user_id IS NOT NULL;
CREATE UNIQUE INDEX grants_group_once ON grants (node_id, grantee_group_id) WHERE grantee_group_id IS NOT NULL;
CREATE INDEX grants_to_user ON grants (grantee_user_id) WHERE grantee_user_id IS NOT NULL;
CREATE INDEX grants_to_group ON grants (grantee_group_id) WHERE grantee_group_id IS NOT NULL;
CREATE INDEX grants_by_owner ON grants (owner_id, created_at);

-- A recipient who "leaves" a share hides it from their own lists; the grant itself (and everyone else's access)
-- stays. For a group grant this is per member.
CREATE TABLE grants_hidden (
    grant_id   bigint       NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
    user_id    uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hidden_at  timestamptz  NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, grant_id)
);

-- Every grant, link creation, link access and revocation, and membership change: who, what, when, from where.
-- Rows outlive what they describe (no foreign key on the node or the grant), so a revoked share's history stays
-- readable; owner_id says whose history it is (the owner of the shared item, NULL for group administration).
CREATE TABLE share_audit (
    id          bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          timestamptz   NOT NULL DEFAULT now(),
    action      varchar(32)   NOT NULL,
    actor_id    uuid          REFERENCES users (id) ON DELETE SET NULL,
    owner_id    uuid          REFERENCES users (id) ON DELETE CASCADE,
    node_id     bigint,
    -- what the action was about, in words fixed at the time: "user alice", "group team", "link 3f9a…"
    subject     varchar(255),
    detail      varchar(1000),
    -- the client's address as the server saw it
    address     varchar(64)
);
CREATE INDEX share_audit_by_owner ON share_audit (owner_id, at DESC, id DESC);
CREATE INDEX share_audit_by_time ON share_audit (at DESC, id DESC);
