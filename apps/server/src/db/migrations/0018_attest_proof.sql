CREATE TABLE "attest_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"usertype" smallint NOT NULL,
	"realname" varchar(30) NOT NULL,
	"realstno" varchar(20) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "institution_people" ADD COLUMN "mobile" varchar(20);--> statement-breakpoint
ALTER TABLE "institution_people" ADD COLUMN "email" varchar(100);--> statement-breakpoint
ALTER TABLE "institution_people" ADD COLUMN "activation_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "attest_claims" ADD CONSTRAINT "attest_claims_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attest_claims" ADD CONSTRAINT "attest_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attest_claims_pending_key" ON "attest_claims" USING btree ("institution_id","user_id") WHERE "attest_claims"."state" = 0;--> statement-breakpoint
CREATE INDEX "attest_claims_user_idx" ON "attest_claims" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "attest_claims" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
