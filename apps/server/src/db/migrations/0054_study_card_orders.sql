ALTER TABLE "vip_products" DROP CONSTRAINT "vip_products_level_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "from_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_products" ADD COLUMN "from_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_from_type_check" CHECK ("orders"."from_type" in (0, 1));--> statement-breakpoint
ALTER TABLE "vip_products" ADD CONSTRAINT "vip_products_level_check" CHECK (("vip_products"."from_type" = 0 and "vip_products"."level" in (1, 2)) or ("vip_products"."from_type" = 1 and "vip_products"."level" = 0));--> statement-breakpoint
-- pre-career study cards on sale to students (decision 037: the spec gives no catalogue; an operator changes these)
INSERT INTO "vip_products" ("productname", "productname_en", "price", "months", "level", "sort", "from_type") VALUES
  ('职前学习卡（半年）', 'Pre-career study card, 6 months', 9900, 6, 0, 10, 1),
  ('职前学习卡（一年）', 'Pre-career study card, 1 year', 16800, 12, 0, 11, 1);
