"""grilles.defi: the game and its options, entries and errors, bots, records, simulator."""

import json

import pytest

import grilles
from grilles.defi import BOTS, DefiBot, DefiGame, game_results, simulate, solved_puzzle

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def test_a_game_from_a_puzzle_and_its_state():
    g = DefiGame(PUZZLE, ["Ann", "Bob"])
    assert g.players == ["Ann", "Bob"]
    assert g.puzzle == PUZZLE and g.grid == PUZZLE
    assert (g.round, g.quota, g.digits_left) == (1, 1, 1)
    assert g.to_act() == [0] and not g.is_over()
    assert g.empty_cells == 64 and not g.bonus_taken
    assert len(g.legal_moves()) == 64 * 9
    assert "DefiGame" in repr(g) and "+" in str(g)


def test_entries_score_and_wrong_digits_are_corrected():
    g = DefiGame(PUZZLE, ["Ann", "Bob"], handicap="off")
    right = int(SOLUTION[1])
    report = g.play(0, 0, 1, right)
    assert report["correct"] and report["points"] == right
    assert g.to_act() == [1]
    wrong = right % 9 + 1
    report = g.play(1, 0, 2, wrong if wrong != int(SOLUTION[2]) else wrong % 9 + 1)
    assert not report["correct"] and report["points"] == 0
    assert g.cells[2] == int(SOLUTION[2])
    assert g.undo() is not None and g.cells[2] == 0


def test_illegal_entries_raise_and_change_nothing():
    g = DefiGame(PUZZLE, ["Ann", "Bob"])
    before = g.record()
    with pytest.raises(grilles.IllegalMoveError):
        g.play(1, 0, 1, 1)  # not Bob's turn
    with pytest.raises(grilles.IllegalMoveError):
        g.play(0, 0, 0, 4)  # a given
    with pytest.raises(grilles.GrillesError, match="row and column"):
        g.play(0, 9, 0, 1)
    assert g.record() == before
    assert not g.is_legal(0, 0, 0, 4) and g.is_legal(0, 0, 1, 1)


def test_options_and_their_errors():
    g = DefiGame(players=["A", "B", "C", "D"], seed=3, challenge="express", handicap="balanced", teams=True, final_order="status-quo")
    assert g.quota == 3 and g.team_totals() is not None
    g5 = DefiGame(players=list("ABCDE"), handicap="0,1,2,3,4", chrono=30.0, seed=1)
    assert len(g5.totals()) == 5
    with pytest.raises(grilles.GrillesError, match="challenge"):
        DefiGame(challenge="blitz")
    with pytest.raises(grilles.GrillesError):
        DefiGame(players=["A"])
    with pytest.raises(grilles.GrillesError):
        DefiGame(handicap="0,x")
    with pytest.raises(grilles.ParseError):
        DefiGame("12.4")
    with pytest.raises(grilles.ParseError):
        DefiGame("." * 81)  # many solutions


def test_chrono_late_entries_score_nothing():
    g = DefiGame(PUZZLE, ["Ann", "Bob"], chrono=30.0, handicap="off")
    report = g.play(0, 0, 1, int(SOLUTION[1]), seconds=31.0)
    assert report["correct"] and report["late"] and report["points"] == 0


def test_bots_play_out_and_records_replay():
    g = DefiGame(players=["Ann", "Bob", "Cy"], seed=9)
    g.play_bots(["greedy", "blocking", "search"], seed=4)
    assert g.is_over() and g.leaders()
    again = DefiGame(players=["Ann", "Bob", "Cy"], seed=9)
    again.play_bots(["greedy", "blocking", "search"], seed=4)
    assert again.totals() == g.totals()
    replayed = DefiGame.replay(g.record())
    assert replayed.totals() == g.totals() and replayed.record() == g.record()
    assert g.explain_entry(0, 0)
    with pytest.raises(grilles.GrillesError):
        g.play_bots(["greedy"], seed=1)
    with pytest.raises(grilles.GrillesError):
        DefiGame().play_bots(["oracle", "greedy"])


def test_tampered_records_raise_record_errors():
    g = DefiGame(players=["Ann", "Bob"], seed=2)
    g.play_bots(["blocking", "blocking"], seed=1)
    record = json.loads(g.record())
    text = json.dumps(record)
    # Change the points of the first entry.
    first = record["turns"][0]["entries"][0]
    first["points"] = first["points"] + 1
    with pytest.raises(grilles.RecordError):
        DefiGame.replay(json.dumps(record))
    with pytest.raises(grilles.RecordError):
        DefiGame.replay(text[: len(text) // 2])
    with pytest.raises(grilles.RecordError):
        DefiGame.replay("{}")


def test_explain_a_cell():
    g = DefiGame(PUZZLE, ["Ann", "Bob"])
    assert "r" in g.explain_cell(0, 1)
    with pytest.raises(grilles.GrillesError):
        g.explain_cell(0, 0)


def test_a_bot_chooses_from_the_view():
    g = DefiGame(PUZZLE, ["Ann", "Bob"])
    for name in BOTS:
        bot = DefiBot(name, skill="C", seed=3)
        assert bot.name == name and g.is_legal(*bot.choose(g))
    with pytest.raises(grilles.GrillesError):
        DefiBot("oracle")
    with pytest.raises(grilles.GrillesError):
        DefiBot("greedy", skill="Z")


def test_simulator_and_game_results():
    stats = simulate(["blocking", "greedy"], games=6, seed=3)
    assert stats["games"] == 6 and abs(sum(stats["win_rate"]) - 1.0) < 1e-9
    assert stats == simulate(["blocking", "greedy"], games=6, seed=3, parallel=False)
    results = game_results(["blocking", "greedy"], 2, 3, seed=3)
    assert len(results) == 3 and results[0] == game_results(["blocking", "greedy"], 2, 1, seed=3)[0]
    with pytest.raises(grilles.Interrupted):
        simulate(["search", "search"], games=50, seed=1, budget=10)
    with pytest.raises(grilles.GrillesError):
        simulate(["blocking"], games=1)


def test_solved_puzzle():
    puzzle, solution = solved_puzzle(PUZZLE)
    assert (puzzle, solution) == (PUZZLE, SOLUTION)
    p, s = solved_puzzle(seed=5)
    assert len(p) == 81 and "." not in s
