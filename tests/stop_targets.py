"""Worker stand-ins for the Ctrl-C test (``test_sweep_workers``), in a module that imports the standard library only:
a spawned child imports it in a fresh interpreter, in a fraction of a second."""

from __future__ import annotations

import signal
import time
from multiprocessing.synchronize import Event


def sleep_when_ready(ready: Event, deaf_to_ctrl_c: bool) -> None:
    """Sleep for ten minutes, after saying so on ``ready``; a deaf one first drops Ctrl-C, as a worker does whose
    Ctrl-C a library's cleanup callback swallowed."""
    if deaf_to_ctrl_c:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    ready.set()
    time.sleep(600)
