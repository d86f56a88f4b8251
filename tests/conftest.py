"""Root test configuration: this folder is on the path (pytest's default import mode puts a
conftest's folder there), so every test folder can ``import three_cards``, the tests-only
three-player game."""
