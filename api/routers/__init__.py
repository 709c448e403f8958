"""One router a module; api.main mounts every router listed in ROUTERS."""

from api.routers import audit, auth, authorities, couriers, data_authority, departments, roles, system, users

ROUTERS = [
    system.router, auth.router, couriers.router, audit.router, audit.mapping_router, users.router, roles.router,
    departments.router, authorities.router, authorities.usage_router, data_authority.router,
]
