"""Menu tree: home, the user center, the profile pages, dashboards and event-tracking settings."""

from __future__ import annotations

from domain.seed.menu_kit import button, crud, directory, hidden, menu

HOME = menu("home", "/home", "Home", "首页", "Beranda", icon="home", affix=True)

# Reachable by every logged-in user from the avatar menu, whatever their roles.
PROFILE = (
    hidden("profile-center", "/user/center", "Profile center", "个人中心", "Pusat profil"),
    hidden("change-password", "/user/change-password", "Change password", "修改密码", "Ubah kata sandi"),
    # Export tasks (docs/exports.md): everyone's own large exports; the button shows everyone's.
    hidden("export-tasks", "/export-tasks", "Exports", "导出任务", "Ekspor",
           button("export-task#admin", "See and download everyone's exports", "查看并下载所有人的导出",
                  "Lihat dan unduh ekspor semua orang")),
)

USER_CENTER = directory(
    "user-center", "/user-center", "User center", "用户中心", "Pusat pengguna",
    menu("user-management", "/user-center/user", "Users", "用户管理", "Pengguna",
         *crud("user", "user", "用户", "pengguna"),
         button("user#grant", "Grant authorities to user", "为用户授权", "Beri otoritas ke pengguna"),
         button("user#unlock", "Unlock login / end sessions", "解除登录锁定/下线", "Buka kunci login / akhiri sesi")),
    menu("department-management", "/user-center/department", "Departments", "部门管理", "Departemen",
         *crud("department", "department", "部门", "departemen")),
    menu("role-management", "/user-center/role", "Roles", "角色管理", "Peran",
         *crud("role", "role", "角色", "peran"),
         button("role#members", "Change role members", "调整角色成员", "Ubah anggota peran"),
         button("role#grant", "Grant authorities to role", "为角色授权", "Beri otoritas ke peran")),
    menu("menu-management", "/user-center/menu", "Menus and authorities", "菜单权限", "Menu dan otoritas",
         *crud("authority", "authority", "权限", "otoritas"),
         button("authority#revoke", "Remove authority from role or user", "移除角色或用户的权限",
                "Cabut otoritas dari peran atau pengguna")),
    menu("data-authority", "/user-center/data-authority", "Data authority", "数据权限", "Otoritas data",
         button("data-authority#edit", "Edit data authority", "编辑数据权限", "Ubah otoritas data")),
    icon="user",
)

MANAGE_DASHBOARD = directory(
    "manage-dashboard", "/manage-dashboard", "Dashboards", "数据看板", "Dasbor",
    directory("iam-reports", "/manage-dashboard/iam-reports", "IAM reports", "IAM 报表", "Laporan IAM",
              menu("iam-my-statistic", "/manage-dashboard/iam-reports/my-statistic", "My statistics", "我的统计",
                   "Statistik saya"),
              menu("iam-event", "/manage-dashboard/iam-reports/event", "IAM events", "IAM 事件", "Peristiwa IAM")),
    directory("oms-reports", "/manage-dashboard/oms-reports", "OMS reports", "OMS 报表", "Laporan OMS",
              menu("oms-order-report", "/manage-dashboard/oms-reports/order", "Order dashboard", "订单看板",
                   "Dasbor pesanan")),
    directory("gcrm-reports", "/manage-dashboard/gcrm-reports", "CRM reports", "CRM 报表", "Laporan CRM",
              menu("markting-statistic", "/manage-dashboard/gcrm-reports/markting-statistic", "Marketing statistics",
                   "营销统计", "Statistik pemasaran")),
    directory("finance-reports", "/manage-dashboard/finance-reports", "Finance reports", "财务报表",
              "Laporan keuangan",
              menu("my-finance", "/manage-dashboard/finance-reports/my-finance", "My finance", "我的财务",
                   "Keuangan saya")),
    directory("ticket-reports", "/manage-dashboard/ticket-reports", "Ticket reports", "工单报表", "Laporan tiket",
              menu("ticket-report", "/manage-dashboard/ticket-reports/ticket", "Ticket dashboard", "工单看板",
                   "Dasbor tiket")),
    menu("dashboard-list", "/manage-dashboard/list", "Dashboard components", "看板组件", "Komponen dasbor",
         *crud("dashboard", "component", "组件", "komponen", "edit import")),
    hidden("dashboard", "/dashboard", "Dashboard", "看板", "Dasbor"),
    icon="dashboard",
)

MANAGE = directory(
    "manage", "/manage", "Manage", "管理", "Kelola",
    menu("manage-event", "/manage/event", "Event-tracking settings", "埋点设置", "Pengaturan pelacakan peristiwa",
         *crud("event", "event", "埋点", "peristiwa", "add edit delete")),
    icon="setting",
)
