-- voucher_product: created by migration 0028, restated by 0030; the body below is 0030's.
--
-- migration 0028: the product a pickup voucher hands over, or null
CREATE OR REPLACE FUNCTION voucher_product(p_tenant uuid, p_code text)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object('id', p.id, 'name', p.name, 'quantity', count(*)::int)
      FROM orders o
      JOIN products p ON p.tenant_id = o.tenant_id AND p.id = o.product_id
     WHERE o.tenant_id = p_tenant AND o.voucher_code = p_code
     GROUP BY p.id, p.name
     ORDER BY p.name, p.id
     LIMIT 1);
END
$$;
