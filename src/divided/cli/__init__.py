"""The ``divided`` command line."""
