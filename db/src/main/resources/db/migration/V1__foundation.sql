-- Foundation schema: users and authentication.
-- ltree and pg_trgm are trusted extensions, so the database owner can create them.
CREATE EXTENSION IF NOT EXISTS ltree;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
    id               uuid         PRIMARY KEY,
    username         varchar(64)  NOT NULL,
    display_name     varchar(255) NOT NULL,
    email            varchar(320),
    password_hash    varchar(255) NOT NULL,
    role             varchar(16)  NOT NULL CHECK (role IN ('admin', 'user')),
    enabled          boolean      NOT NULL DEFAULT true,
    -- NULL means no limit
    quota_bytes      bigint       CHECK (quota_bytes IS NULL OR quota_bytes >= 0),
    used_bytes       bigint       NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
    created_at       timestamptz  NOT NULL DEFAULT now(),
    updated_at       timestamptz  NOT NULL DEFAULT now(),
    version          bigint       NOT NULL DEFAULT 0,
    CONSTRAINT users_username_format CHECK (username ~ '^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$')
);
-- usernames are unique regardless of case; lookups go through lower(username)
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
-- type-ahead search over names (sharing dialogs, admin list)
CREATE INDEX users_names_trgm ON users USING gin ((lower(username || ' ' || display_name)) gin_trgm_ops);

-- A sign-in: one per login, rotated refresh tokens belong to it (the "family").
CREATE TABLE auth_sessions (
    id             uuid         PRIMARY KEY,
    user_id        uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind           varchar(16)  NOT NULL CHECK (kind IN ('token', 'cookie')),
    user_agent     varchar(512),
    client_address varchar(64),
    created_at     timestamptz  NOT NULL DEFAULT now(),
    last_seen_at   timestamptz  NOT NULL DEFAULT now(),
    expires_at     timestamptz  NOT NULL,
    revoked_at     timestamptz,
    revoke_reason  varchar(32)
);
CREATE INDEX auth_sessions_active_by_user ON auth_sessions (user_id) WHERE revoked_at IS NULL;

-- Refresh tokens are stored as SHA-256 digests: they are 256-bit random values, so a slow hash adds nothing.
CREATE TABLE refresh_tokens (
    token_hash  bytea        PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    session_id  uuid         NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    issued_at   timestamptz  NOT NULL DEFAULT now(),
    -- set when the token is exchanged; presenting it again afterwards is reuse
    rotated_at  timestamptz
);
CREATE UNIQUE INDEX refresh_tokens_one_current_per_session ON refresh_tokens (session_id) WHERE rotated_at IS NULL;

CREATE TABLE app_passwords (
    id            uuid         PRIMARY KEY,
    user_id       uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label         varchar(128) NOT NULL,
    secret_hash   bytea        NOT NULL UNIQUE CHECK (octet_length(secret_hash) = 32),
    created_at    timestamptz  NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    revoked_at    timestamptz
);
CREATE INDEX app_passwords_active_by_user ON app_passwords (user_id) WHERE revoked_at IS NULL;

-- Per-installation secrets (JWT signing key, CSRF key), generated on first start.
CREATE TABLE server_secrets (
    name        varchar(64)  PRIMARY KEY,
    secret      bytea        NOT NULL CHECK (octet_length(secret) >= 32),
    created_at  timestamptz  NOT NULL DEFAULT now()
);
