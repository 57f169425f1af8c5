"""The demo organization as `casebook dev` makes it and keeps it answering: seeded on an
empty database by running the real pipeline (``seeding``), and its sample agent's runs
answered by the shop assistant in docs/examples/support_agent while the demo is up
(``answering``)."""
