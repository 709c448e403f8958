"""The deployment module's service (docs/deployments.md): `store` (the deploy flows' writes and the freeze windows
read), `runs` (queueing a run), `flow` (the deploy flows' client calls), `log` (a run's output into chunks) and the
runners' plain code, `local` (the deploy command's process and files) and `jenkins` (Jenkins' remote API). Beneath
api/deploy_ops.py, api/routers/deploy_*.py and activities/deployments.py, deploy_local.py, deploy_jenkins.py."""
