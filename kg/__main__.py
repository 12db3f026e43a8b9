"""`python -m kg` and the `kg` console script run the command line through `main`.

An interrupt while the command line's modules load gives the same one line as one during a
command, never a traceback: the console script's entry point is `main`, not the click group
itself, because importing the group is most of the start-up time.
"""

import sys


def main() -> None:
    """Import the command line, then run it; Ctrl-C during the import is kg's one-line error."""
    try:
        from kg.cli import cli
    except KeyboardInterrupt:
        sys.exit("Error: interrupted")
    cli()


if __name__ == "__main__":
    main()
