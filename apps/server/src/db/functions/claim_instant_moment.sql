-- claim_instant_moment: created by migration 0026; the body below is 0026's.
--
-- An instant-award participation's try, as its outcome: the earliest open winning moment (its time
-- passed, not yet taken) whose prize has stock, claimed with the prize's count (SKIP LOCKED: two
-- participations never take one moment; `awarded < stock` holds in the same statement), unless
-- `p_one_per_identity` and the person already won in the campaign. The outcome names the prize,
-- its value, department and the centre where it is claimed.
CREATE OR REPLACE FUNCTION claim_instant_moment(p_tenant uuid, p_campaign uuid, p_participant uuid, p_participation uuid,
                                     p_now timestamptz, p_one_per_identity boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prize uuid;
  v_outcome jsonb;
BEGIN
  WITH m AS (
    SELECT mo.tenant_id, mo.id, mo.prize_id FROM instant_award_moments mo
    JOIN instant_award_prizes pr ON pr.tenant_id = mo.tenant_id AND pr.id = mo.prize_id
    WHERE mo.tenant_id = p_tenant AND mo.campaign_id = p_campaign
      AND mo.at <= p_now AND mo.participation_id IS NULL AND pr.awarded < pr.stock
      AND NOT (p_one_per_identity AND EXISTS (
        SELECT 1 FROM instant_award_moments w WHERE w.tenant_id = p_tenant
          AND w.campaign_id = p_campaign AND w.participant_id = p_participant))
    ORDER BY mo.at, mo.id LIMIT 1
    FOR UPDATE OF mo SKIP LOCKED
  ), pr AS (
    UPDATE instant_award_prizes SET awarded = awarded + 1
    WHERE (tenant_id, id) = (SELECT tenant_id, prize_id FROM m) AND awarded < stock
    RETURNING id
  )
  UPDATE instant_award_moments mo
     SET participation_id = p_participation, participant_id = p_participant, awarded_at = p_now
    FROM pr
   WHERE (mo.tenant_id, mo.id) = (SELECT tenant_id, id FROM m) AND mo.prize_id = pr.id
  RETURNING pr.id INTO v_prize;
  IF v_prize IS NULL THEN
    RETURN jsonb_build_object('kind', 'instant_award', 'won', false);
  END IF;
  SELECT jsonb_build_object('kind', 'instant_award', 'won', true, 'prize', jsonb_build_object(
           'name', pr.name, 'value', pr.value, 'department', pr.department,
           'centre', CASE WHEN c.name IS NULL THEN NULL
                          ELSE jsonb_build_object('name', c.name, 'address', c.address) END))
    INTO v_outcome
    FROM instant_award_prizes pr
    LEFT JOIN redemption_centres c ON c.tenant_id = pr.tenant_id AND c.id = pr.centre_id
   WHERE pr.tenant_id = p_tenant AND pr.id = v_prize;
  RETURN v_outcome;
END
$$;
