-- claim_idempotency_key: created by migration 0031; the body below is 0031's.
--
-- Claims an Idempotency-Key for one request (`p_hash`: the request's fingerprint). Answers
-- 'claimed' (the key is this transaction's: the caller stores its answer under it, or deletes it
-- on a refusal), 'replayed' with the status and answer stored by the request that claimed it (the
-- same request again), or 'key_reused' (the key of another request, or gone meanwhile). A concurrent
-- request with the same key waits on the key's row until the claiming transaction ends; the
-- stored answer is then read in a fresh snapshot (each statement of a function takes its own).
CREATE OR REPLACE FUNCTION claim_idempotency_key(p_tenant uuid, p_key text, p_hash text)
RETURNS TABLE (outcome text, status integer, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_key record;
BEGIN
  INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN QUERY SELECT 'claimed'::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  SELECT ik.request_hash, ik.response_status, ik.response_body INTO v_key
    FROM idempotency_keys ik WHERE ik.tenant_id = p_tenant AND ik.key = p_key;
  IF NOT FOUND OR v_key.request_hash IS DISTINCT FROM p_hash THEN
    RETURN QUERY SELECT 'key_reused'::text, NULL::integer, NULL::jsonb;
  ELSE
    RETURN QUERY SELECT 'replayed'::text, v_key.response_status, v_key.response_body;
  END IF;
END
$$;
