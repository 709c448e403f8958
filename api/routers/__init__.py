"""One router a module; api.main mounts every router listed in ROUTERS."""

from api.routers import audit, auth, couriers, system

ROUTERS = [system.router, auth.router, couriers.router, audit.router, audit.mapping_router]
