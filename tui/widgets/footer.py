"""The footer, rebuilt only when the keys it shows change.

Textual's Footer builds its keys again whenever the screen's bindings may have changed:
on every focus change (each Tab between fields) and every step shown. Most of those leave
the same keys, and rebuilding them (a widget per key, styled and laid out) was a good part
of what a key cost."""

from __future__ import annotations

from collections.abc import Hashable

from textual.widgets import Footer


class SteadyFooter(Footer):
    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self.keys_built: Hashable = None  # what the shown keys were built from

    def keys_to_show(self) -> Hashable:
        """Everything Footer.compose reads from the screen's bindings and its own settings."""
        get_key_display = self.app.get_key_display
        bindings = self.screen.active_bindings
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        return (self.compact, self.show_command_palette, palette and palette[2], tuple(
            (binding.key, get_key_display(binding), binding.description, binding.action,
             binding.group, enabled, tooltip, binding.tooltip)
            for _node, binding, enabled, tooltip in bindings.values()
            if binding.show))

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self.keys_to_show()
        if keys != self.keys_built:
            self.keys_built = keys
            await super().recompose()
