"""Review: the queue, people's decisions, settings, counts and judge trust."""
