"""Pure rules of Casebook: no I/O, no database, no clock."""
