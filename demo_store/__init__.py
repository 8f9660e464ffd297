"""The demo store: a shop that embeds the service's SDK exactly as a merchant would.

``python -m demo_store`` serves it; ``python -m demo_store.launch`` (``make demo``) starts it
together with the sandbox server. :func:`demo_store.app.create_app` builds the aiohttp app.
"""
