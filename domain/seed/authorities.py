"""The built-in menu tree, grouped as SPEC §2 groups the menu access paths.

Identifiers are stable: roles, routes and `Need(...)` refer to them. Button identifiers follow
`system#feature`. Each group lives in its own file; this one puts them in order.
"""

from __future__ import annotations

from domain.seed.menu_kit import Node, walk
from domain.seed.menus_core import HOME, MANAGE, MANAGE_DASHBOARD, PROFILE, USER_CENTER
from domain.seed.menus_crm import CRM
from domain.seed.menus_operation import OPEN_PLATFORM, OPERATION, WMS
from domain.seed.menus_system import SYSTEM

TREE: tuple[Node, ...] = (
    HOME, USER_CENTER, OPERATION, OPEN_PLATFORM, WMS, CRM, MANAGE_DASHBOARD, SYSTEM, MANAGE, *PROFILE,
)

# Every logged-in user's menu holds these, whatever their roles: the landing page and their own profile.
EVERYONE: frozenset[str] = frozenset({"home", *(node.identifier for node in PROFILE)})

# The identifiers the code refers to (`Need(...)`, `user.can(...)`, the built-in roles' defaults): the server
# creates them at start when missing and gives them to the roles whose defaults name them.
BUILT_IN: frozenset[str] = frozenset(node.identifier for node, _, _ in walk(TREE))

__all__ = ["BUILT_IN", "EVERYONE", "TREE", "Node", "walk"]
