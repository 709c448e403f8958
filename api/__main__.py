"""`python -m api [--reload]`: uvicorn serving the API and the built web app."""

import sys

import uvicorn

from domain.settings import get_settings

if __name__ == "__main__":
    settings = get_settings()
    reload = "--reload" in sys.argv
    uvicorn.run("api.main:create_app", factory=True, host=settings.host, port=settings.port,
                workers=1 if reload else settings.workers,
                log_config=None, access_log=False, proxy_headers=True, reload=reload,
                reload_dirs=["api", "domain", "activities", "workflows"] if reload else None)
