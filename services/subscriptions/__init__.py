"""The subscription module's service: `store` (the request's state changes and the apply transaction), `flow`
(the request flow's start, Updates and retry as flow client calls), `dialog` (the dialog's quote and facts
statements) and `reads` (what the routes and the replies read). Beneath api/routers/subscriptions.py and
activities/subscriptions.py."""
