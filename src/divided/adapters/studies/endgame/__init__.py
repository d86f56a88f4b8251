"""Each game's own fast solver of its shortest studies, as OpenSpiel policies (the ``endgame``
algorithm of :func:`divided.adapters.studies.cfr.solve`, found by game id in
:data:`divided.adapters.studies.cfr.ENDGAMES`)."""
