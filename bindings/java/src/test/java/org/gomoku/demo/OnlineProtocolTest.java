package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gomoku.Rule;
import org.gomoku.Stone;
import org.junit.jupiter.api.Test;

/** The online mode's reading and writing of the server's messages, and the addresses a player types. */
class OnlineProtocolTest {
    /** A state as the server writes it (README, "Network play"), with a field this client does not know. */
    private static final String STATE = "{\"type\":\"state\",\"room\":\"K7QF3MXR\",\"rule\":\"renju\",\"size\":15,"
            + "\"moves\":[\"h8\",\"i9\"],\"to_move\":\"black\",\"result\":\"ongoing\",\"reason\":null,\"winning_line\":[],"
            + "\"players\":{\"black\":true,\"white\":false},\"save\":\"gomoku-save 1\\nsize 15\\nrule renju\\nmoves h8 i9\\n\","
            + "\"game\":2,\"last_move\":\"i9\",\"forbidden\":[\"j10\"],\"names\":{\"black\":\"Ann\",\"white\":null},"
            + "\"computer\":{\"color\":\"white\",\"level\":3,\"thinking\":true},\"clock\":{\"turn_ms\":30000,\"remaining_ms\":null},"
            + "\"offers\":{\"undo\":null,\"draw\":\"white\",\"rematch\":[]},\"spectators\":1,\"added_later\":{\"x\":1}}";

    @Test
    void aStateReadsIntoItsRecord() {
        Protocol.Message message = Protocol.parse(STATE);
        assertEquals("state", message.type());
        Protocol.State state = message.as(Protocol.State.class);
        assertEquals("K7QF3MXR", state.room());
        assertEquals(List.of("h8", "i9"), state.moves());
        assertEquals("black", state.toMove());
        assertTrue(state.ongoing());
        assertNull(state.reason());
        assertTrue(state.players().of(Stone.BLACK));
        assertFalse(state.players().of(Stone.WHITE));
        assertEquals("Ann", state.names().of(Stone.BLACK));
        assertNull(state.names().of(Stone.WHITE));
        assertEquals(2, state.game());
        assertEquals("i9", state.lastMove());
        assertEquals(List.of("j10"), state.forbidden());
        assertEquals(3, state.computer().level());
        assertTrue(state.computer().thinking());
        assertEquals(30000, state.clock().turnMs());
        assertNull(state.clock().remainingMs());
        assertEquals("white", state.offers().draw());
        assertEquals(1, state.spectators());
        assertTrue(state.save().startsWith("gomoku-save 1\n"));
    }

    @Test
    void otherMessagesRead() {
        Protocol.Seat seat = Protocol.parse("{\"type\":\"seat\",\"room\":\"AB\",\"color\":\"white\",\"token\":\"3f\"}").as(Protocol.Seat.class);
        assertEquals(new Protocol.Seat("AB", "white", "3f"), seat);
        Protocol.Failure failure = Protocol.parse("{\"type\":\"error\",\"code\":\"occupied\",\"message\":\"point h8 is occupied\"}")
                .as(Protocol.Failure.class);
        assertEquals("occupied", failure.code());
        Protocol.Hello hello = Protocol.parse("{\"type\":\"hello\",\"server\":\"gomoku-server 0.1.0\",\"protocol\":1,"
                + "\"limits\":{\"max_message_bytes\":4096,\"idle_timeout_ms\":600000}}").as(Protocol.Hello.class);
        assertEquals(600000, hello.limits().idleTimeoutMs());
        for (String notAMessage : new String[] {"", "[1]", "{\"no\":\"type\"}", "{\"type\":{}}", "not json", "{"}) {
            assertNull(Protocol.parse(notAMessage), notAMessage);
        }
    }

    @Test
    void requestsAreTheServersJson() {
        assertEquals("{\"type\":\"move\",\"move\":\"h8\"}", Protocol.request("move", "move", "h8"));
        assertEquals("{\"type\":\"undo_reply\",\"accept\":false}", Protocol.request("undo_reply", "accept", false));
        assertEquals("{\"type\":\"create\",\"rule\":\"renju\",\"size\":15,\"opponent\":{\"ai\":3}}",
                Protocol.request("create", "rule", Protocol.wire(Rule.RENJU), "size", 15, "opponent", Map.of("ai", 3), "clock", null));
        assertEquals("{\"type\":\"join\",\"room\":\"AB\",\"name\":\"\\\"Bo\\\" <3\"}", Protocol.request("join", "room", "AB", "name", "\"Bo\" <3"));
        for (Rule rule : Rule.values()) {
            assertEquals(rule.name().toLowerCase(Locale.ROOT), Protocol.wire(rule));
        }
        assertEquals(Stone.WHITE, Protocol.colour(Protocol.wire(Stone.WHITE)));
        assertNull(Protocol.colour(null));
        assertNull(Protocol.colour("random"));
    }

    @Test
    void serverAddressesAsPlayersTypeThem() {
        assertEquals(URI.create("ws://127.0.0.1:7715/ws"), OnlineConnection.socketUri("127.0.0.1:7715"));
        assertEquals(URI.create("ws://localhost:7715/ws"), OnlineConnection.socketUri(" localhost:7715 "));
        assertEquals(URI.create("ws://192.168.1.20:7715/ws"), OnlineConnection.socketUri("http://192.168.1.20:7715/#room=K7QF3MXR"));
        assertEquals(URI.create("wss://example.org/ws"), OnlineConnection.socketUri("https://example.org/"));
        assertEquals(URI.create("ws://h:1/ws"), OnlineConnection.socketUri("ws://h:1"));
        assertEquals(URI.create("wss://h/gomoku/ws"), OnlineConnection.socketUri("wss://h/gomoku/ws"));
        for (String bad : new String[] {"", "http://", "a b:c"}) {
            assertThrows(IllegalArgumentException.class, () -> OnlineConnection.socketUri(bad), bad);
        }
        assertEquals("http://127.0.0.1:7715/#room=K7QF3MXR", OnlineConnection.shareLink(URI.create("ws://127.0.0.1:7715/ws"), "K7QF3MXR"));
        assertEquals("https://example.org/#room=AB", OnlineConnection.shareLink(URI.create("wss://example.org/ws"), "AB"));
        assertEquals("K7QF3MXR", OnlineConnection.roomCode(" k7qf3mxr "));
        assertEquals("K7QF3MXR", OnlineConnection.roomCode("http://127.0.0.1:7715/#room=K7QF3MXR"));
    }
}
