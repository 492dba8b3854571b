-- Sharing (issue 10): a counter that moves on with every change to who may see what. The access check caches a
-- grantee's level on a folder (one decision for a burst of requests inside it) stamped with this counter; it reads
-- the counter in the same statement as the node it checks, so an entry computed before a grant or membership
-- change is never used after that change commits. Triggers keep it honest whatever writes the rows: the sharing
-- service, cascades from deleted users, groups or nodes, or a future writer.
CREATE TABLE access_epoch (
    one  boolean  PRIMARY KEY DEFAULT true CHECK (one),
    n    bigint   NOT NULL
);
INSERT INTO access_epoch (one, n) VALUES (true, 0);

CREATE FUNCTION access_epoch_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE access_epoch SET n = n + 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER grants_advance_access_epoch
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON grants
    FOR EACH STATEMENT EXECUTE FUNCTION access_epoch_advance();

CREATE TRIGGER group_members_advance_access_epoch
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
    FOR EACH STATEMENT EXECUTE FUNCTION access_epoch_advance();

-- The access check asks whether any grant sits on exactly one node, and deleting a node cascades into grants by
-- node_id: both want an index on node_id alone (the two unique indexes are partial).
CREATE INDEX grants_on_node ON grants (node_id);
