ALTER TABLE "courses" ADD COLUMN "modules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "describes" text DEFAULT '' NOT NULL;