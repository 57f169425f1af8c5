"""The review queue, people's decisions and the judge measured against them (issue 13)."""
