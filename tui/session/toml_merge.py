"""Bring a tomlkit document in line with plain data, touching only what changed.

Unchanged values keep their place, their formatting and the comments around them.
The players and the log become ``[[arrays of tables]]``; every other list of tables is an
array of inline tables, one per line, so it stays beside the other top-level keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomlkit
from tomlkit.items import AoT, InlineTable, Item, Table


def merge_into(container: Any, data: Mapping[str, Any], depth: int = 0) -> None:
    for key in [k for k in container if k not in data]:
        del container[key]
    for key, value in data.items():
        if key in container and plain(container[key]) == value:
            continue
        current = container.get(key)
        if isinstance(value, Mapping) and isinstance(current, Table | InlineTable):
            merge_into(current, value, depth + 1)
        elif is_table_list(value) and isinstance(current, AoT):
            merge_tables(current, value, depth)
        else:
            container[key] = to_item(value, depth, key)


def merge_tables(aot: AoT, rows: list[Mapping[str, Any]], depth: int) -> None:
    for index, row in enumerate(rows):
        if index < len(aot):
            merge_into(aot[index], row, depth + 1)
        else:
            aot.append(table_of(row, depth + 1))
    while len(aot) > len(rows):
        del aot[len(aot) - 1]


def plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


TABLE_ARRAYS = ("players", "log")


def to_item(value: Any, depth: int, key: str = "") -> Item:
    if depth == 0 and key in TABLE_ARRAYS and is_table_list(value):
        aot = tomlkit.aot()
        for row in value:
            aot.append(table_of(row, depth + 1))
        return aot
    if isinstance(value, Mapping):
        return inline(value)
    if isinstance(value, list):
        array = tomlkit.array()
        array.extend(inline(v) if isinstance(v, Mapping) else v for v in value)
        if is_table_list(value):
            array.multiline(True)
        return array
    item: Item = tomlkit.item(value)
    return item


def table_of(row: Mapping[str, Any], depth: int) -> Table:
    table = tomlkit.table()
    for key, value in row.items():
        table.add(key, to_item(value, depth))
    table.add(tomlkit.nl())  # a blank line after each [[players]] or [[log]] entry
    return table


def inline(value: Mapping[str, Any]) -> InlineTable:
    table = tomlkit.inline_table()
    for key, item in value.items():
        table.append(key, to_item(item, 2))
    return table
