"""The README and docs/ hold: every relative link leads to a file (and a heading) that exists,
and every command they show is one the product has (the CLI's subcommands and flags, dev.py's
commands, the modules run with `python -m`)."""

from __future__ import annotations

import argparse
import importlib.util
import re
from pathlib import Path

import pytest

from lastround.cli import parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
# `lastround` as a command: starting a line or after a bin/ folder (not a group's name).
LASTROUND = re.compile(r"(?:^|bin/)lastround((?: [^\s`]+)*)")
COMMENT = re.compile(r"(?:^|\s)#.*")
DEV_PY = re.compile(r"python3 dev\.py (\w+)")
PYTHON_M = re.compile(r"python3? -m ([\w.]+)")


def name(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


def anchors(doc: Path) -> set[str]:
    """GitHub's anchor for each heading: lower case, punctuation dropped, spaces as hyphens,
    a repeated one numbered."""
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", doc.read_text("utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        numbered, n = slug, 0
        while numbered in found:
            n += 1
            numbered = f"{slug}-{n}"
        found.add(numbered)
    return found


def code_texts(doc: Path) -> list[str]:
    """What the document shows as code: fenced blocks and inline spans."""
    text = doc.read_text("utf-8")
    return FENCE.findall(text) + SPAN.findall(FENCE.sub("", text))


def subcommands(cli: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in cli._actions:  # argparse's own list: it has no public way to walk them
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def flags(cli: argparse.ArgumentParser) -> set[str]:
    return {flag for action in cli._actions for flag in action.option_strings}


def test_the_docs_exist() -> None:
    assert [name(doc) for doc in DOCS] == ["README.md", "docs/code.md", "docs/session-file.md",
                                          "docs/table-mode.md", "docs/using.md"]


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_relative_link_resolves(doc: Path) -> None:
    broken = []
    for target in LINK.findall(FENCE.sub("", doc.read_text("utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists() or (anchor and anchor not in anchors(linked)):
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_lastround_command_shown_exists(doc: Path) -> None:
    cli = parser()
    commands = subcommands(cli)
    unknown = []
    for code in code_texts(doc):
        for line in code.splitlines():
            for match in LASTROUND.finditer(COMMENT.sub("", line).strip()):
                words = match.group(1).split()
                command = commands.get(words[0]) if words else None
                if words and re.fullmatch(r"[a-z]+", words[0]) and command is None:
                    unknown.append(f"lastround {words[0]}")
                known = flags(cli) | (flags(command) if command else set())
                shown = {flag for word in words for flag in re.findall(r"--[a-z][\w-]*", word)}
                unknown += sorted(f"lastround ... {flag}" for flag in shown - known)
    assert unknown == []


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_dev_py_and_module_command_shown_exists(doc: Path) -> None:
    dev_py = (ROOT / "dev.py").read_text("utf-8")
    unknown = []
    for code in code_texts(doc):
        unknown += [f"dev.py {word}" for word in DEV_PY.findall(code)
                    if f'command == "{word}"' not in dev_py]
        unknown += [f"-m {module}" for module in PYTHON_M.findall(code)
                    if importlib.util.find_spec(module) is None]
    assert unknown == []


def test_the_checks_see_what_the_docs_show() -> None:
    """The patterns find the commands as the docs write them (a pattern that found nothing
    would pass every doc)."""
    shown = [code for doc in DOCS for code in code_texts(doc)]
    assert any(DEV_PY.search(code) for code in shown)
    assert any(PYTHON_M.search(code) for code in shown)
    assert sum(1 for code in shown for line in code.splitlines()
               for _ in LASTROUND.finditer(line.strip())) > 20
    assert "readme-is-short" not in anchors(ROOT / "README.md")
    assert "first-keys" in anchors(ROOT / "README.md")
