-- participation_gate: created by migration 0019, restated by 0033; since issue #35 (decision 040)
-- the body is this file's alone.
--
-- As in migration 0033, with the person's row kept: the upsert fills blanks
-- only, and each typed value that differs from the stored one is recorded as a claim (or, where
-- the campaign says so, a differing e-mail or phone refuses the participation).
CREATE OR REPLACE FUNCTION participation_gate(
  p_tenant uuid,
  p_campaign uuid,
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
  p_group uuid
) RETURNS TABLE (
  blacklisted uuid,
  participant_id uuid,
  campaign_total integer,
  campaign_today integer,
  group_total integer,
  group_today integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_blacklisted uuid;
  v_person participants%ROWTYPE;
  v_claims text[][] := '{}';
  v_campaign_total integer := 0;
  v_campaign_today integer := 0;
  v_group_total integer := 0;
  v_group_today integer := 0;
  v_group_campaigns uuid[] := '{}';
  v_contact text;
BEGIN
  SELECT b.id INTO v_blacklisted FROM blacklist b
   WHERE b.tenant_id = p_tenant AND (b.campaign_id IS NULL OR b.campaign_id = p_campaign)
     AND ((b.kind = 'cedula' AND b.value = p_blacklist_cedula)
       OR (b.kind = 'phone' AND b.value = p_blacklist_phone)
       OR (b.kind = 'email' AND b.value = p_blacklist_email))
   LIMIT 1;
  IF v_blacklisted IS NOT NULL THEN
    RETURN QUERY SELECT v_blacklisted, NULL::uuid, 0, 0, 0, 0;
    RETURN;
  END IF;

  -- a new person is stored as typed; a known one keeps every stored value and gains only blanks
  -- (never a contact), under the row lock the update takes
  INSERT INTO participants AS pa (tenant_id, cedula, name, email, phone, birthdate, birth_year, sex, department,
                                  consent_at, updated_at)
  VALUES (p_tenant, p_cedula, p_name, p_email, p_phone, p_birthdate, extract(year FROM p_birthdate)::integer,
          p_sex, p_department, p_now, p_now)
  ON CONFLICT (tenant_id, cedula) DO UPDATE SET
    name = coalesce(pa.name, excluded.name),
    birthdate = coalesce(pa.birthdate, excluded.birthdate),
    birth_year = coalesce(pa.birth_year, excluded.birth_year),
    sex = coalesce(pa.sex, excluded.sex),
    department = coalesce(pa.department, excluded.department),
    consent_at = coalesce(excluded.consent_at, pa.consent_at),
    updated_at = p_now
  RETURNING pa.* INTO v_person;

  -- what was typed and differs from what is stored (names compared without case or extra spaces)
  IF p_email IS NOT NULL AND p_email IS DISTINCT FROM v_person.email THEN
    v_claims := v_claims || ARRAY[['email', p_email]];
    v_contact := 'email';
  END IF;
  IF p_phone IS NOT NULL AND p_phone IS DISTINCT FROM v_person.phone THEN
    v_claims := v_claims || ARRAY[['phone', p_phone]];
    v_contact := coalesce(v_contact, 'phone');
  END IF;
  IF p_name IS NOT NULL AND lower(regexp_replace(btrim(p_name), '\s+', ' ', 'g'))
       IS DISTINCT FROM lower(regexp_replace(btrim(v_person.name), '\s+', ' ', 'g')) THEN
    v_claims := v_claims || ARRAY[['name', p_name]];
  END IF;
  IF p_birthdate IS NOT NULL AND p_birthdate IS DISTINCT FROM v_person.birthdate THEN
    v_claims := v_claims || ARRAY[['birthdate', p_birthdate::text]];
  END IF;
  IF p_sex IS NOT NULL AND p_sex IS DISTINCT FROM v_person.sex THEN
    v_claims := v_claims || ARRAY[['sex', p_sex]];
  END IF;
  IF p_department IS NOT NULL AND p_department IS DISTINCT FROM v_person.department THEN
    v_claims := v_claims || ARRAY[['department', p_department]];
  END IF;

  IF cardinality(v_claims) > 0 THEN
    -- a campaign may refuse a contact that differs from the stored one, named for its field
    IF v_contact IS NOT NULL AND (SELECT ca.settings->>'contactMismatch' FROM campaigns ca
                                   WHERE ca.tenant_id = p_tenant AND ca.id = p_campaign) = 'refuse' THEN
      RAISE EXCEPTION 'participation refused: CONTACT_MISMATCH %', v_contact;
    END IF;
    INSERT INTO participant_claims AS pc (tenant_id, participant_id, field, value, campaign_id, first_at, last_at)
    SELECT p_tenant, v_person.id, v_claims[i][1], v_claims[i][2], p_campaign, p_now, p_now
      FROM generate_subscripts(v_claims, 1) i
    -- by name: the function's output column participant_id would make a column list ambiguous
    ON CONFLICT ON CONSTRAINT participant_claims_value DO UPDATE SET
      times = pc.times + 1, last_at = p_now, campaign_id = p_campaign;
  END IF;

  -- one scan of the person's participations in the tenant (participations_person) counts both
  -- scopes; the campaign and the group are filters of the count, not conditions of the scan
  IF p_group IS NOT NULL THEN
    v_group_campaigns := ARRAY(SELECT ca.id FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.group_id = p_group);
  END IF;
  IF p_count_campaign OR p_group IS NOT NULL THEN
    SELECT (count(*) FILTER (WHERE p_count_campaign AND pn.campaign_id = p_campaign))::integer,
           (count(*) FILTER (WHERE p_count_campaign AND pn.campaign_id = p_campaign AND pn.local_day = p_day))::integer,
           (count(*) FILTER (WHERE pn.campaign_id = ANY (v_group_campaigns)))::integer,
           (count(*) FILTER (WHERE pn.campaign_id = ANY (v_group_campaigns) AND pn.local_day = p_day))::integer
      INTO v_campaign_total, v_campaign_today, v_group_total, v_group_today
      FROM participations pn
     WHERE pn.tenant_id = p_tenant AND pn.participant_id = v_person.id;
  END IF;
  RETURN QUERY SELECT NULL::uuid, v_person.id, v_campaign_total, v_campaign_today, v_group_total, v_group_today;
END
$$;
