-- participate_in_one_call_batch: the batch of participate_in_one_call (decision 035), created by migration 0038 with
-- create_batch_function('participate_in_one_call') and written out here as that generator wrote it. When participate_in_one_call's
-- parameters or result columns change, write it again from the generator (functions.test.ts compares it).
CREATE OR REPLACE FUNCTION public.participate_in_one_call_batch(p_tenants uuid[], p_calls jsonb)
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
          RETURN QUERY SELECT i, jsonb_build_object('outcome', r.outcome, 'blacklisted', r.blacklisted, 'status', r.status, 'body', r.body), NULL::text, NULL::text FROM participate_in_one_call((c->>0)::uuid, (c->>1)::uuid, (c->>2)::text, (c->>3)::text, (c->>4)::text, (c->>5)::text, (c->>6)::text, (c->>7)::date, (c->>8)::text, (c->>9)::text, (c->>10)::text, (c->>11)::text, (c->>12)::text, (c->>13)::timestamp with time zone, (c->>14)::date, (c->>15)::boolean, (c->>16)::uuid, (c->>17)::jsonb, (c->>18)::text, (c->>19)::text, (c->>20)::uuid, (c->>21)::jsonb, (c->>22)::uuid, (c->>23)::integer, (c->>24)::text, (c->>25)::integer, (c->>26)::boolean, (c->>27)::integer, (c->>28)::timestamp with time zone) r;
        EXCEPTION WHEN OTHERS THEN
          GET STACKED DIAGNOSTICS failed = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
          RETURN QUERY SELECT i, NULL::jsonb, failed, message;
        END;
      END LOOP;
    END
    $function$;
