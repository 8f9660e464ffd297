"""``python -m demo_store``: serve the demo store."""

from .cli import main

main()
