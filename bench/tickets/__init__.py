"""Ticket benchmark: 1,000,000 closed tickets, 10,000 open ones with live flows; search, breach lateness
and creation rate measured in one run (`python -m bench.tickets`)."""
