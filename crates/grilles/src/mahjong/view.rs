//! Drawing the table: the other three players, each seat's discards, your melds and hand,
//! the prompt, the results of a round and the totals.

use mahjong_rules::Meld;
use mahjong_rules::Score;
use mahjong_rules::table::{Action, Phase};
use mahjong_tiles::{Language, Tile, Wind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};

use super::{HUMAN, MahjongGame, MahjongScreen, wind_name};
use crate::app::Context;
use crate::solitaire::view::face;
use crate::theme::Theme;
use crate::ui;

fn tiles_text(tiles: &[Tile], theme: Theme) -> String {
    tiles
        .iter()
        .map(|&t| face(t, theme))
        .collect::<Vec<_>>()
        .join("")
}

fn meld_text(m: &Meld, theme: Theme) -> String {
    if theme.ascii {
        m.to_string()
    } else {
        let inner = tiles_text(&m.tiles(), theme);
        if m.is_concealed() {
            format!("({})", inner.trim_end())
        } else {
            format!("[{}]", inner.trim_end())
        }
    }
}

/// Draws the screen; returns its help line.
pub fn render(s: &mut MahjongScreen, frame: &mut Frame<'_>, area: Rect, cx: &Context) -> String {
    let theme = cx.theme;
    if let Some(g) = &s.game {
        if g.showing_results || g.game.round().is_none() {
            let text = results(g, theme);
            ui::paragraph(frame.buffer_mut(), area, text);
        } else {
            s.hand_map = table(s, g, frame, area, cx);
        }
    }
    let buf = frame.buffer_mut();
    if let Some(form) = &s.form {
        ui::form(buf, area, form, theme);
    }
    let help = s.help();
    s.overlay.render(buf, area, theme, help)
}

fn table(
    s: &MahjongScreen,
    g: &MahjongGame,
    frame: &mut Frame<'_>,
    area: Rect,
    cx: &Context,
) -> Vec<(u16, u16)> {
    let theme = cx.theme;
    let buf = frame.buffer_mut();
    let me = g.wind();
    let Some(view) = g.game.view(me) else {
        return Vec::new();
    };
    let phase = view.phase();
    let totals = g.game.totals();
    let mut lines: Vec<Line<'_>> = Vec::new();
    let round_wind = view
        .round_wind()
        .map_or(String::new(), |w| format!(" · round wind {}", wind_name(w)));
    lines.push(Line::styled(
        format!(
            "Dominant {} · wall {} · dead wall {}{round_wind}",
            wind_name(view.dominant()),
            view.live_wall_left(),
            view.dead_wall_left()
        ),
        theme.dim(),
    ));
    let mut seat = me.next();
    for _ in 0..3 {
        let player = g.game.seats()[seat];
        let to_play = matches!(phase, Phase::Turn { seat: t } if t == seat);
        let pointer = if to_play { theme.pointer() } else { " " };
        let mut spans = vec![
            Span::raw(format!("{pointer}{} ", seat)),
            Span::styled(format!("{:<16}", g.game.players()[player]), theme.title()),
            Span::raw(format!("{:>6}  ", totals[player])),
            Span::styled(
                format!(
                    "{}×{} ",
                    if theme.ascii { "##" } else { "🀫" },
                    view.concealed_len(seat)
                ),
                theme.dim(),
            ),
        ];
        for m in view.melds(seat) {
            spans.push(Span::raw(format!("{} ", meld_text(&m, theme))));
        }
        for _ in 0..view.face_down_kongs(seat) {
            spans.push(Span::raw(if theme.ascii {
                "(####) "
            } else {
                "(🀫🀫🀫🀫) "
            }));
        }
        if !view.bonus(seat).is_empty() {
            spans.push(Span::raw(tiles_text(view.bonus(seat), theme)));
        }
        if view.is_calling(seat) {
            spans.push(Span::styled(" calling", theme.error()));
        }
        lines.push(Line::from(spans));
        seat = seat.next();
    }
    // Each seat's discards, in the order played (the oldest cut when the row is full).
    let discards = view.discards();
    let width = usize::from(area.width.saturating_sub(12) / 3).max(1);
    let mut seat = me.next();
    for k in 0..4 {
        let mine: Vec<Tile> = discards
            .iter()
            .filter(|(w, _)| *w == seat)
            .map(|&(_, t)| t)
            .collect();
        let cut = mine.len().saturating_sub(width);
        let mut row = String::new();
        if cut > 0 {
            row.push_str(&format!("+{cut} "));
        }
        for &t in &mine[cut..] {
            row.push_str(&face(t, theme));
            row.push(' ');
        }
        let label = if k == 0 { "Discards " } else { "         " };
        lines.push(Line::from(vec![
            Span::styled(label, theme.title()),
            Span::styled(format!("{} ", seat.letter()), theme.dim()),
            Span::raw(row),
        ]));
        seat = seat.next();
    }
    if view.face_down_discards() > 0 {
        lines.push(Line::styled(
            format!(
                "         and {} face down (Japanese rule)",
                view.face_down_discards()
            ),
            theme.dim(),
        ));
    }
    if let Phase::Claims { discarder, tile } = phase {
        lines.push(Line::styled(
            format!(
                "{} discarded {}  {}",
                wind_name(discarder),
                face(tile, theme),
                tile.name(Language::English)
            ),
            theme.accent(),
        ));
    } else {
        lines.push(Line::from(""));
    }
    let top = area.y;
    let head = lines.len() as u16;
    ui::paragraph(
        buf,
        Rect::new(area.x, top, area.width, head.min(area.height)),
        Text::from(lines),
    );
    // Your melds and flowers, then your hand.
    let mut y = top + head + 1;
    let me_player = g.game.seats()[me];
    let mut mine = vec![
        Span::styled(
            format!("{} {} ", me, g.game.players()[HUMAN]),
            theme.accent(),
        ),
        Span::raw(format!("{:>6}  ", totals[me_player])),
    ];
    for m in view.melds(me) {
        mine.push(Span::raw(format!("{} ", meld_text(&m, theme))));
    }
    if !view.bonus(me).is_empty() {
        mine.push(Span::raw(tiles_text(view.bonus(me), theme)));
    }
    if view.is_calling(me) {
        mine.push(Span::styled(" calling", theme.error()));
    }
    if y < area.bottom() {
        ui::paragraph(
            buf,
            Rect::new(area.x, y, area.width, 1),
            Text::from(Line::from(mine)),
        );
    }
    y += 1;
    let (hand, drawn) = g.hand();
    let mut map = Vec::new();
    let own = g.is_own_turn();
    let mut x = area.x + 1;
    for (i, &t) in hand.iter().enumerate() {
        if drawn.is_some() && i + 1 == hand.len() {
            x += 2;
        }
        let style = if own && i == g.cursor {
            theme.cursor()
        } else {
            Style::new()
        };
        if y + 1 < area.bottom() && x + 2 < area.right() {
            buf.set_stringn(x, y, face(t, theme), 2, style);
            if !theme.ascii {
                buf.set_stringn(x, y + 1, t.to_string(), 2, theme.dim());
            }
        }
        map.push((x, y));
        x += 3;
    }
    y += 3;
    // The prompt.
    let mut prompt: Vec<Line<'_>> = Vec::new();
    let choices = g.choices();
    let numbered: Vec<String> = choices
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{} {}", i + 1, describe(*a)))
        .collect();
    if own {
        let tile = hand
            .get(g.cursor)
            .map(|t| t.name(Language::English))
            .unwrap_or_default();
        let mut t = format!("Your turn: Enter discards {tile}");
        if !numbered.is_empty() {
            t.push_str(&format!(" · {}", numbered.join(" · ")));
        }
        prompt.push(Line::styled(t, theme.accent()));
    } else if g.is_claim_prompt() {
        let left = match (g.claim_timeout, g.prompt) {
            (Some(limit), Some((_, since))) => format!(
                " ({} s)",
                limit
                    .saturating_sub(cx.now.saturating_sub(since))
                    .as_millis()
                    .div_ceil(1000)
            ),
            _ => String::new(),
        };
        prompt.push(Line::styled(
            format!("Claim? {} · p pass{left}", numbered.join(" · ")),
            theme.accent(),
        ));
    } else {
        let who = view_turn(phase);
        prompt.push(Line::styled(who, theme.dim()));
    }
    if let Some(m) = &s.message {
        prompt.push(Line::styled(m.text.clone(), m.style(theme)));
    }
    let log = g.round_log();
    let recent: Vec<String> = log.iter().rev().take(3).rev().cloned().collect();
    if !recent.is_empty()
        && s.message
            .as_ref()
            .is_none_or(|m| !m.text.contains("Before you"))
    {
        prompt.push(Line::styled(
            format!("Last: {}", recent.join(" · ")),
            theme.dim(),
        ));
    }
    if y < area.bottom() {
        ui::paragraph(
            buf,
            Rect::new(area.x, y, area.width, area.bottom() - y),
            Text::from(prompt),
        );
    }
    map
}

fn view_turn(phase: Phase) -> String {
    match phase {
        Phase::Turn { seat } => format!("{} is playing…", wind_name(seat)),
        Phase::Claims { .. } => "The others decide on the discard…".into(),
        Phase::Robbing { seat, .. } => format!("{} adds to a pung…", wind_name(seat)),
        Phase::Invocation { seat } | Phase::Invoked { seat, .. } => {
            format!("{} may invoke the Celestial Empire…", wind_name(seat))
        }
        _ => String::new(),
    }
}

/// An action for the prompt.
pub fn describe(a: Action) -> String {
    match a {
        Action::MahJong { .. } => "Mah-jong!".into(),
        Action::Pung { .. } => "pung".into(),
        Action::Kong { tile, .. } => format!("kong {tile}"),
        Action::Chow { .. } => {
            let text = a.to_string();
            text.split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ")
        }
        Action::Calling { tile, .. } => format!("calling, discarding {tile}"),
        Action::Invoke { tile, .. } => format!("invoke the Empire for {tile}"),
        Action::Discard { tile, .. } => format!("discard {tile}"),
        Action::Pass { .. } => "pass".into(),
    }
}

fn score_summary(s: &Score) -> String {
    format!(
        "points {} doubles {} score {}",
        s.points, s.doubles, s.total
    )
}

/// The results of the last round and the totals.
fn results(g: &MahjongGame, theme: Theme) -> Text<'static> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let Some(record) = g.game.rounds().last() else {
        return Text::from("No round played yet.");
    };
    let Some(outcome) = &record.outcome else {
        return Text::from("The round is not over.");
    };
    let n = g.game.rounds().len();
    let head = match (outcome.winner, outcome.win) {
        (Some(w), Some(win)) => {
            let how = if win.self_drawn {
                "drawn from the wall"
            } else {
                "on a discard"
            };
            let who = &g.game.players()[record.seats[w]];
            format!(
                "Round {n} over: {who} ({}) went Mah-jong with {} {how}.",
                wind_name(w),
                win.tile
            )
        }
        _ => format!("Round {n} over: the wall is exhausted, nobody went Mah-jong."),
    };
    lines.push(Line::styled(head, theme.good()));
    let scores = g.game.last_scores();
    for w in Wind::ALL {
        let p = record.seats[w];
        let net = outcome.nets[w];
        let summary = scores.map(|s| score_summary(&s[w])).unwrap_or_default();
        lines.push(Line::from(vec![
            Span::styled(format!("{} {:<16}", w, g.game.players()[p]), theme.title()),
            Span::raw(format!(" {summary:<36} net {net:+}")),
        ]));
        lines.push(Line::styled(
            format!("   {}", outcome.hands[w]),
            theme.dim(),
        ));
    }
    if !outcome.payments.is_empty() {
        let pays: Vec<String> = outcome.payments.iter().map(ToString::to_string).collect();
        lines.push(Line::from(format!("Payments: {}", pays.join("; "))));
    }
    let totals = g.game.totals();
    let t: Vec<String> = (0..4)
        .map(|p| format!("{} {}", g.game.players()[p], totals[p]))
        .collect();
    lines.push(Line::styled(
        format!("Totals: {}", t.join(" · ")),
        theme.title(),
    ));
    if let Some(scores) = scores {
        let w = Wind::ALL[g.results_page % 4];
        let p = record.seats[w];
        lines.push(Line::styled(
            format!(
                "Score of {} ({}), itemised:",
                g.game.players()[p],
                wind_name(w)
            ),
            theme.accent(),
        ));
        for l in scores[w].to_string().lines() {
            lines.push(Line::from(format!("  {l}")));
        }
    }
    if let Some(result) = g.result() {
        lines.push(Line::styled(result, theme.good()));
    }
    Text::from(lines)
}
