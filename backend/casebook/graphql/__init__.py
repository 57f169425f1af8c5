"""The GraphQL API: thin types and resolvers, each calling one service function."""
