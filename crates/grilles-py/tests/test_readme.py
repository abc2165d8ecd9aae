"""The README's Python examples run as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_has_a_quick_start():
    assert BLOCKS and "import grilles" in BLOCKS[0]


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_block_runs(index, capsys):
    if "ray.init" in BLOCKS[index]:
        ray = pytest.importorskip("ray")
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        code = BLOCKS[index].replace("ray.init()", "").replace("count=10_000", "count=20")
        try:
            exec(compile(code, f"README block {index}", "exec"), {})
        finally:
            ray.shutdown()
        return
    exec(compile(BLOCKS[index], f"README block {index}", "exec"), {})
    out = capsys.readouterr().out
    assert out or index > 0
