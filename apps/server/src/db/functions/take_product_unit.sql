-- take_product_unit: created by migration 0022; the body below is 0022's.
--
-- One unit of a product for an order, in the order's transaction, as its last statement: answers
-- NULL when taken, else 'out_of_stock' (the product has none left, or is inactive) or
-- 'out_of_stock_shop' (the shop has none left). A digital product (`p_centre` NULL) takes it from
-- its stock (stock > 0, active). A physical product at a shop:
--   1. from a slot of the shop holding units that no other buyer holds (SKIP LOCKED);
--   2. else the counters' rows are locked (the product's, then the shop's: the order every writer
--      of stock takes) and up to 16 units are parked in a slot no one holds (an empty one, or a new
--      one, at most 32 per shop), one of them taken at once;
--   3. else (the counters are empty) it waits for a slot still holding units (its holder may roll
--      back, or leave some) and takes one there; none: out of stock.
CREATE OR REPLACE FUNCTION take_product_unit(p_tenant uuid, p_product uuid, p_centre uuid)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_slot integer;
  v_stock integer;
  v_active boolean;
  v_free integer;
  v_units integer;
BEGIN
  IF p_centre IS NULL THEN
    UPDATE products SET stock = stock - 1 WHERE tenant_id = p_tenant AND id = p_product AND stock > 0 AND active;
    RETURN CASE WHEN FOUND THEN NULL ELSE 'out_of_stock' END;
  END IF;

  UPDATE product_stock_slots s SET units = s.units - 1
   WHERE (s.tenant_id, s.product_id, s.centre_id, s.slot) = (
     SELECT f.tenant_id, f.product_id, f.centre_id, f.slot FROM product_stock_slots f
      WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units > 0
      ORDER BY f.slot LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING s.slot INTO v_slot;
  IF v_slot IS NOT NULL THEN
    RETURN NULL;
  END IF;

  SELECT p.stock, p.active INTO v_stock, v_active FROM products p
   WHERE p.tenant_id = p_tenant AND p.id = p_product FOR NO KEY UPDATE;
  SELECT st.received - st.claimed INTO v_free FROM product_shop_stock st
   WHERE st.tenant_id = p_tenant AND st.product_id = p_product AND st.centre_id = p_centre FOR NO KEY UPDATE;
  IF NOT coalesce(v_active, false) THEN
    RETURN 'out_of_stock';
  END IF;
  v_units := least(16, v_stock, coalesce(v_free, 0));
  IF v_units > 0 THEN
    UPDATE products SET stock = stock - v_units WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed + v_units
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre;
    SELECT f.slot INTO v_slot FROM product_stock_slots f
     WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units = 0
     ORDER BY f.slot LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF v_slot IS NOT NULL THEN
      UPDATE product_stock_slots SET units = v_units - 1
       WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre AND slot = v_slot;
      RETURN NULL;
    END IF;
    -- parkers hold the counters' rows, so two never pick the same new slot
    SELECT coalesce(max(f.slot) + 1, 0) INTO v_slot FROM product_stock_slots f
     WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre;
    IF v_slot < 32 THEN
      INSERT INTO product_stock_slots (tenant_id, product_id, centre_id, slot, units)
      VALUES (p_tenant, p_product, p_centre, v_slot, v_units - 1);
      RETURN NULL;
    END IF;
    -- every slot is held: park none, take one unit straight from the counters
    UPDATE products SET stock = stock + v_units - 1 WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed - v_units + 1
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre;
    RETURN NULL;
  END IF;

  UPDATE product_stock_slots s SET units = s.units - 1
   WHERE (s.tenant_id, s.product_id, s.centre_id, s.slot) = (
     SELECT f.tenant_id, f.product_id, f.centre_id, f.slot FROM product_stock_slots f
      WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units > 0
      ORDER BY f.slot LIMIT 1 FOR UPDATE)
  RETURNING s.slot INTO v_slot;
  IF v_slot IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN CASE WHEN v_stock > 0 THEN 'out_of_stock_shop' ELSE 'out_of_stock' END;
END
$$;
