-- A reward code's tenant is checked through its campaign only (issue #13, decision 036). Each
-- code row had two foreign keys: (tenant_id) to tenants and (tenant_id, campaign_id) to campaigns.
-- The second implies the first (a campaign's tenant exists), yet each costs a row check with a
-- key-share lock per code: on this machine 4 s of a 1,000,000-code COPY (13.4 s with both keys,
-- 9.0 s with the campaign's alone, 5.4 s with none), and every pickup voucher a product
-- redemption writes took a key-share lock on its tenant's row.
--
-- The tenant's key was also how a tenant's deletion reached its codes (ON DELETE CASCADE). The
-- campaign's key now cascades instead: deleting a tenant deletes its campaigns, and they their
-- codes. A campaign with codes is still never deleted on its own: deleteCampaign refuses it
-- (CAMPAIGN_HAS_DATA) under the campaign's row lock (FOR UPDATE), which every code's insert
-- waits for through this key's key-share lock, so no code can appear between the check and the
-- delete.
ALTER TABLE reward_codes DROP CONSTRAINT reward_codes_tenant_id_fkey;
ALTER TABLE reward_codes DROP CONSTRAINT reward_codes_tenant_id_campaign_id_fkey;
ALTER TABLE reward_codes ADD CONSTRAINT reward_codes_tenant_id_campaign_id_fkey
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE;
