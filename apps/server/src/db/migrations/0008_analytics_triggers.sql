-- The analytics rollups (analytics_rollup, domains/metrics/rollups.ts) are recomputed a UTC day at a time.
-- These statement-level triggers only say which days changed: one analytics_dirty row per (owner, UTC day)
-- a statement touched, from its transition tables (COPY fires them too). What makes a day dirty:
--   persons: created_at day (status, country, pipeline, owner or created_at changed); a person whose
--     country, pipeline or owner changed also dirties the days of its reports, their credit movements and
--     its review decisions; a deleted person the days of its review decisions;
--   reports: created_at and completed_at days; one that is (or was) a finished PENDING_MANUAL_REVIEW also
--     the days of its person's review decisions (the wait); a type or person change the days of its credits;
--   audit_event: 'profile.review' decisions, their day; credit_ledger: debits and refunds of a report, their day.
CREATE FUNCTION analytics_dirty_profile_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_profile_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, day FROM (
    SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM old_rows
    UNION ALL
    SELECT a.owner_id, (a.at AT TIME ZONE 'UTC')::date FROM old_rows o
    JOIN audit_event a ON a.entity_type = 'profile' AND a.entity_id = o.id::text AND a.action = 'profile.review'
    WHERE a.owner_id IS NOT NULL
  ) t(owner_id, day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_profile_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id, n.owner_id AS new_owner, o.owner_id AS old_owner, n.created_at AS new_at, o.created_at AS old_at,
           (o.country IS DISTINCT FROM n.country OR o.pipeline_id IS DISTINCT FROM n.pipeline_id OR o.owner_id IS DISTINCT FROM n.owner_id) AS moved
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status OR o.country IS DISTINCT FROM n.country OR o.pipeline_id IS DISTINCT FROM n.pipeline_id
       OR o.owner_id IS DISTINCT FROM n.owner_id OR o.created_at IS DISTINCT FROM n.created_at
  ),
  moved AS (SELECT id FROM changed WHERE moved)
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, day FROM (
    SELECT old_owner, (old_at AT TIME ZONE 'UTC')::date FROM changed
    UNION ALL SELECT new_owner, (new_at AT TIME ZONE 'UTC')::date FROM changed
    UNION ALL SELECT r.owner_id, (r.created_at AT TIME ZONE 'UTC')::date FROM moved m JOIN report r ON r.profile_id = m.id
    UNION ALL SELECT r.owner_id, (r.completed_at AT TIME ZONE 'UTC')::date FROM moved m JOIN report r ON r.profile_id = m.id WHERE r.completed_at IS NOT NULL
    UNION ALL SELECT l.owner_id, (l.created_at AT TIME ZONE 'UTC')::date FROM moved m JOIN report r ON r.profile_id = m.id JOIN credit_ledger l ON l.report_id = r.id
    UNION ALL SELECT a.owner_id, (a.at AT TIME ZONE 'UTC')::date FROM moved m
      JOIN audit_event a ON a.entity_type = 'profile' AND a.entity_id = m.id::text AND a.action = 'profile.review' WHERE a.owner_id IS NOT NULL
  ) t(owner_id, day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_report_insert_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One function for both: the transition table is called rows_ in both triggers.
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, day FROM (
    SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM rows_
    UNION ALL SELECT owner_id, (completed_at AT TIME ZONE 'UTC')::date FROM rows_ WHERE completed_at IS NOT NULL
    UNION ALL SELECT a.owner_id, (a.at AT TIME ZONE 'UTC')::date
      FROM (SELECT DISTINCT profile_id FROM rows_ WHERE status = 'PENDING_MANUAL_REVIEW' AND completed_at IS NOT NULL) x
      JOIN audit_event a ON a.entity_type = 'profile' AND a.entity_id = x.profile_id::text AND a.action = 'profile.review' WHERE a.owner_id IS NOT NULL
    UNION ALL SELECT l.owner_id, (l.created_at AT TIME ZONE 'UTC')::date FROM rows_ r JOIN credit_ledger l ON l.report_id = r.id
  ) t(owner_id, day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_report_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o AS was, n AS cur FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status OR o.type IS DISTINCT FROM n.type OR o.created_at IS DISTINCT FROM n.created_at
       OR o.completed_at IS DISTINCT FROM n.completed_at OR o.profile_id IS DISTINCT FROM n.profile_id OR o.owner_id IS DISTINCT FROM n.owner_id
  ),
  sides AS (SELECT (was).* FROM changed UNION ALL SELECT (cur).* FROM changed),
  retyped AS (SELECT (cur).id FROM changed WHERE (was).type IS DISTINCT FROM (cur).type OR (was).profile_id IS DISTINCT FROM (cur).profile_id)
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, day FROM (
    SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM sides
    UNION ALL SELECT owner_id, (completed_at AT TIME ZONE 'UTC')::date FROM sides WHERE completed_at IS NOT NULL
    UNION ALL SELECT a.owner_id, (a.at AT TIME ZONE 'UTC')::date
      FROM (SELECT DISTINCT profile_id FROM sides WHERE status = 'PENDING_MANUAL_REVIEW' AND completed_at IS NOT NULL) x
      JOIN audit_event a ON a.entity_type = 'profile' AND a.entity_id = x.profile_id::text AND a.action = 'profile.review' WHERE a.owner_id IS NOT NULL
    UNION ALL SELECT l.owner_id, (l.created_at AT TIME ZONE 'UTC')::date FROM retyped x JOIN credit_ledger l ON l.report_id = x.id
  ) t(owner_id, day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, (at AT TIME ZONE 'UTC')::date FROM rows_
  WHERE action = 'profile.review' AND entity_type = 'profile' AND owner_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_audit_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, (at AT TIME ZONE 'UTC')::date FROM (SELECT owner_id, at, action, entity_type FROM old_rows UNION ALL SELECT owner_id, at, action, entity_type FROM new_rows) t
  WHERE action = 'profile.review' AND entity_type = 'profile' AND owner_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM rows_ WHERE kind IN ('debit', 'refund') AND report_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_dirty_ledger_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (owner_id, day)
  SELECT DISTINCT owner_id, day FROM (
    SELECT o.owner_id, (o.created_at AT TIME ZONE 'UTC')::date FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.kind IN ('debit', 'refund') AND o.report_id IS NOT NULL AND (o.kind, o.amount, o.report_id, o.created_at, o.owner_id) IS DISTINCT FROM (n.kind, n.amount, n.report_id, n.created_at, n.owner_id)
    UNION ALL
    SELECT n.owner_id, (n.created_at AT TIME ZONE 'UTC')::date FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.kind IN ('debit', 'refund') AND n.report_id IS NOT NULL AND (o.kind, o.amount, o.report_id, o.created_at, o.owner_id) IS DISTINCT FROM (n.kind, n.amount, n.report_id, n.created_at, n.owner_id)
  ) t(owner_id, day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_profile_insert AFTER INSERT ON profile
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_profile_insert();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_profile_update AFTER UPDATE ON profile
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_profile_update();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_profile_delete AFTER DELETE ON profile
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_profile_delete();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_report_insert AFTER INSERT ON report
  REFERENCING NEW TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_report_insert_delete();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_report_update AFTER UPDATE ON report
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_report_update();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_report_delete AFTER DELETE ON report
  REFERENCING OLD TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_report_insert_delete();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_audit_insert AFTER INSERT ON audit_event
  REFERENCING NEW TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_audit();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_audit_update AFTER UPDATE ON audit_event
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_audit_update();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_audit_delete AFTER DELETE ON audit_event
  REFERENCING OLD TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_audit();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_ledger_insert AFTER INSERT ON credit_ledger
  REFERENCING NEW TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_ledger();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_ledger_update AFTER UPDATE ON credit_ledger
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_ledger_update();
--> statement-breakpoint
CREATE TRIGGER analytics_dirty_ledger_delete AFTER DELETE ON credit_ledger
  REFERENCING OLD TABLE AS rows_ FOR EACH STATEMENT EXECUTE FUNCTION analytics_dirty_ledger();
--> statement-breakpoint
-- Backfill: every day that has data is dirty; the compaction computes its rollups (reads meanwhile fall
-- back to the source tables for those days, so the answers stay exact while it catches up).
INSERT INTO analytics_dirty (owner_id, day)
SELECT DISTINCT owner_id, day FROM (
  SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM profile
  UNION SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM report
  UNION SELECT owner_id, (completed_at AT TIME ZONE 'UTC')::date FROM report WHERE completed_at IS NOT NULL
  UNION SELECT owner_id, (at AT TIME ZONE 'UTC')::date FROM audit_event WHERE action = 'profile.review' AND entity_type = 'profile' AND owner_id IS NOT NULL
  UNION SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date FROM credit_ledger WHERE kind IN ('debit', 'refund') AND report_id IS NOT NULL
) t(owner_id, day);
