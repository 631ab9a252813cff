"""What the ordered key path (tui/widgets/key_order.py) expects of Textual's public handling
of a key: a widget's `on_event` runs its handlers of the key copied for its turn and passes
it on to nobody, the app's own `on_event` takes that copy as a key come back up (its other
bindings), and what a key asks to happen next happens before the next key. The one private
name the path uses is guarded in tests/ui/test_textual_names.py."""

from __future__ import annotations

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input

from lastround.widgets.key_order import KeyInTurn, OrderedKeys, PasteInTurn, in_turn


class Box(Vertical):
    def __init__(self) -> None:
        super().__init__()
        self.keys_seen: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.keys_seen.append(event.key)


class Marks(OrderedKeys):
    BINDINGS = [Binding("f6", "mark('app binding')")]

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str] = []

    def compose(self) -> ComposeResult:
        with Box():
            yield Input()

    def action_mark(self, what: str) -> None:
        self.marks.append(what)

    @on(events.Key)
    def seen_by_the_app(self, event: events.Key) -> None:
        self.marks.append(f"app saw {event.key}")


def test_a_copy_for_its_turn_is_the_key_or_paste_it_copies() -> None:
    key, paste = in_turn(events.Key("a", "a")), in_turn(events.Paste("text"))
    assert isinstance(key, KeyInTurn) and isinstance(key, events.Key)
    assert (key.key, key.character, key.handler_name) == ("a", "a", "on_key")
    assert isinstance(paste, PasteInTurn) and paste.text == "text"
    assert paste.handler_name == "on_paste"
    assert not key.bubble and key.is_forwarded and not key.stopped
    key.stop()
    assert key.stopped


async def test_a_widgets_on_event_types_the_letter_stops_it_and_passes_it_to_nobody() -> None:
    app = Marks()
    async with app.run_test() as pilot:
        field, box = app.query_one(Input), app.query_one(Box)
        letter = in_turn(events.Key("x", "x"))
        await field.on_event(letter)
        assert field.value == "x" and letter.stopped
        enter = in_turn(events.Key("f6", None))
        await field.on_event(enter)
        await pilot.pause()
        assert not enter.stopped and box.keys_seen == []


async def test_the_app_takes_a_copy_for_its_turn_as_a_key_come_back_up() -> None:
    """Its own handlers (@on) and its bindings that are not priority ones run."""
    app = Marks()
    async with app.run_test():
        await App.on_event(app, in_turn(events.Key("f6", None)))
        assert app.marks == ["app saw f6", "app binding"]


async def test_typed_keys_reach_the_field_and_then_the_app_in_order() -> None:
    app = Marks()
    async with app.run_test() as pilot:
        await pilot.press("a", "b", "f6", "c")
        assert app.query_one(Input).value == "abc"
        assert app.marks == ["app saw f6", "app binding"]


class Boxes(Marks):
    """f7 asks (call_next) for a mark to be made once the key is done."""

    BINDINGS = [Binding("f7", "later"), *Marks.BINDINGS]

    def action_later(self) -> None:
        self.call_next(self.action_mark, "asked by f7")

    def after_key(self) -> None:
        self.marks.append("after key")


async def test_what_a_key_asks_to_happen_next_happens_before_the_next_key() -> None:
    app = Boxes()
    async with app.run_test() as pilot:
        app.held.extend([events.Key("f7", None), events.Key("f6", None)])  # typed at once
        app.hold_for(app.screen)
        await pilot.pause()
        assert [m for m in app.marks if not m.startswith("app saw")] == [
            "asked by f7", "after key", "app binding", "after key"]
