"""Shared plumbing every capability uses: the service context, errors, audit, sharing, jobs."""
