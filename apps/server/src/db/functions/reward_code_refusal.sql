-- reward_code_refusal: created by this file.
--
-- The rule "can this reward code be redeemed now, at this centre", in one place: null when it
-- can, else why not, as the redemption names it: 'revoked', 'redeemed', 'not_active' (its campaign
-- is archived), 'outside_window' (before `redeem_from`, or from `redeem_until` on) or
-- 'centre_not_allowed' (centre_may_redeem: the code's own shop, else one of the campaign's centres).
-- The reasons are tried in that order, so a code has one reason wherever it is asked.
-- The redemption's conditional UPDATE (redeem_reward_code), the explanation of a refusal
-- (redeem_reward_code_refusal) and the counter's look-up (reward_code_at_counter) all ask it, so
-- the three agree by construction.
--
-- `ca` is the code's campaign, read by the caller: the redemption reads it as a subquery of the
-- code's row, so that its plan starts from the code's primary key (decision 033), and the other
-- two have it at hand. `p_centre`: the operator's centre; a null centre may redeem nothing.
CREATE OR REPLACE FUNCTION reward_code_refusal(rc reward_codes, ca campaigns, p_centre uuid, p_now timestamptz)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- the status CHECK allows available, assigned, redeemed and revoked: the first two may be redeemed
  IF rc.status = 'revoked' THEN
    RETURN 'revoked';
  ELSIF rc.status = 'redeemed' THEN
    RETURN 'redeemed';
  ELSIF ca.archived IS NOT FALSE THEN
    RETURN 'not_active';
  -- a bound that is null is no bound: its comparison is null, and null OR false is not true
  ELSIF p_now < ca.redeem_from OR p_now >= ca.redeem_until THEN
    RETURN 'outside_window';
  ELSIF centre_may_redeem(rc.tenant_id, rc.campaign_id, rc.centre_id, p_centre) IS NOT TRUE THEN
    RETURN 'centre_not_allowed';
  END IF;
  RETURN NULL;
END
$$;
