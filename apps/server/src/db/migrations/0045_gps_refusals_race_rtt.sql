-- refused GPS check-ins per student and attendance (limit and probing flag, decision 013); a race press's bounded round trip and slowed-pong flag (decision 021). Both unwatched by the change feed (db/change-feed.ts)
CREATE TABLE "attendance_refusals" (
	"attendance_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_refusals_attendance_id_user_id_pk" PRIMARY KEY("attendance_id","user_id"),
	CONSTRAINT "attendance_refusals_count_check" CHECK ("attendance_refusals"."refusals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "race_entries" ADD COLUMN "rtt_ms" integer;--> statement-breakpoint
ALTER TABLE "race_entries" ADD COLUMN "pong_slowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_refusals" ADD CONSTRAINT "attendance_refusals_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_refusals" ADD CONSTRAINT "attendance_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_refusals_user_idx" ON "attendance_refusals" USING btree ("user_id");