"""The session and its files: the one owner of every change, the one door for every file."""
