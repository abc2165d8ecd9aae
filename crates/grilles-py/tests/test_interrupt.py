"""Ctrl-C stops a long call: the engine's cancel flag is raised and KeyboardInterrupt
reaches Python once the engine has stopped."""

import os
import signal
import threading
import time

import pytest

from grilles.sudoku import Sudoku, count_batch

SLOW = "4.....8.5" + "." * 72  # counting its solutions to 10**12 takes hours
# Each call also has a timeout, so that a Ctrl-C that never arrives fails the test (the call
# raises Interrupted after a minute) instead of hanging the run.


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Python turns SIGINT into KeyboardInterrupt only when the process did not start with
    SIGINT ignored, as a command started in the background by a non-interactive shell does:
    install the default handler for the test, then put back what was there."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupt_soon(delay=0.2):
    timer = threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT")
def test_ctrl_c_stops_a_long_count():
    start = time.monotonic()
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        Sudoku(SLOW).count(limit=10**12, timeout=60)
    assert time.monotonic() - start < 30


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT")
def test_ctrl_c_stops_a_batch():
    start = time.monotonic()
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        count_batch([SLOW] * 4, limit=10**12, threads=2, timeout=60)
    assert time.monotonic() - start < 30
