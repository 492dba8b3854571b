-- Files and folders (issue 3): content-addressed blobs and one tree of nodes per user.

-- A blob is referenced by the file nodes whose content it is; at zero references it waits out a grace period,
-- then the collector deletes the row and the file on disk.
CREATE TABLE blobs (
    hash               char(64)     PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
    size               bigint       NOT NULL CHECK (size >= 0),
    ref_count          integer      NOT NULL DEFAULT 0 CHECK (ref_count >= 0),
    -- set whenever ref_count is 0 (including right after the upload, before the node commits)
    unreferenced_since timestamptz  DEFAULT now(),
    created_at         timestamptz  NOT NULL DEFAULT now(),
    CONSTRAINT blobs_unreferenced_iff_zero CHECK ((ref_count = 0) = (unreferenced_since IS NOT NULL))
);
CREATE INDEX blobs_collectable ON blobs (unreferenced_since) WHERE ref_count = 0;

CREATE SEQUENCE nodes_id_seq AS bigint;

-- Files ('f') and folders ('d'). The id is the stable numeric file id sync clients keep. path holds the ids from
-- the owner's root down to the node ('12.57.913'), so a subtree is one indexed condition (path <@ '12.57') and
-- moving, deleting, sizing or checking a subtree is one statement.
CREATE TABLE nodes (
    id           bigint        PRIMARY KEY DEFAULT nextval('nodes_id_seq'),
    owner_id     uuid          NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id    bigint        REFERENCES nodes (id) ON DELETE CASCADE,
    path         ltree         NOT NULL,
    kind         char(1)       NOT NULL CHECK (kind IN ('d', 'f')),
    -- NFC UTF-8, checked by the application too; the root has the empty name
    name         varchar(255)  NOT NULL,
    size         bigint        NOT NULL DEFAULT 0 CHECK (size >= 0),
    blob_hash    char(64)      REFERENCES blobs (hash),
    mime_type    varchar(255),
    -- changes with the content for files, with anything beneath for folders
    etag         varchar(64)   NOT NULL,
    created_at   timestamptz   NOT NULL DEFAULT now(),
    modified_at  timestamptz   NOT NULL DEFAULT now(),
    -- set on the item the user deleted (not on its descendants, which go to the trash with it)
    trashed_at   timestamptz,
    CONSTRAINT nodes_root_is_an_unnamed_folder CHECK (parent_id IS NOT NULL OR (kind = 'd' AND name = '')),
    CONSTRAINT nodes_name_rules CHECK (
        parent_id IS NULL
        OR (octet_length(name) BETWEEN 1 AND 255 AND name NOT IN ('.', '..') AND strpos(name, '/') = 0)),
    CONSTRAINT nodes_files_have_content CHECK ((kind = 'f') = (blob_hash IS NOT NULL)),
    CONSTRAINT nodes_path_ends_with_id CHECK (subpath(path, -1)::text = id::text)
);
-- one live item per name in a folder (case-sensitive, as Nextcloud)
CREATE UNIQUE INDEX nodes_name_unique_in_folder ON nodes (parent_id, name) WHERE trashed_at IS NULL;
CREATE UNIQUE INDEX nodes_one_root_per_user ON nodes (owner_id) WHERE parent_id IS NULL;
CREATE INDEX nodes_path_gist ON nodes USING gist (path);
-- listings: folders first, then by name, keyset-paginated
CREATE INDEX nodes_listing ON nodes (parent_id, kind, name) WHERE trashed_at IS NULL;
CREATE INDEX nodes_trash ON nodes (owner_id, trashed_at) WHERE trashed_at IS NOT NULL;
CREATE INDEX nodes_by_blob ON nodes (blob_hash) WHERE blob_hash IS NOT NULL;

-- every existing user gets a root folder, as new users do when they are created
INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)
SELECT n.id, n.owner_id, NULL, text2ltree(n.id::text), 'd', '', md5(random()::text || n.id::text)
FROM (SELECT nextval('nodes_id_seq') AS id, u.id AS owner_id FROM users u) n;
