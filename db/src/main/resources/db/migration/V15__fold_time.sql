-- fold_tree_changes took its time before the statement that reads the pending changes: a change committed in
-- between was folded with a time older than its own, leaving a folder older than what it holds. The time is now read
-- inside that statement, after its snapshot.
CREATE OR REPLACE FUNCTION fold_tree_changes(p_owner uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    folded integer;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_owner::text, 27));
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
    ), s AS MATERIALIZED (
        -- one time for every folder of the fold, read while this statement runs: after its snapshot, so after the
        -- commit (and the clock) of every change it folds
        SELECT clock_timestamp() AS t
    )
    UPDATE nodes n SET size = n.size + a.d, etag = md5(random()::text || n.id::text), modified_at = s.t
      FROM a, s WHERE n.id = a.id AND n.kind = 'd';
    GET DIAGNOSTICS folded = ROW_COUNT;
    RETURN folded;
END $$;
