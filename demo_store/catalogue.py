"""What the shop sells.

The prices are chosen so that a salesperson can show every availability case with the sandbox's
fixture limits for Demo Shop (EUR; instalments €50–€3,000, pay in 15 days €10–€800, pay in 4
€20–€1,500): nothing, pay later only, pay later + pay in 4, all three, instalments + pay in 4,
instalments only, and nothing again above every limit. The store itself never checks limits:
the SDK asks the service, as it would in production.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Product", "PRODUCTS", "find_product"]


@dataclass(frozen=True, slots=True)
class Product:
    """One article of the catalogue; ``price`` in minor units."""

    slug: str
    name: str
    price: int
    category: str
    blurb: str
    details: tuple[str, ...]
    image: str  # file under static/; the illustration carries its own background

    @property
    def image_url(self) -> str:
        return f"/static/{self.image}"


PRODUCTS: tuple[Product, ...] = (
    Product(
        "espresso-cup",
        "Stoneware espresso cup",
        900,
        "Tableware",
        "A small, heavy cup glazed by hand; keeps an espresso hot to the last sip.",
        ("Glazed stoneware", "90 ml", "Dishwasher safe"),
        "product-cup.svg",
    ),
    Product(
        "beeswax-candle",
        "Beeswax pillar candle",
        1500,
        "Lighting",
        "Pure beeswax, a cotton wick and about forty hours of warm, honey-scented light.",
        ("100% beeswax", "Burns about 40 hours", "Ø 7 cm × 12 cm"),
        "product-candle.svg",
    ),
    Product(
        "plant-pot",
        "Terracotta plant pot",
        1900,
        "Garden",
        "Unglazed terracotta that lets roots breathe, with a matching saucer.",
        ("Frost resistant", "Ø 18 cm", "Saucer included"),
        "product-pot.svg",
    ),
    Product(
        "linen-napkins",
        "Linen napkins, set of 4",
        3500,
        "Textiles",
        "Stone-washed European linen that gets softer with every wash.",
        ("100% linen", "45 × 45 cm", "Set of four"),
        "product-napkins.svg",
    ),
    Product(
        "wool-throw",
        "Merino wool throw",
        7900,
        "Textiles",
        "A light, warm throw in fine merino, woven in a small mill in Portugal.",
        ("Merino wool", "130 × 180 cm", "Dry clean"),
        "product-throw.svg",
    ),
    Product(
        "desk-lamp",
        "Brass desk lamp",
        12000,
        "Lighting",
        "A solid brass arm and a linen shade: soft light where you read and write.",
        ("Solid brass", "Linen shade", "E27 bulb included"),
        "product-lamp.svg",
    ),
    Product(
        "reading-armchair",
        "Reading armchair",
        64000,
        "Seating",
        "Deep seat, high back, oak legs: the chair you do not get up from.",
        ("Oak frame", "Wool upholstery", "W 78 × D 84 × H 96 cm"),
        "product-armchair.svg",
    ),
    Product(
        "walnut-desk",
        "Walnut writing desk",
        90000,
        "Furniture",
        "Solid walnut, two drawers and a cable channel hidden under the top.",
        ("Solid American walnut", "W 140 × D 70 cm", "Two drawers"),
        "product-desk.svg",
    ),
    Product(
        "oak-bookcase",
        "Oak bookcase",
        125000,
        "Furniture",
        "Five adjustable shelves in white oak, built to carry a library.",
        ("Solid white oak", "W 90 × H 200 cm", "Five shelves"),
        "product-bookcase.svg",
    ),
    Product(
        "dining-table",
        "Solid oak dining table",
        200000,
        "Furniture",
        "Seats eight, lasts generations: a thick oak top on a trestle base.",
        ("Solid oak", "W 220 × D 95 cm", "Seats eight"),
        "product-table.svg",
    ),
    Product(
        "linen-sofa",
        "Three-seat linen sofa",
        275000,
        "Seating",
        "Feather-wrapped cushions and washable linen covers on a beech frame.",
        ("Beech frame", "Washable linen covers", "W 220 cm"),
        "product-sofa.svg",
    ),
    Product(
        "corner-sofa",
        "Modular corner sofa",
        350000,
        "Seating",
        "Six modules you arrange as you like, in a heavy Belgian linen.",
        ("Six modules", "Belgian linen", "W 300 × D 260 cm"),
        "product-corner-sofa.svg",
    ),
)

_BY_SLUG = {product.slug: product for product in PRODUCTS}


def find_product(slug: str) -> Product | None:
    """The product with that slug, or None."""
    return _BY_SLUG.get(slug)
