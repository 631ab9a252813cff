"""Every request a screen can post reaches the session walk: a message class the app does not
route would be dropped without a word (the replay's whole log read once was)."""

from __future__ import annotations

import inspect

from lastround import app
from lastround.screens import messages


def test_every_message_a_screen_posts_is_routed_by_the_app() -> None:
    requests = {name for name, cls in inspect.getmembers(messages, inspect.isclass)
                if issubclass(cls, messages.FromScreen) and cls is not messages.FromScreen}
    routed = {line.strip().removeprefix("@on(messages.").removesuffix(")")
              for line in inspect.getsource(app).splitlines()
              if line.strip().startswith("@on(messages.")}
    assert len(requests) >= 10
    assert requests - routed == set()
