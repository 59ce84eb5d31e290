-- Reports walk redemptions by (redeemed_at, id) after a cursor: an index in that exact order keeps
-- each batch a range scan, also when many redemptions share a timestamp (bulk loads).
CREATE INDEX redemptions_keyset ON redemptions (tenant_id, redeemed_at, id);
DROP INDEX redemptions_time;
