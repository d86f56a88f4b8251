"""Bot parts that are knowledge of Card Commons."""
