-- iso_instant: created by migration 0037; the body below is 0037's.
--
-- An instant as the API writes it: ISO 8601 in UTC with milliseconds (Date.toISOString), or null.
CREATE OR REPLACE FUNCTION iso_instant(p_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
