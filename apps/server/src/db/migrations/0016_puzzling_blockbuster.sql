CREATE INDEX "shop_orders_created_idx" ON "shop_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_orders_total_idx" ON "shop_orders" USING btree ("total","id");