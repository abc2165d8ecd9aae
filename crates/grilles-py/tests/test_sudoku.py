"""grilles.sudoku: text forms, solving, counting, generation, canonical form, grading,
hints, the solving-time estimate, killer and layouts; errors as the package's exceptions."""

import numpy as np
import pytest

import grilles
from grilles.sudoku import (
    Killer,
    Sudoku,
    count_batch,
    generate,
    generate_batch,
    grade_batch,
    solve_batch,
)

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION17 = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
SMALL = "12..\n..12\n2...\n...4"


def test_one_line_round_trip_and_properties():
    s = Sudoku(HARD17)
    assert str(s) == HARD17
    assert s.line("0") == HARD17.replace(".", "0")
    assert repr(s) == f'Sudoku("{HARD17}")'
    assert (s.size, s.box_shape, s.givens) == (9, (3, 3), 17)
    assert s.cells[:3] == [4, 0, 0]
    assert s.to_numpy().dtype == np.uint8 and s.to_numpy().shape == (81,)
    assert Sudoku.from_cells(s.cells) == s
    assert Sudoku.from_cells(s.to_numpy()) == s


def test_ascii_and_latex_forms():
    s = Sudoku(SMALL)
    art = s.ascii()
    assert art.startswith("+") and "| 1 2 |" in art
    assert Sudoku.from_ascii(art) == s
    assert "\\begin" in s.latex()


def test_other_shapes_variants_and_alphabets():
    six = Sudoku("1" + "." * 35, box_shape=(2, 3))
    assert six.box_shape == (2, 3)
    assert Sudoku("1" + "." * 35, size=6).box_shape == (2, 3)
    x = Sudoku(HARD17, variant="x")
    assert x.solve() is None or x.solve().is_complete()
    word = Sudoku("ABCD" + "." * 12, alphabet="ABCD")
    assert str(word.solve()).startswith("ABCD")
    jig = Sudoku("." * 16, regions="AABBAABBCCDDCCDD")
    assert jig.count(limit=1000).exact


def test_parse_errors_name_where():
    with pytest.raises(grilles.ParseError, match="5 cells"):
        Sudoku("12.4.")
    with pytest.raises(grilles.ParseError, match="column 4: unexpected character 'Z'"):
        Sudoku("12.Z............")
    with pytest.raises(grilles.ParseError):
        Sudoku("11" + "." * 14)  # a clash
    with pytest.raises(grilles.GrillesError, match="unknown variant"):
        Sudoku(HARD17, variant="nope")
    with pytest.raises(grilles.ParseError):
        Sudoku.from_ascii("+--+\n|x|\n")
    with pytest.raises(ValueError):
        Sudoku(HARD17, size=9, box_shape=(3, 3))


def test_play_candidates_and_illegal_moves():
    s = Sudoku(SMALL)
    assert s.candidates(0, 2) == [3, 4]
    assert s.get(0, 0) == 1
    assert (0, 2, 3) in s.legal_moves()
    with pytest.raises(grilles.IllegalMoveError, match="r1c3"):
        s.play(0, 2, 1)
    assert s == Sudoku(SMALL)
    s.play(0, 2, 4)
    assert s.get(0, 2) == 4
    with pytest.raises(grilles.GrillesError, match="row and column"):
        s.get(4, 0)
    assert not s.is_over()


def test_solve_and_count():
    s = Sudoku(HARD17)
    assert str(s.solve()) == SOLUTION17
    c = s.count()
    assert (c.value, c.exact, str(c), int(c)) == (1, True, "1", 1)
    assert s.is_unique()
    empty = Sudoku("." * 16)
    full = empty.count(limit=1000)
    assert (full.value, full.exact) == (288, True)
    stopped = empty.count(limit=10)
    assert (stopped.value, stopped.exact, str(stopped)) == (10, False, "at least 10")
    assert Sudoku("12..\n....\n..3.\n..4.").solve() is None
    with pytest.raises(ValueError, match="limit"):
        empty.count(limit=0)


def test_budgets_and_timeouts_interrupt():
    jigsaw = "".join(str(r // 3 * 3 + c // 3 + 1) for r in range(9) for c in range(9))
    with pytest.raises(grilles.Interrupted, match="budget after 1000 search nodes"):
        Sudoku("." * 81, regions=jigsaw).count(limit=10**9, budget=1000)
    with pytest.raises(grilles.Interrupted, match="timed out after 0.05 s"):
        Sudoku("4.....8.5" + "." * 72).count(limit=10**12, timeout=0.05)
    with pytest.raises(grilles.Interrupted, match="timed out"):
        generate(16, seed=1, timeout=0.01)
    with pytest.raises(grilles.Interrupted, match="budget"):
        Sudoku(HARD17).grade(budget=5)
    with pytest.raises(ValueError, match="timeout"):
        Sudoku(HARD17).solve(timeout=-1)


def test_generate_options_and_seeds():
    a = generate(seed=5)
    assert a == generate(seed=5) and a != generate(seed=6)
    assert a.is_unique()
    six = generate(6, seed=1)
    assert six.size == 6 and six.is_unique()
    assert generate(box_shape=(2, 3), seed=1) == six
    central = generate(seed=2, symmetry="central")
    cells = central.cells
    assert all((cells[i] == 0) == (cells[80 - i] == 0) for i in range(81))
    x = generate(seed=3, variant="x")
    assert x.count().value == 1
    assert generate(seed=4, level="intermediate").grade().level == "intermediate"
    samurai = generate(layout="tiny-samurai", seed=1)
    assert samurai.is_unique()
    with pytest.raises(ValueError):
        generate(seed=1, symmetry="spiral")
    with pytest.raises(ValueError):
        generate(seed=1, level="impossible")


def test_canonical_form():
    a, b = Sudoku(SMALL), Sudoku("21..\n..21\n1...\n...4")
    assert a.canonical() == b.canonical()
    assert a.canonical().givens == a.givens
    assert Sudoku(HARD17).canonical() == Sudoku(HARD17).canonical().canonical()
    with pytest.raises(grilles.GrillesError, match="classic"):
        Sudoku(HARD17, variant="x").canonical()


def test_grade_steps_and_hints():
    r = Sudoku(EASY).grade()
    assert (r.level, r.hardest) == ("easy", "A2")
    assert r.summary().startswith("easy") and str(r) == r.summary()
    assert dict(r.counts)["A1"] > 0
    assert sum(cost for *_, cost in r.placements) == r.score
    assert len(r.solution) == 81
    step = r.steps[0]
    assert step.method in ("A1", "A2") and str(step) == step.text
    assert step.placement is not None
    hard = Sudoku(HARD17).grade()
    assert hard.level in ("intermediate", "expert")
    hint = Sudoku(HARD17).hint()
    assert hint.text
    with pytest.raises(grilles.NoSolutionError):
        Sudoku("." * 16).grade()


def test_hint_from_pencil_marks():
    s = Sudoku(SMALL)
    marks = "12[34][34][34][34]12" + "2[134][134][13]" + "[13][13][123]4"
    step = s.hint(marks)
    assert step.technique
    with pytest.raises(grilles.ParseError):
        s.hint("[]" + "." * 15)


def test_human_time():
    t = Sudoku(HARD17).human_time()
    assert t.seconds > 0 and abs(t.singles + t.stuck + t.techniques - t.seconds) < 1e-6
    assert float(t) == t.seconds and str(t).endswith(" s")


def test_layouts_frame_round_trip():
    s = generate(layout="samurai", seed=2, timeout=60)
    text = s.frame()
    assert len(text.splitlines()) == 21
    assert Sudoku.from_frame(text, "samurai") == s
    assert s.solve() is not None
    empty = Sudoku.empty_layout("twin")
    assert empty.givens == 0
    with pytest.raises(grilles.GrillesError, match="unknown layout"):
        Sudoku.from_frame(text, "hexagon")
    with pytest.raises(grilles.ParseError):
        Sudoku.from_frame("1\n", "samurai")


def test_killer():
    k = Killer.generate(seed=2, size=4)
    assert k.count().value == 1
    assert Killer(str(k)) == k
    sol = k.solve()
    assert len(sol) == 16
    assert sum(s for s, _ in k.cages) == 4 * 10
    assert "+" in k.ascii(sol) or "|" in k.ascii(sol)
    with pytest.raises(grilles.ParseError):
        Killer("3: r1c1 r9c10")


def test_solve_batch_lists_and_numpy():
    lines = [HARD17, SMALL, "12", "." * 16]
    out = solve_batch(lines)
    assert out[0] == SOLUTION17 and out[1] == "1243431224313124"
    assert isinstance(out[2], grilles.ParseError)
    assert len(out[3]) == 16
    arr = np.array([Sudoku(HARD17).cells, [0] * 81], dtype=np.uint8)
    sol, status = solve_batch(arr, threads=1)
    assert sol.shape == (2, 81) and list(status) == [1, 1]
    assert "".join(map(str, sol[0])) == SOLUTION17
    bad = np.array([[10] * 81], dtype=np.uint8)
    assert list(solve_batch(bad)[1]) == [-1]
    with pytest.raises(ValueError):
        solve_batch(HARD17)
    assert list(map(str, solve_batch(lines, threads=1))) == list(map(str, solve_batch(lines, threads=2)))


def test_batch_timeouts_are_per_item():
    slow = "4.....8.5" + "." * 72
    counts = count_batch(["." * 16, slow, HARD17], limit=10**12, timeout=0.05)
    assert (counts[0].value, counts[2].value) == (288, 1)
    assert isinstance(counts[1], grilles.Interrupted)
    assert str(counts[1]) == "timed out after 0.05 s"
    arr = np.zeros((2, 16), dtype=np.uint8)
    c, status = count_batch(arr, limit=10)
    assert list(c) == [10, 10] and list(status) == [2, 2]
    made = generate_batch(1, 2, size=16, timeout=0.01)
    assert all(isinstance(m, grilles.Interrupted) for m in made)
    assert solve_batch([HARD17], timeout=5) == [SOLUTION17]


def test_grade_and_generate_batches():
    ratings = grade_batch([EASY, "." * 16, "x"])
    assert ratings[0].level == "easy"
    assert isinstance(ratings[1], grilles.NoSolutionError)
    assert isinstance(ratings[2], grilles.GrillesError)
    made = generate_batch(7, 4, grade=True)
    assert made == generate_batch(7, 4, grade=True, threads=1)
    assert [m[0] for m in made[1:]] == [m[0] for m in generate_batch(8, 3, grade=True)]
    assert all(Sudoku(line).is_unique() for line, _, _ in made)
    assert generate_batch(7, 2) == [m[0] for m in made[:2]]
    with pytest.raises(ValueError, match="2\\*\\*64"):
        generate_batch(2**64 - 1, 2)
