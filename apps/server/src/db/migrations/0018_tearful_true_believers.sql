DROP INDEX "shares_owner_idx";--> statement-breakpoint
CREATE INDEX "alarm_events_time_id_idx" ON "alarm_events" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "alarm_events_detected_id_idx" ON "alarm_events" USING btree ("detected_at","id");--> statement-breakpoint
CREATE INDEX "shares_owner_created_id_idx" ON "shares" USING btree ("owner_id","created_at","id");