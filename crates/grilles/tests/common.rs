//! Helpers: an app, a terminal of the test backend, keys, screen text.

use grilles::{App, Settings, keys};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// An app with nothing saved and seed 1.
pub fn app() -> App {
    App::new(Settings::for_tests())
}

/// Sends the events of a script.
pub fn send(app: &mut App, script: &str) {
    for e in keys::script(script) {
        app.handle(&e);
    }
}

/// Draws the app on a terminal of `w` × `h` and returns the text.
pub fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| app.render(f)).expect("drawn");
    grilles::screen_text(t.backend().buffer())
}
