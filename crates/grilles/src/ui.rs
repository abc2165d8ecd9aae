//! Drawing helpers shared by the screens: the frame of every screen (title, body, help
//! line), popups, forms, text of a buffer.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::form::{FieldKind, Form};
use crate::theme::Theme;

/// The lines of a buffer as text, trailing blanks cut, each line ended by `\n`.
pub fn screen_text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        for x in area.left()..area.right() {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Whether `c` may not reach the terminal as it is: a control character (C0, DEL, C1: ESC,
/// CR, LF, BEL…) or a bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069),
/// which could move the cursor, send a control sequence or reorder what follows it.
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text from outside data (a saved game, a record's player names, a layout file's name, a
/// message quoting them) as it may be shown: every [unsafe character](is_unsafe_char) is
/// written as a Rust escape (`\u{1b}`, `\r`, `\n`, `\t`), so it is seen rather than obeyed.
/// Other text, backslashes included, is unchanged, so escaping twice changes nothing more.
///
/// ```
/// assert_eq!(grilles::ui::escape("Eve\u{1b}[2J\r\u{202e}"), "Eve\\u{1b}[2J\\r\\u{202e}");
/// assert_eq!(grilles::ui::escape("Zoé"), "Zoé");
/// ```
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Removes every [unsafe character](is_unsafe_char) left in the cells of `buf`, the last
/// guard before a frame reaches the terminal: ratatui drops control characters, but keeps a
/// zero-width character such as a bidirectional override by appending it to the cell before.
/// Text from outside data is [escaped](escape) where it is shown; this catches what is not.
pub fn scrub(buf: &mut Buffer) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if cell.symbol().chars().any(is_unsafe_char) {
                let kept: String = cell
                    .symbol()
                    .chars()
                    .filter(|&c| !is_unsafe_char(c))
                    .collect();
                cell.set_symbol(if kept.is_empty() { " " } else { &kept });
            }
        }
    }
}

/// Whether `c` is a mahjong tile glyph (U+1F000 to U+1F02B).
pub fn is_tile_glyph(c: char) -> bool {
    ('\u{1F000}'..='\u{1F02B}').contains(&c)
}

/// Gives every mahjong tile glyph of `buf` two columns when the column after it is a blank:
/// terminals draw these glyphs one or two columns wide (the red dragon 🀄 is two wide by
/// Unicode, the others one), so the glyph is sent with its width forced to two and what
/// follows is placed by the cursor, never after whatever width the terminal chose.
pub fn pin_tile_glyphs(buf: &mut Buffer) {
    use ratatui::buffer::CellDiffOption;
    let area = buf.area;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right().saturating_sub(1) {
            let glyph = buf[(x, y)]
                .symbol()
                .chars()
                .next()
                .is_some_and(is_tile_glyph);
            if glyph
                && matches!(buf[(x + 1, y)].symbol(), " " | "")
                && let Some(two) = std::num::NonZeroU16::new(2)
            {
                buf[(x, y)].set_diff_option(CellDiffOption::ForcedWidth(two));
            }
        }
    }
}

/// The parts of a screen: a title line, the body, a status line, the help line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The title line.
    pub title: Rect,
    /// The body.
    pub body: Rect,
    /// The message line above the help line.
    pub status: Rect,
    /// The help line, always the last line.
    pub help: Rect,
}

/// Splits the whole screen.
pub fn split(area: Rect) -> Frame {
    let [title, body, status, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    Frame {
        title,
        body,
        status,
        help,
    }
}

/// Draws the help line (the whole width, reversed).
pub fn help_line(buf: &mut Buffer, area: Rect, text: &str, theme: Theme) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    buf.set_style(area, theme.help());
    buf.set_stringn(area.x, area.y, text, usize::from(area.width), theme.help());
}

/// Draws a line of text.
pub fn line(buf: &mut Buffer, area: Rect, text: &str, style: Style) {
    let area = area.intersection(buf.area);
    if !area.is_empty() {
        buf.set_stringn(area.x, area.y, text, usize::from(area.width), style);
    }
}

/// The border symbols of the theme.
pub fn border_set(theme: Theme) -> border::Set<'static> {
    if theme.ascii {
        border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        }
    } else {
        border::PLAIN
    }
}

/// A bordered block with a title.
pub fn block(title: &str, theme: Theme) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_set(border_set(theme))
        .title(Span::styled(format!(" {title} "), theme.title()))
}

/// A rectangle of `width` × `height` centred in `area` (clipped to it).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A popup: a bordered box over `area` holding wrapped text.
pub fn popup(buf: &mut Buffer, area: Rect, title: &str, text: Text<'_>, theme: Theme) {
    let inner_width = area.width.saturating_sub(4).min(76);
    let height = wrapped_height(&text, inner_width.saturating_sub(2)) + 2;
    let rect = centered(area, inner_width + 2, height.min(area.height));
    Clear.render(rect, buf);
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .block(block(title, theme))
        .render(rect, buf);
}

/// How many lines `text` takes wrapped at `width` (a close estimate).
pub fn wrapped_height(text: &Text<'_>, width: u16) -> u16 {
    let w = usize::from(width.max(1));
    text.lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(w))
        .sum::<usize>()
        .min(usize::from(u16::MAX)) as u16
}

/// The rows a form takes drawn by [`form`] at 80 columns: its borders, its fields, its
/// note and error.
pub fn form_height(form: &Form) -> u16 {
    let fields = form.fields.iter().filter(|f| f.visible).count() as u16;
    let wrapped = |t: &Option<String>| {
        t.as_ref()
            .map_or(0, |t| 1 + (t.chars().count() as u16).div_ceil(74).max(1))
    };
    2 + fields + wrapped(&form.note) + wrapped(&form.error)
}

/// Draws a form as a popup over `area`.
pub fn form(buf: &mut Buffer, area: Rect, form: &Form, theme: Theme) {
    let mut lines: Vec<Line<'_>> = Vec::new();
    let label_width = form
        .fields
        .iter()
        .filter(|f| f.visible)
        .map(|f| f.label.chars().count())
        .max()
        .unwrap_or(0);
    for (i, field) in form.fields.iter().enumerate() {
        if !field.visible {
            continue;
        }
        let focused = i == form.focus;
        let pointer = if focused { theme.pointer() } else { " " };
        let label = format!("{pointer} {:<label_width$}  ", field.label);
        let value = match &field.kind {
            FieldKind::Choice { options, index } => {
                if options.len() > 1 {
                    format!("< {} >", options[*index])
                } else {
                    options.first().cloned().unwrap_or_default()
                }
            }
            FieldKind::Text { value, placeholder } => {
                if value.is_empty() {
                    if focused {
                        format!("_ ({placeholder})")
                    } else {
                        format!("({placeholder})")
                    }
                } else if focused {
                    let shown: String = value.chars().rev().take(46).collect();
                    format!("{}_", shown.chars().rev().collect::<String>())
                } else {
                    let shown: String = value.chars().take(46).collect();
                    shown
                }
            }
        };
        let style = if focused {
            theme.accent()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(label, style),
            Span::styled(value, style),
        ]));
    }
    if let Some(note) = &form.note {
        lines.push(Line::from(""));
        lines.push(Line::styled(note.clone(), theme.dim()));
    }
    if let Some(error) = &form.error {
        lines.push(Line::from(""));
        lines.push(Line::styled(error.clone(), theme.error()));
    }
    popup(buf, area, &form.title, Text::from(lines), theme);
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A message with its style, shown on the status line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Its kind.
    pub kind: MessageKind,
}

/// How a message reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MessageKind {
    /// Plain information.
    #[default]
    Info,
    /// Good news.
    Good,
    /// A problem.
    Error,
}

impl Message {
    /// Plain information.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: MessageKind::Info,
        }
    }

    /// Good news.
    pub fn good(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: MessageKind::Good,
        }
    }

    /// A problem.
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: MessageKind::Error,
        }
    }

    /// Its style in `theme`.
    pub fn style(&self, theme: Theme) -> Style {
        match self.kind {
            MessageKind::Info => Style::new(),
            MessageKind::Good => theme.good(),
            MessageKind::Error => theme.error(),
        }
    }
}

/// Draws a message on a line.
pub fn message(buf: &mut Buffer, area: Rect, msg: Option<&Message>, theme: Theme) {
    if let Some(m) = msg {
        line(buf, area, &m.text, m.style(theme));
    }
}

/// Wraps `text` in a paragraph drawn over `area`.
pub fn paragraph(buf: &mut Buffer, area: Rect, text: Text<'_>) {
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}

/// A yes-or-no question over the screen (starting a new game over one in progress…): `y`
/// or Enter says yes, any other key no.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm {
    /// The question.
    pub question: String,
}

impl Confirm {
    /// The help line while the question is asked.
    pub const HELP: &'static str = "y or Enter: yes  any other key: no";

    /// Asks `question`.
    pub fn new(question: impl Into<String>) -> Confirm {
        Confirm {
            question: question.into(),
        }
    }

    /// The question asked before a new game replaces the one in progress.
    pub fn new_game() -> Confirm {
        Confirm::new(
            "Start a new game? The game in progress will be lost. (y: yes, any other key: keep playing)",
        )
    }

    /// The answer a key gives (`None`: not a key press).
    pub fn answer(event: &ratatui::crossterm::event::Event) -> Option<bool> {
        use ratatui::crossterm::event::{Event, KeyCode};
        match event {
            Event::Key(k) => Some(matches!(k.code, KeyCode::Char('y' | 'Y') | KeyCode::Enter)),
            Event::Mouse(_) | Event::Paste(_) => Some(false),
            _ => None,
        }
    }

    /// Draws the question over `area`.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme) {
        popup(buf, area, "Sure?", Text::from(self.question.clone()), theme);
    }
}

/// The boxes a game screen may show over itself: a scrolling text
/// ([`crate::pager::Pager`]) and a question ([`Confirm`]); each takes the keys while it is
/// shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// A box of text (help pages, an explanation, a log).
    pub pager: Option<crate::pager::Pager>,
    /// A question asked.
    pub confirm: Option<Confirm>,
}

/// What the boxes and the new-game form of a screen did with an event
/// ([`Overlay::front`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// Neither is shown: the event is the game's.
    Free,
    /// Taken: nothing more to do.
    Stay,
    /// Esc in the form of a screen without a game: back to the menu.
    Menu,
    /// The question was answered.
    Answer(bool),
    /// Enter in the form: start the game it asks for.
    Submit,
    /// A value of the form changed.
    Changed,
}

/// What an [`Overlay`] did with an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlayEvent {
    /// Nothing is shown: the event is the screen's.
    Free,
    /// A box took it.
    Taken,
    /// The question was answered (and closed).
    Answer(bool),
}

impl Overlay {
    /// Gives `event` to the box shown, if any.
    pub fn handle(&mut self, event: &ratatui::crossterm::event::Event) -> OverlayEvent {
        if let Some(p) = self.pager.as_mut() {
            if p.handle(event) == crate::pager::PagerEvent::Close {
                self.pager = None;
            }
            return OverlayEvent::Taken;
        }
        if self.confirm.is_some() {
            return match Confirm::answer(event) {
                Some(yes) => {
                    self.confirm = None;
                    OverlayEvent::Answer(yes)
                }
                None => OverlayEvent::Taken,
            };
        }
        OverlayEvent::Free
    }

    /// Gives `event` to the box shown, else to the new-game `form` if it is open (Esc
    /// closes it when the screen `has_game`, else goes back to the menu, the form staying
    /// for the next visit).
    pub fn front(
        &mut self,
        form: &mut Option<crate::form::Form>,
        has_game: bool,
        event: &ratatui::crossterm::event::Event,
    ) -> Front {
        use crate::form::FormEvent;
        match self.handle(event) {
            OverlayEvent::Taken => return Front::Stay,
            OverlayEvent::Answer(yes) => return Front::Answer(yes),
            OverlayEvent::Free => {}
        }
        let Some(f) = form.as_mut() else {
            return Front::Free;
        };
        match f.handle(event) {
            FormEvent::Submit => Front::Submit,
            FormEvent::Changed => Front::Changed,
            FormEvent::None => Front::Stay,
            FormEvent::Cancel if has_game => {
                *form = None;
                Front::Stay
            }
            FormEvent::Cancel => Front::Menu,
        }
    }

    /// Whether a box is shown.
    pub fn is_open(&self) -> bool {
        self.pager.is_some() || self.confirm.is_some()
    }

    /// The help line while a box is shown.
    pub fn help(&self) -> Option<String> {
        if let Some(p) = &self.pager {
            return Some(p.help());
        }
        self.confirm.as_ref().map(|_| Confirm::HELP.to_string())
    }

    /// Draws the boxes shown over `area`, and returns the help line: the box's, else
    /// `help`.
    pub fn render(&mut self, buf: &mut Buffer, area: Rect, theme: Theme, help: String) -> String {
        let help = self.help().unwrap_or(help);
        if let Some(c) = &self.confirm {
            c.render(buf, area, theme);
        }
        if let Some(p) = self.pager.as_mut() {
            p.render(buf, area, theme);
        }
        help
    }
}
