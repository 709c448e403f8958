"""`python -m api [--reload]`: uvicorn serving the API and the built web app."""

import sys

import uvicorn

from domain.settings import get_settings

if __name__ == "__main__":
    settings = get_settings()
    reload = "--reload" in sys.argv
    # proxy_headers off: api/client_address.py believes forwarded headers only from OMP_TRUSTED_PROXIES.
    uvicorn.run("api.main:create_app", factory=True, host=settings.host, port=settings.port,
                workers=1 if reload else settings.workers,
                log_config=None, access_log=False, proxy_headers=False, reload=reload,
                reload_dirs=["api", "services", "domain", "activities", "workflows"] if reload else None)
