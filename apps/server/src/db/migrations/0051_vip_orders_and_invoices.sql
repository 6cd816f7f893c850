CREATE TABLE "invoice_orders" (
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"invoicetype" smallint NOT NULL,
	"item" smallint DEFAULT 0 NOT NULL,
	"title" varchar(100) NOT NULL,
	"invoiceno" varchar(30) DEFAULT '' NOT NULL,
	"bankname" varchar(100) DEFAULT '' NOT NULL,
	"bankaccount" varchar(40) DEFAULT '' NOT NULL,
	"registeraddress" varchar(200) DEFAULT '' NOT NULL,
	"registertel" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"telphone" varchar(30) DEFAULT '' NOT NULL,
	"recipients" varchar(50) DEFAULT '' NOT NULL,
	"deliveryaddress" varchar(200) DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in (0, 1)),
	CONSTRAINT "invoices_invoicetype_check" CHECK ("invoices"."invoicetype" in (0, 1)),
	CONSTRAINT "invoices_item_check" CHECK ("invoices"."item" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"orderno" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"productname" varchar(50) NOT NULL,
	"productname_en" varchar(50) NOT NULL,
	"level" smallint NOT NULL,
	"months" smallint NOT NULL,
	"total_fee" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"provider" varchar(16) NOT NULL,
	"trade_no" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"vip_begin" timestamp with time zone,
	"vip_end" timestamp with time zone,
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" between 0 and 4),
	CONSTRAINT "orders_total_fee_check" CHECK ("orders"."total_fee" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"orderno" varchar(32) NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"outcome" varchar(24) NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"productname" varchar(50) NOT NULL,
	"productname_en" varchar(50) NOT NULL,
	"price" integer NOT NULL,
	"months" smallint NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vip_products_price_check" CHECK ("vip_products"."price" > 0),
	CONSTRAINT "vip_products_months_check" CHECK ("vip_products"."months" between 1 and 120),
	CONSTRAINT "vip_products_level_check" CHECK ("vip_products"."level" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_vip_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."vip_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_orders_order_key" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_orders_invoice_idx" ON "invoice_orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_orderno_key" ON "orders" USING btree ("orderno");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_orderno_idx" ON "payment_notifications" USING btree ("orderno");--> statement-breakpoint
INSERT INTO "vip_products" ("productname", "productname_en", "price", "months", "level", "sort") VALUES
  ('会员月卡', 'VIP, 1 month', 290, 1, 1, 1),
  ('会员季卡', 'VIP, 3 months', 790, 3, 1, 2),
  ('会员年卡', 'VIP, 12 months', 2400, 12, 1, 3),
  ('超级会员年卡', 'Super VIP, 12 months', 4800, 12, 2, 4);
