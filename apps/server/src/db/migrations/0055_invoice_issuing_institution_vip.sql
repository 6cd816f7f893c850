CREATE TABLE "institution_vip_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"begins_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_vip_grants_level_check" CHECK ("institution_vip_grants"."level" in (3, 4)),
	CONSTRAINT "institution_vip_grants_period_check" CHECK ("institution_vip_grants"."ends_at" >= "institution_vip_grants"."begins_at")
);
--> statement-breakpoint
DROP INDEX "invoice_orders_order_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inst_vip" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inst_vip_begin" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inst_vip_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD COLUMN "released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_key" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "institution_vip_grants" ADD CONSTRAINT "institution_vip_grants_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_vip_grants" ADD CONSTRAINT "institution_vip_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_vip_grants_key" ON "institution_vip_grants" USING btree ("institution_id","user_id");--> statement-breakpoint
CREATE INDEX "institution_vip_grants_user_idx" ON "institution_vip_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_state_idx" ON "invoices" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number") WHERE "invoices"."number" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_orders_order_key" ON "invoice_orders" USING btree ("order_id") WHERE "invoice_orders"."released" = false;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_inst_vip_check" CHECK ("users"."inst_vip" in (0, 3, 4));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_state_check" CHECK ("invoices"."state" in (0, 1, 2));