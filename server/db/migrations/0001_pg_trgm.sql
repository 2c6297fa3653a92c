-- Trigram similarity for typo-tolerant product search (bundled with PGlite; contrib on PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
