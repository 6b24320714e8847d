//! The WebSocket transport: each text frame is one message.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tracing::debug;

use crate::hub::{ConnectionPermit, Hub};
use crate::outbox::Outbox;
use crate::protocol::{ErrorCode, Refusal};
use crate::session::{self, Frame};

/// Frames up to this many times the message limit are read and refused with
/// `too_large`; longer ones close the connection (code 1009).
const HARD_LIMIT_FACTOR: usize = 16;

/// `GET /ws`: upgrades to a WebSocket, unless a browser page from another
/// site asks (its `Origin` must match `Host`).
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-site WebSocket refused").into_response();
    }
    let permit = hub.admit();
    let hard_limit = hub
        .limits
        .max_message_bytes
        .saturating_mul(HARD_LIMIT_FACTOR);
    ws.max_message_size(hard_limit)
        .max_frame_size(hard_limit)
        .on_upgrade(move |socket| serve(hub, socket, permit))
}

/// Browsers send `Origin`; other clients may not, and are let in.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

async fn serve(hub: Arc<Hub>, socket: WebSocket, permit: Option<ConnectionPermit>) {
    let (mut sink, stream) = socket.split();
    let Some(_permit) = permit else {
        let refusal = Refusal::new(
            ErrorCode::TooManyConnections,
            format!(
                "the server accepts at most {} connections",
                hub.limits.max_connections
            ),
        );
        let _ = sink
            .send(Message::Text(refusal.to_message().to_json().into()))
            .await;
        let _ = sink.send(Message::Close(None)).await;
        return;
    };
    let (outbox, mut queue) = Outbox::channel();
    let limit = hub.limits.max_message_bytes;
    let frames = stream
        .take_while(|m| std::future::ready(matches!(m, Ok(m) if !matches!(m, Message::Close(_)))))
        .filter_map(move |m| {
            std::future::ready(m.ok().map(|m| match m {
                Message::Text(t) if t.len() > limit => Frame::TooLarge,
                Message::Text(t) => Frame::Text(t.to_string()),
                Message::Binary(_) => Frame::NotText,
                _ => Frame::Activity,
            }))
        });
    let writer_outbox = outbox.clone();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                text = queue.recv() => match text {
                    Some(text) => {
                        if sink.send(Message::Text(text.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                () = writer_outbox.closing() => {
                    // Flush what is queued (e.g. the last error), then close.
                    while let Ok(text) = queue.try_recv() {
                        if sink.send(Message::Text(text.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame { code: 1000, reason: "".into() })))
                        .await;
                    break;
                }
            }
        }
    });
    session::run(hub, Box::pin(frames), outbox).await;
    if writer.await.is_err() {
        debug!("websocket writer ended abnormally");
    }
}
