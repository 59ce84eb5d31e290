-- A pickup voucher is collected at the shop the order names (issue #42): an order with a voucher
-- code has a centre. Both ways of ordering always wrote one (issue_pickup_voucher takes the
-- centre); the constraint states it, so the order's answer reads the shop without a fallback.
ALTER TABLE orders ADD CONSTRAINT orders_voucher_has_centre CHECK (voucher_code IS NULL OR centre_id IS NOT NULL);
