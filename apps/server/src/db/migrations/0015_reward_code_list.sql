-- A campaign's codes are listed and exported in code order (keyset on the code): one index walks them.
CREATE INDEX reward_codes_campaign_code ON reward_codes (tenant_id, campaign_id, code);
