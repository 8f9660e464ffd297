"""Request handlers, one module per part of the site; each exports its ``ROUTES``."""
