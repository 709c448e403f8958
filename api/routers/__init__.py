"""One router a module; api.main mounts every router listed in ROUTERS."""

from api.routers import (
    account_state,
    audit,
    auth,
    authorities,
    calendars,
    console,
    couriers,
    data_authority,
    departments,
    files,
    mail,
    mail_history,
    merchants,
    notifications,
    profile,
    roles,
    system,
    ticket_actions,
    ticket_reports,
    ticket_settings,
    tickets,
    tracking,
    users,
)

ROUTERS = [
    system.router, auth.router, couriers.router, audit.router, audit.mapping_router, users.router, roles.router,
    departments.router, authorities.router, authorities.usage_router, data_authority.router, tracking.router,
    console.router, files.router, account_state.router, tickets.router, ticket_actions.router,
    ticket_reports.router, calendars.router, calendars.day_router, notifications.router,
    profile.router, merchants.list_router, merchants.specific_router, merchants.router,
    mail.router, mail_history.router,
    ticket_settings.category_router, ticket_settings.application_router, ticket_settings.on_duty_router,
]
