"""Real recorded Race for the Galaxy expansion games, and how they were made (README.md)."""
