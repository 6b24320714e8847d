package org.gomoku.demo;

import com.google.gson.FieldNamingPolicy;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.List;
import java.util.Locale;
import org.gomoku.Rule;
import org.gomoku.Stone;

/**
 * The messages of {@code gomoku serve} (README, "Network play"; the server's
 * {@code server/src/protocol.rs}) as Java records, read and written with Gson.
 * Field names are the wire's snake_case ({@code to_move} is {@code toMove});
 * fields a message lacks are null, 0 or false, and fields a record lacks are
 * ignored, so a newer server's additions do no harm.
 */
final class Protocol {
    private static final Gson GSON = new GsonBuilder()
            .setFieldNamingPolicy(FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES)
            .create();

    private Protocol() {}

    /** The first message on every connection: what this server accepts. */
    record Hello(String server, Limits limits) {}

    /** The connection's limits from {@code hello} (the one this client keeps to: it pings before the idle timeout). */
    record Limits(long idleTimeoutMs) {}

    /** The answer to create, join and resume (and after a rematch): one's room, colour and secret token. */
    record Seat(String room, String color, String token) {}

    /** A refused request: the code programs branch on and a sentence for people. */
    record Failure(String code, String message) {}

    /** Who is connected (or sits), by colour. */
    record Seats(boolean black, boolean white) {
        boolean of(Stone colour) {
            return colour == Stone.BLACK ? black : white;
        }
    }

    /** The seats' names; null for an empty seat. */
    record Names(String black, String white) {
        String of(Stone colour) {
            return colour == Stone.BLACK ? black : white;
        }
    }

    /** The server's computer in one seat. */
    record Computer(String color, int level, boolean thinking) {}

    /** The room's per-move clock; {@code remainingMs} is null while it is not running. */
    record Clock(long turnMs, Long remainingMs) {}

    /** Open requests, by the colour that made them. */
    record Offers(String undo, String draw, List<String> rematch) {}

    /** The whole room, as the server sends it after every change. */
    record State(
            String room,
            String rule,
            int size,
            List<String> moves,
            String toMove,
            String result,
            String reason,
            List<String> winningLine,
            Seats players,
            String save,
            int game,
            String lastMove,
            List<String> forbidden,
            Names names,
            Computer computer,
            Clock clock,
            Offers offers,
            int spectators) {
        /** Whether the game goes on. */
        boolean ongoing() {
            return "ongoing".equals(result);
        }
    }

    /** The {@code type} of a server message and its whole body, read off the event thread. */
    record Message(String type, JsonObject body) {
        /** The body as one of the records above. */
        <T> T as(Class<T> type) {
            return GSON.fromJson(body, type);
        }
    }

    /** One message of the server's text, or null if it is not a JSON object with a type. */
    static Message parse(String text) {
        try {
            JsonElement element = JsonParser.parseString(text);
            if (element.isJsonObject()) {
                JsonObject body = element.getAsJsonObject();
                JsonElement type = body.get("type");
                if (type != null && type.isJsonPrimitive()) {
                    return new Message(type.getAsString(), body);
                }
            }
        } catch (JsonParseException e) {
            // Not JSON: the server never sends that; a proxy's page might.
        }
        return null;
    }

    /**
     * A request of {@code type} with its fields, given as name, value pairs
     * (a value may be a map for a nested object); null values are left out.
     */
    static String request(String type, Object... fields) {
        JsonObject message = new JsonObject();
        message.addProperty("type", type);
        for (int i = 0; i + 1 < fields.length; i += 2) {
            if (fields[i + 1] != null) {
                message.add((String) fields[i], GSON.toJsonTree(fields[i + 1]));
            }
        }
        return message.toString();
    }

    /** A colour's wire name: {@code black}, {@code white}. */
    static String wire(Stone colour) {
        return colour.name().toLowerCase(Locale.ROOT);
    }

    /** A rule's wire name, as the core spells it: {@code freestyle}, {@code renju}. */
    static String wire(Rule rule) {
        return rule.name().toLowerCase(Locale.ROOT);
    }

    /** The colour a wire name means, or null (for {@code null} or anything else). */
    static Stone colour(String wire) {
        return "black".equals(wire) ? Stone.BLACK : "white".equals(wire) ? Stone.WHITE : null;
    }
}
