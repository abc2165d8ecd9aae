use crate::common::{app, screen, send};
use std::time::Duration;
#[test]
fn dump() {
    let mut app = app();
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "2");
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "<enter>");
    app.advance(Duration::from_millis(800));
    send(&mut app, "<right> 5");
    app.advance(Duration::from_millis(800));
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "<esc> 3");
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "<enter>");
    app.settle();
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "<esc> 4");
    println!("{}", screen(&mut app, 80, 24));
    send(&mut app, "<enter>");
    for _ in 0..10 {
        app.advance(Duration::from_millis(600));
    }
    println!("{}", screen(&mut app, 80, 24));
}
