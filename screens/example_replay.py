"""A shipped example, replayed: the replay without corrections, which would write the file."""

from __future__ import annotations

from lastround.screens.replay import ReplayScreen


class ExampleReplayScreen(ReplayScreen):
    def show(self) -> None:
        super().show()
        self.sub_title = f"Example · {self.sub_title}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "correct":
            return False
        return super().check_action(action, parameters)
