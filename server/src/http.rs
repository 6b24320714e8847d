//! The HTTP side of `--listen`: the browser client, `/ws`, and the archive
//! of finished games under `/api/games`.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tracing::warn;

use crate::hub::Hub;
use crate::web;
use crate::ws;

/// Games listed when `?limit` is not given.
const DEFAULT_LIST: i64 = 50;

/// The most games one list returns.
const MAX_LIST: i64 = 1000;

/// The routes, with security headers on every response.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/ws", get(ws::upgrade))
        .route("/api/games", get(list_games))
        .route("/api/games/{id}", get(one_game))
        .merge(web::routes())
        .layer(axum::middleware::map_response(security_headers))
        .with_state(hub)
}

async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let fixed = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        // Share links carry the room code in the fragment; never leak it.
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The JSON body of a refused API request.
#[derive(Serialize)]
struct ApiError {
    error: ApiErrorBody,
}

#[derive(Serialize)]
struct ApiErrorBody {
    code: &'static str,
    message: String,
}

fn api_error(status: StatusCode, code: &'static str, message: impl Into<String>) -> Response {
    let body = ApiError {
        error: ApiErrorBody {
            code,
            message: message.into(),
        },
    };
    (status, Json(body)).into_response()
}

fn unavailable(e: impl std::fmt::Display) -> Response {
    warn!(error = %e, "archive query failed");
    api_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "internal",
        "the archive is unavailable",
    )
}

#[derive(Deserialize)]
struct ListQuery {
    limit: Option<String>,
}

/// `GET /api/games?limit=N`: finished games, newest first.
async fn list_games(State(hub): State<Arc<Hub>>, Query(q): Query<ListQuery>) -> Response {
    let limit = match q.limit.as_deref().map(str::parse::<i64>) {
        None => DEFAULT_LIST,
        Some(Ok(n)) if (1..=MAX_LIST).contains(&n) => n,
        Some(_) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("limit must be 1 to {MAX_LIST}"),
            )
        }
    };
    match hub.store.list_games(limit).await {
        Ok(games) => Json(games).into_response(),
        Err(e) => unavailable(e),
    }
}

#[derive(Deserialize)]
struct GameQuery {
    format: Option<String>,
}

/// One archived game with its moves, for `?format=json` (the history page).
#[derive(Serialize)]
struct GameJson {
    #[serde(flatten)]
    summary: crate::store::GameSummary,
    moves: Vec<String>,
    save: String,
}

/// `GET /api/games/ID`: the save text, or `?format=psq` (Piskvork),
/// `?format=sgf` or `?format=json` (the summary with the moves).
async fn one_game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<GameQuery>,
) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return api_error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "game ids are numbers",
        );
    };
    let game = match hub.store.game(id).await {
        Ok(Some(game)) => game,
        Ok(None) => return api_error(StatusCode::NOT_FOUND, "no_game", "no game has that id"),
        Err(e) => return unavailable(e),
    };
    let text = |body: String| {
        ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
    };
    match q.format.as_deref() {
        None | Some("save") => text(game.save),
        Some(format @ ("psq" | "sgf" | "json")) => {
            let Ok(loaded) = gomoku::Game::load(&game.save) else {
                return unavailable("stored save text does not load");
            };
            if format == "psq" {
                text(loaded.to_psq())
            } else if format == "sgf" {
                text(loaded.to_sgf())
            } else {
                Json(GameJson {
                    summary: game.summary,
                    moves: loaded.moves().iter().map(ToString::to_string).collect(),
                    save: game.save,
                })
                .into_response()
            }
        }
        Some(other) => api_error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("unknown format {other:?}: save, psq, sgf or json"),
        ),
    }
}
