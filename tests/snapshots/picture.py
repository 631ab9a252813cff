"""Look at a snapshot: `python -m tests.snapshots.picture SVG [PNG]` draws it as a PNG.

The snapshots are SVG text runs whose spaces are no-break spaces; rsvg-convert drops the ones
a run starts with unless the SVG says `xml:space="preserve"`, which moves right-aligned
numbers and wrapped table cells to the left in the picture (never on the screen). This adds
that attribute to a copy and calls rsvg-convert (`apt-get install librsvg2-bin`).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path


def draw(svg: Path, png: Path) -> None:
    text = svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1)
    with tempfile.NamedTemporaryFile("w", suffix=".svg", encoding="utf-8") as kept:
        kept.write(text)
        kept.flush()
        subprocess.run(["rsvg-convert", "-o", str(png), kept.name], check=True)


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    svg = Path(argv[0])
    png = Path(argv[1]) if len(argv) == 2 else svg.with_suffix(".png")
    draw(svg, png)
    print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
