"""Grading answers against cases: scoring configuration, the judge, scores, score again."""
