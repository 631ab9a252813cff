"""The app shell's own parts: signals, memory, themes, settings."""
