/**
 * A demo order a test may take for its own: paid (no unpaid-order cancel reaches it) and of a merchant whose order
 * settings neither accept orders nor reserve stock before acceptance by themselves, so the built-in order
 * auto-processing never moves it, nor the stock of its warehouse, while the test runs. A condition on `orders o`.
 */
export const LEFT_TO_STAFF = `o.status = 'PENDING' AND o.paid_at IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM erp_order_settings e WHERE e.merchant_id = o.merchant_id AND (e.auto_accept OR e.reserve_on <> 'ACCEPTED'))`;
