"""Where the demo's orders are placed: each country's currency, a city, its telephone dial code and its price scale,
so a Thai shop's order is in baht, in Bangkok, with a +66 phone, and costs what such a thing costs there. Read by
the demo orders (demo/orders.py) and by the demo marketplace (launcher/marketplace.py), which answers each shop
in its region's terms."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from domain.rules.money import quantize
from domain.rules.orders import currency_of


@dataclass(frozen=True)
class Region:
    country: str
    city: str
    province: str
    dial: str
    per_idr: Decimal  # what one rupiah is worth here, roughly: demo prices are written in rupiah

    @property
    def currency(self) -> str:
        return str(currency_of(self.country, None))

    def local(self, idr: Decimal | int) -> Decimal:
        """A demo amount written in rupiah, in this region's currency at its precision (25,000 IDR -> 7.00 MYR)."""
        return quantize(Decimal(idr) * self.per_idr, self.currency)

    def phone(self, digits: int) -> str:
        return f"+{self.dial}8{digits}"


REGIONS = {region.country: region for region in (
    Region("ID", "Jakarta", "DKI Jakarta", "62", Decimal(1)),
    Region("MY", "Kuala Lumpur", "Wilayah Persekutuan", "60", Decimal("0.00028")),
    Region("PH", "Manila", "Metro Manila", "63", Decimal("0.0035")),
    Region("TH", "Bangkok", "Bangkok", "66", Decimal("0.0022")),
    Region("VN", "Ho Chi Minh City", "Ho Chi Minh", "84", Decimal("1.5")),
    Region("SG", "Singapore", "Singapore", "65", Decimal("0.000085")),
    Region("CN", "Shenzhen", "Guangdong", "86", Decimal("0.00045")),
    Region("TW", "Taipei", "Taipei", "886", Decimal("0.0000625")),  # paid in USD: the console takes no TWD
    Region("US", "Los Angeles", "California", "1", Decimal("0.0000625")),
)}


def region_of(country: str | None) -> Region:
    """The country's region; Indonesia's for a country the demo does not know."""
    return REGIONS.get(country or "ID", REGIONS["ID"])
