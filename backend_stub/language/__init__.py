"""Shopper-facing words in the shopper's language: CLDR's money, percent and date formats
(:mod:`.formats`), gettext catalogs (:mod:`.catalogs`) and the plan texts built from them
(:mod:`.plan_texts`)."""
