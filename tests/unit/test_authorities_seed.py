"""The seeded menu tree (SPEC §2 menu access paths and hidden detail routes) and the built-in roles."""

from collections import Counter

import pytest

from domain.enums import MenuType
from domain.seed.authorities import EVERYONE, TREE
from domain.seed.identity import ROLES
from domain.seed.menu_kit import walk

NODES = [node for node, _, _ in walk(TREE)]
BY_PATH = {node.path: node for node in NODES if node.path}

def paths(text: str) -> list[str]:
    return text.split()


MENU_PATHS = paths("""
/home /user-center/user /user-center/department /user-center/role /user-center/menu /user-center/data-authority
/operation/accounts/accounts/ginee-specific-accounts /operation/accounts/accounts/ginee-account
/operation/accounts/saas-management/manage-content/tips-manage
/operation/accounts/saas-management/manage-content/notices-faq-manage
/operation/accounts/saas-management/whatsapp-group /operation/accounts/expenses/all
/operation/accounts/expenses/specific /operation/accounts/shops/specific /operation/accounts/shops/all
/open-platform/credential /open-platform/service /open-platform/webhook
/operation/ginee-oms/order/order-list /operation/ginee-oms/order/logistics-configuration
/operation/ginee-oms/manage-goods/goods-local /operation/ginee-oms/manage-goods/goods-list
/operation/ginee-oms/manage-goods/goods-history /operation/ginee-oms/stock/events-warehouse-stock
/operation/ginee-oms/stock/search-warehouse-stock /operation/ginee-oms/stock/outbound-inbound-order-query
/operation/ginee-oms/shop /operation/ginee-oms/erp-settings/basic-settings
/operation/ginee-oms/erp-settings/product-settings /operation/ginee-oms/erp-settings/order-setting
/operation/ginee-oms/erp-settings/stock-settings /operation/ginee-oms/erp-settings/shipping-setting
/order-process /after-service-day /after-service-time /after-service-material /warehouse-setting/warehouse-list
/warehouse-setting/location-management /hot-print-data /product-library /product-flow /product-inventory
/content-manage /financial-reconciliation
/crm/sales /crm/manage-retention /crm/leads /crm/feedback/new /crm/feedback/list /crm/feedback/tree
/crm/feedback/report /crm/ftr/new /crm/ftr/list /crm/onboarding /crm/manage-disposition/list
/crm/manage-disposition/new /crm/manage-disposition/statistic /crm/task/detail /crm/task/schedule
/crm/manage-report/sales-performance /crm/manage-report/performance-details /crm/manage-report/target
/crm/manage-chat
/manage-dashboard/iam-reports/my-statistic /manage-dashboard/iam-reports/event /manage-dashboard/oms-reports/order
/manage-dashboard/gcrm-reports/markting-statistic /manage-dashboard/finance-reports/my-finance
/manage-dashboard/ticket-reports/ticket /manage-dashboard/list
/system/audit/audit-log /system/audit/event-tracking /system/audit/ci /system/audit/cd
/system/audit/deploy/jenkins-deploy /system/audit/deploy/auto-deploy /system/audit/review-management
/system/task/alter-mq /system/task/schedule /system/task/log /system/task/heartbeat/application-status
/system/task/heartbeat/heartbeat-list /system/ticket/list /system/ticket/new /system/ticket/user-list
/system/message-center/manage-mail/timed-mail /system/message-center/manage-mail/mail-history
/system/common-tools/tools /manage/event
""")

HIDDEN_PATHS = paths("""
/user/center /dashboard /ticket/saas-detail/:date/:id/:accountId /ticket/detail/:date/:id /ticket/:id
/ticket-detail/detail /tag-factory/company-detail/:id /tag-factory/contacts-detail/:id
/open-platform/credential-edit/:id /open-platform/credential-permission/:id /open-platform/credential-add/push
/approval/:id /operation/ginee-iam/genie-iam-detail /operation/ginee-iam/saas-expenses/iam-performance
/review/created /review/modify/:id /review/:id /orderId/:id /merchant-sales/history /merchant-retention/history
/merchant-leads/history /crm/feedback-detail/:id /crm/sales-detail/:id /crm/tree-history /manage-disposition/:id
/disposition-detail/detail /timed-mail/create /timed-mail/edit /manage-content/notices-faq-manage
/content-manage/notices-manage /system/heartbeat/detail /info /health /operation/internal-faq/modify
/operation/internal-faq/preview
/operation/manage-accounts/saas-management/erp/package-permission/create/:count
/operation/manage-accounts/saas-management/erp/package-permission/edit/:id
/operation/manage-accounts/saas-management/common/package-permission/create/:count
/operation/manage-accounts/saas-management/common/package-permission/edit/:id
/operation/manage-accounts/saas-management/common/permission/edit/:id
/operation/manage-accounts/saas-management/common/permission/view/:id
""")


@pytest.mark.parametrize("path", MENU_PATHS)
def test_every_menu_access_path_is_a_visible_menu(path):
    """SPEC §2: every menu access path is a menu entry."""
    node = BY_PATH.get(path)
    assert node is not None, f"{path} missing from the menu tree"
    assert node.menu_type == MenuType.MENU and not node.hidden


@pytest.mark.parametrize("path", HIDDEN_PATHS)
def test_every_hidden_detail_route_is_a_hidden_entry(path):
    """SPEC §2: hidden routes do not appear in the menu or the route search."""
    node = BY_PATH.get(path)
    assert node is not None, f"{path} missing from the menu tree"
    assert node.hidden


def test_no_cache_routes_are_marked():
    """SPEC §2: /operation/ginee-iam/genie-iam-detail and /timed-mail/create are not cached."""
    assert BY_PATH["/operation/ginee-iam/genie-iam-detail"].no_cache
    assert BY_PATH["/timed-mail/create"].no_cache


def test_identifiers_are_unique_and_titled_in_three_languages():
    counts = Counter(node.identifier for node in NODES)
    assert [i for i, n in counts.items() if n > 1] == []
    for node in NODES:
        assert node.en and node.zh and node.id, node.identifier


def test_buttons_follow_system_feature_and_sit_under_screens():
    for node in NODES:
        for child in node.children:
            if child.menu_type == MenuType.BUTTON:
                assert "#" in child.identifier, child.identifier
        if node.menu_type == MenuType.BUTTON:
            assert node.children == ()


def test_logistics_configuration_keeps_its_identifiers():
    node = BY_PATH["/operation/ginee-oms/order/logistics-configuration"]
    assert node.identifier == "logistics-configuration"
    assert {c.identifier for c in node.children} == {
        "logistics#add", "logistics#edit", "logistics#delete", "logistics#export", "logistics#import"}


def test_built_in_roles_exist_and_grant_only_known_entries():
    """SPEC §6: internal roles include retention agent, sales, owner, admin, IT (plus support, warehouse, finance)."""
    assert set(ROLES) == {"admin", "it", "owner", "sales", "retention", "support", "warehouse", "finance"}
    known = {node.identifier for node in NODES}
    for code, (_, _, is_super, grants) in ROLES.items():
        assert is_super == (code == "admin")
        assert code == "admin" or grants <= known, grants - known
        assert code == "admin" or grants, code
    assert "crm-leads" in ROLES["sales"][3] and "user-management" not in ROLES["sales"][3]
    assert "warehouse-list" in ROLES["warehouse"][3]
    assert "financial-reconciliation" in ROLES["finance"][3]
    assert sorted(EVERYONE) == ["change-password", "export-tasks", "home", "profile-center"]
