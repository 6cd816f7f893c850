-- The change feed (decision 010): every watched table announces, at commit, the courses and users a
-- written row belongs to, on the channel `paiclass_changed`, as tags `c<course id>` and `u<user id>`
-- separated by spaces. The in-process read cache drops what was read from them. Tables without
-- course_id reach their course through content_id or submission_id. A new table gets the trigger in
-- its own migration (a test checks every table but the unwatched ones in db/change-feed.ts).
CREATE OR REPLACE FUNCTION paiclass_row_tags(tbl text, r jsonb) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  course text := r->>'course_id';
  tags text := '';
BEGIN
  IF tbl = 'courses' THEN RETURN 'c' || (r->>'id'); END IF;
  IF tbl = 'users' THEN RETURN 'u' || (r->>'id'); END IF;
  IF course IS NULL AND r->>'content_id' IS NOT NULL THEN
    SELECT c.course_id::text INTO course FROM contents c WHERE c.id = (r->>'content_id')::int;
  END IF;
  IF course IS NULL AND r->>'submission_id' IS NOT NULL THEN
    SELECT c.course_id::text INTO course FROM submissions s JOIN contents c ON c.id = s.content_id
      WHERE s.id = (r->>'submission_id')::int;
  END IF;
  IF course IS NOT NULL THEN tags := 'c' || course; END IF;
  IF r->>'user_id' IS NOT NULL THEN tags := concat_ws(' ', nullif(tags, ''), 'u' || (r->>'user_id')); END IF;
  RETURN tags;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION paiclass_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text := '';
BEGIN
  IF TG_OP <> 'INSERT' THEN tags := paiclass_row_tags(TG_TABLE_NAME, to_jsonb(OLD)); END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := concat_ws(' ', nullif(tags, ''), nullif(paiclass_row_tags(TG_TABLE_NAME, to_jsonb(NEW)), ''));
  END IF;
  IF tags <> '' THEN PERFORM pg_notify('paiclass_changed', tags); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('jobs', 'outbox', 'sessions', 'verification_codes', 'password_resets', 'uploads', 'settings')
  LOOP
    EXECUTE format('CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change()', t);
  END LOOP;
END $$;
