ALTER TABLE "interact_steps" ADD COLUMN "slide_content_id" integer;--> statement-breakpoint
ALTER TABLE "interact_steps" ADD COLUMN "slide_page" integer;--> statement-breakpoint
ALTER TABLE "interact_steps" ADD CONSTRAINT "interact_steps_slide_content_id_contents_id_fk" FOREIGN KEY ("slide_content_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interact_steps_slide_idx" ON "interact_steps" USING btree ("slide_content_id","slide_page");--> statement-breakpoint
ALTER TABLE "interact_steps" ADD CONSTRAINT "interact_steps_slide_check" CHECK ("interact_steps"."slide_content_id" is null or "interact_steps"."slide_page" >= 1);