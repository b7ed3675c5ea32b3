CREATE TABLE "photos" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_size_check" CHECK ("photos"."size" = octet_length("photos"."bytes")),
	CONSTRAINT "photos_sha256_check" CHECK ("photos"."sha256" ~ '^[0-9a-f]{64}$')
);
