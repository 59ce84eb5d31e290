-- Hot calls in batches (issue #13, decision 035). A hot path's call costs PostgreSQL about
-- 0.3 ms of fixed work per transaction (its message, snapshot, commit and the wake-ups around
-- them) on top of its own statements: more than half of a redemption. Calls that arrive while
-- earlier ones are still in the database now travel together: one transaction runs each of them
-- in a subtransaction of its own, in its own tenant, and commits them together.
--
-- For each hot function `f`, `f_batch(p_tenants uuid[], p_calls jsonb)` runs the calls in order:
-- call i is `f` with the arguments `p_calls -> (i - 1)` (a JSON array of their text forms, each
-- cast to its parameter's type, as the one-call message's literals are) in tenant `p_tenants[i]`.
-- It answers call i's rows as JSON (`result`), or, if the call failed, its SQLSTATE and message
-- (`failed`, `message`) with nothing of it written: the subtransaction is rolled back and the next
-- call goes on. The caller gets each call's rows or error as if the call had travelled alone.
--
-- A call in a batch waits at most 10 ms for a row another transaction holds (`lock_timeout`, for
-- this transaction only); then it fails, and the caller runs it again alone, where it waits as any
-- call does. A batch holds the rows of its finished calls until it commits, so two batches (or a
-- batch and a call alone) could otherwise wait for each other in a circle until PostgreSQL's
-- deadlock check, a second later, broke it.

-- the old 27-argument participation call, replaced by the 29-argument one in 0032 and called by
-- nothing since; dropped so that the name names one function
DROP FUNCTION participate_in_one_call(uuid, uuid, text, text, text, text, text, date, text, text, text, text, text,
  timestamptz, date, boolean, uuid, jsonb, text, text, uuid, jsonb, uuid, integer, text, integer, boolean);

-- Writes `<f>_batch` for the hot function `f` (one function of that name, RETURNS TABLE), from
-- its parameter types and result columns. A migration that changes either calls it again.
CREATE FUNCTION create_batch_function(p_function regproc) RETURNS void LANGUAGE plpgsql AS $gen$
DECLARE
  v_name text;
  v_args text;
  v_result text;
BEGIN
  SELECT p.proname, string_agg(format('(c->>%s)::%s', a.n - 1, format_type(a.type, NULL)), ', ' ORDER BY a.n)
    INTO v_name, v_args
    FROM pg_proc p, unnest(p.proargtypes::oid[]) WITH ORDINALITY AS a(type, n)
   WHERE p.oid = p_function
   GROUP BY p.proname;
  -- each row as an object of its columns by name (a whole-row `to_jsonb(r)` would give the bare
  -- value of a one-column result)
  SELECT string_agg(format('%L, r.%I', o.name, o.name), ', ' ORDER BY o.n)
    INTO v_result
    FROM pg_proc p, unnest(p.proargnames, p.proargmodes) WITH ORDINALITY AS o(name, mode, n)
   WHERE p.oid = p_function AND o.mode = 't';
  IF v_result IS NULL THEN
    RAISE EXCEPTION '% must return a table to be batched', v_name;
  END IF;
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I(p_tenants uuid[], p_calls jsonb)
    RETURNS TABLE (item integer, result jsonb, failed text, message text) LANGUAGE plpgsql AS $body$
    DECLARE
      c jsonb;
    BEGIN
      PERFORM set_config('lock_timeout', '10ms', true);
      FOR i IN 1 .. coalesce(array_length(p_tenants, 1), 0) LOOP
        c := p_calls -> (i - 1);
        BEGIN
          PERFORM set_config('app.tenant_id', p_tenants[i]::text, true);
          RETURN QUERY SELECT i, jsonb_build_object(%4$s), NULL::text, NULL::text FROM %2$I(%3$s) r;
        EXCEPTION WHEN OTHERS THEN
          GET STACKED DIAGNOSTICS failed = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
          RETURN QUERY SELECT i, NULL::jsonb, failed, message;
        END;
      END LOOP;
    END
    $body$ $f$, v_name || '_batch', v_name, v_args, v_result);
END
$gen$;

SELECT create_batch_function('redeem_reward_code');
SELECT create_batch_function('look_up_reward_codes');
SELECT create_batch_function('participate_in_one_call');
SELECT create_batch_function('redeem_product_for_points');
