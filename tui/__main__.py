import sys

from tui.cli import main

if __name__ == "__main__":  # not when a worker process imports it (see tui.records.index)
    sys.exit(main())
