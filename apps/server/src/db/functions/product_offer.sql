-- product_offer: created by this file (issue #42).
--
-- A product as marketplace `p_marketplace` offers it to a buyer paying with `p_paid_with`
-- ('points', or 'code': a redeem code worth product `p_code_product`, NULL when the code is worth
-- points), read without a lock (the unit taken last, `take_product_unit`, has the last word).
-- `refusal`, in the order the spec's checks take: 'not_available' (not offered here, or
-- inactive), 'needs_code' (for points: a product only a code pays for; for a code: not the
-- code's product), 'shop_required' (a physical product without a shop), 'out_of_stock' (none
-- left, units parked in stock slots counted as left), 'shop_invalid' (no such active shop); else
-- NULL with what the order needs: the product's name, kind and price, and for a physical product
-- the shop as the pickup delivery names it. The one home of these checks for both ways of paying:
-- `redeem_product_for_points` and the redeem-code path (`prepareOrder` in place-order.ts).
CREATE OR REPLACE FUNCTION product_offer(
  p_tenant uuid,
  p_marketplace uuid,
  p_product uuid,
  p_centre uuid,
  p_paid_with text,
  p_code_product uuid
) RETURNS TABLE (refusal text, product_name text, product_kind text, price_points integer, shop jsonb)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_product products%ROWTYPE;
  v_shop redemption_centres%ROWTYPE;
BEGIN
  SELECT p.* INTO v_product
    FROM products p
    JOIN marketplace_products mp ON mp.tenant_id = p.tenant_id AND mp.product_id = p.id AND mp.marketplace_id = p_marketplace
   WHERE p.tenant_id = p_tenant AND p.id = p_product;
  IF NOT FOUND OR NOT v_product.active THEN
    refusal := 'not_available';
  ELSIF (p_paid_with = 'points' AND v_product.redeem_with = 'code')
     OR (p_paid_with = 'code' AND v_product.id IS DISTINCT FROM p_code_product) THEN
    refusal := 'needs_code';
  ELSIF v_product.kind = 'physical' AND p_centre IS NULL THEN
    refusal := 'shop_required';
  ELSIF v_product.stock + parked_units(p_tenant, p_product) <= 0 THEN
    refusal := 'out_of_stock';
  ELSIF v_product.kind = 'physical' THEN
    SELECT * INTO v_shop FROM redemption_centres c WHERE c.tenant_id = p_tenant AND c.id = p_centre AND c.active;
    IF NOT FOUND THEN
      refusal := 'shop_invalid';
    ELSE
      shop := jsonb_build_object('centreId', v_shop.id, 'code', v_shop.code, 'name', v_shop.name,
                                 'address', v_shop.address, 'hours', v_shop.hours);
    END IF;
  END IF;
  product_name := v_product.name;
  product_kind := v_product.kind;
  price_points := v_product.price_points;
  RETURN NEXT;
END
$$;
