"""Knowledge bases: documents split into passages, searched in PostgreSQL."""
