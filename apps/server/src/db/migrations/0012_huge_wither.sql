ALTER TABLE "shares" ADD COLUMN "public_on_map" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "token_sealed" text;