-- points_ledger_append_only: created by migration 0007; the body below is 0007's.
--
-- Append-only: no entry is changed, nor removed except with its tenant.
CREATE OR REPLACE FUNCTION points_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'points_ledger is append-only';
END
$$;
CREATE OR REPLACE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only();
