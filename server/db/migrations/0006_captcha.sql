CREATE TABLE "captcha_tokens_used" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_tokens_used_expires_idx" ON "captcha_tokens_used" USING btree ("expires_at");