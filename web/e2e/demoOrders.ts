/**
 * A demo order a test may take for its own: paid (no unpaid-order cancel reaches it) and of a merchant that accepts
 * its orders by hand, so the built-in order auto-processing never accepts it, nor any order at its warehouse, while
 * the test runs. A condition on `orders o`.
 */
export const LEFT_TO_STAFF = `o.status = 'PENDING' AND o.paid_at IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM erp_order_settings e WHERE e.merchant_id = o.merchant_id AND e.auto_accept)`;
