CREATE TABLE "parcel_lot" (
	"address_key" text PRIMARY KEY NOT NULL,
	"lot_sq_ft" integer,
	"source" text,
	"provider" text NOT NULL,
	"looked_up_at" timestamp with time zone NOT NULL
);
