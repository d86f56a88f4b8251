"""Card Commons' own bots: skilled rules, the expert (the advisor) and the rollouts for ISMCTS."""
