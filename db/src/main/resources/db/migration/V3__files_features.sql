-- Files (issue 3): trash origins, favorites, recent items, resumable uploads, listing orders.

-- Where a trashed item lived, as folder names from the root ('/Docs/2024'), so a restore can recreate the folder
-- when it is gone; set together with trashed_at.
ALTER TABLE nodes ADD COLUMN trashed_from text;
ALTER TABLE nodes ADD CONSTRAINT nodes_trash_origin CHECK ((trashed_at IS NULL) = (trashed_from IS NULL));

-- Listings in every order the API offers, folders first; each is a keyset scan of one index.
CREATE INDEX nodes_listing_size ON nodes (parent_id, kind, size, name) WHERE trashed_at IS NULL;
CREATE INDEX nodes_listing_modified ON nodes (parent_id, kind, modified_at, name) WHERE trashed_at IS NULL;
CREATE INDEX nodes_listing_type ON nodes (parent_id, kind, (coalesce(mime_type, '')), name) WHERE trashed_at IS NULL;

CREATE TABLE favorites (
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    node_id    bigint      NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, node_id)
);
CREATE INDEX favorites_by_node ON favorites (node_id);

-- The last items a user opened or changed; one row per item, trimmed to the newest few hundred.
CREATE TABLE recent_items (
    user_id uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    node_id bigint      NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    action  varchar(16) NOT NULL CHECK (action IN ('opened', 'changed')),
    at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, node_id)
);
CREATE INDEX recent_items_newest ON recent_items (user_id, at DESC);

-- A resumable upload: the bytes so far live in a file named after the id; its length is the offset.
CREATE TABLE upload_sessions (
    id             uuid         PRIMARY KEY,
    owner_id       uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id      bigint       NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    name           varchar(255) NOT NULL,
    total_size     bigint       NOT NULL CHECK (total_size >= 0),
    sha256         char(64)     CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    conflict       varchar(16)  NOT NULL CHECK (conflict IN ('fail', 'keep-both', 'overwrite')),
    created_at     timestamptz  NOT NULL DEFAULT now(),
    updated_at     timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX upload_sessions_by_owner ON upload_sessions (owner_id);
CREATE INDEX upload_sessions_stale ON upload_sessions (updated_at);
