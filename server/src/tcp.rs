//! The plain-socket transport (`--tcp`): each message is one line of JSON,
//! ended by `\n` (a `\r` before it is ignored), both ways.

use std::sync::Arc;

use futures_util::stream;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tracing::{debug, warn};

use crate::hub::Hub;
use crate::outbox::Outbox;
use crate::protocol::{ErrorCode, Refusal};
use crate::session::{self, Frame};

/// Accepts plain-socket clients until the server shuts down.
pub async fn accept(hub: Arc<Hub>, listener: TcpListener) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = hub.shutdown.cancelled() => return,
        };
        match accepted {
            Ok((socket, peer)) => {
                debug!(%peer, "tcp connection");
                tokio::spawn(serve(hub.clone(), socket));
            }
            Err(e) => {
                // Out of file descriptors and the like: wait, then go on.
                warn!(error = %e, "tcp accept failed");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}

async fn serve(hub: Arc<Hub>, socket: TcpStream) {
    let _ = socket.set_nodelay(true);
    let (reader, mut writer) = socket.into_split();
    let Some(_permit) = hub.admit() else {
        let refusal = Refusal::new(
            ErrorCode::TooManyConnections,
            format!(
                "the server accepts at most {} connections",
                hub.limits.max_connections
            ),
        );
        let line = refusal.to_message().to_json() + "\n";
        let _ = writer.write_all(line.as_bytes()).await;
        return;
    };
    let (outbox, mut queue) = Outbox::channel();
    let limit = hub.limits.max_message_bytes;
    let frames = stream::unfold(BufReader::new(reader), move |mut reader| async move {
        match read_line(&mut reader, limit).await {
            Ok(Some(frame)) => Some((frame, reader)),
            Ok(None) | Err(_) => None,
        }
    });
    let writer_outbox = outbox.clone();
    let writer_task = tokio::spawn(async move {
        loop {
            let text = tokio::select! {
                biased;
                text = queue.recv() => text,
                () = writer_outbox.closing() => queue.try_recv().ok(),
            };
            let Some(text) = text else { break };
            let mut line = String::with_capacity(text.len() + 1);
            line.push_str(&text);
            line.push('\n');
            if writer.write_all(line.as_bytes()).await.is_err() {
                break;
            }
        }
        let _ = writer.shutdown().await;
    });
    session::run(hub, Box::pin(frames), outbox).await;
    let _ = writer_task.await;
}

/// Reads one line of at most `limit` bytes. A longer line is skipped up to
/// its end and reported as [`Frame::TooLarge`]; `None` at the end of input.
pub async fn read_line(
    reader: &mut (impl AsyncBufRead + Unpin),
    limit: usize,
) -> std::io::Result<Option<Frame>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = reader.fill_buf().await?;
        if buf.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (buf.get(..i).unwrap_or_default(), i + 1, true),
            None => (buf, buf.len(), false),
        };
        if !too_long {
            if line.len() + chunk.len() > limit + 1 {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        reader.consume(used);
        if done {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > limit {
        return Ok(Some(Frame::TooLarge));
    }
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(Some(Frame::Activity));
    }
    Ok(Some(match String::from_utf8(line) {
        Ok(text) => Frame::Text(text),
        Err(_) => Frame::NotText,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn frames(input: &[u8], limit: usize) -> Vec<Frame> {
        let mut reader = BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        while let Some(f) = read_line(&mut reader, limit).await.unwrap() {
            out.push(f);
        }
        out
    }

    #[tokio::test]
    async fn lines_are_split_limited_and_checked() {
        let got = frames(b"{\"a\":1}\r\n\n0123456789ab\nxyz\n\xff\xfe\nlast", 8).await;
        assert_eq!(
            got,
            vec![
                Frame::Text("{\"a\":1}".into()),
                Frame::Activity,
                Frame::TooLarge,
                Frame::Text("xyz".into()),
                Frame::NotText,
                Frame::Text("last".into()),
            ]
        );
    }
}
