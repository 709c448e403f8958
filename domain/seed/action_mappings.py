"""Built-in action names for the console's own calls, so audit rows read as actions from the start."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import SourceSystem
from domain.models.audit import ActionMapping

# (url pattern, reply code or "" for any, action name)
CONSOLE: tuple[tuple[str, str, str], ...] = (
    ("/cms/auth/login", "SUCCESS", "Log in"),
    ("/cms/auth/login", "", "Failed login"),
    ("/cms/auth/logout", "", "Log out"),
    ("/cms/user/change-password", "", "Change own password"),
    ("/cms/user/add", "", "Add user"),
    ("/cms/user/modify", "", "Modify user"),
    ("/cms/user/delete/{id}", "", "Delete user"),
    ("/cms/user/set-authorities", "", "Grant authorities to user"),
    ("/cms/role/add", "", "Add role"),
    ("/cms/role/modify", "", "Modify role"),
    ("/cms/role/delete/{id}", "", "Delete role"),
    ("/cms/role/set-members", "", "Change role members"),
    ("/cms/role/switch-members", "", "Move role members"),
    ("/cms/role/set-authorities", "", "Grant authorities to role"),
    ("/cms/role/batch-add-authorities", "", "Batch add authorities"),
    ("/cms/role/copy-authorities", "", "Copy role authorities"),
    ("/cms/department/add", "", "Add department"),
    ("/cms/department/modify", "", "Modify department"),
    ("/cms/department/delete/{id}", "", "Delete department"),
    ("/cms/authority/add", "", "Add authority"),
    ("/cms/authority/modify", "", "Modify authority"),
    ("/cms/authority/delete/{id}", "", "Delete authority"),
    ("/cms/authority/delete-admin-authority", "", "Remove authority from user"),
    ("/cms/authority/delete-role-authority", "", "Remove authority from role"),
    ("/cms/data-authority/*", "", "Change data authority"),
    ("/cms/audit/export", "", "Export audit log"),
    ("/cms/common/upload-file", "", "Upload file"),
    ("/cms/common/upload-public-file", "", "Upload public file"),
    ("/cms/common/upload-unrestricted-file", "", "Upload file of any type"),
    ("/cms/common/redis/account/remove", "", "Clear account state"),
    ("/cms/courier/add", "", "Add courier"),
    ("/cms/courier/modify", "", "Modify courier"),
    ("/cms/courier/delete/{id}", "", "Delete courier"),
    ("/cms/courier/export", "", "Export couriers"),
    ("/cms/courier/import", "", "Import couriers"),
    ("/cms/mail/add", "", "Add timed mail"),
    ("/cms/mail/modify", "", "Modify timed mail"),
    ("/cms/mail/delete/{id}", "", "Delete timed mail"),
    ("/cms/mail/{id}/pause", "", "Pause timed mail"),
    ("/cms/mail/{id}/recover", "", "Recover timed mail"),
    ("/cms/mail/{id}/send-again", "", "Send timed mail again"),
    ("/cms/mail-history/retry-fire", "", "Retry failed mails"),
    ("/cms/mail-history/retry-range", "", "Retry failed mails"),
    ("/cms/ticket/add", "", "Create ticket"),
    ("/cms/ticket/{id}/start", "", "Start processing ticket"),
    ("/cms/ticket/{id}/claim", "", "Claim ticket"),
    ("/cms/ticket/{id}/hold", "", "Put ticket on hold"),
    ("/cms/ticket/{id}/complete", "", "Complete ticket"),
    ("/cms/ticket/{id}/approve", "", "Approve ticket resolution"),
    ("/cms/ticket/{id}/unconfirm", "", "Unconfirm ticket resolution"),
    ("/cms/ticket/{id}/confirm", "", "Confirm and close ticket"),
    ("/cms/ticket/{id}/wont-fix", "", "Decline ticket"),
    ("/cms/ticket/{id}/reopen", "", "Reopen ticket"),
    ("/cms/ticket/{id}/merge", "", "Merge ticket"),
    ("/cms/ticket/{id}/unmerge", "", "Cancel ticket merge"),
    ("/cms/ticket/{id}/watch", "", "Watch ticket"),
    ("/cms/ticket/{id}/unwatch", "", "Unwatch ticket"),
    ("/cms/ticket/{id}/remind", "", "Remind ticket assignee"),
    ("/cms/ticket/{id}/comment", "", "Comment on ticket"),
    ("/cms/ticket/{id}/priority", "", "Change ticket priority"),
    ("/cms/ticket/{id}/modify", "", "Edit ticket"),
    ("/cms/shelf-merge/add", "", "Start shelf merge"),
    ("/cms/shelf-merge/{id}/cancel", "", "Cancel shelf merge"),
    ("/cms/shelf-merge/{id}/retry", "", "Retry shelf merge"),
    ("/cms/shelf-merge/export", "", "Export shelf merges"),
    ("/cms/ticket-calendar/*", "", "Change business calendar"),
    ("/cms/ticket-calendar-day/*", "", "Change business calendar day"),
)


async def sync(db: AsyncSession) -> None:
    """Insert the missing built-in mappings; staff may rename or remove them afterwards."""
    app = SourceSystem.GENIE_CMS.value
    have = set((await db.execute(select(ActionMapping.url, ActionMapping.code)
                                 .where(ActionMapping.application_type == app))).all())
    for url, code, name in CONSOLE:
        if (url, code) not in have:
            db.add(ActionMapping(action_name=name, application_type=app, url=url, code=code))
    await db.flush()
