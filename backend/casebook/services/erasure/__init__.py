"""Personal data: erasure of a person, their data export, retention of conversations."""
