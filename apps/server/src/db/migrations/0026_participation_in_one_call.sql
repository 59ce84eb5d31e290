-- A participation in one call (decision 027, after decision 019): when the campaign's kind does its
-- work in SQL (a raffle registration without codes: one entry; a reward code claimed; an instant
-- award's moment tried; a kind with nothing to do: the participation alone), the whole
-- participation after the form's validation is `participate_in_one_call`,
-- called with BEGIN and COMMIT in the same message: one round trip to PostgreSQL. The campaign and
-- its rules come from a one-second process cache; `campaign_version` tells whether they are still
-- what the cache holds.

-- What a participation reads of a campaign, as one fingerprint: the campaign's row (its form, its
-- window, its state, its group) and the rules that apply to it (its own and its group's). Any
-- change to either changes it.
CREATE FUNCTION campaign_version(p_tenant uuid, p_campaign uuid)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(ca::text || coalesce((
    SELECT string_agg(r::text, ',' ORDER BY r.created_at, r.id) FROM campaign_rules r
     WHERE r.tenant_id = ca.tenant_id
       AND (r.campaign_id = ca.id OR (r.group_id IS NOT NULL AND r.group_id = ca.group_id))), ''))
    FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.id = p_campaign
$$;

-- A reward code for a person (the kind's work, also of an operator's assignment by identity
-- number): the code they hold when they hold `p_max` already (most recent first), else one available
-- code of the campaign claimed (concurrent claims skip each other's rows); no row when none is left.
-- The caller holds the person's row lock, so one person's claims take turns.
CREATE FUNCTION claim_reward_code(p_tenant uuid, p_campaign uuid, p_participant uuid, p_participation uuid,
                                  p_max integer, p_now timestamptz)
RETURNS TABLE (code text, assigned boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_held text[];
  v_code text;
BEGIN
  SELECT array_agg(rc.code ORDER BY rc.assigned_at DESC) INTO v_held FROM reward_codes rc
   WHERE rc.tenant_id = p_tenant AND rc.campaign_id = p_campaign AND rc.participant_id = p_participant
     AND rc.status IN ('assigned', 'redeemed');
  IF coalesce(array_length(v_held, 1), 0) >= p_max AND v_held[1] IS NOT NULL THEN
    RETURN QUERY SELECT v_held[1], false;
    RETURN;
  END IF;
  UPDATE reward_codes rc SET status = 'assigned', participant_id = p_participant,
         participation_id = p_participation, assigned_at = p_now
   WHERE (rc.tenant_id, rc.code) = (
     SELECT a.tenant_id, a.code FROM reward_codes a
      WHERE a.tenant_id = p_tenant AND a.campaign_id = p_campaign AND a.status = 'available'
      LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING rc.code INTO v_code;
  IF v_code IS NOT NULL THEN
    RETURN QUERY SELECT v_code, true;
  END IF;
END
$$;

-- An instant-award participation's try, as its outcome: the earliest open winning moment (its time
-- passed, not yet taken) whose prize has stock, claimed with the prize's count (SKIP LOCKED: two
-- participations never take one moment; `awarded < stock` holds in the same statement), unless
-- `p_one_per_identity` and the person already won in the campaign. The outcome names the prize,
-- its value, department and the centre where it is claimed.
CREATE FUNCTION claim_instant_moment(p_tenant uuid, p_campaign uuid, p_participant uuid, p_participation uuid,
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

-- The participation, statement by statement as `participate` (participate.ts) does it over several
-- round trips for the other kinds:
--   * the campaign, locked FOR KEY SHARE (the lock the participation's foreign key takes anyway),
--     must still be `p_version`: else 'stale' and nothing is written (the caller reads it again);
--   * `participation_gate` (migration 0019): the blacklist ('blacklisted', nothing written), the
--     person's upsert and row lock (one identity's participations take turns), their counts;
--   * the Idempotency-Key: claimed, or the stored answer ('replayed'; 'reused' for another request);
--   * the rules, in their order, as `ruleChecks` (rules.ts) wrote them: a refusal decided without
--     counts ({"refuse": code}) or a per-identity limit ({"scope", "total", "perDay"}) compared with
--     the counts; the first refusal raises `participation refused: CODE`, so the whole transaction
--     (the upsert, the key) rolls back as the TypeScript path's AppError does;
--   * the kind's work, `p_work`: 'raffle_entry', one raffle entry of one point (the person's
--     department), the person's entries in the campaign as the outcome; 'reward_code', a code
--     (`claim_reward_code`, `p_max_codes`; none left raises `participation refused:
--     CODES_EXHAUSTED`); 'instant_award', a try at a moment (`claim_instant_moment`,
--     `p_one_prize`); 'none', the outcome `registered`;
--   * the participation row with its outcome, and the answer stored under the key.
-- Crosses: campaigns, campaign_rules (campaign_version), blacklist and participants (the gate),
-- idempotency_keys, raffle_entries, reward_codes, instant_award_moments and _prizes, participations.
CREATE FUNCTION participate_in_one_call(
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
  p_one_prize boolean
) RETURNS TABLE (outcome text, blacklisted uuid, status integer, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_gate record;
  v_key record;
  v_check jsonb;
  v_total integer;
  v_today integer;
  v_entries integer;
  v_outcome jsonb;
  v_body jsonb;
  v_code record;
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
    INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- a fresh snapshot: a concurrent first request has committed (or rolled back) by now
      SELECT ik.request_hash, ik.response_status, ik.response_body INTO v_key
        FROM idempotency_keys ik WHERE ik.tenant_id = p_tenant AND ik.key = p_key;
      IF NOT FOUND OR v_key.request_hash <> p_hash THEN
        RETURN QUERY SELECT 'reused'::text, NULL::uuid, NULL::integer, NULL::jsonb;
      ELSE
        RETURN QUERY SELECT 'replayed'::text, NULL::uuid, coalesce(v_key.response_status, 200), v_key.response_body;
      END IF;
      RETURN;
    END IF;
  END IF;

  FOR v_check IN SELECT value FROM jsonb_array_elements(p_checks) LOOP
    IF v_check ? 'refuse' THEN
      RAISE EXCEPTION 'participation refused: %', v_check->>'refuse';
    END IF;
    IF v_check->>'scope' = 'group' THEN
      v_total := v_gate.group_total;
      v_today := v_gate.group_today;
    ELSE
      v_total := v_gate.campaign_total;
      v_today := v_gate.campaign_today;
    END IF;
    IF (v_check ? 'total' AND v_total >= (v_check->>'total')::integer)
       OR (v_check ? 'perDay' AND v_today >= (v_check->>'perDay')::integer) THEN
      RAISE EXCEPTION 'participation refused: PARTICIPATION_LIMIT';
    END IF;
  END LOOP;

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
