"""Run every benchmark: `.venv/bin/python -m tests.perf` (each prints its figures and goal)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

for module in sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])):
    if module.startswith("bench_"):
        print(f"\n== {module.removeprefix('bench_')} ==", flush=True)
        importlib.import_module(f"tests.perf.{module}").main()
