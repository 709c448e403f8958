"""Built-in authorities, roles and the admin user."""

from __future__ import annotations

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.authorities import Authority
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_roles
from domain.passwords import hash_password
from domain.seed.authorities import TREE, Node

# code -> (name, role type, is super, authority identifiers granted by default ("*" = every one))
ROLES: dict[str, tuple[str, str, bool, tuple[str, ...]]] = {
    "admin": ("Admin", "SYSTEM", True, ("*",)),
    "it": ("IT", "SYSTEM", False, ("home",)),
    "owner": ("Owner", "BUSINESS", False, ("home",)),
    "sales": ("Sales", "BUSINESS", False, ("home",)),
    "retention": ("Retention agent", "BUSINESS", False, ("home",)),
    "support": ("Support", "BUSINESS", False, ("home",)),
    "warehouse": ("Warehouse", "BUSINESS", False, (
        "home", "operation", "ginee-oms", "oms-order", "logistics-configuration", "logistics#export")),
    "finance": ("Finance", "BUSINESS", False, ("home",)),
}


def walk(nodes: tuple[Node, ...], parent: str | None = None, start: int = 1):  # type: ignore[no-untyped-def]
    for index, node in enumerate(nodes, start=start):
        yield node, parent, index
        yield from walk(node.children, node.identifier)


async def sync_authorities(db: AsyncSession) -> None:
    """Insert missing built-in entries; keep what staff edited (titles, icons, sort) as it is."""
    existing = {a.identifier: a for a in (await db.scalars(select(Authority))).all()}
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


async def sync_roles(db: AsyncSession) -> None:
    """Create missing built-in roles with their default authorities."""
    ids = {i: a for i, a in (await db.execute(select(Authority.identifier, Authority.id))).all()}
    for code, (name, role_type, is_super, grants) in ROLES.items():
        if await db.scalar(select(Role.id).where(Role.code == code)):
            continue
        role = Role(code=code, name=name, role_type=role_type, is_super=is_super)
        db.add(role)
        await db.flush()
        wanted = ids.values() if "*" in grants else [ids[g] for g in grants if g in ids]
        if wanted:
            await db.execute(insert(role_authorities), [{"role_id": role.id, "authority_id": a} for a in wanted])


async def create_admin(db: AsyncSession, password: str) -> User:
    admin = User(username="admin", real_name="Administrator", display_name="Admin",
                 email="admin@omp.local", password_hash=hash_password(password))
    db.add(admin)
    await db.flush()
    role_id = await db.scalar(select(Role.id).where(Role.code == "admin"))
    await db.execute(delete(user_roles).where(user_roles.c.user_id == admin.id))
    await db.execute(insert(user_roles).values(user_id=admin.id, role_id=role_id))
    return admin
