import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** A screen that exists: its lazy chunk and the translation namespaces it needs. */
export interface PageView {
  kind: 'page';
  load: () => Promise<PageModule>;
  namespaces: readonly string[];
  /** A list screen on the resource kit: its route starts the list's first calls as soon as its chunks have run. */
  list?: boolean;
}

/** A screen whose module has not landed yet: the route exists and says so. */
export interface PendingView {
  kind: 'pending';
  module: PendingModule;
}

/** A link-only route that forwards to another path built from its query (`/ticket-detail/detail?ticketId=7`). */
export interface RedirectView {
  kind: 'redirect';
  to: (query: URLSearchParams) => string;
}

/** Served outside the shell for everyone (`/info`, `/health`); nothing to add from the menu. */
export interface PublicView {
  kind: 'public';
}

export type View = PageView | PendingView | RedirectView | PublicView;

/** Modules still to come; each names the screens that wait for it (listed in web/README.md). */
export const PENDING_MODULES = {
  openPlatform: ['credential', 'credential-edit', 'credential-permission', 'credential-add-push', 'open-service',
    'webhook'],
  crm: ['crm-sales', 'crm-retention', 'crm-leads', 'feedback-new', 'feedback-list', 'feedback-tree',
    'feedback-report', 'ftr-new', 'ftr-list', 'crm-onboarding', 'disposition-list', 'disposition-new',
    'disposition-statistic', 'crm-task-detail', 'crm-task-schedule', 'sales-performance', 'performance-details',
    'sales-target', 'manage-chat', 'merchant-sales-history', 'merchant-retention-history', 'merchant-leads-history',
    'feedback-detail', 'sales-detail', 'tree-history', 'disposition-detail', 'tag-company-detail',
    'tag-contacts-detail'],
  dashboards: ['iam-my-statistic', 'iam-event', 'oms-order-report', 'markting-statistic', 'my-finance',
    'dashboard-list', 'dashboard', 'manage-event'],
} as const;

export type PendingModule = keyof typeof PENDING_MODULES;

function page(load: PageView['load'], ...namespaces: string[]): PageView {
  return { kind: 'page', load, namespaces };
}

/** A list screen on the resource kit: its module's texts (and those of modules it borrows from) and the kit's. */
function resourcePage(load: PageView['load'], ...namespaces: string[]): PageView {
  return { ...page(load, ...namespaces, 'resource'), list: true };
}

function fromQuery(param: string, to: (value: string) => string): RedirectView {
  return { kind: 'redirect', to: (query) => to(encodeURIComponent(query.get(param) ?? '')) };
}

const pendingViews = Object.fromEntries(
  (Object.entries(PENDING_MODULES) as [PendingModule, readonly string[]][]).flatMap(([module, identifiers]) =>
    identifiers.map((identifier) => [identifier, { kind: 'pending', module } satisfies PendingView]),
  ),
);

/**
 * Menu identifier -> view. Only menu entries whose identifier is here get a route (SPEC §2); a
 * module replaces its `pending` entries with `page(...)` when it lands.
 */
export const VIEWS: Readonly<Record<string, View>> = {
  ...pendingViews,
  home: page(() => import('../modules/home/HomePage')),
  'erp-package': resourcePage(() => import('../modules/packages/PackagesPage').then((m) => ({ default: m.ErpPackagesPage })), 'packages'),
  'menu-package': resourcePage(() => import('../modules/packages/PackagesPage').then((m) => ({ default: m.MenuPackagesPage })), 'packages'),
  'common-package': resourcePage(() => import('../modules/packages/PackagesPage').then((m) => ({ default: m.CommonPackagesPage })), 'packages'),
  'erp-package-create': resourcePage(() => import('../modules/packages/PackageFormPage'), 'packages'),
  'erp-package-edit': resourcePage(() => import('../modules/packages/PackageFormPage'), 'packages'),
  'common-package-create': resourcePage(() => import('../modules/packages/PackageFormPage'), 'packages'),
  'common-package-edit': resourcePage(() => import('../modules/packages/PackageFormPage'), 'packages'),
  'common-permission-edit': resourcePage(() => import('../modules/packages/PermissionPage'), 'packages'),
  'common-permission-view': resourcePage(() => import('../modules/packages/PermissionPage'), 'packages'),
  'logistics-configuration': resourcePage(() => import('../modules/couriers/CouriersPage'), 'couriers'),
  'interception-rules': resourcePage(() => import('../modules/interception/InterceptionRules'), 'interception'),
  'user-management': resourcePage(() => import('../modules/users/UsersPage'), 'users', 'authorities'),
  'role-management': resourcePage(() => import('../modules/roles/RolesPage'), 'roles', 'authorities'),
  'department-management': resourcePage(() => import('../modules/departments/DepartmentsPage'), 'departments'),
  'menu-management': resourcePage(() => import('../modules/authorities/AuthoritiesPage'), 'authorities'),
  'data-authority': page(() => import('../modules/data-authority/DataAuthorityPage'), 'data-authority'),
  'profile-center': page(() => import('../modules/profile/ProfilePage'), 'profile', 'users', 'resource'),
  'change-password': page(() => import('../modules/profile/ChangePasswordPage'), 'profile', 'users', 'resource'),
  'financial-reconciliation': resourcePage(() => import('../modules/reconciliation/ReconciliationPage'), 'reconciliation'),
  'export-tasks': resourcePage(() => import('../modules/export-tasks/ExportTasksPage'), 'export-tasks'),
  'audit-log': resourcePage(() => import('../modules/audit/AuditLogPage'), 'audit'),
  'event-tracking': resourcePage(() => import('../modules/event-tracking/EventTrackingPage'), 'event-tracking', 'audit'),
  // Deployments (docs/deployments.md): tasks and their review, runs of CI, CD and the release log, settings.
  'jenkins-deploy': resourcePage(() => import('../modules/deployments/TasksPage'), 'deployments'),
  'review-management': resourcePage(() => import('../modules/deployments/ReviewManagementPage'), 'deployments'),
  'review-created': page(() => import('../modules/deployments/TaskFormPage'), 'deployments'),
  'review-modify': page(() => import('../modules/deployments/TaskFormPage'), 'deployments'),
  'review-detail': resourcePage(() => import('../modules/deployments/ReviewPage'), 'deployments'),
  'audit-ci': resourcePage(() => import('../modules/deployments/CiPage'), 'deployments'),
  'audit-cd': resourcePage(() => import('../modules/deployments/CdPage'), 'deployments'),
  'auto-deploy': resourcePage(() => import('../modules/deployments/AutoDeployPage'), 'deployments'),
  'stock-change-record': resourcePage(() => import('../modules/stock/ChangeRecordPage'), 'stock'),
  'stock-reconciliation': resourcePage(() => import('../modules/stock/ReconciliationPage'), 'stock'),
  // Shelf merges (docs/shelf_merges.md): the list under location management and one merge followed while it runs.
  'shelf-merges': resourcePage(() => import('../modules/shelf-merges/ShelfMergesPage'), 'shelf-merges'),
  'shelf-merge-detail': page(() => import('../modules/shelf-merges/ShelfMergePage'), 'shelf-merges', 'resource'),
  'alter-mq': resourcePage(() => import('../modules/queue-alerts/AlterMqPage'), 'queue-alerts', 'users'),
  'application-status': page(() => import('../modules/heartbeats/ApplicationStatusPage'), 'heartbeats'),
  'heartbeat-list': resourcePage(() => import('../modules/heartbeats/HeartbeatListPage'), 'heartbeats'),
  'heartbeat-detail': page(() => import('../modules/heartbeats/HeartbeatDetailPage'), 'heartbeats'),
  tools: page(() => import('../modules/tools/ToolsPage'), 'tools'),
  'system-info': { kind: 'public' },
  'system-health': { kind: 'public' },
  'ticket-list': resourcePage(() => import('../modules/tickets/TicketListPage'), 'tickets'),
  'ticket-user-list': resourcePage(() => import('../modules/tickets/MyTicketsPage'), 'tickets'),
  'ticket-new': resourcePage(() => import('../modules/tickets/NewTicketPage'), 'tickets'),
  'ticket-report': page(() => import('../modules/ticket-reports/TicketReportPage'), 'ticket-reports', 'resource'),
  'ticket-calendar': resourcePage(() => import('../modules/calendars/CalendarsPage'), 'calendars'),
  'ticket-category': resourcePage(() => import('../modules/ticket-settings/CategoriesPage'), 'ticket-settings'),
  'ticket-application': resourcePage(() => import('../modules/ticket-settings/ApplicationsPage'), 'ticket-settings'),
  'ginee-account': resourcePage(() => import('../modules/merchants/AllAccountsPage'), 'merchants', 'users'),
  'ginee-specific-accounts': resourcePage(() => import('../modules/merchants/SpecificAccountsPage'), 'merchants', 'users'),
  'ginee-iam-detail': resourcePage(() => import('../modules/merchants/detail/MerchantDetailPage'), 'merchants', 'shops', 'expenses', 'plans',
    'subscriptions'),
  'iam-performance': page(() => import('../modules/iam/PerformancePage'), 'iam', 'resource'),
  'shops-all': resourcePage(() => import('../modules/shops/AllShopsPage'), 'shops', 'order-sync'),
  // SPEC §2 /operation/ginee-oms/shop: the OMS menu's way to the same shops list.
  'oms-shop': resourcePage(() => import('../modules/shops/AllShopsPage'), 'shops', 'order-sync'),
  'shops-specific': resourcePage(() => import('../modules/shops/SpecificShopsPage'), 'shops', 'order-sync'),
  'search-warehouse-stock': resourcePage(() => import('../modules/stock-sync/WarehouseStockPage'), 'stock-sync'),
  'events-warehouse-stock': resourcePage(() => import('../modules/stock-sync/StockEventsPage'), 'stock-sync'),
  'lock-stock': resourcePage(() => import('../modules/stock-sync/StockLocksPage'), 'stock-sync'),
  'store-warehouse-binding': resourcePage(() => import('../modules/stock-sync/StoreBindingsPage'), 'stock-sync'),
  'stock-push-history': resourcePage(() => import('../modules/stock-sync/PushHistoryPage'), 'stock-sync'),
  // SPEC §2 ERP settings (docs/erp_settings.md): each page's lists as tabs and its action history.
  'basic-settings': resourcePage(() => import('../modules/erp-settings/pages').then((m) => ({ default: m.BasicSettingsPage })), 'erp-settings', 'merchants'),
  'product-settings': resourcePage(() => import('../modules/erp-settings/pages').then((m) => ({ default: m.ProductSettingsPage })), 'erp-settings', 'merchants'),
  'order-setting': resourcePage(() => import('../modules/erp-settings/OrderSettingPage'), 'erp-settings', 'merchants',
    'interception'),
  'stock-settings': resourcePage(() => import('../modules/erp-settings/StockSettingsPage'), 'erp-settings', 'stock-sync', 'merchants'),
  'shipping-setting': resourcePage(() => import('../modules/erp-settings/pages').then((m) => ({ default: m.ShippingSettingPage })), 'erp-settings', 'merchants'),
  'product-flow': resourcePage(() => import('../modules/stock-sync/ProductFlowPage'), 'stock-sync'),
  'product-inventory': resourcePage(() => import('../modules/stock-sync/ProductInventoryPage'), 'stock-sync'),
  // SPEC §2 manage goods: channel products, master products with their stock lock, and their history.
  // after-sales: returns by day and by time, packing materials, warehouse content
  'after-service-day': page(() => import('../modules/after-sales/DayPage'), 'after-sales', 'resource'),
  'after-service-time': resourcePage(() => import('../modules/after-sales/ReturnsPage'), 'after-sales'),
  'after-service-material': resourcePage(() => import('../modules/after-sales/MaterialsPage'), 'after-sales'),
  'content-manage': resourcePage(() => import('../modules/after-sales/ContentPage'), 'after-sales'),
  'goods-list': resourcePage(() => import('../modules/goods/GoodsListPage'), 'goods'),
  'goods-local': resourcePage(() => import('../modules/goods/LocalGoodsPage'), 'goods'),
  'goods-history': resourcePage(() => import('../modules/goods/GoodsHistoryPage'), 'goods'),
  'expenses-all': resourcePage(() => import('../modules/expenses/AllExpensesPage'), 'expenses'),
  'expenses-specific': resourcePage(() => import('../modules/expenses/SpecificExpensesPage'), 'expenses'),
  'timed-mail': resourcePage(() => import('../modules/mail/TimedMailPage'), 'mail'),
  'mail-history': resourcePage(() => import('../modules/mail/MailHistoryPage'), 'mail'),
  // Scheduled tasks and their records (docs/jobs.md).
  'task-schedule': resourcePage(() => import('../modules/jobs/JobsPage'), 'jobs'),
  'task-log': resourcePage(() => import('../modules/jobs/JobRecordsPage'), 'jobs'),
  // SPEC §2: one screen under two hidden routes, not cached.
  'timed-mail-create': page(() => import('../modules/mail/TimedMailFormPage'), 'mail', 'resource'),
  'timed-mail-edit': page(() => import('../modules/mail/TimedMailFormPage'), 'mail', 'resource'),
  'ticket-on-duty': page(() => import('../modules/ticket-settings/OnDutyPage'), 'ticket-settings'),
  // SPEC §2: one ticket screen under three hidden routes, each naming the ticket by `:id`.
  'ticket-view': page(() => import('../modules/tickets/detail/TicketDetailPage'), 'tickets'),
  'ticket-detail': page(() => import('../modules/tickets/detail/TicketDetailPage'), 'tickets'),
  'ticket-saas-detail': page(() => import('../modules/tickets/detail/TicketDetailPage'), 'tickets'),
  approvals: resourcePage(() => import('../modules/subscriptions/ApprovalsPage'), 'subscriptions'),
  'approval-detail': page(() => import('../modules/subscriptions/ApprovalPage'), 'subscriptions', 'resource'),
  // SPEC §2 content: one notices screen under its menu and its two hidden routes.
  'notices-faq-manage': resourcePage(() => import('../modules/notices/NoticesPage'), 'notices'),
  'notices-faq-detail': resourcePage(() => import('../modules/notices/NoticesPage'), 'notices'),
  'content-notices-manage': resourcePage(() => import('../modules/notices/NoticesPage'), 'notices'),
  'order-list': resourcePage(() => import('../modules/orders/OrdersPage'), 'orders'),
  'order-detail': page(() => import('../modules/orders/OrderDetailPage'), 'orders', 'interception'),
  'order-process': resourcePage(() => import('../modules/wms-orders/OrderProcessPage'), 'wms-orders'),
  'hot-print-data': page(() => import('../modules/wms-orders/HotPrintPage'), 'wms-orders'),
  'outbound-inbound-order-query': resourcePage(() => import('../modules/stock-orders/StockOrdersPage'), 'stock-orders'),
  'whatsapp-group': resourcePage(() => import('../modules/whatsapp-groups/WhatsappGroupsPage'), 'whatsapp-groups'),
  // SPEC §2 WMS centre: warehouses, their areas and shelves, the product library.
  'warehouse-list': resourcePage(() => import('../modules/warehouses/WarehousesPage'), 'warehouses'),
  'location-management': resourcePage(() => import('../modules/warehouses/LocationsPage'), 'warehouses', 'shelf-merges'),
  'product-library': resourcePage(() => import('../modules/warehouses/ProductLibraryPage'), 'warehouses'),
  'tips-manage': resourcePage(() => import('../modules/tips/TipsPage'), 'tips'),
  'internal-faq': resourcePage(() => import('../modules/internal-faq/InternalFaqPage'), 'internal-faq'),
  'internal-faq-modify': resourcePage(() => import('../modules/internal-faq/InternalFaqPage'), 'internal-faq'),
  'internal-faq-preview': page(() => import('../modules/internal-faq/InternalFaqPreviewPage'), 'internal-faq'),
  // SPEC §2: these two only forward to the screen the query names.
  'ticket-detail-link': fromQuery('ticketId', (id) => `/ticket/${id}`),
  'disposition-detail-link': fromQuery('dispositionId', (id) => `/manage-disposition/${id}`),
};

/** Identifiers whose screen is not available yet, by module. */
export function pendingIdentifiers(): Record<string, string[]> {
  const byModule: Record<string, string[]> = {};
  for (const [identifier, view] of Object.entries(VIEWS)) {
    if (view.kind === 'pending') (byModule[view.module] ??= []).push(identifier);
  }
  return byModule;
}
