-- Search, thumbnails and media metadata (issue 7).

-- What the search index has yet to catch up on: the id of every node whose indexed facts changed, written by the
-- triggers below in the transaction that made the change, so no surface can forget it and a crash loses nothing.
-- The indexer reads a batch, updates the index, then deletes the rows it handled. No foreign key: the id of a
-- deleted node must still reach the indexer.
CREATE TABLE search_queue (
    seq      bigserial PRIMARY KEY,
    node_id  bigint    NOT NULL
);

CREATE FUNCTION search_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO search_queue (node_id) VALUES (OLD.id);
        RETURN OLD;
    END IF;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO search_queue (node_id) VALUES (NEW.id);
        RETURN NEW;
    END IF;
    IF NEW.trashed_at IS DISTINCT FROM OLD.trashed_at THEN
        -- only the item the user deleted or restored carries trashed_at: everything beneath it comes and goes too
        INSERT INTO search_queue (node_id) SELECT id FROM nodes WHERE path <@ NEW.path;
    ELSIF NEW.name IS DISTINCT FROM OLD.name
        OR NEW.path IS DISTINCT FROM OLD.path -- a folder's move rewrites every path beneath, each row firing
        OR (NEW.kind = 'f' AND (NEW.blob_hash IS DISTINCT FROM OLD.blob_hash
                                OR NEW.size IS DISTINCT FROM OLD.size
                                OR NEW.mime_type IS DISTINCT FROM OLD.mime_type
                                OR NEW.modified_at IS DISTINCT FROM OLD.modified_at)) THEN
        -- a folder's size and times move with every write beneath it; the index does not follow them
        INSERT INTO search_queue (node_id) VALUES (NEW.id);
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER nodes_search_enqueue
    AFTER INSERT OR UPDATE OR DELETE ON nodes
    FOR EACH ROW EXECUTE FUNCTION search_enqueue();

-- What a file's content says about itself, read once per content (copies and other users' identical files share
-- it) and gone with the content. NULL means unknown or not applicable.
CREATE TABLE media (
    hash             char(64)     PRIMARY KEY REFERENCES blobs (hash) ON DELETE CASCADE,
    width            integer      CHECK (width > 0),
    height           integer      CHECK (height > 0),
    duration_ms      bigint       CHECK (duration_ms >= 0),
    -- EXIF DateTimeOriginal as the camera wrote it (local time), and its offset when the camera recorded one
    taken_at         timestamp,
    taken_at_offset  integer      CHECK (taken_at_offset BETWEEN -64800 AND 64800),
    camera_make      varchar(255),
    camera_model     varchar(255),
    latitude         double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude        double precision CHECK (longitude BETWEEN -180 AND 180),
    -- none: not made yet; ready: every size is stored; failed: the image could not be decoded or was refused
    thumbnails       varchar(8)   NOT NULL DEFAULT 'none' CHECK (thumbnails IN ('none', 'ready', 'failed')),
    -- when the content was read for the facts above; NULL while only a thumbnail was asked for
    probed_at        timestamptz
);
-- the photo timeline, later
CREATE INDEX media_taken_at ON media (taken_at) WHERE taken_at IS NOT NULL;
