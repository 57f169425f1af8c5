"""Identity: organizations, members, sign-in, sessions and API keys."""
