CREATE TABLE "submission_members" (
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "submission_members_submission_id_user_id_pk" PRIMARY KEY("submission_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "submission_versions" DROP CONSTRAINT "submission_versions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "submissions" DROP CONSTRAINT "submissions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "submission_versions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_members" ADD CONSTRAINT "submission_members_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_members" ADD CONSTRAINT "submission_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_members_user_idx" ON "submission_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- the owners of existing submissions: the submitter, and for group work the group's members today (the best record there is)
INSERT INTO "submission_members" ("submission_id", "user_id")
  SELECT s."id", s."user_id" FROM "submissions" s WHERE s."user_id" IS NOT NULL
  UNION
  SELECT s."id", gm."user_id" FROM "submissions" s JOIN "group_members" gm ON gm."group_id" = s."group_id" WHERE s."owner" LIKE 'g:%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "submission_members" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
