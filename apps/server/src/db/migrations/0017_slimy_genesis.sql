CREATE TABLE "renewal_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"controller_id" integer,
	"user_id" integer,
	"ends_before" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_code_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer,
	"renewal_code_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_code_events_one_code" CHECK (("shop_code_events"."promo_code_id" IS NULL) <> ("shop_code_events"."renewal_code_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_codes" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_codes" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_redemptions" ADD CONSTRAINT "renewal_redemptions_code_id_renewal_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."renewal_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_redemptions" ADD CONSTRAINT "renewal_redemptions_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_redemptions" ADD CONSTRAINT "renewal_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_code_events" ADD CONSTRAINT "shop_code_events_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_code_events" ADD CONSTRAINT "shop_code_events_renewal_code_id_renewal_codes_id_fk" FOREIGN KEY ("renewal_code_id") REFERENCES "public"."renewal_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_code_events" ADD CONSTRAINT "shop_code_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_redemptions_code_idx" ON "renewal_redemptions" USING btree ("code_id","id");--> statement-breakpoint
CREATE INDEX "shop_code_events_promo_idx" ON "shop_code_events" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "shop_code_events_renewal_idx" ON "shop_code_events" USING btree ("renewal_code_id");--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "renewal_codes_created_idx" ON "renewal_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "renewal_codes_order_idx" ON "renewal_codes" USING btree ("order_id");