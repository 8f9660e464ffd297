"""Firefox and WebKit driven from Python, the way the repository's cross-engine tests
(tests/engines) and its load benchmark (bench/engine_load.py) drive them.

One interface (:mod:`.driver`: a tab, its frames, waits polled inside the page) over two
adapters: :mod:`.firefox` over WebDriver BiDi (the browser is its own driver) and :mod:`.webkit`
over WebDriver classic through Selenium, which only the test extra installs.
"""
