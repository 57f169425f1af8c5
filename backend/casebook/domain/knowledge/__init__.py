"""Knowledge bases: the bounds of a document and how it is split into passages."""
