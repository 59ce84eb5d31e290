-- credit_participation_points: created by migration 0032; the body below is 0032's.
--
-- A participation's credit of `p_points` (> 0) to the person's account in the campaign, as a
-- 'purchase' entry expiring at `p_expire` (null: never), under the participation's Idempotency-Key
-- (`participation:<key>`, the ledger's unique index is the last word on a retry). The account is
-- created with the credit or moved by it in one statement, whose row lock orders one person's
-- concurrent postings; the entry carries the balance that statement returned. With no points
-- (`p_points` 0) nothing is written. Answers the person's balance afterwards (0 without an account).
-- As `postEntry` in ledger.repository.ts does for a credit, in one statement fewer.
CREATE OR REPLACE FUNCTION credit_participation_points(p_tenant uuid, p_campaign uuid, p_participant uuid,
                                            p_points integer, p_expire timestamptz, p_key text,
                                            p_now timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF p_points <= 0 THEN
    SELECT a.balance INTO v_balance FROM points_accounts a
     WHERE a.tenant_id = p_tenant AND a.campaign_id = p_campaign AND a.participant_id = p_participant;
    RETURN coalesce(v_balance, 0);
  END IF;
  INSERT INTO points_accounts AS a (tenant_id, campaign_id, participant_id, balance, updated_at)
  VALUES (p_tenant, p_campaign, p_participant, p_points, p_now)
  ON CONFLICT (tenant_id, campaign_id, participant_id)
    DO UPDATE SET balance = a.balance + excluded.balance, updated_at = excluded.updated_at
  RETURNING a.balance INTO v_balance;
  INSERT INTO points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, expires_at,
                             idempotency_key, created_at)
  VALUES (p_tenant, p_campaign, p_participant, 'purchase', p_points, v_balance, p_expire,
          'participation:' || p_key, p_now);
  RETURN v_balance;
END
$$;
