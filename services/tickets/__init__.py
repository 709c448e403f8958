"""The ticket module's service: `store` (a new ticket's row, one change's transaction, the flow-started mark, the
stand-ins, the managed lists' check), `flow` (the ticket flow's start, its reconciler and its Update as flow client
calls), `reads` (list items and the detail page), `export` (the list as a workbook) and `lists` (the managed lists'
names). Beneath api/routers/tickets.py, api/routers/ticket_actions.py and activities/tickets.py."""
