-- Server settings an admin changes at runtime (issue 8): one row per key overrides the NUBO_* environment value (or
-- the built-in default) from the next request on; deleting the row resets it. Keys, types and bounds belong to the
-- application (dev.nubo.settings), which validates every value before it is written and ignores unknown keys.
CREATE TABLE server_settings (
    key         varchar(64)   PRIMARY KEY,
    value       varchar(255)  NOT NULL,
    updated_at  timestamptz   NOT NULL DEFAULT now(),
    -- the admin who set it; kept when that account is deleted, as "unknown"
    updated_by  uuid          REFERENCES users (id) ON DELETE SET NULL
);
