"""`python -m kg` runs the command line.

An interrupt while the command line's modules load gives the same one line as one during a
command, never a traceback.
"""

import sys

try:
    from kg.cli import cli
except KeyboardInterrupt:
    sys.exit("Error: interrupted")

cli()
