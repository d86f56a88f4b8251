"""Bot parts that are knowledge of DIVIDE."""
