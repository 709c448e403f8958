"""The timed mail module's service, and the console's plain mails: `plain` (one plain-text message over SMTP, for
notifications and alarms), `store` (a task row, its audit entries, the history's retry, the view's reads),
`schedules` (each task's Temporal Schedule, built from its row), `flow` (the one start of a fire), `fires` (a
fire's outbox rows and batches), `content` (the message a fire sends), and the sending process with its
exactly-once claims: `handover`, `sender`, `claims`, `smtp`, `settle`. Beneath api/routers/mail.py,
api/routers/mail_history.py and activities/mail.py."""
