"""The ``casebook`` command line: ``casebook eval`` here, the server's commands (serve,
worker, migrate, create-admin, dev) from the server package when it is installed."""
