"""``python -m casebook_client`` is the ``casebook`` command."""

from casebook_client.cli.main import main

main()
