"""The HTTP edge of the API: parse, call the domain, render."""
