"""Personal data: what deletion and erasure replace (spec: Personal data)."""
