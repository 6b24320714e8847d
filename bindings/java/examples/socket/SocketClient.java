import java.io.*;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.*;

/**
 * Plays a room of {@code gomoku serve --tcp HOST:PORT} over a plain {@link Socket}, a JSON object per line each way.
 * The server checks every move and sends the whole room after each change, so this keeps no board of its own.
 * <pre>
 *   java SocketClient.java 127.0.0.1:7716 create [MOVE...]       a new room: you play black
 *   java SocketClient.java 127.0.0.1:7716 join CODE [MOVE...]    the free seat of room CODE
 *   java SocketClient.java 127.0.0.1:7716 computer 3 [MOVE...]   black against the server's computer
 * </pre>
 * It plays the moves given in turn, then those typed (h8, or resign).
 */
public class SocketClient {
    static Deque<String> moves;
    static BufferedReader keyboard = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    static PrintWriter out;

    /** Connects, enters the room, and plays until the game is over. */
    public static void main(String[] args) throws IOException {
        String computer = args[1].equals("computer") ? ",\"opponent\":{\"ai\":" + Integer.parseInt(args[2]) + "}" : "";
        String first = args[1].equals("join") ? "{\"type\":\"join\",\"room\":\"" + args[2] + "\"}"
                : "{\"type\":\"create\",\"rule\":\"freestyle\",\"size\":15,\"color\":\"black\"" + computer + "}";
        moves = new ArrayDeque<>(Arrays.asList(args).subList(args[1].equals("create") ? 2 : 3, args.length));
        try (Socket socket = new Socket(args[0].split(":")[0], Integer.parseInt(args[0].split(":")[1]))) {
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
            out.println(first);
            String me = null, trying = null; // our colour (from the seat message); our move, until it is played
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (field(line, "type").equals("seat")) {
                    me = field(line, "color");
                    System.out.println("room " + field(line, "room") + ": you play " + me);
                } else if (field(line, "type").equals("state")) {
                    System.out.println("moves " + field(line, "moves").replace("\"", "") + ", " + field(line, "to_move") + " to move");
                    if (!field(line, "result").equals("ongoing")) {
                        System.out.println("result: " + field(line, "result") + " (" + field(line, "reason") + ")");
                        return;
                    }
                    if (!field(line, "to_move").equals(me)) {
                        trying = null;               // our move was played: their turn
                    } else {                         // our turn: the move not played yet (the seat was empty), or the next
                        trying = play(trying);
                    }
                } else if (field(line, "type").equals("error")) {
                    System.out.println("refused: " + field(line, "message"));
                    if (me == null) {
                        return;                      // no seat: a wrong code, or a full room
                    } else if (trying != null && !field(line, "code").equals("no_opponent")) {
                        trying = play(null);         // a refused move: the next one
                    }
                } // hello, pong, and the offers this client does not answer are skipped
            }
        }
    }

    /** Sends {@code kept}, else the next move given or typed (h8, or resign), and returns it. */
    static String play(String kept) throws IOException {
        String move = kept != null ? kept : moves.poll();
        if (move == null) {
            System.out.println("your move?");
            move = keyboard.readLine();
            if (move == null) {
                System.exit(0);   // the end of the input: the seat waits on the server
            }
        }
        move = move.trim();
        out.println(move.equals("resign") ? "{\"type\":\"resign\"}" : "{\"type\":\"move\",\"move\":\"" + move + "\"}");
        return move;
    }

    /** The top-level field {@code key} of a JSON object: a string's text, else as written; "" if absent. */
    static String field(String json, String key) {
        int depth = 0;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            depth += c == '{' || c == '[' ? 1 : c == '}' || c == ']' ? -1 : 0;
            if (c == '"') {
                int end = closingQuote(json, i);
                if (depth == 1 && json.startsWith("\"" + key + "\":", i)) {
                    String rest = json.substring(end + 2); // a string, a list of strings, a number, true, false or null
                    return rest.startsWith("\"") ? rest.substring(1, closingQuote(rest, 0))
                            : rest.startsWith("[") ? rest.substring(0, rest.indexOf(']') + 1) : rest.split("[,}]", 2)[0];
                }
                i = end;
            }
        }
        return "";
    }

    /** Where the string that opens at {@code start} closes, skipping escaped characters. */
    static int closingQuote(String text, int start) {
        int i = start + 1;
        for (; text.charAt(i) != '"'; i += text.charAt(i) == '\\' ? 2 : 1) { }
        return i;
    }
}
