"""Per-game adapter parts (``adapters/games/<game>.py``), found through :data:`divided.adapters.rooms.PARTS`."""
