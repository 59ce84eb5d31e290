-- A hot row's tenant is checked through its campaign (issue #13, decision 036 amended). The rows a
-- participation or a product redemption writes each had a foreign key to `tenants` besides their
-- keys to the campaign, the person and the rest, all of the same tenant. The tenant's key is
-- implied by the campaign's (a campaign's row carries its tenant, and `campaigns.tenant_id` is
-- itself a key to `tenants`), yet each insert checked it with a key-share lock on the tenant's one
-- row: the row every insert of every request of the tenant locks, so concurrent transactions
-- stack MultiXacts on it (a product redemption made 1.37 a request; bench/README.md, session 16).
-- Without these keys product redemption answered 1,787-1,803 requests a second against
-- 1,658-1,673 with them, at 0.54-0.55 ms of PostgreSQL CPU a request against 0.59-0.60
-- (bench/marketplace, alternated builds; bench/README.md, session 17).
--
-- The tenant's key was also how a tenant's deletion reached these rows (ON DELETE CASCADE). The
-- campaign's key now cascades instead, as the codes' does since 0039: deleting a tenant deletes
-- its campaigns, and they these rows (the ledger goes with its account). PostgreSQL runs the
-- checks of the rows' other keys (to the person, the product, the marketplace, the centre) after
-- the campaigns' cascades, so they find the rows gone. (Cascading through the person instead ran
-- the campaign's check first, and failed: bench/README.md, session 17.)
--
-- A campaign's own deletion must still refuse a campaign with data, as these keys did when they
-- did not cascade. `campaigns_keep_their_data` refuses it (23503, as the key did: CAMPAIGN_HAS_DATA)
-- while the tenant exists, that is unless the deletion is the tenant's. Orders need no look here:
-- an order's marketplace is of the order's campaign (the order's call checks it; a marketplace's
-- campaign never changes) and the marketplace's key to the campaign still refuses. deleteCampaign
-- locks the campaign (FOR UPDATE) first, and every insert of these rows waits for that lock
-- through its key-share lock on the campaign, so none is written between the look and the delete.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_tenant_id_fkey;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['participations', 'raffle_entries', 'points_accounts', 'orders'] LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_tenant_id_fkey');
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_tenant_id_campaign_id_fkey');
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (tenant_id, campaign_id) '
                   'REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE', t, t || '_tenant_id_campaign_id_fkey');
  END LOOP;
END
$$;

-- each look by an index that leads with (tenant_id, campaign_id)
CREATE FUNCTION campaigns_keep_their_data() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER campaigns_keep_their_data BEFORE DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION campaigns_keep_their_data();
