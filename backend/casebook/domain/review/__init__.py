"""The review queue and people's decisions (spec: "Review"; issue 13)."""
