//! The setup forms of the games: fields of choices and of text, keyboard first.
//!
//! ↑/↓ (or Tab) move between fields, ←/→ (or Space) change a choice, typing or pasting
//! fills a text field, Enter starts, Esc cancels. A form's values can be kept
//! ([`Form::values`]) and put back in a new form ([`Form::restore`]): the last settings.

use std::collections::BTreeMap;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};

/// A form's values by field key: the text of the choice made, or the text typed.
pub type FormValues = BTreeMap<String, String>;

/// What a field holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// One of several choices.
    Choice {
        /// The choices, as shown.
        options: Vec<String>,
        /// The one chosen.
        index: usize,
    },
    /// Free text.
    Text {
        /// The text typed.
        value: String,
        /// What to type, shown while it is empty.
        placeholder: String,
    },
}

/// One field of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its key, for the code reading the form.
    pub key: &'static str,
    /// Its label.
    pub label: String,
    /// Its value.
    pub kind: FieldKind,
    /// Whether it is shown (a field may depend on another).
    pub visible: bool,
    /// Whether its value is kept for the next form ([`Form::values`]).
    pub remembered: bool,
}

/// The longest text a remembered field takes back, in characters.
const MAX_REMEMBERED: usize = 256;

/// What a key did to a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormEvent {
    /// Nothing to act on.
    None,
    /// A value changed.
    Changed,
    /// Enter: start with these values.
    Submit,
    /// Esc: give up.
    Cancel,
}

/// A form: a title, fields, the focused one, and an error to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The title.
    pub title: String,
    /// The fields, in order.
    pub fields: Vec<Field>,
    /// The focused field.
    pub focus: usize,
    /// An error from the last Submit, shown under the fields.
    pub error: Option<String>,
    /// A note shown under the fields.
    pub note: Option<String>,
}

impl Form {
    /// An empty form.
    pub fn new(title: impl Into<String>) -> Form {
        Form {
            title: title.into(),
            fields: Vec::new(),
            focus: 0,
            error: None,
            note: None,
        }
    }

    /// Adds a choice field (`index` is the default choice).
    pub fn choice(
        mut self,
        key: &'static str,
        label: &str,
        options: &[&str],
        index: usize,
    ) -> Form {
        self.fields.push(Field {
            key,
            label: label.to_string(),
            kind: FieldKind::Choice {
                options: options.iter().map(|s| (*s).to_string()).collect(),
                index: index.min(options.len().saturating_sub(1)),
            },
            visible: true,
            remembered: true,
        });
        self
    }

    /// Adds a text field.
    pub fn text(mut self, key: &'static str, label: &str, value: &str, placeholder: &str) -> Form {
        self.fields.push(Field {
            key,
            label: label.to_string(),
            kind: FieldKind::Text {
                value: value.to_string(),
                placeholder: placeholder.to_string(),
            },
            visible: true,
            remembered: true,
        });
        self
    }

    /// Makes field `key` one whose value is not kept for the next form (a puzzle typed in,
    /// a game number).
    pub fn transient(mut self, key: &str) -> Form {
        if let Some(i) = self.find(key) {
            self.fields[i].remembered = false;
        }
        self
    }

    /// The values of the fields kept for the next form.
    pub fn values(&self) -> FormValues {
        self.fields
            .iter()
            .filter(|f| f.remembered)
            .map(|f| {
                let v = match &f.kind {
                    FieldKind::Choice { options, index } => {
                        options.get(*index).cloned().unwrap_or_default()
                    }
                    FieldKind::Text { value, .. } => value.clone(),
                };
                (f.key.to_string(), v)
            })
            .collect()
    }

    /// Puts back values kept from an earlier form: a choice that is no longer offered, and
    /// unknown keys, are left alone.
    pub fn restore(&mut self, values: &FormValues) {
        for field in self.fields.iter_mut().filter(|f| f.remembered) {
            let Some(v) = values.get(field.key) else {
                continue;
            };
            match &mut field.kind {
                FieldKind::Choice { options, index } => {
                    if let Some(i) = options.iter().position(|o| o == v) {
                        *index = i;
                    }
                }
                FieldKind::Text { value, .. } => {
                    *value = v.chars().take(MAX_REMEMBERED).collect();
                }
            }
        }
    }

    /// The index of the field `key`.
    fn find(&self, key: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.key == key)
    }

    /// The choice made in field `key` (0 if there is no such choice field).
    pub fn index(&self, key: &str) -> usize {
        match self.find(key).map(|i| &self.fields[i].kind) {
            Some(FieldKind::Choice { index, .. }) => *index,
            _ => 0,
        }
    }

    /// The text of the choice made in field `key`.
    pub fn chosen(&self, key: &str) -> &str {
        match self.find(key).map(|i| &self.fields[i].kind) {
            Some(FieldKind::Choice { options, index }) => options[*index].as_str(),
            _ => "",
        }
    }

    /// The text typed in field `key`, trimmed.
    pub fn value(&self, key: &str) -> &str {
        match self.find(key).map(|i| &self.fields[i].kind) {
            Some(FieldKind::Text { value, .. }) => value.trim(),
            _ => "",
        }
    }

    /// Sets the choice of field `key`.
    pub fn set_index(&mut self, key: &str, to: usize) {
        if let Some(i) = self.find(key)
            && let FieldKind::Choice { options, index } = &mut self.fields[i].kind
        {
            *index = to.min(options.len().saturating_sub(1));
        }
    }

    /// Replaces the choices of field `key`, keeping the choice when it still exists.
    pub fn set_options(&mut self, key: &str, new: &[&str]) {
        if let Some(i) = self.find(key)
            && let FieldKind::Choice { options, index } = &mut self.fields[i].kind
        {
            let current = options.get(*index).cloned();
            *options = new.iter().map(|s| (*s).to_string()).collect();
            *index = current
                .and_then(|c| options.iter().position(|o| *o == c))
                .unwrap_or(0)
                .min(options.len().saturating_sub(1));
        }
    }

    /// Shows or hides field `key`.
    pub fn set_visible(&mut self, key: &str, visible: bool) {
        if let Some(i) = self.find(key) {
            self.fields[i].visible = visible;
        }
        if !self.fields[self.focus].visible {
            self.move_focus(1);
        }
    }

    fn move_focus(&mut self, step: isize) {
        let n = self.fields.len() as isize;
        if n == 0 {
            return;
        }
        let mut f = self.focus as isize;
        for _ in 0..n {
            f = (f + step).rem_euclid(n);
            if self.fields[f as usize].visible {
                self.focus = f as usize;
                return;
            }
        }
    }

    /// Takes an event.
    pub fn handle(&mut self, event: &Event) -> FormEvent {
        match event {
            Event::Key(key) => self.key(*key),
            Event::Paste(text) => {
                if let Some(Field {
                    kind: FieldKind::Text { value, .. },
                    ..
                }) = self.fields.get_mut(self.focus)
                {
                    value.push_str(text.trim());
                    self.error = None;
                    return FormEvent::Changed;
                }
                FormEvent::None
            }
            _ => FormEvent::None,
        }
    }

    fn key(&mut self, key: KeyEvent) -> FormEvent {
        match key.code {
            KeyCode::Esc => return FormEvent::Cancel,
            KeyCode::Enter => return FormEvent::Submit,
            KeyCode::Up | KeyCode::BackTab => {
                self.move_focus(-1);
                return FormEvent::None;
            }
            KeyCode::Down | KeyCode::Tab => {
                self.move_focus(1);
                return FormEvent::None;
            }
            _ => {}
        }
        let Some(field) = self.fields.get_mut(self.focus) else {
            return FormEvent::None;
        };
        let changed = match (&mut field.kind, key.code) {
            (FieldKind::Choice { options, index }, KeyCode::Right | KeyCode::Char(' ')) => {
                *index = (*index + 1) % options.len().max(1);
                true
            }
            (FieldKind::Choice { options, index }, KeyCode::Left) => {
                *index = (*index + options.len().max(1) - 1) % options.len().max(1);
                true
            }
            (FieldKind::Text { value, .. }, KeyCode::Char(c)) => {
                value.push(c);
                true
            }
            (FieldKind::Text { value, .. }, KeyCode::Backspace) => value.pop().is_some(),
            (FieldKind::Text { value, .. }, KeyCode::Delete) => {
                value.clear();
                true
            }
            _ => false,
        };
        if changed {
            self.error = None;
            FormEvent::Changed
        } else {
            FormEvent::None
        }
    }

    /// The help line of a form.
    pub fn help(&self) -> &'static str {
        "↑↓ field  ←→ change  type text  Enter start  Esc cancel"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys;

    #[test]
    fn keys_move_change_and_type() {
        let mut f = Form::new("t")
            .choice("a", "A", &["x", "y", "z"], 0)
            .text("b", "B", "", "type");
        assert_eq!(f.handle(&keys::code(KeyCode::Left)), FormEvent::Changed);
        assert_eq!(f.chosen("a"), "z");
        f.handle(&keys::code(KeyCode::Down));
        for e in keys::script("12 <bs> 3") {
            f.handle(&e);
        }
        assert_eq!(f.value("b"), "13");
        f.handle(&keys::paste(" 45 "));
        assert_eq!(f.value("b"), "1345");
        assert_eq!(f.handle(&keys::enter()), FormEvent::Submit);
        f.set_visible("b", false);
        assert_eq!(f.focus, 0);
    }

    #[test]
    fn values_are_kept_and_put_back() {
        let f = Form::new("t")
            .choice("a", "A", &["x", "y", "z"], 2)
            .text("b", "B", "hello", "")
            .text("c", "C", "once", "")
            .transient("c");
        let kept = f.values();
        assert_eq!(kept.len(), 2);
        let mut g = Form::new("t")
            .choice("a", "A", &["x", "y", "z"], 0)
            .text("b", "B", "", "")
            .text("c", "C", "", "")
            .transient("c");
        g.restore(&kept);
        assert_eq!(
            (g.chosen("a"), g.value("b"), g.value("c")),
            ("z", "hello", "")
        );
    }
}
