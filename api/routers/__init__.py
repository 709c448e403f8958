"""One router a module; api.main mounts every router listed in ROUTERS."""

from api.routers import couriers, system

ROUTERS = [system.router, couriers.router]
