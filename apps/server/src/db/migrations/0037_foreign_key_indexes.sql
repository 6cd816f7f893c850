-- every foreign key led by an index (constraints.test.ts): the presenter of a class presentation, an answer's course, a step's class time
CREATE INDEX "class_presentations_presenter_idx" ON "class_presentations" USING btree ("presented_by");--> statement-breakpoint
CREATE INDEX "interact_answers_course_idx" ON "interact_answers" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "interact_steps_class_time_idx" ON "interact_steps" USING btree ("class_time_id");