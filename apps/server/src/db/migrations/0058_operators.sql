CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"institution_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_platform_key" ON "operators" USING btree ("user_id") WHERE "operators"."institution_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_institution_key" ON "operators" USING btree ("user_id","institution_id") WHERE "operators"."institution_id" is not null;--> statement-breakpoint
CREATE INDEX "operators_user_idx" ON "operators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operators_institution_idx" ON "operators" USING btree ("institution_id");