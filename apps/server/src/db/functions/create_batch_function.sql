-- create_batch_function: created by migration 0038; the body below is 0038's.
--
-- Writes `<f>_batch` for the hot function `f` (one function of that name, RETURNS TABLE), from
-- its parameter types and result columns. What it wrote is kept in db/functions/<f>_batch.sql: when
-- f's parameters or result columns change, write that file again from it (functions.test.ts
-- compares each batch with what this function writes).
CREATE OR REPLACE FUNCTION create_batch_function(p_function regproc) RETURNS void LANGUAGE plpgsql AS $gen$
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
