-- claim_product_code: created by this file (issue #42).
--
-- One of a digital product's uploaded codes for an order: an available one no other buyer holds
-- (FOR UPDATE SKIP LOCKED), marked claimed by the order. NULL when none is left. The one home of
-- the claim for both ways of paying: `redeem_product_for_points` and the redeem-code path
-- (place-order.ts).
CREATE OR REPLACE FUNCTION claim_product_code(p_tenant uuid, p_product uuid, p_order uuid, p_now timestamptz)
RETURNS text LANGUAGE sql AS $$
  UPDATE product_codes pc SET status = 'claimed', order_id = p_order, claimed_at = p_now
   WHERE (pc.tenant_id, pc.product_id, pc.code) = (
     SELECT c.tenant_id, c.product_id, c.code FROM product_codes c
      WHERE c.tenant_id = p_tenant AND c.product_id = p_product AND c.status = 'available'
      LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING pc.code
$$;
