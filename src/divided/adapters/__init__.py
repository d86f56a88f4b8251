"""Adapters exposing the project's games to outside frameworks (OpenSpiel, PettingZoo)."""
