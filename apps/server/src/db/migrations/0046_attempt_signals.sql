-- what the server sees during a test (issue 24, decision 017): the page's last heartbeat and the signals flagged for the teacher (a gap in heartbeats, a late screen-switch report)
ALTER TABLE "test_attempts" ADD COLUMN "last_beat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "signals" jsonb DEFAULT '[]'::jsonb NOT NULL;