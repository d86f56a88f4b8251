"""Bot parts that are knowledge of Divided Ranks (the draft's playouts); the generic bot
modules will move here as the platform becomes game-generic."""
