CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "controllers_name_id_idx" ON "controllers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "controllers_created_at_id_idx" ON "controllers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "controllers_subscription_end_id_idx" ON "controllers" USING btree ("subscription_end","id");