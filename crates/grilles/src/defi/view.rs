//! Drawing the Défi Sudoku screen: the board (each player's entries in a colour), the score
//! table, the quotas and the countdown, the last entries, the replay.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use sudoku_core::{Cell, Shape};

use super::{DefiScreen, LEGEND, Seat};
use crate::sudoku::BoardMap;
use crate::sudoku::view::{Look, board_size, draw_board};
use crate::theme::Theme;
use crate::ui;
use defi_sudoku::Game;

/// The colours of the players' entries.
const PLAYER_COLOURS: [Color; 5] = [
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Green,
    Color::Yellow,
];

/// Draws the screen; returns its help line.
pub fn render(s: &mut DefiScreen, frame: &mut Frame<'_>, area: Rect, theme: Theme) -> String {
    let buf = frame.buffer_mut();
    if let Some(r) = &s.replay {
        let seats = s
            .game
            .as_ref()
            .map(|g| g.seats.clone())
            .unwrap_or_else(|| vec![Seat::Human; r.game.player_count()]);
        let last = r.step.checked_sub(1).map(|i| r.entries[i].1.cell);
        s.map = draw(buf, area, &r.game, &seats, None, last, theme);
        let text = match r.step.checked_sub(1) {
            Some(i) => {
                let (p, e, _) = r.entries[i];
                format!(
                    "Replay: entry {}/{}: {} wrote {} in {}",
                    r.step,
                    r.entries.len(),
                    r.game.players()[p],
                    e.value,
                    e.cell.display(Shape::CLASSIC)
                )
            }
            None => format!(
                "Replay: the puzzle, before any of the {} entries",
                r.entries.len()
            ),
        };
        bottom(buf, area, vec![Line::styled(text, theme.accent())]);
    } else if let Some(g) = &s.game {
        let game = g.game();
        let last = game
            .turns()
            .iter()
            .rev()
            .find_map(|t| t.entries.last())
            .map(|e| e.cell);
        s.map = draw(buf, area, game, &g.seats, Some(g.cursor), last, theme);
        let mut lines: Vec<Line<'_>> = Vec::new();
        if let Some(m) = &s.message {
            lines.push(Line::styled(m.text.clone(), m.style(theme)));
        }
        // The newest entries; the newest is left out when the message above says it.
        let skip = usize::from(s.message.is_some() && s.message_is_last_entry);
        for l in g.log_lines().iter().rev().skip(skip).take(4) {
            lines.push(Line::styled(l.clone(), theme.dim()));
        }
        bottom(buf, area, lines);
        // The quota and the countdown, right of the board under the score table.
        let mut q: Vec<Line<'_>> = Vec::new();
        match game.to_act().first().copied() {
            Some(p) => {
                let who = &game.players()[p];
                let quota = format!(
                    "Round {}{}: quota {} each",
                    game.round(),
                    if game.is_final_round() {
                        " (final round)"
                    } else {
                        ""
                    },
                    game.quota()
                );
                q.push(Line::from(quota));
                let turn = if g.waiting_for_seat() {
                    format!("{who}: press Enter when seated")
                } else {
                    format!("{who} to enter {} more digit(s)", game.digits_left())
                };
                let style = if g.human_to_move().is_some() {
                    theme.accent()
                } else {
                    Style::new()
                };
                q.push(Line::styled(turn, style));
                if let Some(left) = g.time_left() {
                    if left.is_zero() {
                        q.push(Line::styled(
                            format!("{} time up: entries score nothing", theme.warning()),
                            theme.error(),
                        ));
                    } else {
                        let style = if left.as_secs() < 10 {
                            theme.error()
                        } else {
                            theme.title()
                        };
                        q.push(Line::styled(
                            format!("Time left {}", ui::clock(left)),
                            style,
                        ));
                    }
                }
                let next: Vec<String> = game
                    .upcoming_turns(4)
                    .iter()
                    .map(|&(p, n)| format!("{}×{n}", game.players()[p]))
                    .collect();
                if !next.is_empty() {
                    q.push(Line::styled(
                        format!("Next: {}", next.join(", ")),
                        theme.dim(),
                    ));
                }
            }
            None => q.push(Line::styled("The grid is full: game over.", theme.good())),
        }
        q.push(Line::from(format!("Empty cells {}", game.empty_cells())));
        let (bw, _) = board_size(Shape::CLASSIC, 3, 1);
        let table_h =
            game.player_count() as u16 + 2 + u16::from(game.options().teams) + LEGEND.len() as u16;
        if area.width > bw + 20 && area.height > table_h {
            let rect = Rect::new(
                area.x + bw + 2,
                area.y + table_h + 1,
                area.width - bw - 2,
                area.height.saturating_sub(table_h + 1).min(6),
            );
            ui::paragraph(buf, rect, Text::from(q));
        }
    }
    if let Some(form) = &s.form {
        ui::form(buf, area, form, theme);
    }
    let help = s.help();
    s.overlay.render(buf, area, theme, help)
}

fn bottom(buf: &mut Buffer, area: Rect, lines: Vec<Line<'_>>) {
    let (_, bh) = board_size(Shape::CLASSIC, 3, 1);
    let top = area.y + bh;
    if top < area.bottom() {
        ui::paragraph(
            buf,
            Rect::new(area.x, top, area.width, area.bottom() - top),
            Text::from(lines),
        );
    }
}

/// Draws the board and the score table of `game`.
fn draw(
    buf: &mut Buffer,
    area: Rect,
    game: &Game,
    seats: &[Seat],
    cursor: Option<Cell>,
    last: Option<Cell>,
    theme: Theme,
) -> BoardMap {
    let mut owner: Vec<Option<(usize, bool)>> = vec![None; 81];
    for t in game.turns() {
        for e in &t.entries {
            owner[e.cell.index()] = Some((t.player, e.correct));
        }
    }
    let grid = game.grid();
    let puzzle = game.puzzle().puzzle();
    let look = |cell: Cell| -> Look {
        let i = cell.index();
        let v = grid.get(i);
        let mut style = if puzzle.get(i) != 0 {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            match owner[i] {
                Some((p, true)) => Style::new().fg(PLAYER_COLOURS[p % 5]),
                Some((_, false)) => theme.error().add_modifier(Modifier::CROSSED_OUT),
                None => Style::new(),
            }
        };
        if Some(cell) == last {
            style = theme.hint();
        }
        if Some(cell) == cursor {
            style = theme.cursor();
        }
        let text = if v == 0 {
            theme.empty_cell().to_string()
        } else {
            v.to_string()
        };
        (vec![text], style)
    };
    let map = draw_board(buf, area.x, area.y, Shape::CLASSIC, (3, 1), theme, &look);
    let (bw, _) = board_size(Shape::CLASSIC, 3, 1);
    if area.width <= bw + 20 {
        return map;
    }
    let x = area.x + bw + 2;
    let w = area.width - bw - 2;
    let mut lines = vec![Line::styled(
        format!(
            "  {:<18} {:>5} {:>4} {:>5} {:>3} {:>3}",
            "Player", "Total", "face", "bonus", "hcp", "abs"
        ),
        theme.title(),
    )];
    let to_move = game.to_act().first().copied();
    for (p, sheet) in game.sheets().iter().enumerate() {
        let name = match seats.get(p) {
            Some(Seat::Bot { strategy, skill }) => {
                format!("{} {strategy} {skill}", game.players()[p])
            }
            _ => game.players()[p].clone(),
        };
        let name: String = name.chars().take(18).collect();
        let pointer = if Some(p) == to_move {
            theme.pointer()
        } else {
            " "
        };
        let team = game.team_of(p).map(|t| format!(" {t}")).unwrap_or_default();
        let style = Style::new().fg(PLAYER_COLOURS[p % 5]);
        lines.push(Line::from(vec![
            Span::raw(format!("{pointer} ")),
            Span::styled(format!("{name:<18}"), style),
            Span::styled(format!(" {:>5}", sheet.total()), theme.title()),
            Span::raw(format!(
                " {:>4} {:>5} {:>3} {:>3}{team}",
                sheet.face, sheet.bonus, sheet.handicap, sheet.absent
            )),
        ]));
    }
    if let Some([a, b]) = game.team_totals() {
        lines.push(Line::styled(
            format!("  Team A {a}  Team B {b}"),
            theme.title(),
        ));
    }
    for l in LEGEND {
        lines.push(Line::styled(format!("  {l}"), theme.dim()));
    }
    let h = (lines.len() as u16).min(area.height);
    ui::paragraph(buf, Rect::new(x, area.y, w, h), Text::from(lines));
    map
}
