"""Request-scoped DataLoaders: batched reads, authorization decided once per request.

``Loaders`` (registry.py) holds one loader per read, each in its own module;
resolvers reach them as ``info.context.loaders.<name>``.
"""

from casebook.graphql.loaders.registry import Loaders

__all__ = ["Loaders"]
