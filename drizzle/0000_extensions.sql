-- pg_trgm serves the ILIKE searches of the admin screens through GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
