"""The system#feature permission catalogue packages bind (SPEC §6), brought up to date on every start.

Four systems, each a root of the tree: the warehouse system (wms), the chat assistant (chat), the order and
inventory system (erp, whose features carry numeric hierarchical ids as the product numbers them: erp#1 orders,
erp#1.1 pending, ...) and point-of-sale (pos); the display-sensitive-information permission sits under erp.
Keys are stable (packages bind them); names are updated in place, and nodes no longer listed are kept, since
an old package version may still grant them.
"""

from __future__ import annotations

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import PackageScene
from domain.models.packages import Feature

Node = tuple[str, str, str, str, tuple["Node", ...]]  # (slug, en, zh-CN, id, children)


def n(slug: str, en: str, zh: str, id_: str, *children: Node) -> Node:
    return (slug, en, zh, id_, children)


WMS = n("wms", "Warehouse system", "仓储系统", "Sistem gudang",
        n("transfer-plan", "Transfer plans", "调拨计划", "Rencana transfer"),
        n("report", "Reports", "报表", "Laporan"),
        n("wave-picking", "Waves and picking", "波次与拣货", "Gelombang dan pengambilan"),
        n("sorting-rack", "Sorting racks", "分拣架", "Rak sortir"),
        n("consignor", "Consignor management and top-up", "货主管理与充值", "Manajemen pengirim dan isi saldo"),
        n("pay-template", "Pay templates", "计费模板", "Templat biaya"),
        n("statement", "Statement settlement", "账单结算", "Penyelesaian tagihan"),
        n("returns", "Returns", "退货", "Retur"),
        n("pda", "PDA", "PDA", "PDA"),
        n("order", "Order management", "订单管理", "Manajemen pesanan"),
        n("bills", "Outbound and inbound bills", "出入库单", "Dokumen keluar dan masuk"),
        n("abnormal-package", "Abnormal packages", "异常包裹", "Paket bermasalah"),
        n("hot-item-print", "Hot-item printing", "爆款打印", "Cetak barang laris"),
        n("warehouse-settings", "Warehouse, area and shelf settings", "仓库、库区与货架设置",
          "Pengaturan gudang, area dan rak"),
        n("barcode-template", "Barcode templates", "条码模板", "Templat kode batang"),
        n("product-library", "Product library", "商品库", "Pustaka produk"),
        n("stock", "Stock", "库存", "Stok"),
        n("defective", "Defective goods", "次品", "Barang cacat"),
        n("users-roles", "User and role management", "用户与角色管理", "Manajemen pengguna dan peran"),
        n("operation-log", "Operation log", "操作日志", "Log operasi"),
        n("stocktaking", "Stocktaking", "盘点", "Stock opname"),
        n("replenishment", "Replenishment", "补货", "Pengisian ulang"),
        n("sales-90-days", "90-day sales orders", "90 天销售订单", "Pesanan penjualan 90 hari",
          n("view-all", "View all", "查看全部", "Lihat semua"),
          n("warehouse-only", "Own warehouse only", "仅本仓库", "Hanya gudang sendiri")),
        n("pick-basket", "Pick baskets", "拣货篮", "Keranjang ambil"))

CHAT = n("chat", "Chat assistant", "聊天助手", "Asisten obrolan",
         n("auto-reply", "Auto-reply", "自动回复", "Balasan otomatis"),
         n("performance", "Performance", "绩效", "Kinerja"),
         n("store-authorization", "Store authorization", "店铺授权", "Otorisasi toko"),
         n("staff-roles", "Staff and role management", "员工与角色管理", "Manajemen staf dan peran"),
         n("quick-reply", "Quick replies", "快捷回复", "Balasan cepat"),
         n("reminder", "Reminders", "提醒", "Pengingat"),
         n("review", "Review management", "评价管理", "Manajemen ulasan"))

ERP = n("erp", "Order and inventory system", "订单与库存系统", "Sistem pesanan dan inventaris",
        n("1", "Orders", "订单", "Pesanan",
          n("1.1", "Pending", "待处理", "Tertunda"),
          n("1.2", "Pending print", "待打印", "Menunggu cetak"),
          n("1.3", "Waiting pickup", "待揽收", "Menunggu penjemputan"),
          n("1.4", "Shipped", "已发货", "Dikirim"),
          n("1.5", "On hold", "已搁置", "Ditahan"),
          n("1.6", "Abnormal", "异常", "Bermasalah"),
          n("1.7", "Returns", "退货", "Retur"),
          n("1.8", "Order settings", "订单设置", "Pengaturan pesanan"),
          n("1.9", "Templates", "模板", "Templat")),
        n("2", "Master product", "主商品", "Produk induk"),
        n("3", "Channel product", "渠道商品", "Produk kanal"),
        n("4", "Stock", "库存", "Stok"),
        n("5", "Warehouse", "仓库", "Gudang",
          n("5.1", "Stocktaking", "盘点", "Stock opname"),
          n("5.2", "Stock adjustment", "库存调整", "Penyesuaian stok"),
          n("5.3", "Third-party warehouses", "第三方仓库", "Gudang pihak ketiga"),
          n("5.4", "Multi-warehouse", "多仓库", "Multi-gudang")),
        n("6", "Promotion", "促销", "Promosi"),
        n("7", "Customer", "客户", "Pelanggan"),
        n("8", "Reports", "报表", "Laporan"),
        n("9", "Integration", "集成", "Integrasi"),
        n("10", "Chat", "聊天", "Obrolan"),
        n("11", "Settings", "设置", "Pengaturan",
          n("11.1", "Staff", "员工", "Staf"),
          n("11.2", "Roles", "角色", "Peran"),
          n("11.3", "Reset password", "重置密码", "Atur ulang kata sandi"),
          n("11.4", "Fulfillment", "履约", "Pemenuhan")),
        n("12", "Logistics", "物流", "Logistik"),
        n("13", "Purchase", "采购", "Pembelian"),
        n("14", "Price management", "价格管理", "Manajemen harga"),
        n("15", "Stock push rules", "库存推送规则", "Aturan dorong stok"),
        n("16", "Calibration orders", "校准订单", "Pesanan kalibrasi"),
        n("17", "Exports", "导出", "Ekspor"),
        n("sensitive-info", "Display sensitive information (totals)", "显示敏感信息（合计）",
          "Tampilkan informasi sensitif (total)"))

POS = n("pos", "Point of sale", "收银系统", "Kasir",
        n("cashier", "Cashier", "收银台", "Kasir"),
        n("orders", "Orders", "订单", "Pesanan"))

CATALOGUE: tuple[tuple[PackageScene, Node], ...] = (
    (PackageScene.WMS, WMS), (PackageScene.CHAT, CHAT), (PackageScene.ERP, ERP), (PackageScene.POS, POS))


def rows() -> list[dict[str, object]]:
    """Every node as a `features` row, parents before children: a system root's key is its scene in lower
    case, every other key `system#feature`."""
    out: list[dict[str, object]] = []

    def walk(system: PackageScene, node: Node, parent: str | None, sort: int) -> None:
        slug, en, zh, id_, children = node
        key = slug if parent is None else f"{system.lower()}#{slug}"
        out.append({"key": key, "parent_key": parent, "system": system, "name_en": en, "name_zh": zh,
                    "name_id": id_, "sort": sort})
        for position, child in enumerate(children, start=1):
            walk(system, child, key, position)

    for position, (system, root) in enumerate(CATALOGUE, start=1):
        walk(system, root, None, position)
    return out


async def sync(db: AsyncSession) -> None:
    statement = insert(Feature).values(rows())
    await db.execute(statement.on_conflict_do_update(index_elements=[Feature.key], set_={
        "parent_key": statement.excluded.parent_key, "system": statement.excluded.system,
        "name_en": statement.excluded.name_en, "name_zh": statement.excluded.name_zh,
        "name_id": statement.excluded.name_id, "sort": statement.excluded.sort}))
