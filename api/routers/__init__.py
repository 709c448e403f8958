"""One router a module; api.main mounts every router listed in ROUTERS."""

from api.routers import auth, couriers, system

ROUTERS = [system.router, auth.router, couriers.router]
