"""What a page printed to its console, and the errors it did not catch."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Error, Page

__all__ = ["ConsoleLog"]


class ConsoleLog:
    """Collects console messages and uncaught errors of one page."""

    def __init__(self, page: Page) -> None:
        self.messages: list[ConsoleMessage] = []
        self.page_errors: list[Error] = []
        page.on("console", lambda message: self.messages.append(message))
        page.on("pageerror", lambda error: self.page_errors.append(error))

    def of(self, kind: str) -> list[str]:
        """Texts of the messages of one kind: ``warning``, ``error``, ``log``..."""
        return [message.text for message in self.messages if message.type == kind]

    @property
    def warnings(self) -> list[str]:
        return self.of("warning")

    @property
    def errors(self) -> list[str]:
        return self.of("error")
