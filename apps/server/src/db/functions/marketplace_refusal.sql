-- marketplace_refusal: created by this file (issue #42).
--
-- Why a customer of `p_campaign` cannot order from marketplace `m` at `p_now`, or NULL when they
-- can: 'not_found' (no such marketplace: `m` all NULL, as a SELECT … INTO that found none leaves
-- it; or a marketplace of another campaign), 'closed' (inactive, or outside its opening window).
-- The one home of the rule for both ways of paying: `redeem_product_for_points` and the
-- redeem-code path (`openMarketplace` in redeem-product.ts) call it; the storefront's `open` flag
-- (`isMarketplaceOpen`) is held to it by one table of cases (marketplace-open.test.ts).
CREATE OR REPLACE FUNCTION marketplace_refusal(m marketplaces, p_campaign uuid, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m.id IS NULL OR m.campaign_id IS DISTINCT FROM p_campaign THEN 'not_found'
    WHEN NOT (m.active AND (m.opens_at IS NULL OR m.opens_at <= p_now)
              AND (m.closes_at IS NULL OR p_now < m.closes_at)) THEN 'closed'
  END
$$;
