-- Every editable record carries a version and a stale save is refused (issue #44, QUALITY.md).
-- A campaign's version grows by one on every write of its row (a change, activation, archive,
-- its form, its group), in the same UPDATE; a PATCH that sends the version it was made on is
-- refused (STALE_WRITE on `version`) when someone saved the campaign after it was read, and
-- writes nothing. Existing campaigns start at 1.
--
-- Unrelated to campaign_version() (db/functions), the participation's fingerprint of the row
-- and its rules: it hashes the whole row, so this column only joins what it hashes.

ALTER TABLE campaigns ADD COLUMN version integer NOT NULL DEFAULT 1;
