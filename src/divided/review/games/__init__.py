"""Each game's words for the review (an :class:`~divided.review.base.Explainer`), found by game
id through :data:`divided.review.base.EXPLAINERS`."""
