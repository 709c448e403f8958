"""The timed mail module's service, and the console's plain mails: `plain` (one plain-text message over SMTP, for
notifications and alarms), `schedules` (each task's Temporal Schedule, built from its row), `flow` (a fire's
start), `fires` (a fire's outbox rows and batches), `content` (the message a fire sends), `handover`, `sender`,
`claims`, `smtp` and `settle` (the sending process and its exactly-once claims), `forms` (a task's form and view).
Beneath api/routers/mail.py, api/routers/mail_history.py and activities/mail.py."""
