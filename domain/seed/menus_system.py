"""Menu tree: audit, deployment, scheduled tasks, tickets, mail and tools."""

from __future__ import annotations

from domain.seed.menu_kit import button, crud, directory, hidden, menu

AUDIT = directory(
    "system-audit", "/system/audit", "Audit", "审计", "Audit",
    menu("audit-log", "/system/audit/audit-log", "Audit log", "操作日志", "Log audit",
         *crud("audit", "audit log", "操作日志", "log audit", "export"),
         *crud("action-mapping", "action mapping", "操作映射", "pemetaan aksi")),
    menu("event-tracking", "/system/audit/event-tracking", "Event tracking", "埋点数据", "Pelacakan peristiwa",
         *crud("event-tracking", "events", "埋点数据", "peristiwa", "export")),
    menu("audit-ci", "/system/audit/ci", "CI", "持续集成", "CI"),
    menu("audit-cd", "/system/audit/cd", "CD", "持续部署", "CD"),
    directory(
        "audit-deploy", "/system/audit/deploy", "Deployment", "部署", "Penerapan",
        menu("jenkins-deploy", "/system/audit/deploy/jenkins-deploy", "Deploy tasks", "部署任务", "Tugas penerapan",
             *crud("deploy", "deploy task", "部署任务", "tugas penerapan", "add edit delete"),
             button("deploy#run", "Deploy", "执行部署", "Terapkan"),
             button("deploy#cancel", "Cancel or withdraw a deploy", "取消部署", "Batalkan penerapan"),
             # Deploying into a freeze window (docs/deployments.md); each use is audited with its reason.
             button("deploy#override-freeze", "Deploy during a freeze", "冻结期内部署", "Terapkan saat pembekuan")),
        menu("auto-deploy", "/system/audit/deploy/auto-deploy", "Auto deploy", "自动部署", "Penerapan otomatis",
             *crud("deploy-project", "deploy project", "部署项目", "proyek penerapan"),
             *crud("deploy-freeze", "freeze window", "冻结窗口", "jendela pembekuan")),
    ),
    menu("review-management", "/system/audit/review-management", "Reviews", "评审管理", "Tinjauan",
         button("review#approve", "Approve review", "审批", "Setujui tinjauan")),
    hidden("review-created", "/review/created", "Review created", "新建评审", "Tinjauan baru", no_cache=True),
    hidden("review-modify", "/review/modify/:id", "Review modify", "修改评审", "Ubah tinjauan", no_cache=True),
    hidden("review-detail", "/review/:id", "Review detail", "评审详情", "Detail tinjauan"),
    menu("approvals", "/system/audit/approval", "Approvals", "审批", "Persetujuan",
         button("subscription#approve", "Approve subscription or gift", "审批订阅或赠送",
                "Setujui langganan atau hadiah"),
         # A failed request applied again, or a live one whose flow stopped run again (docs/subscriptions.md).
         button("subscription#retry", "Retry a failed or stuck request", "重试失败或卡住的申请",
                "Coba lagi permintaan yang gagal atau macet")),
    hidden("approval-detail", "/approval/:id", "Approval", "审批详情", "Persetujuan"),
)

TASKS = directory(
    "system-task", "/system/task", "Tasks", "任务", "Tugas",
    menu("alter-mq", "/system/task/alter-mq", "MQ alerts", "MQ 告警", "Peringatan MQ",
         *crud("mq-alert", "queue alert rule", "队列告警规则", "aturan peringatan antrean", "add edit delete")),
    menu("task-schedule", "/system/task/schedule", "Scheduled tasks", "定时任务", "Tugas terjadwal",
         *crud("job", "scheduled task", "定时任务", "tugas terjadwal", "add edit delete export"),
         button("job#run", "Run now or backfill", "立即执行或补跑", "Jalankan sekarang atau isi ulang"),
         button("job#pause", "Pause or resume", "暂停或恢复", "Jeda atau lanjutkan")),
    menu("task-log", "/system/task/log", "Task records", "任务记录", "Catatan tugas",
         *crud("job-record", "task records", "任务记录", "catatan tugas", "export"),
         button("job-record#retry", "Retry a failed record", "重试失败的记录", "Ulangi catatan yang gagal"),
         # The Temporal Web UI (api/temporal_ui.py): every flow, with cancel and terminate; operators only.
         button("temporal#operate", "Operate flows in the Temporal Web UI", "在 Temporal Web UI 中操作流程",
                "Kelola alur di Temporal Web UI")),
    directory(
        "heartbeat", "/system/task/heartbeat", "Heartbeat", "心跳", "Detak",
        menu("application-status", "/system/task/heartbeat/application-status", "Application status", "应用状态",
             "Status aplikasi"),
        menu("heartbeat-list", "/system/task/heartbeat/heartbeat-list", "Heartbeats", "心跳列表", "Daftar detak"),
        hidden("heartbeat-detail", "/system/heartbeat/detail", "Heartbeat detail", "心跳详情", "Detail detak"),
    ),
)

# The buttons of the ticket actions (domain/rules/tickets.py PERMISSIONS; docs/tickets.md).
TICKET_ACTIONS = (
    button("ticket#start", "Start processing", "开始处理", "Mulai proses"),
    button("ticket#claim", "Claim ticket", "认领工单", "Klaim tiket"),
    button("ticket#hold", "Put ticket on hold", "挂起工单", "Tunda tiket"),
    button("ticket#complete", "Complete ticket", "完成工单", "Selesaikan tiket"),
    button("ticket#approve", "Approve resolution", "审核通过", "Setujui penyelesaian"),
    button("ticket#unconfirm", "Unconfirm resolution", "确认未解决", "Batalkan konfirmasi"),
    button("ticket#confirm", "Confirm and close", "确认关闭", "Konfirmasi dan tutup"),
    button("ticket#wont-fix", "Won't fix", "不予修复", "Tidak diperbaiki"),
    button("ticket#reopen", "Reopen ticket", "重新打开工单", "Buka kembali tiket"),
    button("ticket#unmerge", "Cancel merge", "取消合并", "Batalkan penggabungan"),
    button("ticket#watch", "Watch ticket", "关注工单", "Pantau tiket"),
    button("ticket#remind", "Remind assignee", "催办", "Ingatkan penanggung jawab"),
    button("ticket#comment", "Comment on ticket", "评论工单", "Komentari tiket"),
    button("ticket#priority", "Change priority", "修改优先级", "Ubah prioritas"),
    button("ticket#assign", "Reassign ticket", "转派工单", "Alihkan tiket"),
)

TICKETS = directory(
    "system-ticket", "/system/ticket", "Tickets", "工单", "Tiket",
    menu("ticket-list", "/system/ticket/list", "Tickets", "工单列表", "Daftar tiket",
         *crud("ticket", "ticket", "工单", "tiket", "edit export"),
         button("ticket#merge", "Merge tickets", "合并工单", "Gabungkan tiket"),
         button("ticket#restart-flow", "Restart a ticket's flow", "重启工单流程", "Mulai ulang alur tiket"),
         *TICKET_ACTIONS),
    menu("ticket-new", "/system/ticket/new", "New ticket", "新建工单", "Tiket baru"),
    menu("ticket-user-list", "/system/ticket/user-list", "My tickets", "我的工单", "Tiket saya"),
    menu("ticket-calendar", "/system/ticket/calendar", "Business calendars", "工作日历", "Kalender kerja",
         *crud("calendar", "business calendar", "工作日历", "kalender kerja")),
    menu("ticket-category", "/system/ticket/category", "Ticket categories", "工单分类", "Kategori tiket",
         *crud("ticket-category", "ticket category", "工单分类", "kategori tiket")),
    menu("ticket-application", "/system/ticket/application", "Ticket applications", "工单应用", "Aplikasi tiket",
         *crud("ticket-application", "ticket application", "工单应用", "aplikasi tiket")),
    menu("ticket-on-duty", "/system/ticket/on-duty", "People on duty", "值班人员", "Petugas piket",
         button("ticket-on-duty#edit", "Edit people on duty", "编辑值班人员", "Ubah petugas piket")),
    hidden("ticket-saas-detail", "/ticket/saas-detail/:date/:id/:accountId", "Ticket detail", "工单详情",
           "Detail tiket"),
    hidden("ticket-detail", "/ticket/detail/:date/:id", "Ticket detail", "工单详情", "Detail tiket"),
    hidden("ticket-view", "/ticket/:id", "Ticket", "工单", "Tiket"),
    hidden("ticket-detail-link", "/ticket-detail/detail", "Ticket link", "工单链接", "Tautan tiket"),
)

MESSAGES = directory(
    "message-center", "/system/message-center", "Messages", "消息中心", "Pusat pesan",
    directory(
        "manage-mail", "/system/message-center/manage-mail", "Mail", "邮件", "Surel",
        menu("timed-mail", "/system/message-center/manage-mail/timed-mail", "Timed mail", "定时邮件",
             "Surel terjadwal", *crud("mail", "timed mail", "定时邮件", "surel terjadwal", "add edit delete"),
             button("mail#send", "Send, pause and recover timed mails", "发送、暂停和恢复定时邮件",
                    "Kirim, jeda dan pulihkan surel terjadwal")),
        menu("mail-history", "/system/message-center/manage-mail/mail-history", "Mail history", "邮件历史",
             "Riwayat surel", button("mail-history#retry", "Retry failed mails", "重发失败邮件",
                                     "Kirim ulang surel yang gagal")),
        hidden("timed-mail-create", "/timed-mail/create", "New timed mail", "新建定时邮件", "Surel terjadwal baru",
               no_cache=True),
        hidden("timed-mail-edit", "/timed-mail/edit", "Edit timed mail", "编辑定时邮件", "Ubah surel terjadwal",
               no_cache=True),
    ),
)

SYSTEM = directory(
    "system", "/system", "System", "系统", "Sistem",
    AUDIT,
    TASKS,
    TICKETS,
    MESSAGES,
    directory(
        "common-tools", "/system/common-tools", "Tools", "工具", "Alat",
        menu("tools", "/system/common-tools/tools", "Common tools", "常用工具", "Alat umum",
             button("file#upload-public", "Upload public file", "上传公开文件", "Unggah berkas publik"),
             # Any type of file, under a hard size cap, always served as a download (docs/operations-tools.md).
             button("file#upload-unrestricted", "Upload any type of file", "上传任意类型文件",
                    "Unggah berkas jenis apa pun")),
    ),
    hidden("system-info", "/info", "Build information", "版本信息", "Informasi versi"),
    hidden("system-health", "/health", "Health", "健康状态", "Kesehatan"),
    icon="system",
)
