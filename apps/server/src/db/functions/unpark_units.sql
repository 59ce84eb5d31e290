-- unpark_units: created by migration 0022; the body below is 0022's.
--
-- Gives a product's parked units back to its counters (stock and the shops' claimed) and empties
-- its slots: before an administrator sets its stock or its active flag, so that the edit applies
-- to every unit and no slot sells past it. Locks the product's row first, as the buyers that park
-- units do, then waits for the buyers holding a slot.
CREATE OR REPLACE FUNCTION unpark_units(p_tenant uuid, p_product uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_slot record;
BEGIN
  PERFORM 1 FROM products p WHERE p.tenant_id = p_tenant AND p.id = p_product FOR NO KEY UPDATE;
  FOR v_slot IN
    SELECT s.centre_id, s.slot, s.units FROM product_stock_slots s
     WHERE s.tenant_id = p_tenant AND s.product_id = p_product AND s.units > 0
     ORDER BY s.centre_id, s.slot FOR UPDATE
  LOOP
    UPDATE products SET stock = stock + v_slot.units WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed - v_slot.units
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = v_slot.centre_id;
    UPDATE product_stock_slots SET units = 0
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = v_slot.centre_id AND slot = v_slot.slot;
  END LOOP;
END
$$;
