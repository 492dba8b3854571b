-- The write path without a hot row (docs/write-path.md). Two writes of one user no longer queue on the user's row
-- or on the root folder's row for the length of a transaction:
--   * quota: a write first takes a hold, one conditional UPDATE of users.used_bytes that commits at once; the node's
--     own statement later consumes the hold, or the hold is refunded (on failure at once, after a crash by the
--     maintenance timer). used_bytes = bytes of the owner's nodes + outstanding holds - pending refunds, exactly.
--   * folder sizes and etags: a write records what it changed in tree_changes inside its own statement; right after
--     its commit, and before the client hears back, fold_tree_changes applies every pending change of that owner to
--     the folders above it (new etag, size) in one short transaction.

CREATE TABLE write_holds (
    id          bigserial    PRIMARY KEY,
    owner_id    uuid         NOT NULL,
    bytes       bigint       NOT NULL CHECK (bytes >= 0),
    -- the reference taken on the new content's blob row, so collection cannot remove it before the node exists
    blob_hash   char(64)     NOT NULL,
    created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX write_holds_age ON write_holds (created_at);

CREATE TABLE tree_changes (
    id          bigserial    PRIMARY KEY,
    owner_id    uuid         NOT NULL,
    -- the folder whose content changed; the change reaches it and every folder above it
    folder_id   bigint       NOT NULL,
    size_delta  bigint       NOT NULL DEFAULT 0,
    -- bytes given back to the owner's quota (<= 0): a file that shrank
    quota_delta bigint       NOT NULL DEFAULT 0 CHECK (quota_delta <= 0)
);
CREATE INDEX tree_changes_owner ON tree_changes (owner_id);

-- A hold of bytes against the owner's quota plus a reference on the blob; NULL (and nothing changed) when the quota
-- has no room. Its commit need not wait for the disk: the write that consumes the hold commits durably later, and
-- WAL is flushed in order, so that commit makes the hold durable too; a hold lost in a crash was never acknowledged.
CREATE FUNCTION write_hold(p_owner uuid, p_bytes bigint, p_hash char(64), p_size bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    held bigint;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    UPDATE users SET used_bytes = used_bytes + p_bytes
     WHERE id = p_owner AND (p_bytes = 0 OR quota_bytes IS NULL OR used_bytes + p_bytes <= quota_bytes);
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    INSERT INTO blobs (hash, size, ref_count, unreferenced_since) VALUES (p_hash, p_size, 1, NULL)
        ON CONFLICT (hash) DO UPDATE SET ref_count = blobs.ref_count + 1, unreferenced_since = NULL;
    INSERT INTO write_holds (owner_id, bytes, blob_hash) VALUES (p_owner, p_bytes, p_hash) RETURNING id INTO held;
    RETURN held;
END $$;

-- Gives a hold back: its bytes to the quota, its blob reference (the blob becomes collectable when it was the last).
-- False when the hold was already consumed or refunded.
CREATE FUNCTION write_refund(p_hold bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    h write_holds%ROWTYPE;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    DELETE FROM write_holds WHERE id = p_hold RETURNING * INTO h;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    UPDATE users SET used_bytes = greatest(0, used_bytes - h.bytes) WHERE id = h.owner_id;
    UPDATE blobs SET ref_count = ref_count - 1, unreferenced_since = CASE WHEN ref_count = 1 THEN now() END
     WHERE hash = h.blob_hash AND ref_count > 0;
    RETURN true;
END $$;

-- Applies the owner's pending tree changes: each changed folder and the folders above it get a new etag and their
-- size moved by the change, except above a folder in the trash (a trashed folder keeps its contents' size for a
-- restore; the folders above it stopped counting it when it was trashed); quota refunds are applied. Every change
-- to folder rows or to paths of the owner's tree happens under the same advisory lock, so the paths read here are
-- the ones the sizes belong to. Returns how many folders changed.
CREATE FUNCTION fold_tree_changes(p_owner uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    folded integer;
    stamp timestamptz;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_owner::text, 27));
    -- one time for every folder of the fold (a folder is never older than a folder it holds), taken after the lock,
    -- so after the commit of every change folded here
    stamp := clock_timestamp();
    WITH c AS (
        DELETE FROM tree_changes WHERE owner_id = p_owner RETURNING folder_id, size_delta, quota_delta
    ), q AS (
        UPDATE users SET used_bytes = greatest(0, used_bytes + s.d)
          FROM (SELECT sum(quota_delta) AS d FROM c) s
         WHERE users.id = p_owner AND s.d <> 0
    ), f AS (
        SELECT folder_id, sum(size_delta) AS d FROM c GROUP BY folder_id
    ), steps AS (
        SELECT f.d, p.id, p.depth,
               max(CASE WHEN a.trashed_at IS NOT NULL THEN p.depth END) OVER (PARTITION BY f.folder_id) AS stop
          FROM f
          JOIN nodes fn ON fn.id = f.folder_id
         CROSS JOIN LATERAL unnest(CAST(string_to_array(ltree2text(fn.path), '.') AS bigint[]))
               WITH ORDINALITY AS p(id, depth)
          JOIN nodes a ON a.id = p.id
    ), a AS (
        SELECT id, sum(d) AS d FROM steps WHERE depth >= coalesce(stop, 1) GROUP BY id
    )
    UPDATE nodes n SET size = n.size + a.d, etag = md5(random()::text || n.id::text),
           modified_at = stamp
      FROM a WHERE n.id = a.id AND n.kind = 'd';
    GET DIAGNOSTICS folded = ROW_COUNT;
    RETURN folded;
END $$;

-- The same, called right after a write's own commit: its commit need not wait for the disk, since what it derives
-- is derived again from tree_changes if a crash loses it (the DELETE of those rows is lost with it).
CREATE FUNCTION fold_tree_changes_after_write(p_owner uuid) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    RETURN fold_tree_changes(p_owner);
END $$;
