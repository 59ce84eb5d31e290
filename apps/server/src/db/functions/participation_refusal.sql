-- participation_refusal: created by this file (issue #42); the loop is migration 0026's.
--
-- The first refusal of a participation's rule checks, or NULL. `p_checks` is what `ruleChecks`
-- (participations/rules.ts) makes of the campaign's rules, in their order: `{"refuse": CODE}`
-- for a rule already decided (department, schedule), or `{"scope": "campaign"|"group", "total"?,
-- "perDay"?}` for a per-identity limit, compared with the person's earlier participations in that
-- scope (as `participation_gate` counts them, under the person's row lock). The one home of the
-- comparison for both paths: `participate_in_one_call` and the statement-by-statement path
-- (`participationGate` asks for it in the gate's statement).
CREATE OR REPLACE FUNCTION participation_refusal(
  p_checks jsonb,
  p_campaign_total integer,
  p_campaign_today integer,
  p_group_total integer,
  p_group_today integer
) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_check jsonb;
  v_total integer;
  v_today integer;
BEGIN
  FOR v_check IN SELECT value FROM jsonb_array_elements(p_checks) LOOP
    IF v_check ? 'refuse' THEN
      RETURN v_check->>'refuse';
    END IF;
    IF v_check->>'scope' = 'group' THEN
      v_total := p_group_total;
      v_today := p_group_today;
    ELSE
      v_total := p_campaign_total;
      v_today := p_campaign_today;
    END IF;
    IF (v_check ? 'total' AND v_total >= (v_check->>'total')::integer)
       OR (v_check ? 'perDay' AND v_today >= (v_check->>'perDay')::integer) THEN
      RETURN 'PARTICIPATION_LIMIT';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
