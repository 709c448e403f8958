"""Built-in authorities, roles and the admin user."""

from __future__ import annotations

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.authorities import Authority
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_roles
from domain.passwords import hash_password
from domain.seed.authorities import TREE
from domain.seed.menu_kit import subtree, walk


def screens(*roots: str) -> set[str]:
    """Directories and menus (hidden detail routes included) below the roots, without buttons."""
    return set().union(*(subtree(TREE, r, buttons=False) for r in roots))


def everything(*roots: str) -> set[str]:
    """Screens and buttons below the roots."""
    return set().union(*(subtree(TREE, r) for r in roots))


ALL_SCREENS = screens(*(node.identifier for node in TREE))
# What a reporter of tickets (sales, retention) may do on them besides reading.
TICKET_REPORTER = {"ticket#comment", "ticket#watch", "ticket#remind", "ticket#confirm", "ticket#unconfirm",
                   "ticket#reopen"}
# The Temporal Web UI can cancel and terminate any flow, and restarting a ticket's flow ended there is the other
# half of that work: only the admin role holds them by default.
OPERATOR_ONLY = {"temporal#operate", "ticket#restart-flow"}
# Approving a paid subscription or a gift is a money decision: finance's (and the admin's), not IT's, though
# the approvals screen sits under System; IT sees the requests and retries a failed or stuck one.
APPROVER = {"approvals", "approval-detail", "subscription#approve"}
EXPORTS = {n.identifier for n, _, _ in walk(TREE) if n.identifier.endswith("#export")}

# code -> (name, role type, is super, authority identifiers granted by default ("*" = every one))
ROLES: dict[str, tuple[str, str, bool, frozenset[str]]] = {
    "admin": ("Admin", "SYSTEM", True, frozenset({"*"})),
    "it": ("IT", "SYSTEM", False, frozenset(
        everything("user-center", "system", "open-platform") - OPERATOR_ONLY - {"subscription#approve"}
        | screens("manage-dashboard"))),
    "owner": ("Owner", "BUSINESS", False, frozenset(ALL_SCREENS | EXPORTS)),
    "sales": ("Sales", "BUSINESS", False, frozenset(
        screens("crm", "accounts", "gcrm-reports", "system-ticket")
        | everything("crm-sales", "crm-leads", "crm-feedback", "manage-disposition", "sales-target")
        - {"leads#delete", "leads#import"} | TICKET_REPORTER)),
    "retention": ("Retention agent", "BUSINESS", False, frozenset(
        screens("crm", "accounts", "expenses", "system-ticket")
        | everything("crm-retention", "crm-feedback", "manage-disposition") | TICKET_REPORTER)),
    "support": ("Support", "BUSINESS", False, frozenset(
        screens("accounts", "shops", "ginee-oms", "manage-content", "ticket-reports", "system-ticket")
        | everything("system-ticket", "manage-content", "internal-faq-modify") - OPERATOR_ONLY
        | {"internal-faq-preview"})),
    "warehouse": ("Warehouse", "BUSINESS", False, frozenset(
        everything("wms-center", "outbound-inbound-order-query") | screens("oms-stock", "oms-order")
        | {"operation", "ginee-oms", "logistics#export", "stock#export"})),
    "finance": ("Finance", "BUSINESS", False, frozenset(
        screens("expenses", "finance-reports", "accounts")
        | everything("expenses", "financial-reconciliation", "performance-details") | APPROVER)),
}


async def sync_authorities(db: AsyncSession) -> set[str]:
    """Insert missing built-in entries; keep what staff edited (titles, icons, sort) as it is.
    Returns the identifiers it inserted."""
    existing = {a.identifier: a for a in (await db.scalars(select(Authority))).all()}
    added: set[str] = set()
    for node, parent, sort in walk(TREE):
        if node.identifier in existing:
            continue
        row = Authority(
            identifier=node.identifier, menu_type=node.menu_type, title=node.en, icon=node.icon,
            description_en=node.en, description_zh=node.zh, description_id=node.id, sort=sort,
            path=node.path, hidden=node.hidden, affix=node.affix, no_cache=node.no_cache,
            parent_id=existing[parent].id if parent else None,
        )
        db.add(row)
        await db.flush()
        existing[node.identifier] = row
        added.add(node.identifier)
    return added


async def sync_roles(db: AsyncSession, added: set[str] | None = None) -> None:
    """Create missing built-in roles with their default authorities; give existing built-in roles the new
    entries (`added`) of their default set, leaving alone what staff granted or removed before."""
    ids = {i: a for i, a in (await db.execute(select(Authority.identifier, Authority.id))).all()}
    for code, (name, role_type, is_super, grants) in ROLES.items():
        role = await db.scalar(select(Role).where(Role.code == code))
        wanted = set(ids) if "*" in grants else grants & set(ids)
        if role is None:
            role = Role(code=code, name=name, role_type=role_type, is_super=is_super)
            db.add(role)
            await db.flush()
        elif added:
            wanted &= added
        else:
            continue
        if wanted:
            held = set((await db.scalars(select(role_authorities.c.authority_id)
                                         .where(role_authorities.c.role_id == role.id))).all())
            rows = [{"role_id": role.id, "authority_id": ids[i]} for i in sorted(wanted) if ids[i] not in held]
            if rows:
                await db.execute(insert(role_authorities), rows)


async def create_admin(db: AsyncSession, password: str) -> User:
    admin = User(username="admin", real_name="Administrator", display_name="Admin",
                 email="admin@omp.local", password_hash=hash_password(password))
    db.add(admin)
    await db.flush()
    role_id = await db.scalar(select(Role.id).where(Role.code == "admin"))
    await db.execute(delete(user_roles).where(user_roles.c.user_id == admin.id))
    await db.execute(insert(user_roles).values(user_id=admin.id, role_id=role_id))
    return admin
