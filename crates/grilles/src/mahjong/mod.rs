//! stub
use crate::app::{Context, Flow, Screen};
use crate::ui::Message;
use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
/// stub
#[derive(Debug)]
pub struct MahjongScreen;
impl MahjongScreen {
    /// stub
    pub fn open(_cx: &mut Context) -> MahjongScreen {
        MahjongScreen
    }
}
impl Screen for MahjongScreen {
    fn handle(&mut self, _e: &Event, _cx: &mut Context) -> Flow {
        Flow::Menu
    }
    fn tick(&mut self, _cx: &mut Context) {}
    fn render(&mut self, _f: &mut Frame<'_>, _a: Rect, _cx: &Context) -> String {
        String::new()
    }
    fn save(&mut self, _cx: &Context) -> Option<Message> {
        None
    }
    fn settle(&mut self, _cx: &mut Context) {}
    fn leave(&mut self, _cx: &Context) {}
    fn enter(&mut self, _cx: &Context) {}
    fn title(&self) -> String {
        String::new()
    }
}
