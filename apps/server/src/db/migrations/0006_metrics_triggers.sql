-- Persons per owner and status, kept by statement-level triggers on profile (one delta row per owner and
-- status a statement changed, from its transition tables; COPY fires them too). See domains/metrics/summaries.ts.
CREATE FUNCTION profile_status_delta_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_status_delta (owner_id, status, n)
  SELECT owner_id, status, count(*) FROM new_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_status_delta_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_status_delta (owner_id, status, n)
  SELECT owner_id, status, sum(n) FROM (
    SELECT n.owner_id, n.status, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status OR o.owner_id IS DISTINCT FROM n.owner_id
    UNION ALL
    SELECT o.owner_id, o.status, -1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status OR o.owner_id IS DISTINCT FROM n.owner_id
  ) changed GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_status_delta_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_status_delta (owner_id, status, n)
  SELECT owner_id, status, -count(*) FROM old_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profile_status_count_insert AFTER INSERT ON profile
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_status_delta_insert();
--> statement-breakpoint
CREATE TRIGGER profile_status_count_update AFTER UPDATE ON profile
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_status_delta_update();
--> statement-breakpoint
CREATE TRIGGER profile_status_count_delete AFTER DELETE ON profile
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_status_delta_delete();
--> statement-breakpoint
-- Persons that existed before the triggers.
INSERT INTO owner_status_count (owner_id, status, n) SELECT owner_id, status, count(*) FROM profile GROUP BY 1, 2;
