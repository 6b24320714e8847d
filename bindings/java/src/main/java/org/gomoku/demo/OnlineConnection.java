package org.gomoku.demo;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.swing.SwingUtilities;

/**
 * One WebSocket to a {@code gomoku serve} server, on the JDK's
 * {@link java.net.http.WebSocket}. Nothing here blocks: connecting and
 * sending are asynchronous, messages are read and parsed on the HTTP client's
 * threads, and every message and the end of the connection reach the
 * {@link Listener} on the Swing event thread through
 * {@link SwingUtilities#invokeLater}, as the seed's socket relay hands its
 * moves back to Swing.
 */
final class OnlineConnection {
    /** What the connection tells, always on the event thread. */
    interface Listener {
        /** A message from the server. */
        void message(Protocol.Message message);

        /** The connection could not be opened, or is gone; {@code why} says how, for people. */
        void closed(String why);
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final Listener listener;
    /** Set once the connection is over (closed by either side, or failed): nothing more is delivered. */
    private final AtomicBoolean over = new AtomicBoolean();
    /** The socket once open, then each send in turn: the JDK takes one send at a time. Touched on the event thread only. */
    private CompletableFuture<WebSocket> sending;

    private OnlineConnection(Listener listener) {
        this.listener = listener;
    }

    /** Starts connecting to {@code uri} (a {@code ws://…/ws} URL); {@code listener} hears the rest. */
    static OnlineConnection open(URI uri, Listener listener) {
        OnlineConnection connection = new OnlineConnection(listener);
        connection.sending = CLIENT.newWebSocketBuilder().buildAsync(uri, connection.new Receiver());
        connection.sending.whenComplete((socket, failure) -> {
            if (failure != null) {
                connection.end(describe(failure));
            }
        });
        return connection;
    }

    /** Sends one message's text after the ones before it; a failure ends the connection. */
    void send(String text) {
        if (over.get()) {
            return;
        }
        sending = sending.thenCompose(socket -> socket.sendText(text, true));
        sending.whenComplete((socket, failure) -> {
            if (failure != null) {
                end(describe(failure));
            }
        });
    }

    /** Closes the connection politely; the listener hears nothing more from it. */
    void close() {
        if (over.compareAndSet(false, true)) {
            sending.thenCompose(socket -> socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye"));
        }
    }

    /** Whether the connection is over (closed by either side, or never opened). */
    boolean isOver() {
        return over.get();
    }

    /** Tells the listener once that the connection is over, unless it was closed on purpose. */
    private void end(String why) {
        if (over.compareAndSet(false, true)) {
            SwingUtilities.invokeLater(() -> listener.closed(why));
        }
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    /** Reads whole text messages (a long one may come in parts) and parses them off the event thread. */
    private final class Receiver implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                Protocol.Message message = Protocol.parse(text.toString());
                text.setLength(0);
                if (message != null) {
                    SwingUtilities.invokeLater(() -> {
                        if (!over.get()) {
                            listener.message(message);
                        }
                    });
                }
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int status, String reason) {
            end(reason == null || reason.isEmpty() ? "closed (" + status + ")" : reason);
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            end(describe(error));
        }
    }

    /**
     * The WebSocket URL for what a player types: {@code HOST:PORT}, a
     * {@code ws://} or {@code wss://} URL as given, or the page's
     * {@code http(s)://HOST:PORT/} address (its {@code /ws}).
     *
     * @throws IllegalArgumentException if it names no host
     */
    static URI socketUri(String typed) {
        String t = typed.trim();
        String lower = t.toLowerCase(Locale.ROOT);
        try {
            URI uri;
            if (lower.startsWith("ws://") || lower.startsWith("wss://")) {
                uri = new URI(t);
                if (uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
                    uri = new URI(uri.getScheme(), uri.getRawAuthority(), "/ws", null, null);
                }
            } else {
                boolean secure = lower.startsWith("https://");
                URI page = new URI(lower.startsWith("http://") || secure ? t : "http://" + t);
                uri = new URI(secure ? "wss" : "ws", page.getRawAuthority(), "/ws", null, null);
            }
            if (uri.getHost() == null) {
                throw new IllegalArgumentException("no host in \"" + typed + "\"");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a server address: \"" + typed + "\"", e);
        }
    }

    /** The page's link that joins {@code room} on the server of {@code socket}: {@code http://HOST:PORT/#room=CODE}. */
    static String shareLink(URI socket, String room) {
        String scheme = "wss".equalsIgnoreCase(socket.getScheme()) ? "https" : "http";
        return scheme + "://" + socket.getRawAuthority() + "/#room=" + room;
    }

    /** The room code in what a player types: a code, or a shared link with {@code #room=CODE}. */
    static String roomCode(String typed) {
        String t = typed.trim();
        int at = t.indexOf("#room=");
        return (at >= 0 ? t.substring(at + "#room=".length()) : t).toUpperCase(Locale.ROOT);
    }
}
