"""Grading (spec: "Grading"): scorers, the judge's prompt and verdict, outcomes.

Modules are imported by name (``casebook.domain.grading.outcome`` ...); this
package re-exports nothing so ``casebook.domain.checks`` can import the answer
and result types without an import cycle.
"""
