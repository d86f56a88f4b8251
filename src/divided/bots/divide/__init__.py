"""DIVIDE's own bots."""
