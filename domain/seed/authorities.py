"""The built-in menu tree: (identifier, type, path, titles en/zh/id, children). Identifiers are stable.

Button identifiers follow `system#feature`. Modules add their entries here as they land.
"""

from __future__ import annotations

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
    return Node(identifier, MenuType.MENU, en, zh, id_, path=path, children=children, **kw)  # type: ignore[arg-type]


def directory(identifier: str, path: str, en: str, zh: str, id_: str, *children: Node, **kw: object) -> Node:
    return Node(identifier, MenuType.DIRECTORY, en, zh, id_, path=path, children=children, **kw)  # type: ignore[arg-type]


def button(identifier: str, en: str, zh: str, id_: str) -> Node:
    return Node(identifier, MenuType.BUTTON, en, zh, id_)


TREE: tuple[Node, ...] = (
    menu("home", "/home", "Home", "首页", "Beranda", icon="home", affix=True),
    directory(
        "operation", "/operation", "Operation", "运营", "Operasional",
        directory(
            "ginee-oms", "/operation/ginee-oms", "Ginee OMS", "Ginee OMS", "Ginee OMS",
            directory(
                "oms-order", "/operation/ginee-oms/order", "Order", "订单", "Pesanan",
                menu(
                    "logistics-configuration", "/operation/ginee-oms/order/logistics-configuration",
                    "Logistics configuration", "物流配置", "Konfigurasi logistik",
                    button("logistics#add", "Add courier", "新增物流商", "Tambah kurir"),
                    button("logistics#edit", "Edit courier", "编辑物流商", "Ubah kurir"),
                    button("logistics#delete", "Delete courier", "删除物流商", "Hapus kurir"),
                    button("logistics#export", "Export couriers", "导出物流商", "Ekspor kurir"),
                    button("logistics#import", "Import couriers", "导入物流商", "Impor kurir"),
                ),
            ),
        ),
        icon="operation",
    ),
)
