"""Ctrl-C stops a long call: the engine's cancel flag is raised and KeyboardInterrupt
reaches Python once the engine has stopped."""

import os
import signal
import threading
import time

import pytest

from grilles.sudoku import Sudoku, count_batch

SLOW = "4.....8.5" + "." * 72  # counting its solutions to 10**12 takes hours


def interrupt_soon(delay=0.2):
    timer = threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT")
def test_ctrl_c_stops_a_long_count():
    start = time.monotonic()
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        Sudoku(SLOW).count(limit=10**12)
    assert time.monotonic() - start < 30


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT")
def test_ctrl_c_stops_a_batch():
    start = time.monotonic()
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        count_batch([SLOW] * 4, limit=10**12, threads=2)
    assert time.monotonic() - start < 30
