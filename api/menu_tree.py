"""Authority rows as trees: the logged-in user's menu, and the full tree the editors use."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from domain.enums import MenuType
from domain.i18n import current_language
from domain.models.authorities import Authority
from domain.seed.authorities import EVERYONE


def nest(rows: Iterable[Any], node: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with `id` and `parent_id` as nested dicts (`children`), siblings by (sort, id).
    A row whose parent is not among the rows becomes a root."""
    ordered = sorted(rows, key=lambda r: (r.sort, r.id))
    nodes = {r.id: {**node(r), "children": []} for r in ordered}
    roots: list[dict[str, Any]] = []
    for r in ordered:
        parent = nodes.get(r.parent_id) if r.parent_id is not None else None
        (parent["children"] if parent is not None else roots).append(nodes[r.id])
    return roots


def title_in(row: Authority, lang: str) -> str:
    return {"zh-CN": row.description_zh, "id": row.description_id}.get(lang, row.description_en) or row.title


def menu_node(row: Authority) -> dict[str, Any]:
    lang = current_language.get()
    return {
        "id": row.id, "parentId": row.parent_id, "identifier": row.identifier, "menuType": row.menu_type,
        "path": row.path, "title": title_in(row, lang),
        "titles": {"en": row.description_en, "zh-CN": row.description_zh, "id": row.description_id},
        "icon": row.icon, "hidden": row.hidden, "affix": row.affix, "noCache": row.no_cache, "sort": row.sort,
        "alwaysShow": row.menu_type == MenuType.DIRECTORY,
    }


def add_redirects(nodes: list[dict[str, Any]]) -> None:
    """A directory opens its first visible child."""
    for node in nodes:
        add_redirects(node["children"])
        visible = [c for c in node["children"] if not c["hidden"] and c["path"]]
        node["redirect"] = visible[0]["path"] if node["menuType"] == MenuType.DIRECTORY and visible else None


def holds_screen(user: Principal, row: Authority) -> bool:
    return user.is_super or row.identifier in user.permissions or row.identifier in EVERYONE


async def forbidden_paths(db: AsyncSession, user: Principal) -> list[str]:
    """The route paths of the screens the user does not hold (patterns such as `/ticket/:id` included), so
    the browser can tell an address it may not open (401) from one that does not exist (404)."""
    rows = (await db.scalars(select(Authority).where(Authority.menu_type == MenuType.MENU,
                                                     Authority.path.is_not(None)))).all()
    return sorted({r.path for r in rows if r.path and not holds_screen(user, r)})


async def user_menus(db: AsyncSession, user: Principal) -> list[dict[str, Any]]:
    """The directories and menus the user holds, with every ancestor they need to hang in the tree.
    Buttons are not in the tree: their identifiers come with user/info's permissions."""
    rows = (await db.scalars(select(Authority).where(Authority.menu_type != MenuType.BUTTON))).all()
    by_id = {r.id: r for r in rows}
    held = {r.id for r in rows if holds_screen(user, r)}
    wanted: set[int] = set()
    for row_id in held:
        while row_id is not None and row_id not in wanted and row_id in by_id:
            wanted.add(row_id)
            # a parent id may be None, which ends the walk
            row_id = by_id[row_id].parent_id  # type: ignore[assignment]
    tree = nest((by_id[i] for i in wanted), menu_node)
    add_redirects(tree)
    return tree
