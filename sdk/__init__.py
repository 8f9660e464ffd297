"""The browser SDK of the financing service.

Every rule lives in a plain module that CPython tests import directly: here (``options``,
``checkout``, ``backlog``), and in the server's package (``backend_stub.sdk_rules``:
``attributes``, ``pairing``, ``availability``, ``page``, ``settings``), because the server runs
those too, to render the bridge page with the first answers. Only ``bridge`` touches the browser;
Brython runs it in the bridge's Web Worker on the service origin. The code must run under Brython
without its standard library: no imports beyond this package, ``browser`` / ``javascript`` in the
adapter, and the server's own pure rules the build bundles with it (``backend_stub.sdk_rules``,
``backend_stub.domain.keys`` and ``backend_stub.domain.value_rules``: keys, amounts,
currencies and product types are read by one rule on both sides).

What costs more under Brython, measured, and how the modules here avoid it (this is the one
place that says why; the code points here):

- ``dict.get`` and ``dict.pop`` with a default raise and catch a ``KeyError`` inside when the
  key is missing (6-10 µs each): code on hot paths tests with ``in`` before indexing (hence
  ruff's SIM401 is off for ``sdk/``);
- iterating a set or a dict ends with a ``StopIteration`` raised and caught (about 25 µs, where
  a list takes 2): ids on hot paths are kept in lists;
- ``str.isalpha`` and ``str.isupper`` test each character against Unicode tables (about 10 µs a
  character): ASCII tests strip a known alphabet instead;
- ``sorted`` of a small set costs 15 µs: only what has more than one element is sorted.
"""
