"""Agents: model agents Casebook calls itself, webhook agents that answer over HTTP."""
