-- Issue 11 §14: the schema keeps its own guarantees: foreign keys on the four id columns that had
-- none, an index on every foreign-key column, and CHECK constraints for the spec's enumerations and
-- ranges. It runs on a populated database: rows the new foreign keys would refuse are put right
-- first (values the code writes already pass the checks).
-- a folder that is gone: its items move to the catalogue's top level, where the teacher sees them
UPDATE "contents" SET "folder_id" = NULL
  WHERE "folder_id" IS NOT NULL
    AND ("folder_id" = "id" OR NOT EXISTS (SELECT 1 FROM "contents" "f" WHERE "f"."id" = "contents"."folder_id"));--> statement-breakpoint
-- replies to a comment that is gone would have gone with it
DELETE FROM "comments"
  WHERE "parent_id" IS NOT NULL
    AND ("parent_id" = "id" OR NOT EXISTS (SELECT 1 FROM "comments" "p" WHERE "p"."id" = "comments"."parent_id"));--> statement-breakpoint
-- a converted PDF that is gone: the document is converted again when next needed
UPDATE "files" SET "pdf_file_id" = NULL, "pdf_state" = CASE WHEN "pdf_state" = 2 THEN 0 ELSE "pdf_state" END
  WHERE "pdf_file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" "p" WHERE "p"."id" = "files"."pdf_file_id");--> statement-breakpoint
-- a class that is gone, or belongs to another course: the student is in no class
UPDATE "course_members" SET "class_id" = NULL
  WHERE "class_id" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "course_classes" "cc" WHERE "cc"."id" = "course_members"."class_id" AND "cc"."course_id" = "course_members"."course_id"
  );--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_class_id_course_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."course_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_folder_id_contents_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_times_started_by_idx" ON "class_times" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "course_members_class_idx" ON "course_members" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "enrollments_user_idx" ON "enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_sets_course_idx" ON "group_sets" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "groups_set_idx" ON "groups" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "groups_leader_idx" ON "groups" USING btree ("leader_id");--> statement-breakpoint
CREATE INDEX "groups_created_by_idx" ON "groups" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_pdf_idx" ON "files" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "content_files_file_idx" ON "content_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "contents_author_idx" ON "contents" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "contents_directory_idx" ON "contents" USING btree ("directory_id");--> statement-breakpoint
CREATE INDEX "todo_marks_content_idx" ON "todo_marks" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "dup_pairs_a_idx" ON "dup_pairs" USING btree ("a");--> statement-breakpoint
CREATE INDEX "dup_pairs_b_idx" ON "dup_pairs" USING btree ("b");--> statement-breakpoint
CREATE INDEX "dup_views_content_idx" ON "dup_views" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "homework_calls_user_idx" ON "homework_calls" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "homeworks_group_set_idx" ON "homeworks" USING btree ("group_set_id");--> statement-breakpoint
CREATE INDEX "peer_reviews_reviewer_id_idx" ON "peer_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "submission_texts_content_idx" ON "submission_texts" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "submission_versions_user_idx" ON "submission_versions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_group_idx" ON "submissions" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_usertype_check" CHECK ("users"."usertype" in (0, 1));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_isvip_check" CHECK ("users"."isvip" between 0 and 4);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lang_check" CHECK ("users"."lang" in ('zh', 'en'));--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_role_check" CHECK ("course_members"."role" in ('owner', 'assistant', 'student'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_term_check" CHECK ("courses"."term" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teachtype_check" CHECK ("courses"."teachtype" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_studytime_check" CHECK ("courses"."studytime" = -1 or "courses"."studytime" > 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_flags_check" CHECK ("courses"."stopcode" in (0, 1) and "courses"."classending" in (0, 1) and "courses"."canvisit" in (0, 1));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_template_check" CHECK ("courses"."template" between 1 and 6);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_enroll_check" CHECK ("courses"."enrollstate" in ('0', '1') and "courses"."auditstate" in ('0', '1'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_maxcount_check" CHECK ("courses"."maxcount" >= 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_member_notify_day_check" CHECK ("courses"."member_notify_day" between 0 and 6);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_state_check" CHECK ("enrollments"."state" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "group_sets" ADD CONSTRAINT "group_sets_type_check" CHECK ("group_sets"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "group_sets" ADD CONSTRAINT "group_sets_caps_check" CHECK ("group_sets"."membercap" >= 0 and "group_sets"."groupcap" >= 0);--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_kind_check" CHECK ("member_events"."kind" in ('join', 'leave'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_pdf_state_check" CHECK ("files"."pdf_state" between 0 and 3);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0);--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_chunks_check" CHECK ("uploads"."chunks" >= 1 and "uploads"."size" >= 0);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_check" CHECK ("comments"."parent_id" <> "comments"."id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_likes_check" CHECK ("comments"."likes" >= 0);--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_contenttype_check" CHECK ("contents"."contenttype" >= 1);--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_item_type_check" CHECK ("contents"."item_type" in (1, 2));--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_publish_state_check" CHECK ("contents"."publish_state" between 0 and 3);--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_folder_check" CHECK ("contents"."folder_id" <> "contents"."id");--> statement-breakpoint
ALTER TABLE "todo_marks" ADD CONSTRAINT "todo_marks_check" CHECK ("todo_marks"."msgtype" in (1, 2) and "todo_marks"."action" in (1, 2));--> statement-breakpoint
ALTER TABLE "dup_pairs" ADD CONSTRAINT "dup_pairs_percent_check" CHECK ("dup_pairs"."a_in_b" between 0 and 100 and "dup_pairs"."b_in_a" between 0 and 100);--> statement-breakpoint
ALTER TABLE "dup_views" ADD CONSTRAINT "dup_views_used_check" CHECK ("dup_views"."used" >= 0);--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_type_check" CHECK ("homeworks"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_full_score_check" CHECK ("homeworks"."full_score" between 1 and 100);--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_dup_ceiling_check" CHECK ("homeworks"."dup_ceiling" between 0 and 100);--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_reviewers_check" CHECK ("homeworks"."reviewers" >= 1);--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_min_comment_check" CHECK ("homeworks"."min_comment" >= 0);--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_score_mode_check" CHECK ("homeworks"."score_mode" in (1, 2));--> statement-breakpoint
ALTER TABLE "peer_reviews" ADD CONSTRAINT "peer_reviews_score_check" CHECK ("peer_reviews"."score" between 0 and 100);--> statement-breakpoint
ALTER TABLE "score_weights" ADD CONSTRAINT "score_weights_weight_check" CHECK ("score_weights"."weight" between 0 and 100);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_owner_check" CHECK ("submissions"."owner" ~ '^[ug]:[0-9]+$');--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_shared_check" CHECK ("submissions"."shared" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_score_check" CHECK ("submissions"."score" between 0 and 100);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_version_check" CHECK ("submissions"."version" >= 1);--> statement-breakpoint
ALTER TABLE "attest_claims" ADD CONSTRAINT "attest_claims_check" CHECK ("attest_claims"."usertype" in (0, 1) and "attest_claims"."state" in (0, 1, 2));