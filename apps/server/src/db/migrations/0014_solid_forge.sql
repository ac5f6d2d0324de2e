CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_hundredths" integer,
	"amount" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent_hundredths" IS NULL) <> ("promo_codes"."amount" IS NULL)),
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses" >= 0 AND ("promo_codes"."max_uses" IS NULL OR "promo_codes"."uses" <= "promo_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "renewal_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer,
	"years" integer NOT NULL,
	"bonus_days" integer DEFAULT 0 NOT NULL,
	"uses_remaining" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "renewal_codes_uses" CHECK ("renewal_codes"."uses_remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"yaml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "shop_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"user_id" integer,
	"locale" text NOT NULL,
	"cart" jsonb NOT NULL,
	"priced" jsonb NOT NULL,
	"total" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"promo_code_id" integer,
	"payment_method" text NOT NULL,
	"payment_state" text NOT NULL,
	"payment_session_id" text,
	"paid_at" timestamp with time zone,
	"subscription_controller_id" integer,
	"subscription_ends_at" timestamp with time zone,
	"confirmation_sent" boolean DEFAULT false NOT NULL,
	"offer_sent" boolean DEFAULT false NOT NULL,
	"invoice_sent" boolean DEFAULT false NOT NULL,
	"controller_shipped" boolean DEFAULT false NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"advance_requested" boolean DEFAULT false NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"received_amount" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_comment" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "shop_payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_codes" ADD CONSTRAINT "renewal_codes_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_subscription_controller_id_controllers_id_fk" FOREIGN KEY ("subscription_controller_id") REFERENCES "public"."controllers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payment_events" ADD CONSTRAINT "shop_payment_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_order_events_order_idx" ON "shop_order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_state_idx" ON "shop_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id");