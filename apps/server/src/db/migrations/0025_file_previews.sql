CREATE TABLE "file_previews" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"total_pages" integer DEFAULT 0 NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" varchar(16) DEFAULT '' NOT NULL,
	"reason" varchar(20) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_previews_state_check" CHECK ("file_previews"."state" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "file_previews" ADD CONSTRAINT "file_previews_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "file_previews" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
