//! Events as a person makes them: keys, clicks and pasted text, for tests and scripts.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

/// A key pressed without modifiers.
pub fn code(code: KeyCode) -> Event {
    Event::Key(KeyEvent {
        code,
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

/// A character key (an upper-case letter comes with Shift, as terminals send it).
pub fn char(c: char) -> Event {
    let modifiers = if c.is_ascii_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    Event::Key(KeyEvent {
        code: KeyCode::Char(c),
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

/// Ctrl and a character.
pub fn ctrl(c: char) -> Event {
    Event::Key(KeyEvent {
        code: KeyCode::Char(c),
        modifiers: KeyModifiers::CONTROL,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

/// Escape.
pub fn esc() -> Event {
    code(KeyCode::Esc)
}

/// Enter.
pub fn enter() -> Event {
    code(KeyCode::Enter)
}

/// A left click at a terminal column and row.
pub fn click(column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// Text pasted (bracketed paste).
pub fn paste(text: &str) -> Event {
    Event::Paste(text.to_string())
}

/// The events of a little script: words separated by spaces, each a key name in angle
/// brackets (`<esc>`, `<enter>`, `<up>`, `<down>`, `<left>`, `<right>`, `<tab>`,
/// `<backtab>`, `<bs>`, `<del>`, `<space>`, `<home>`, `<end>`, `<c-x>` for Ctrl-X) or
/// characters typed one by one.
///
/// ```
/// let events = grilles::keys::script("1 <esc> q");
/// assert_eq!(events.len(), 3);
/// ```
pub fn script(text: &str) -> Vec<Event> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let named = match word {
            "<esc>" => Some(KeyCode::Esc),
            "<enter>" => Some(KeyCode::Enter),
            "<up>" => Some(KeyCode::Up),
            "<down>" => Some(KeyCode::Down),
            "<left>" => Some(KeyCode::Left),
            "<right>" => Some(KeyCode::Right),
            "<tab>" => Some(KeyCode::Tab),
            "<backtab>" => Some(KeyCode::BackTab),
            "<bs>" => Some(KeyCode::Backspace),
            "<del>" => Some(KeyCode::Delete),
            "<space>" => Some(KeyCode::Char(' ')),
            "<home>" => Some(KeyCode::Home),
            "<end>" => Some(KeyCode::End),
            _ => None,
        };
        if let Some(k) = named {
            out.push(code(k));
        } else if let Some(c) = word
            .strip_prefix("<c-")
            .and_then(|r| r.strip_suffix('>'))
            .and_then(|r| r.chars().next())
        {
            out.push(ctrl(c));
        } else {
            out.extend(word.chars().map(char));
        }
    }
    out
}
