-- campaigns_keep_their_data: created by migration 0042; the body below is 0042's.
--
-- A campaign with participations, raffle entries or points accounts is not deleted (SQLSTATE 23503
-- on campaigns); its tenant's deletion still takes it with them. Each look is by an index that
-- leads with (tenant_id, campaign_id).
CREATE OR REPLACE FUNCTION campaigns_keep_their_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) AND (
       EXISTS (SELECT 1 FROM participations WHERE tenant_id = OLD.tenant_id AND campaign_id = OLD.id)
    OR EXISTS (SELECT 1 FROM raffle_entries WHERE tenant_id = OLD.tenant_id AND campaign_id = OLD.id)
    OR EXISTS (SELECT 1 FROM points_accounts WHERE tenant_id = OLD.tenant_id AND campaign_id = OLD.id)) THEN
    RAISE EXCEPTION 'campaign % has participations, entries or points', OLD.id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'campaigns';
  END IF;
  RETURN OLD;
END
$$;
CREATE OR REPLACE TRIGGER campaigns_keep_their_data BEFORE DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION campaigns_keep_their_data();
