"""``casebook eval``: an eval run from CI, as an API client (GraphQL over HTTP, progress over
graphql-transport-ws). It imports no layer of the server: what it knows of Casebook is the
documented GraphQL surface (docs/eval-runs.md)."""
