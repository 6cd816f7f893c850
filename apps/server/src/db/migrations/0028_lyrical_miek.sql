CREATE TABLE "attendance_records" (
	"attendance_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"state" smallint NOT NULL,
	"record_status" smallint NOT NULL,
	"checkin_at" timestamp with time zone,
	"checkout_at" timestamp with time zone,
	"manual" boolean DEFAULT false NOT NULL,
	"unusual" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"address" varchar(45) DEFAULT '' NOT NULL,
	"device" varchar(100) DEFAULT '' NOT NULL,
	"clienttype" varchar(40) DEFAULT '' NOT NULL,
	"ticket_id" varchar(100),
	"request_key" varchar(64),
	"risk" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_attendance_id_user_id_pk" PRIMARY KEY("attendance_id","user_id"),
	CONSTRAINT "attendance_records_state_check" CHECK ("attendance_records"."state" between 0 and 7),
	CONSTRAINT "attendance_records_status_check" CHECK ("attendance_records"."record_status" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"created_by" integer,
	"type" smallint NOT NULL,
	"title" varchar(50) NOT NULL,
	"duration" integer NOT NULL,
	"next_at" timestamp with time zone,
	"code" varchar(8),
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"checkout_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "attendances_type_check" CHECK ("attendances"."type" between 0 and 4),
	CONSTRAINT "attendances_duration_check" CHECK ("attendances"."duration" between 1 and 1440),
	CONSTRAINT "attendances_gps_check" CHECK ("attendances"."type" <> 2 or ("attendances"."latitude" is not null and "attendances"."longitude" is not null and "attendances"."radius" > 0)),
	CONSTRAINT "attendances_code_check" CHECK ("attendances"."type" <> 1 or "attendances"."code" is not null)
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_records_user_idx" ON "attendance_records" USING btree ("user_id","checkin_at");--> statement-breakpoint
CREATE INDEX "attendance_records_course_idx" ON "attendance_records" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "attendance_records_device_idx" ON "attendance_records" USING btree ("attendance_id","device");--> statement-breakpoint
CREATE INDEX "attendance_records_ticket_idx" ON "attendance_records" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "attendances_course_idx" ON "attendances" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "attendances" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "attendance_records" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();