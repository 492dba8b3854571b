-- CalDAV calendars and CardDAV address books: a collection per row, owned by one user, addressed by its slug
-- (the last segment of its URL: /dav/calendars/{user}/{slug}/).
CREATE TABLE dav_collections (
    id           bigserial     PRIMARY KEY,
    owner_id     uuid          NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         varchar(16)   NOT NULL CHECK (kind IN ('calendar', 'addressbook')),
    slug         varchar(255)  NOT NULL CHECK (slug <> '' AND slug NOT IN ('.', '..') AND strpos(slug, '/') = 0),
    displayname  varchar(1024),
    description  text,
    -- calendar-color as the client sent it (#RRGGBB or #RRGGBBAA)
    color        varchar(32),
    -- calendar-timezone: a VCALENDAR holding one VTIMEZONE; floating times are read in it
    timezone     text,
    sort_order   integer,
    -- supported-calendar-component-set; empty for address books
    components   varchar(16)[] NOT NULL DEFAULT '{}',
    -- the collection's change counter: sync-token and getctag; every member write increments it
    sync_seq     bigint        NOT NULL DEFAULT 0,
    created_at   timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT dav_collections_slug_key UNIQUE (owner_id, kind, slug)
);

-- Dead properties a client PROPPATCHes onto a collection (Apple's and others' extensions we do not model).
CREATE TABLE dav_collection_properties (
    collection_id bigint        NOT NULL REFERENCES dav_collections (id) ON DELETE CASCADE,
    namespace     varchar(1024) NOT NULL,
    name          varchar(255)  NOT NULL,
    value         text          NOT NULL,
    PRIMARY KEY (collection_id, namespace, name)
);

-- One calendar object resource (.ics) or address object resource (.vcf): the bytes as the client sent them, and
-- the columns parsed out of them that queries filter on.
CREATE TABLE dav_objects (
    id             bigserial      PRIMARY KEY,
    collection_id  bigint         NOT NULL REFERENCES dav_collections (id) ON DELETE CASCADE,
    name           varchar(512)   NOT NULL CHECK (name <> '' AND strpos(name, '/') = 0),
    uid            varchar(1024)  NOT NULL,
    etag           varchar(64)    NOT NULL,
    content_type   varchar(128)   NOT NULL,
    data           bytea          NOT NULL,
    -- calendar objects: VEVENT, VTODO or VJOURNAL, and the span of the whole expanded series (NULL first_start:
    -- no dates; NULL last_end: unbounded), both widened for floating times so a time-range pre-filter is safe
    component      varchar(16),
    first_start    timestamptz,
    last_end       timestamptz,
    summary        text,
    -- address objects
    formatted_name text,
    search_text    text,
    emails         text[],
    card_kind      varchar(16),
    categories     text[],
    member_uids    text[],
    sync_seq       bigint         NOT NULL,
    created_at     timestamptz    NOT NULL DEFAULT now(),
    modified_at    timestamptz    NOT NULL DEFAULT now(),
    CONSTRAINT dav_objects_name_key UNIQUE (collection_id, name),
    -- RFC 4791 5.3.2.1 / RFC 6352 6.3.2.1: one resource per UID in a collection (no-uid-conflict)
    CONSTRAINT dav_objects_uid_key UNIQUE (collection_id, uid)
);
CREATE INDEX dav_objects_time_idx ON dav_objects (collection_id, first_start, last_end);
CREATE INDEX dav_objects_sync_idx ON dav_objects (collection_id, sync_seq);
CREATE INDEX dav_objects_search_idx ON dav_objects USING gin (lower(search_text) gin_trgm_ops);

-- What sync-collection (RFC 6578) reports as removed: a member deleted at a given change number. Recreating the
-- name drops its tombstone.
CREATE TABLE dav_tombstones (
    collection_id bigint       NOT NULL REFERENCES dav_collections (id) ON DELETE CASCADE,
    name          varchar(512) NOT NULL,
    sync_seq      bigint       NOT NULL,
    PRIMARY KEY (collection_id, name)
);
CREATE INDEX dav_tombstones_sync_idx ON dav_tombstones (collection_id, sync_seq);

-- Everyone who exists already gets what a new user gets: a calendar and an address book.
INSERT INTO dav_collections (owner_id, kind, slug, displayname, components)
SELECT id, 'calendar', 'personal', 'Personal', '{VEVENT,VTODO}' FROM users;
INSERT INTO dav_collections (owner_id, kind, slug, displayname)
SELECT id, 'addressbook', 'contacts', 'Contacts' FROM users;
