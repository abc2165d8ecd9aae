//! The requests: the page and its files, the games (`/api/…`), each checked for the
//! token, each body capped, each game's work done off the server's threads.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

use super::assets;
use super::error::ApiError;
use super::play::{Kind, to_json};
use super::registry::{Listed, Slot};
use super::token::query_param;
use super::{Web, create, mahjong, solitaire};

/// The largest body of a request, in bytes, but for a layout file.
pub const MAX_BODY: usize = 64 * 1024;

/// The largest body of a request carrying a KMahjongg layout file: the library's limit on
/// such a text, and room for the options around it.
pub const MAX_LAYOUT_BODY: usize = mahjong_solitaire::Layout::MAX_KMAHJONGG_TEXT_LEN + MAX_BODY;

/// How long a new game may wait for its turn to be made before the request gives up.
const HEAVY_WAIT: Duration = Duration::from_secs(30);

pub fn router(web: Arc<Web>) -> Router {
    let layout_routes = Router::new()
        .route("/api/new/solitaire", post(new_solitaire))
        .route("/api/solitaire/layout", post(layout_preview))
        .layer(DefaultBodyLimit::max(MAX_LAYOUT_BODY));
    Router::new()
        .route("/", get(page))
        .route("/start", get(start))
        .route("/assets/{name}", get(asset))
        .route("/api/games", get(list))
        .route("/api/new/{kind}", post(new_game))
        .route("/api/games/{id}", get(view).post(act).delete(close))
        .route("/api/games/{id}/save", post(save))
        .route("/api/games/{id}/export/{format}", get(export))
        .route("/api/solitaire/layouts", get(layouts))
        .route("/api/solitaire/best", get(best))
        .route("/api/mahjong/help", get(mahjong_help))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .merge(layout_routes)
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(Arc::clone(&web), guard))
        .with_state(web)
}

/// Checks the token of every request (but the one-time opening address), and adds the
/// headers that keep the page to itself.
async fn guard(State(web): State<Arc<Web>>, req: Request, next: Next) -> Response {
    let open = req.uri().path() == "/start";
    let given = req
        .headers()
        .get("x-grilles-token")
        .and_then(|v| v.to_str().ok())
        .or_else(|| query_param(req.uri().query(), "t"));
    let mut response = if open || given.is_some_and(|g| web.token.matches(g)) {
        next.run(req).await
    } else {
        ApiError::Forbidden.into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
        ),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

async fn not_found() -> ApiError {
    ApiError::NotFound("no such page".into())
}

async fn page(State(web): State<Arc<Web>>) -> Response {
    assets::page(web.token.as_str())
}

async fn asset(State(web): State<Arc<Web>>, Path(name): Path<String>) -> Response {
    assets::file(&name, web.token.as_str())
}

async fn start(State(web): State<Arc<Web>>, req: Request) -> Response {
    match query_param(req.uri().query(), "c") {
        Some(code) if web.open_code.take(code) => {
            Redirect::to(&format!("/?t={}", web.token.as_str())).into_response()
        }
        _ => ApiError::Forbidden.into_response(),
    }
}

/// Runs game work on a thread of the blocking pool: a panic there is an error of the
/// request, never of the server.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError::Internal("the game broke off on an internal error".into()))?
}

/// The body of a request, or why it is refused.
fn body_of(body: Result<Bytes, BytesRejection>, limit: usize) -> Result<Bytes, ApiError> {
    body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge { limit }
        } else {
            ApiError::BadRequest(format!("the request cannot be read: {}", r.body_text()))
        }
    })
}

/// A game as the page receives it.
#[derive(Debug, Serialize)]
struct GameReply {
    id: String,
    kind: Kind,
    title: String,
    finished: bool,
    notice: Option<String>,
    view: serde_json::Value,
}

/// Moves the game on to now and writes its reply.
fn reply(web: &Web, slot: &Slot, notice: Option<String>) -> Result<GameReply, ApiError> {
    let registry = &web.registry;
    let now = registry.now();
    let (changed, view, title, finished) = slot.with(|g| {
        let changed = g.tick(now, &registry.shared);
        (changed, g.view(now), g.title(), g.is_finished())
    })?;
    if changed {
        slot.touch_changed();
    }
    Ok(GameReply {
        id: slot.id.clone(),
        kind: slot.kind,
        title,
        finished,
        notice,
        view: view?,
    })
}

async fn list(State(web): State<Arc<Web>>) -> Result<Json<Vec<Listed>>, ApiError> {
    blocking(move || Ok(web.registry.list())).await.map(Json)
}

async fn make(web: Arc<Web>, kind: Kind, body: Bytes) -> Result<Json<GameReply>, ApiError> {
    let _permit = tokio::time::timeout(HEAVY_WAIT, web.heavy.acquire())
        .await
        .map_err(|_| ApiError::Busy("the server is busy making other games: try again".into()))?
        .map_err(|_| ApiError::Internal("the server is stopping".into()))?;
    let seed = web.registry.next_seed();
    let shared = Arc::clone(&web);
    blocking(move || {
        let game = create(kind, &body, seed)?;
        let slot = shared.registry.insert(game);
        reply(&shared, &slot, None)
    })
    .await
    .map(Json)
}

async fn new_game(
    State(web): State<Arc<Web>>,
    Path(kind): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameReply>, ApiError> {
    let kind = Kind::of(&kind).ok_or_else(|| ApiError::NotFound("no game of that kind".into()))?;
    make(web, kind, body_of(body, MAX_BODY)?).await
}

async fn new_solitaire(
    State(web): State<Arc<Web>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameReply>, ApiError> {
    make(web, Kind::Solitaire, body_of(body, MAX_LAYOUT_BODY)?).await
}

async fn view(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Json<GameReply>, ApiError> {
    blocking(move || {
        let slot = web.registry.get(&id)?;
        reply(&web, &slot, None)
    })
    .await
    .map(Json)
}

async fn act(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameReply>, ApiError> {
    let body = body_of(body, MAX_BODY)?;
    blocking(move || {
        let slot = web.registry.get(&id)?;
        let registry = &web.registry;
        let now = registry.now();
        let notice = slot.with(|g| {
            if g.tick(now, &registry.shared) {
                slot.touch_changed();
            }
            g.act(&body, now, &registry.shared)
        })??;
        slot.touch_changed();
        reply(&web, &slot, notice)
    })
    .await
    .map(Json)
}

async fn close(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    blocking(move || web.registry.close(&id)).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn save(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    blocking(move || {
        let slot = web.registry.get(&id)?;
        web.registry.save(&slot)?;
        let saved = web.registry.shared.store.dir().is_some();
        Ok(serde_json::json!({ "saved": saved }))
    })
    .await
    .map(Json)
}

async fn export(
    State(web): State<Arc<Web>>,
    Path((id, format)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let file = blocking(move || {
        let slot = web.registry.get(&id)?;
        slot.with(|g| g.export(&format))?
    })
    .await?;
    let disposition = format!(
        "attachment; filename=\"{}\"",
        file.file_name.replace(['"', '\\', '\r', '\n'], "_")
    );
    Ok((
        [
            (header::CONTENT_TYPE, file.content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        file.text,
    )
        .into_response())
}

async fn layouts() -> Result<Json<serde_json::Value>, ApiError> {
    blocking(|| to_json(&solitaire::builtin_previews()))
        .await
        .map(Json)
}

async fn layout_preview(
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let body = body_of(body, MAX_LAYOUT_BODY)?;
    blocking(move || to_json(&solitaire::upload_preview(&body)?))
        .await
        .map(Json)
}

async fn best(State(web): State<Arc<Web>>) -> Result<Json<serde_json::Value>, ApiError> {
    let registry = Arc::clone(&web.registry);
    blocking(move || to_json(&registry.shared.solitaire_scores()))
        .await
        .map(Json)
}

async fn mahjong_help() -> Result<Json<serde_json::Value>, ApiError> {
    to_json(&mahjong::help()).map(Json)
}
