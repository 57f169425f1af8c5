"""Request-scoped DataLoaders: batched reads, authorization decided once per request."""
