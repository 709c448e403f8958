"""Demo notices, FAQ, tips and internal FAQ: the home page shows notices in each language on first start, and one
notice waits to be released two hours later (the notice reconciler starts the flows of these rows)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import ContentLanguage, ContentState, Country, InternalFaqState, NoticeKind, TipPage
from domain.models.internal_faq import InternalFaq
from domain.models.notices import Notice
from domain.models.tips import Tip, TipPageRow
from domain.rules import notices as rules

L = ContentLanguage
# (kind, language, title, text, released hours ago (negative: later), pinned)
NOTICES = [
    (NoticeKind.NOTICE, L.EN, "Scheduled maintenance on Sunday",
     "<p>The ERP is read-only on <b>Sunday 02:00-04:00 (GMT+7)</b> while we upgrade the database.</p>", 20, True),
    (NoticeKind.NOTICE, L.EN, "TikTok Shop orders sync every minute",
     "<p>Orders from TikTok Shop now arrive within a minute. See <a href=\"https://help.example.com/tiktok\">"
     "the guide</a>.</p>", 6, False),
    (NoticeKind.FAQ, L.EN, "Why is my stock not pushed to Shopee?",
     "<p>Check that <i>stock sync</i> is on for the store and that the master SKU is bound.</p>", 30, False),
    (NoticeKind.NOTICE, L.EN, "New invoice template",
     "<p>A new A6 invoice template is available in the print settings.</p>", -2, False),
    (NoticeKind.NOTICE, L.ZH_CN, "周日系统维护",
     "<p>周日 02:00-04:00（GMT+7）ERP 只读，期间进行数据库升级。</p>", 20, True),
    (NoticeKind.FAQ, L.ZH_CN, "库存为什么没有推送到 Shopee？",
     "<p>请确认店铺已开启库存同步，并已绑定主商品 SKU。</p>", 30, False),
    (NoticeKind.NOTICE, L.ID, "Pemeliharaan terjadwal hari Minggu",
     "<p>ERP hanya bisa dibaca pada <b>Minggu 02:00-04:00 (GMT+7)</b> selama peningkatan basis data.</p>", 20, True),
    (NoticeKind.NOTICE, L.ID, "Pesanan TikTok Shop sinkron tiap menit",
     "<p>Pesanan dari TikTok Shop kini masuk dalam satu menit.</p>", 6, False),
]
TIPS = [
    (Country.ID, [TipPage.ORDER_LIST, TipPage.STOCK_LIST],
     'Stok tidak sinkron? <a href="{host}/stock/settings">Buka pengaturan stok</a>'),
    (Country.PH, [TipPage.PRODUCT_LIST], 'Bulk-edit prices from <a href="{host}/product/bulk">the bulk editor</a>'),
    (Country.TH, [TipPage.DASHBOARD], 'Read the <a href="http://help.example.com/th">getting-started guide</a>'),
]
INTERNAL_FAQ = [
    ("How do I reset a merchant's ERP password?", "Accounts",
     "<p>Open the merchant, <b>ERP account</b>, then <i>Reset password</i>; the merchant gets a mail.</p>",
     InternalFaqState.TOPPING),
    ("Which priority for a store that cannot sync orders?", "Tickets",
     "<p>P1 when one store is affected, P0 when several merchants are.</p>", InternalFaqState.ONLINE),
    ("Refund process for annual plans", "Billing", "<p>Draft: waiting for finance to confirm.</p>",
     InternalFaqState.DRAFT),
]


async def create(db: AsyncSession) -> None:
    now = datetime.now(UTC)
    for kind, language, title, text, hours_ago, pinned in NOTICES:
        release_at = now - timedelta(hours=hours_ago)
        end_at = now + timedelta(days=30)
        db.add(Notice(kind=kind, language=language, title=title, text=text, start_at=release_at, end_at=end_at,
                      release_at=release_at, release_status=rules.release_status(release_at, end_at, now),
                      state=ContentState.ONLINE, pinned=pinned, flow_pending=True))
    for country, pages, content in TIPS:
        db.add(Tip(country=country, start_at=now - timedelta(days=1), end_at=now + timedelta(days=60), content=content,
                   page_rows=[TipPageRow(country=country, page=page) for page in pages]))
    for question, category, answer, state in INTERNAL_FAQ:
        db.add(InternalFaq(question=question, category=category, answer=answer, state=state))
    await db.flush()
