import sys

from lastround.cli import main

if __name__ == "__main__":  # not when a worker process imports it (see lastround.records.index)
    sys.exit(main())
