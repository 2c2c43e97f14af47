"""``python -m distill.cli``: the ``distill`` command."""

import sys

from distill.cli import main

sys.exit(main())
