"""GraphQL types of model connections and budgets."""
