"""Worker stand-ins for the Ctrl-C test (``test_sweep_workers``), in a module that imports the standard library only:
a spawned child imports it in a fresh interpreter, in a fraction of a second."""

from __future__ import annotations

import signal
import time
from multiprocessing.synchronize import Event


def sleep_when_ready(ready: Event, deaf_to_ctrl_c: bool) -> None:
    """Sleep for ten minutes, after saying so on ``ready``. Like a sweep worker (``sweeps.runner._worker_process``),
    the stand-in sets its own Ctrl-C handling rather than inherit the test process's: Python's KeyboardInterrupt,
    or, for a deaf one, none at all (a worker whose Ctrl-C a library's cleanup callback swallowed)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN if deaf_to_ctrl_c else signal.default_int_handler)
    ready.set()
    time.sleep(600)
