-- participate_in_one_call: created by migration 0026, restated by 0031, 0032; since issue #42 the
-- body is this file's alone.
--
-- participate_in_one_call as in migration 0032 (0031's, with the 'points' work and its two
-- arguments), the rule checks compared by `participation_refusal`, which the
-- statement-by-statement path asks too; a key of another request raises (issue #42: it answered
-- 'key_reused' and committed what the gate had written).
CREATE OR REPLACE FUNCTION participate_in_one_call(
  p_tenant uuid,
  p_campaign uuid,
  p_version text,
  p_cedula text,
  p_name text,
  p_email text,
  p_phone text,
  p_birthdate date,
  p_sex text,
  p_department text,
  p_blacklist_cedula text,
  p_blacklist_phone text,
  p_blacklist_email text,
  p_now timestamptz,
  p_day date,
  p_count_campaign boolean,
  p_group uuid,
  p_checks jsonb,
  p_key text,
  p_hash text,
  p_participation uuid,
  p_answers jsonb,
  p_landing uuid,
  p_device integer,
  p_work text,
  p_max_codes integer,
  p_one_prize boolean,
  p_points integer,
  p_points_expire timestamptz
) RETURNS TABLE (outcome text, blacklisted uuid, status integer, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_gate record;
  v_claim record;
  v_refusal text;
  v_entries integer;
  v_outcome jsonb;
  v_body jsonb;
  v_code record;
  v_balance integer;
BEGIN
  PERFORM 1 FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.id = p_campaign FOR KEY SHARE;
  IF NOT FOUND OR campaign_version(p_tenant, p_campaign) IS DISTINCT FROM p_version THEN
    RETURN QUERY SELECT 'stale'::text, NULL::uuid, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;

  SELECT * INTO v_gate FROM participation_gate(p_tenant, p_campaign, p_cedula, p_name, p_email, p_phone,
    p_birthdate, p_sex, p_department, p_blacklist_cedula, p_blacklist_phone, p_blacklist_email, p_now, p_day,
    p_count_campaign, p_group);
  IF v_gate.blacklisted IS NOT NULL THEN
    RETURN QUERY SELECT 'blacklisted'::text, v_gate.blacklisted, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT * INTO v_claim FROM claim_idempotency_key(p_tenant, p_key, p_hash);
    -- another request's key: raised, so that the gate's writes (a new person, a claim) roll back
    IF v_claim.outcome = 'key_reused' THEN
      RAISE EXCEPTION 'participation refused: IDEMPOTENCY_KEY_REUSED';
    END IF;
    IF v_claim.outcome <> 'claimed' THEN
      RETURN QUERY SELECT v_claim.outcome, NULL::uuid,
        CASE WHEN v_claim.outcome = 'replayed' THEN coalesce(v_claim.status, 200) END, v_claim.body;
      RETURN;
    END IF;
  END IF;

  v_refusal := participation_refusal(p_checks, v_gate.campaign_total, v_gate.campaign_today, v_gate.group_total,
                                     v_gate.group_today);
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION 'participation refused: %', v_refusal;
  END IF;

  IF p_work = 'raffle_entry' THEN
    INSERT INTO raffle_entries (tenant_id, campaign_id, participant_id, participation_id, points, department, created_at)
    SELECT p_tenant, p_campaign, v_gate.participant_id, p_participation, 1, pa.department, p_now
      FROM participants pa WHERE pa.tenant_id = p_tenant AND pa.id = v_gate.participant_id;
    SELECT coalesce(sum(re.points), 0)::integer INTO v_entries FROM raffle_entries re
     WHERE re.tenant_id = p_tenant AND re.campaign_id = p_campaign AND re.participant_id = v_gate.participant_id;
    v_outcome := jsonb_build_object('kind', 'raffle', 'entries', v_entries);
  ELSIF p_work = 'reward_code' THEN
    SELECT * INTO v_code FROM claim_reward_code(p_tenant, p_campaign, v_gate.participant_id, p_participation,
                                                p_max_codes, p_now);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'participation refused: CODES_EXHAUSTED';
    END IF;
    v_outcome := jsonb_build_object('kind', 'reward_code', 'code', v_code.code);
  ELSIF p_work = 'instant_award' THEN
    v_outcome := claim_instant_moment(p_tenant, p_campaign, v_gate.participant_id, p_participation, p_now,
                                      p_one_prize);
  ELSIF p_work = 'points' THEN
    v_balance := credit_participation_points(p_tenant, p_campaign, v_gate.participant_id, p_points,
                                             p_points_expire, p_key, p_now);
    v_outcome := jsonb_build_object('kind', 'points', 'balance', v_balance);
  ELSIF p_work = 'none' THEN
    v_outcome := jsonb_build_object('kind', 'registered');
  ELSE
    RAISE EXCEPTION 'participate_in_one_call: unknown work %', p_work;
  END IF;

  INSERT INTO participations (tenant_id, id, campaign_id, participant_id, answers, landing_id, device_class,
                              department, local_day, consent_at, outcome)
  VALUES (p_tenant, p_participation, p_campaign, v_gate.participant_id, p_answers, p_landing, p_device,
          p_department, p_day, p_now, v_outcome);

  v_body := jsonb_build_object('participationId', p_participation, 'outcome', v_outcome);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 201, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;
  RETURN QUERY SELECT 'done'::text, NULL::uuid, 201, v_body;
END
$$;
