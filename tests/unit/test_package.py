"""One installed package, `lastround`: the wheel holds it alone (the checkout's tui/ as its top,
screens/ as lastround.screens, the example sessions inside), a fresh environment runs the
command from the wheel, and a checkout still runs `python -m tui`.

The wheel is built offline from uv's cache (`uv build`), as `python3 dev.py` left it; the fresh
environment takes its dependencies (Textual, tomlkit, segno) from the dev environment's folder,
so nothing is downloaded, and the package from the wheel alone."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.source_names import PACKAGE, ROOT

UV = Path(sys.executable).with_name("uv")
FOLDER = "tui"  # the checkout's folder of code, which `python -m` runs from the root
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
EXAMPLE = ROOT / "saves" / "examples" / "rftg-4-players.toml"
BUILT = pytest.mark.skipif(PACKAGE != "lastround",
                           reason="the code imports its package by its folder's name")


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("wheel")
    done = run([UV, "build", "--wheel", "--offline", "--quiet", "--out-dir", out], ROOT)
    assert done.returncode == 0, done.stderr
    [built] = out.glob("*.whl")
    yield built


def test_python_dash_m_on_the_checkouts_folder_runs_the_command(tmp_path: Path) -> None:
    done = run([sys.executable, "-m", FOLDER, "--version"], ROOT)
    assert done.returncode == 0 and done.stdout.startswith("lastround "), done.stderr


@BUILT
def test_the_wheel_holds_one_package_named_lastround(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {
        "lastround", f"lastround-{VERSION}.dist-info"}
    assert {"lastround/__init__.py", "lastround/__main__.py", "lastround/cli.py",
            "lastround/games/rftg/cards.toml", "lastround/screens/__init__.py",
            "lastround/screens/home.py", "lastround/screens/home.tcss",
            "lastround/examples/rftg-4-players.toml"} <= set(names)
    assert len(names) == len(set(names)), "a file twice"
    assert not [name for name in names if ".checkout" in name], "the checkout's own link"


@BUILT
def test_an_installed_wheel_runs_in_a_fresh_environment(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    assert run([UV, "venv", "--offline", "--quiet", "--python", sys.executable, venv],
               tmp_path).returncode == 0
    python = venv / "bin" / "python"
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               tmp_path).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = run([UV, "pip", "install", "--offline", "--quiet", "--no-deps", "--python", python,
                wheel], tmp_path)
    assert done.returncode == 0, done.stderr
    version = run([venv / "bin" / "lastround", "--version"], tmp_path)
    assert version.stdout == f"lastround {VERSION}\n", version.stderr
    score = run([venv / "bin" / "lastround", "score", EXAMPLE, "--json"], tmp_path)
    assert score.returncode == 0 and '"winners"' in score.stdout, score.stderr
    as_module = run([python, "-m", "lastround", "score", EXAMPLE], tmp_path)
    assert as_module.returncode == 0 and "★" in as_module.stdout, as_module.stderr
    found = run([python, "-c", "import lastround.screens.home, sys; "
                 "print(sorted(m for m in sys.modules if m in ('tui', 'screens')))"], tmp_path)
    assert found.stdout == "[]\n", found.stderr
