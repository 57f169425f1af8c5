"""Root query fields, one module per capability, combined into one Query type."""
