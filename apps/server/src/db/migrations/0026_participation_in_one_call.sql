-- A participation in one call (decision 027, after decision 019): when the campaign's kind does its
-- work in SQL (a raffle registration without codes: one entry; a kind with nothing to do: the
-- participation alone), the whole participation after the form's validation is this function,
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
--   * with `p_raffle_entry`, one raffle entry of one point (the person's department), and the
--     person's entries in the campaign as the outcome; else the outcome `registered`;
--   * the participation row with its outcome, and the answer stored under the key.
-- Crosses: campaigns, campaign_rules (campaign_version), blacklist and participants (the gate),
-- idempotency_keys, raffle_entries, participations.
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
  p_raffle_entry boolean
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

  IF p_raffle_entry THEN
    INSERT INTO raffle_entries (tenant_id, campaign_id, participant_id, participation_id, points, department, created_at)
    SELECT p_tenant, p_campaign, v_gate.participant_id, p_participation, 1, pa.department, p_now
      FROM participants pa WHERE pa.tenant_id = p_tenant AND pa.id = v_gate.participant_id;
    SELECT coalesce(sum(re.points), 0)::integer INTO v_entries FROM raffle_entries re
     WHERE re.tenant_id = p_tenant AND re.campaign_id = p_campaign AND re.participant_id = v_gate.participant_id;
    v_outcome := jsonb_build_object('kind', 'raffle', 'entries', v_entries);
  ELSE
    v_outcome := jsonb_build_object('kind', 'registered');
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
