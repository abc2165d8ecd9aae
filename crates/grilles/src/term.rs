//! Runs an [`App`] on the real terminal: raw mode, the alternate screen, mouse capture and
//! bracketed paste on the way in, all undone on the way out (on a panic too).

use std::io::{self, Stdout};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use crate::app::{App, Settings};

/// How often the screen is redrawn when nothing happens (timers, computer players).
const FRAME: Duration = Duration::from_millis(100);

fn restore() {
    // Best effort: the terminal may already be gone.
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen
    );
}

fn setup() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    enable_raw_mode()?;
    let mut out = io::stdout();
    execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    Terminal::new(CrosstermBackend::new(out))
}

/// Runs a session until the player quits.
///
/// # Errors
/// The terminal's input/output errors.
pub fn run(settings: Settings) -> io::Result<()> {
    let mut terminal = setup()?;
    let result = event_loop(&mut terminal, App::new(settings));
    restore();
    terminal.show_cursor()?;
    result
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, mut app: App) -> io::Result<()> {
    let start = Instant::now();
    while !app.should_quit() {
        app.tick(start.elapsed());
        terminal.draw(|frame| app.render(frame))?;
        if event::poll(FRAME)? {
            let ev = event::read()?;
            app.tick(start.elapsed());
            app.handle(&ev);
            // Take every event already waiting before drawing again.
            while !app.should_quit() && event::poll(Duration::ZERO)? {
                app.handle(&event::read()?);
            }
        }
    }
    Ok(())
}
