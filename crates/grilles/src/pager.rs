//! A box of text over the screen that scrolls, with pages: the help of every game (its
//! keys, its rules, a points table), the Défi "why?" explanations, the mahjong game log.
//!
//! Lines are wrapped at word boundaries to the box's width (a line of a key table goes on
//! under its description); ↑↓ scroll a line, PgUp/PgDn a box, Home/End to the ends, ←→ or
//! Tab change page, Esc (or `q`, Enter) closes.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::theme::Theme;
use crate::ui;

/// One page: a title and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The title, in the box's border.
    pub title: String,
    /// The lines, unwrapped.
    pub lines: Vec<String>,
}

impl Page {
    /// A page of `lines`.
    pub fn new(
        title: impl Into<String>,
        lines: impl IntoIterator<Item = impl Into<String>>,
    ) -> Page {
        Page {
            title: title.into(),
            lines: lines.into_iter().map(Into::into).collect(),
        }
    }

    /// A page of a text of several lines.
    pub fn text(title: impl Into<String>, text: &str) -> Page {
        Page::new(title, text.lines())
    }
}

/// What a key did to a pager.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PagerEvent {
    /// It stays open.
    Stay,
    /// It is closed.
    Close,
}

/// A scrolling box of one or more pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pager {
    /// The pages.
    pub pages: Vec<Page>,
    /// The page shown.
    pub page: usize,
    /// The first line shown (of the wrapped lines).
    pub offset: usize,
    /// Wrapped lines that fitted in the box when last drawn (a PgUp/PgDn step).
    pub height: usize,
    /// Wrapped lines of the page when last drawn.
    pub total: usize,
}

impl Pager {
    /// A pager on `pages` (at least one).
    pub fn new(pages: Vec<Page>) -> Pager {
        let pages = if pages.is_empty() {
            vec![Page::new("", Vec::<String>::new())]
        } else {
            pages
        };
        Pager {
            pages,
            page: 0,
            offset: 0,
            height: 10,
            total: 0,
        }
    }

    /// A pager of one page.
    pub fn one(page: Page) -> Pager {
        Pager::new(vec![page])
    }

    /// Shows the end of the page (a log: the newest lines).
    pub fn at_end(mut self) -> Pager {
        self.offset = usize::MAX;
        self
    }

    /// Whether the whole page was in view when last drawn.
    pub fn fits(&self) -> bool {
        self.total <= self.height
    }

    /// Takes a key.
    pub fn handle(&mut self, event: &Event) -> PagerEvent {
        let Event::Key(k) = event else {
            return PagerEvent::Stay;
        };
        let step = self.height.max(1);
        match k.code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') => return PagerEvent::Close,
            KeyCode::Up | KeyCode::Char('k') => self.offset = self.offset.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.offset = self.offset.saturating_add(1),
            KeyCode::PageUp => self.offset = self.offset.saturating_sub(step),
            KeyCode::PageDown | KeyCode::Char(' ') => {
                self.offset = self.offset.saturating_add(step);
            }
            KeyCode::Home => self.offset = 0,
            KeyCode::End => self.offset = usize::MAX,
            KeyCode::Right | KeyCode::Tab if self.pages.len() > 1 => {
                self.page = (self.page + 1) % self.pages.len();
                self.offset = 0;
            }
            KeyCode::Left | KeyCode::BackTab if self.pages.len() > 1 => {
                self.page = (self.page + self.pages.len() - 1) % self.pages.len();
                self.offset = 0;
            }
            _ => {}
        }
        self.clamp();
        PagerEvent::Stay
    }

    fn clamp(&mut self) {
        if self.total > 0 {
            self.offset = self.offset.min(self.total.saturating_sub(self.height));
        }
    }

    /// The help line while it is open.
    pub fn help(&self) -> String {
        let mut parts = vec!["↑↓ PgUp PgDn Home End: scroll"];
        if self.pages.len() > 1 {
            parts.push("←→ Tab: page");
        }
        parts.push("Esc: close");
        parts.join("  ")
    }

    /// Draws the box over `area` (as wide as 78 columns, as tall as its page or the area).
    pub fn render(&mut self, buf: &mut Buffer, area: Rect, theme: Theme) {
        let page = self.pages[self.page.min(self.pages.len() - 1)].clone();
        let width = area.width.saturating_sub(2).min(78);
        let inner = usize::from(width.saturating_sub(4)).max(1);
        let lines: Vec<String> = page.lines.iter().flat_map(|l| wrap(l, inner)).collect();
        let height = (lines.len() as u16 + 2).min(area.height);
        let rect = ui::centered(area, width, height);
        self.height = usize::from(rect.height.saturating_sub(2)).max(1);
        self.total = lines.len();
        self.clamp();
        if self.total == 0 {
            self.offset = 0;
        }
        Clear.render(rect, buf);
        let mut title = page.title.clone();
        if self.pages.len() > 1 {
            title = format!("{title} ({}/{})", self.page + 1, self.pages.len());
        }
        let mut block = Block::new()
            .borders(Borders::ALL)
            .border_set(ui::border_set(theme))
            .title(Span::styled(format!(" {title} "), theme.title()));
        if !self.fits() {
            let last = (self.offset + self.height).min(self.total);
            block = block.title_bottom(Span::styled(
                format!(" {}-{} of {} ↑↓ ", self.offset + 1, last, self.total),
                theme.dim(),
            ));
        }
        let body = block.inner(rect);
        block.render(rect, buf);
        for (i, line) in lines
            .iter()
            .skip(self.offset)
            .take(usize::from(body.height))
            .enumerate()
        {
            let r = Rect::new(
                body.x + 1,
                body.y + i as u16,
                body.width.saturating_sub(2),
                1,
            );
            ui::line(buf, r, line, ratatui::style::Style::new());
        }
    }
}

/// `line` cut into lines of at most `width` columns at spaces; the lines after the first go
/// on under its description (after its first run of two spaces) or its indentation.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let cols = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    if cols(line) <= width {
        return vec![line.to_string()];
    }
    let lead = line.len() - line.trim_start().len();
    let hang = line[lead..]
        .find("  ")
        .map(|i| {
            let rest = &line[lead + i..];
            lead + i + (rest.len() - rest.trim_start().len())
        })
        .filter(|&h| h <= width / 2)
        .unwrap_or(lead);
    let indent = " ".repeat(hang.min(width / 2));
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let candidate = if current.is_empty() && out.is_empty() {
            word.to_string()
        } else if current.trim().is_empty() {
            format!("{current}{word}")
        } else {
            format!("{current} {word}")
        };
        if cols(&candidate) <= width || current.trim().is_empty() {
            current = candidate;
        } else {
            out.push(current);
            current = format!("{indent}{word}");
        }
        // A word longer than the line is cut.
        while cols(&current) > width {
            let cut: String = current.chars().take(width).collect();
            let rest: String = current.chars().skip(width).collect();
            out.push(cut);
            current = format!("{indent}{rest}");
        }
    }
    if !current.trim().is_empty() || out.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys;

    #[test]
    fn lines_wrap_at_words_under_their_description() {
        assert_eq!(wrap("short", 10), ["short"]);
        assert_eq!(
            wrap("h     hint: the next step and why", 20),
            ["h     hint: the next", "      step and why"]
        );
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
    }

    #[test]
    fn keys_scroll_and_turn_pages() {
        let mut p = Pager::new(vec![
            Page::new("a", (0..30).map(|i| i.to_string())),
            Page::new("b", ["x"]),
        ]);
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 12));
        let area = buf.area;
        p.render(&mut buf, area, Theme::default());
        assert_eq!((p.height, p.total), (10, 30));
        p.handle(&keys::code(KeyCode::PageDown));
        assert_eq!(p.offset, 10);
        p.handle(&keys::code(KeyCode::End));
        assert_eq!(p.offset, 20);
        p.handle(&keys::code(KeyCode::Right));
        assert_eq!((p.page, p.offset), (1, 0));
        assert_eq!(p.handle(&keys::esc()), PagerEvent::Close);
    }
}
