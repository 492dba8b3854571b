-- Sharing (issue 10), part 5: shared drives (team spaces).
--
-- A drive is an account that owns files but is nobody: a row of users with kind 'drive'. It has a root folder, a
-- quota and a trash like a person's, so the file tree, the quota, the trash and search apply to it unchanged. Its
-- members are grants on its root folder (table grants), so the one access check over the ltree path decides for
-- drives too. A drive can never sign in: the check below keeps it disabled, and every way of signing in requires an
-- enabled account; its password hash is no hash at all ('!'), which no password verifies against.
ALTER TABLE users ADD COLUMN kind varchar(8) NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'drive'));
ALTER TABLE users ADD CONSTRAINT users_drive_never_signs_in
    CHECK (kind = 'person' OR (NOT enabled AND role = 'user' AND password_hash = '!'));
-- a drive's name is its display name: unique among drives regardless of case (it is a folder name over WebDAV)
CREATE UNIQUE INDEX users_drive_name_unique ON users (lower(display_name)) WHERE kind = 'drive';
