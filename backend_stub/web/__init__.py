"""The service's own pages and files: the SDK loader and bundle, the bridge, the hosted checkout."""
