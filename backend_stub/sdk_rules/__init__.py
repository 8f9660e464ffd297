"""The browser SDK's rules, in the server's package: which elements are buttons, what their
attributes say, pairing with payment information, one check per triple, the loader's settings.

Both sides run these same modules. The build bundles them into the SDK, where Brython runs them
in the bridge's worker (``sdk/``); the server imports them to render the bridge page with the
first answers (:mod:`backend_stub.web.bridge_page`). They import nothing but each other and the
server's key rule (``backend_stub.domain.keys``), so Brython runs them without its standard
library; ``sdk/__init__.py`` says what they avoid because it is slow under Brython.
"""
