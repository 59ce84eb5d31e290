-- The person's side of a participation (POST /api/public/…/participations) in one call instead of
-- three round trips (decision 019), inside the participation's transaction:
--   * blacklisted by identity number, phone or e-mail (the tenant's list or the campaign's): the
--     entry's id, and nothing is written;
--   * otherwise the person is created or updated by identity number (known fields kept when the
--     answer leaves them out); the row stays locked until the transaction ends, so concurrent
--     participations of one identity take turns and per-identity limits hold (decision 005);
--   * then their earlier participations are counted, in all and on the local day: in the campaign
--     when `p_count_campaign`, in the campaigns of the group `p_group` when given (else zeros).
-- Crosses (one statement per race): blacklist, participants, campaigns (the group's campaigns).
CREATE FUNCTION participation_gate(
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
  v_person uuid;
  v_campaign_total integer := 0;
  v_campaign_today integer := 0;
  v_group_total integer := 0;
  v_group_today integer := 0;
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

  INSERT INTO participants AS pa (tenant_id, cedula, name, email, phone, birthdate, birth_year, sex, department,
                                  consent_at, updated_at)
  VALUES (p_tenant, p_cedula, p_name, p_email, p_phone, p_birthdate, extract(year FROM p_birthdate)::integer,
          p_sex, p_department, p_now, p_now)
  ON CONFLICT (tenant_id, cedula) DO UPDATE SET
    name = coalesce(excluded.name, pa.name),
    email = coalesce(excluded.email, pa.email),
    phone = coalesce(excluded.phone, pa.phone),
    birthdate = coalesce(excluded.birthdate, pa.birthdate),
    birth_year = coalesce(excluded.birth_year, pa.birth_year),
    sex = coalesce(excluded.sex, pa.sex),
    department = coalesce(excluded.department, pa.department),
    consent_at = coalesce(excluded.consent_at, pa.consent_at),
    updated_at = p_now
  RETURNING pa.id INTO v_person;

  IF p_count_campaign THEN
    SELECT count(*)::integer, (count(*) FILTER (WHERE pn.local_day = p_day))::integer
      INTO v_campaign_total, v_campaign_today
      FROM participations pn
     WHERE pn.tenant_id = p_tenant AND pn.participant_id = v_person AND pn.campaign_id = p_campaign;
  END IF;
  IF p_group IS NOT NULL THEN
    SELECT count(*)::integer, (count(*) FILTER (WHERE pn.local_day = p_day))::integer
      INTO v_group_total, v_group_today
      FROM participations pn
     WHERE pn.tenant_id = p_tenant AND pn.participant_id = v_person
       AND pn.campaign_id IN (SELECT ca.id FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.group_id = p_group);
  END IF;
  RETURN QUERY SELECT NULL::uuid, v_person, v_campaign_total, v_campaign_today, v_group_total, v_group_today;
END
$$;
