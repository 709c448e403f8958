"""Demo deploy projects whose local deploy command is a harmless script: it prints coloured steps for a few
seconds and succeeds, so a fresh `make run` can walk create task -> review -> deploy -> live log."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.deployments import DeployProject

# Prints what a real deploy would do, with ANSI colours, one step a second; touches nothing.
STEPS = ('for step in "pull image $DEPLOY_PROJECT:$DEPLOY_VERSION" "migrate database" "restart on $DEPLOY_SERVERS" '
         '"health check"; do printf "\\033[36m==>\\033[0m %s\\n" "$step"; sleep 1; done; '
         'printf "\\033[32mdeployed %s to %s\\033[0m\\n" "$DEPLOY_VERSION" "$DEPLOY_ENVIRONMENT"')

PROJECTS = [
    ("erp-web", "ERP web front", STEPS, False),
    ("wms-api", "WMS API", STEPS, True),
]


async def create(db: AsyncSession) -> None:
    for code, name, command, auto in PROJECTS:
        db.add(DeployProject(code=code, name=name, deploy_command=command, time_limit_minutes=20, auto_deploy=auto))
    await db.flush()
