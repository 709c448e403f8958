"""The stock module's service: `store` (the ledger's one movement primitive, `move` and `move_alone`, the balance
repair and the reads they answer with), `orders` (what the inbound and outbound order actions do, in the call's one
transaction) and `picking` (an outbound order's picking list). Beneath api/routers/stock.py, api/routers/stock_orders.py
and the worker's activities."""
