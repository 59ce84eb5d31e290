-- issue_pickup_voucher: created by this file (issue #42); the loop is migration 0034's.
--
-- A pickup voucher for an order of a physical product: a reward code of the campaign, assigned
-- to the person and bound to the shop, the first of `p_candidates` not taken, each tried by its
-- insert (ON CONFLICT DO NOTHING probes the primary key: one insert, unless a generated code
-- clashes). All taken (with a few candidates from a space of millions: a generator gone wrong)
-- raises 'voucher_codes_taken', which rolls the order back. The one home of the voucher for both
-- ways of paying: `redeem_product_for_points` and the redeem-code path (place-order.ts).
CREATE OR REPLACE FUNCTION issue_pickup_voucher(
  p_tenant uuid,
  p_campaign uuid,
  p_participant uuid,
  p_centre uuid,
  p_now timestamptz,
  p_candidates text[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_candidate text;
  v_voucher text;
BEGIN
  FOREACH v_candidate IN ARRAY p_candidates LOOP
    INSERT INTO reward_codes (tenant_id, code, campaign_id, status, participant_id, assigned_at, centre_id)
    VALUES (p_tenant, v_candidate, p_campaign, 'assigned', p_participant, p_now, p_centre)
    ON CONFLICT DO NOTHING
    RETURNING code INTO v_voucher;
    IF v_voucher IS NOT NULL THEN
      RETURN v_voucher;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'voucher_codes_taken';
END
$$;
