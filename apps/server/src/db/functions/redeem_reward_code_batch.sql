-- redeem_reward_code_batch: the batch of redeem_reward_code (decision 035), created by migration 0038 with
-- create_batch_function('redeem_reward_code') and written out here as that generator wrote it. When redeem_reward_code's
-- parameters or result columns change, write it again from the generator (functions.test.ts compares it).
CREATE OR REPLACE FUNCTION public.redeem_reward_code_batch(p_tenants uuid[], p_calls jsonb)
 RETURNS TABLE(item integer, result jsonb, failed text, message text)
 LANGUAGE plpgsql
AS $function$
    DECLARE
      c jsonb;
    BEGIN
      PERFORM set_config('lock_timeout', '10ms', true);
      FOR i IN 1 .. coalesce(array_length(p_tenants, 1), 0) LOOP
        c := p_calls -> (i - 1);
        BEGIN
          PERFORM set_config('app.tenant_id', p_tenants[i]::text, true);
          RETURN QUERY SELECT i, jsonb_build_object('outcome', r.outcome, 'body', r.body), NULL::text, NULL::text FROM redeem_reward_code((c->>0)::uuid, (c->>1)::uuid, (c->>2)::text, (c->>3)::text, (c->>4)::timestamp with time zone, (c->>5)::text, (c->>6)::text, (c->>7)::text) r;
        EXCEPTION WHEN OTHERS THEN
          GET STACKED DIAGNOSTICS failed = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
          RETURN QUERY SELECT i, NULL::jsonb, failed, message;
        END;
      END LOOP;
    END
    $function$;
