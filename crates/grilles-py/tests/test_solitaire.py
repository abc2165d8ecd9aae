"""grilles.solitaire: layouts, deals, moves and errors, hints, the solver, pictures, saves."""

import json

import pytest

import grilles
from grilles.solitaire import LAYOUTS, SolitaireBoard, SolitaireLayout, deal_results


def test_layouts_builtin_text_and_kmahjongg():
    for name in LAYOUTS:
        layout = SolitaireLayout.builtin(name)
        assert len(layout) >= 2 and len(layout.positions) == len(layout)
    t = SolitaireLayout.builtin("turtle")
    assert SolitaireLayout.parse(str(t)).positions == t.positions
    k = SolitaireLayout.from_kmahjongg(t.to_kmahjongg())
    assert sorted(k.positions) == sorted(t.positions)
    w, h, d = t.size
    assert w > 0 and h > 0 and d >= 1
    with pytest.raises(grilles.ParseError):
        SolitaireLayout.builtin("castle")
    with pytest.raises(grilles.ParseError):
        SolitaireLayout.parse("0 6: 2-x")
    with pytest.raises(grilles.ParseError):
        SolitaireLayout.from_kmahjongg("not a layout")


def test_deals_are_seeded_and_solvable():
    layout = SolitaireLayout.builtin("turtle")
    a = SolitaireBoard.deal(layout, seed=7)
    assert a.tiles == SolitaireBoard.deal(layout, seed=7).tiles
    assert a.tiles != SolitaireBoard.deal(layout, seed=8).tiles
    assert a.remaining == 144 and a.status == "playing"
    assert a.kinds().min() >= 1
    moves = a.solve(timeout=30)
    assert moves is not None
    for m in moves:
        a.play(*m)
    assert a.is_cleared() and a.is_over() and a.status == "cleared"
    shuffled = SolitaireBoard.deal(layout, seed=3, solvable=False)
    assert shuffled.remaining == 144


def test_moves_errors_and_undo():
    b = SolitaireBoard.deal(SolitaireLayout.builtin("turtle"), seed=7)
    legal = b.legal_moves()
    assert legal and all(b.is_legal(*m) for m in legal)
    free = set(b.free_tiles())
    assert all(b.is_free(i) for i in free)
    blocked = next(i for i in range(144) if i not in free)
    with pytest.raises(grilles.IllegalMoveError, match="not free"):
        b.play(blocked, legal[0][0])
    assert b.remaining == 144
    b.play(*legal[0])
    assert b.history == [legal[0]] and b.remaining == 142
    assert b.undo() == legal[0] and b.remaining == 144
    assert b.undo() is None


def test_hints_follow_to_the_end():
    b = SolitaireBoard.deal(SolitaireLayout.builtin("pyramid"), seed=1)
    kind, move = b.hint()
    while kind == "winning":
        b.play(*move)
        kind, move = b.hint()
    assert b.is_cleared() and (kind, move) == ("none", None)


def test_solver_budget_and_lost_boards():
    b = SolitaireBoard.deal(SolitaireLayout.builtin("turtle"), seed=4, solvable=False)
    with pytest.raises(grilles.Interrupted):
        b.solve(budget=0)
    result = b.solve(timeout=60)
    assert result is None or len(result) == 72


def test_save_restore_and_tampering():
    b = SolitaireBoard.deal(SolitaireLayout.builtin("turtle"), seed=2)
    b.play(*b.legal_moves()[0])
    saved = b.save()
    again = SolitaireBoard.restore(saved)
    assert again.tiles == b.tiles and again.history == b.history
    data = json.loads(saved)
    data["history"] = data["history"] + [[0, 1]]
    with pytest.raises(grilles.RecordError):
        SolitaireBoard.restore(json.dumps(data))
    with pytest.raises(grilles.RecordError):
        SolitaireBoard.restore("[1, 2")


def test_pictures_and_shuffle():
    b = SolitaireBoard.deal(SolitaireLayout.builtin("bridge"), seed=5)
    assert b.svg().startswith("<svg") and b.svg().rstrip().endswith("</svg>")
    assert b.text() == str(b) and len(b.text()) > 100
    assert "SolitaireBoard" in repr(b)
    before = sorted(t for t in b.tiles if t)
    b.shuffle(seed=1)
    assert sorted(t for t in b.tiles if t) == before


def test_deal_results():
    layout = SolitaireLayout.builtin("pyramid")
    rows = deal_results(layout, 10, 3, budget=200_000)
    assert [s for s, _ in rows] == [10, 11, 12]
    assert rows[1:] == deal_results(layout, 11, 2, budget=200_000)
