"""What the tests share: deterministic apps, the Pilot's wait, games played by script,
the toy game, sessions built for a test."""
