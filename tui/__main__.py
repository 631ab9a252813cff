import sys

from tui.cli import main

if __name__ == "__main__":  # not when a worker process imports it (see history_index)
    sys.exit(main())
