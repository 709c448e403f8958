"""What the launcher tells a person (a banner) or a test harness (one JSON line) once ready."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from domain.settings import TEMPORAL_UI_PATH
from launcher.plan import LOOPBACK, Plan
from launcher.process import say


def ready(plan: Plan, database_url: str | None, console: TextIO) -> None:
    if plan.ephemeral:
        # stdout carries this line only; everything else went to stderr.
        say(json.dumps(ready_info(plan, database_url)), sys.stdout)
        say(f"OMP Console is ready at {plan.url} (var dir {plan.var_dir})", console)
    else:
        say(banner(plan), console)


def ready_info(plan: Plan, database_url: str | None) -> dict[str, object]:
    return {
        "ready": True,
        "url": plan.url,
        "temporalUi": f"{plan.temporal_ui_url}{TEMPORAL_UI_PATH}" if plan.temporal_ui_url else None,
        "temporal": plan.temporal_target,
        "namespace": plan.temporal_namespace,
        "databaseUrl": database_url,
        "smtpHost": plan.smtp_host or LOOPBACK,
        "smtpPort": plan.smtp_port,
        "mailDir": str(plan.mail_dir) if plan.smtp_sink else None,
        "marketplaceUrl": plan.marketplace_target,
        "varDir": str(plan.var_dir),
    }


def banner(plan: Plan) -> str:
    db = f"embedded, data in {plan.var_dir / 'pg'}" if plan.embedded_db else "external (OMP_DATABASE_URL)"
    temporal = (
        f"embedded dev server on {plan.temporal_target}, history in {plan.var_dir / 'temporal.db'}"
        if plan.embedded_temporal
        else f"external {plan.temporal_target} (OMP_TEMPORAL_ADDRESS)"
    )
    smtp = (
        f"local sink on {LOOPBACK}:{plan.smtp_port}, messages in {plan.mail_dir}"
        if plan.smtp_sink
        else f"relay {plan.smtp_host}:{plan.smtp_port} (OMP_SMTP_HOST)"
    )
    embedded = plan.embedded_db or plan.embedded_temporal
    data_note = "delete it to start afresh" if embedded else "logs and files; the rest is external"
    rows = [
        ("Console", f"{plan.url}/"),
        ("Temporal Web UI", f"{plan.url}{TEMPORAL_UI_PATH}/ (holders of temporal#operate)"
         if plan.temporal_ui_url else "unknown (set OMP_TEMPORAL_UI_URL)"),
        ("Temporal", f"{temporal}, namespace {plan.temporal_namespace}"),
        ("PostgreSQL", db),
        ("Mail", smtp),
        ("Marketplace", f"local demo marketplace on {plan.marketplace_target}" if plan.local_marketplace
         else f"{plan.marketplace_target} (OMP_MARKETPLACE_URL)"),
        ("Data", f"{plan.var_dir} ({data_note})"),
        ("Logs", str(plan.log_dir / "*.log")),
        (
            "Demo login",
            # Never the password itself: the banner ends up in terminals, logs and screenshots.
            "admin, with the password of OMP_ADMIN_PASSWORD (set when the database is created)",
        ),
    ]
    width = max(len(k) for k, _ in rows)
    line = "=" * 72
    body = "\n".join(f"  {k:<{width}}  {v}" for k, v in rows)
    return f"\n{line}\n  OMP Console is running\n\n{body}\n\n  Press Ctrl-C to stop.\n{line}"
