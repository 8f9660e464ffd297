"""The browser SDK of the financing service.

Every rule lives in a plain module here (``attributes``, ``pairing``, ``availability``,
``page``, ``options``, ``settings``, ``checkout``, ``backlog``) that CPython tests import directly. Only
``bridge`` touches the browser; Brython runs it in the bridge page on the service origin.
The code must run under Brython without its standard library: no imports beyond this package,
``browser`` / ``javascript`` in the adapter, and the server's own pure rules the build bundles
with it (``backend_stub.domain.keys``: keys are read by one rule on both sides).
"""
