-- Sharing (issue 10), public links: a token URL that opens a file or folder to anyone holding it.
--
-- Lookups go by token_hash (SHA-256 of the token), so SQL never compares the secret itself; the service then compares
-- the token in constant time. The token itself is kept too, so the owner can copy the link again later (as Nextcloud
-- shows it again): anyone who can read this table can read the files anyway. owner_id is the owner of the node (whose
-- quota uploads use); created_by is who made the link (the owner, or later a manager through a grant).
CREATE TABLE public_links (
    id              bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash      bytea         NOT NULL,
    token           varchar(64)   NOT NULL,
    node_id         bigint        NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    owner_id        uuid          NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by      uuid          REFERENCES users (id) ON DELETE SET NULL,
    -- view: browse and preview inline; download: also save and ZIP; drop: upload only (folders); edit: all of it
    -- plus upload, new folder, rename and delete to the trash
    permission      varchar(16)   NOT NULL CHECK (permission IN ('view', 'download', 'drop', 'edit')),
    -- Argon2id (dev.nubo.auth's hasher); NULL: no password
    password_hash   varchar(255),
    -- NULL: no expiry; past it the link is dead on every endpoint
    expires_at      timestamptz,
    -- NULL: unlimited; a link whose count reached its limit is dead like an expired one
    download_limit  integer       CHECK (download_limit > 0),
    download_count  integer       NOT NULL DEFAULT 0 CHECK (download_count >= 0),
    label           varchar(255),
    created_at      timestamptz   NOT NULL DEFAULT now(),
    updated_at      timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT public_links_token_hash_size CHECK (octet_length(token_hash) = 32)
);
CREATE UNIQUE INDEX public_links_by_token ON public_links (token_hash);
CREATE INDEX public_links_by_node ON public_links (node_id);
CREATE INDEX public_links_by_owner ON public_links (owner_id, created_at);
CREATE INDEX public_links_by_creator ON public_links (created_by) WHERE created_by IS NOT NULL;
