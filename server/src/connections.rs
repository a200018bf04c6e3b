//! Accepting and serving HTTP/1 connections with time limits. `axum::serve` has no
//! header-read timeout, so a client that trickles a header (or opens a connection and
//! says nothing) would hold it forever; here every connection has two clocks:
//!
//! - the header clock (hyper's `header_read_timeout`): a request's headers must arrive
//!   within it, and it also runs while a keep-alive connection waits for its next
//!   request, so idle connections close too;
//! - the idle clock ([`IdleTimeout`]): while hyper waits to read or write, some byte must
//!   move within it — a stalled upload or a client that stops reading its answer is cut.
//!
//! The request timeout (`TimeoutLayer` in `startup`) bounds the handler itself and answers
//! 408; keep the idle clock longer than it so a slow request gets that answer first.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::config::Config;

/// The two per-connection clocks (see the module's documentation).
#[derive(Debug, Clone, Copy)]
pub struct ConnectionTimeouts {
    /// Headers must arrive within this; also the keep-alive idle time.
    pub header: Duration,
    /// No byte moving for this long mid-request closes the connection.
    pub idle: Duration,
}

impl ConnectionTimeouts {
    /// The configured clocks.
    pub fn of(config: &Config) -> ConnectionTimeouts {
        ConnectionTimeouts {
            header: config.header_timeout,
            idle: config.idle_timeout,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then finishes the requests in
/// flight and closes idle connections.
///
/// # Errors
/// None yet; failed accepts (say, out of file descriptors) are logged and retried.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    timeouts: ConnectionTimeouts,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header)
        .keep_alive(true);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Usually EMFILE: wait for connections to close rather than spin.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleTimeout::new(stream, timeouts.idle));
        let service = TowerToHyperService::new(app.clone().map_request(
            move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        ));
        let connection = graceful.watch(builder.serve_connection(io, service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                match timed_out(&error) {
                    Some(clock) => {
                        metrics::counter!("http_connections_timed_out_total", "clock" => clock)
                            .increment(1);
                        tracing::debug!(%peer, clock, "connection timed out");
                    }
                    None => tracing::debug!(%peer, %error, "connection ended with an error"),
                }
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Which clock ended a connection, if one did.
fn timed_out(error: &hyper::Error) -> Option<&'static str> {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(error);
    while let Some(cause) = source {
        if cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::TimedOut)
        {
            return Some("idle");
        }
        source = cause.source();
    }
    error.is_timeout().then_some("header")
}

/// An I/O stream that fails with `TimedOut` when a read or write has waited, with no
/// byte moving either way, for longer than `idle`.
pub struct IdleTimeout<T> {
    inner: T,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<T> IdleTimeout<T> {
    /// Wraps `inner`; the clock starts now.
    pub fn new(inner: T, idle: Duration) -> IdleTimeout<T> {
        IdleTimeout {
            inner,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }

    /// Some byte moved: the clock starts again.
    fn moved(&mut self) {
        let next = Instant::now() + self.idle;
        self.deadline.as_mut().reset(next);
    }

    /// What a write of the inner stream means for the clock: bytes written move it on,
    /// a write still pending may have waited too long.
    fn wrote(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match poll {
            Poll::Ready(Ok(written)) => {
                if written > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(written))
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => self.waiting(cx),
        }
    }

    /// The stream is waiting: has it waited too long?
    fn waiting<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no data moved on the connection",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleTimeout<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.moved();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => this.waiting(cx),
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for IdleTimeout<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.wrote(cx, written)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.wrote(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Pending => this.waiting(cx),
            ready => ready,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_shutdown(cx) {
            Poll::Pending => this.waiting(cx),
            ready => ready,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn a_read_that_waits_past_the_idle_time_fails_with_timed_out() {
        let (mut client, server) = tokio::io::duplex(64);
        let mut stream = IdleTimeout::new(server, Duration::from_millis(100));
        client.write_all(b"ab").await.expect("write");
        let mut buf = [0u8; 2];
        stream
            .read_exact(&mut buf)
            .await
            .expect("bytes that are there are read");
        let error = stream.read(&mut buf).await.expect_err("times out");
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    }
}
