"""The pieces the built-in menu tree is written with: directories, menus, hidden routes and buttons."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from domain.enums import MenuType


@dataclass(frozen=True)
class Node:
    identifier: str
    menu_type: MenuType
    en: str
    zh: str
    id: str
    path: str | None = None
    icon: str | None = None
    hidden: bool = False
    affix: bool = False
    no_cache: bool = False
    children: tuple[Node, ...] = field(default_factory=tuple)


def menu(identifier: str, path: str, en: str, zh: str, id_: str, *children: Node, **kw: object) -> Node:
    # kw passes Node's optional fields through, typed as object values
    return Node(identifier, MenuType.MENU, en, zh, id_, path=path, children=children, **kw)  # type: ignore[arg-type]


def directory(identifier: str, path: str, en: str, zh: str, id_: str, *children: Node, **kw: object) -> Node:
    # kw passes Node's optional fields through, typed as object values
    return Node(identifier, MenuType.DIRECTORY, en, zh, id_, path=path, children=children, **kw)  # type: ignore[arg-type]


def hidden(identifier: str, path: str, en: str, zh: str, id_: str, *children: Node, **kw: object) -> Node:
    """A detail route: registered with the router, never shown in the menu or the route search."""
    return menu(identifier, path, en, zh, id_, *children, hidden=True, **kw)


def button(identifier: str, en: str, zh: str, id_: str) -> Node:
    return Node(identifier, MenuType.BUTTON, en, zh, id_)


VERBS = {
    "add": ("Add", "新增", "Tambah"),
    "edit": ("Edit", "编辑", "Ubah"),
    "delete": ("Delete", "删除", "Hapus"),
    "export": ("Export", "导出", "Ekspor"),
    "import": ("Import", "导入", "Impor"),
}


def crud(module: str, en: str, zh: str, id_: str, actions: str = "add edit delete export import") -> tuple[Node, ...]:
    """The common buttons of a list screen: `module#add`, `module#edit`, ... titled "Add courier" and so on."""
    return tuple(button(f"{module}#{verb}", f"{VERBS[verb][0]} {en}", f"{VERBS[verb][1]}{zh}",
                        f"{VERBS[verb][2]} {id_}") for verb in actions.split())


def walk(nodes: tuple[Node, ...], parent: str | None = None) -> Iterator[tuple[Node, str | None, int]]:
    """Every node with its parent's identifier and its position among its siblings (from 1)."""
    for index, node in enumerate(nodes, start=1):
        yield node, parent, index
        yield from walk(node.children, node.identifier)


def subtree(nodes: tuple[Node, ...], root: str, *, buttons: bool = True) -> set[str]:
    """The identifiers of `root` and everything below it (buttons left out when asked)."""
    for node, _, _ in walk(nodes):
        if node.identifier == root:
            return {n.identifier for n, _, _ in walk((node,)) if buttons or n.menu_type != MenuType.BUTTON}
    raise KeyError(root)
