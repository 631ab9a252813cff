"""What is made from sessions: replay, history and its index, exports, corrections."""
