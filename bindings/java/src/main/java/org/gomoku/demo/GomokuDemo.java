package org.gomoku.demo;

import java.awt.BorderLayout;
import java.awt.CardLayout;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.GraphicsEnvironment;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.prefs.Preferences;
import javax.swing.AbstractButton;
import javax.swing.Action;
import javax.swing.BorderFactory;
import javax.swing.ButtonGroup;
import javax.swing.JCheckBoxMenuItem;
import javax.swing.JColorChooser;
import javax.swing.JFileChooser;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JRadioButtonMenuItem;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.KeyStroke;
import javax.swing.MenuElement;
import javax.swing.SwingUtilities;
import javax.swing.SwingWorker;
import javax.swing.Timer;
import org.gomoku.AiOptions;
import org.gomoku.Gomoku;
import org.gomoku.GomokuException;
import org.gomoku.Hint;
import org.gomoku.HintPoint;
import org.gomoku.Point;
import org.gomoku.Rule;
import org.gomoku.Stone;

/**
 * A Swing game on libgomoku, laid out as the course projects' programs are:
 * a menu bar with every action (新游戏 / 模式 / 悔棋 / 提示 / 认输 / 保存 / 载入 /
 * 历史棋局 / 背景颜色 …), player against player or against the computer,
 * colour, rule, size and level, a hint that explains itself, replay, save and
 * load, and a history of finished games. It speaks Chinese when the system
 * locale is Chinese and English otherwise; rule names and results are the
 * library's words. The board colour is remembered between runs.
 *
 * <p>The computer thinks on a {@link SwingWorker} with a copy of the game,
 * and files are read and written off the event thread, so the window never
 * freezes.
 *
 * <p>Run: {@code mvn -q compile exec:java} in {@code bindings/java}, or
 * {@code java -jar gomoku-demo.jar} with {@code libgomoku.so} beside the jar.
 * {@code --smoke} plays one move against the computer and exits (0 on success).
 */
public final class GomokuDemo extends JFrame {
    private static final long serialVersionUID = 1L;

    /** The system property naming the history file; {@code ~/.gomoku/history.txt} when unset. */
    public static final String HISTORY_PROPERTY = "gomoku.history";

    private static final String COLOUR_KEY = "board.colour";
    private static final int[] SIZES = {9, 11, 13, 15, 17, 19};
    private static final AiOptions HINT_OPTIONS = AiOptions.of(0, 500);
    private static final int COMPUTER_TIME_MS = 1000;

    /** The board colours offered by name; the first is the default. */
    private static final Map<String, Color> PRESET_COLOURS = presetColours();

    private static Map<String, Color> presetColours() {
        Map<String, Color> colours = new LinkedHashMap<>();
        colours.put("colour.wood", new Color(0xDC, 0xB3, 0x5C));
        colours.put("colour.maple", new Color(0xF2, 0xDC, 0xAE));
        colours.put("colour.green", new Color(0x3E, 0x72, 0x4E));
        colours.put("colour.grey", new Color(0xC9, 0xC9, 0xC4));
        return colours;
    }

    private final transient Texts texts;
    private final transient Preferences preferences;
    private final transient Path historyFile;
    private final BoardPanel board = new BoardPanel(new Dimension(640, 640));
    private final JLabel status = new JLabel(" ");
    private final JTextArea hintText = new JTextArea();
    private final JMenuBar menus = new JMenuBar();
    private final Map<Rule, JRadioButtonMenuItem> ruleItems = new LinkedHashMap<>();
    private final Map<Integer, JRadioButtonMenuItem> sizeItems = new LinkedHashMap<>();
    private final Map<String, JRadioButtonMenuItem> colourItems = new LinkedHashMap<>();
    private final JRadioButtonMenuItem vsComputer;
    private final JRadioButtonMenuItem humanBlack;
    private final JCheckBoxMenuItem heat;
    private final JCheckBoxMenuItem replay;
    private final JMenuItem undoItem;
    private final JMenuItem hintItem;
    private final JMenuItem resignItem;
    private final JMenuItem stopItem;
    private final JMenuItem previousItem;
    private final JMenuItem nextItem;
    private final JMenuItem saveItem;
    private final JMenuItem leaveItem;
    /** The menus of the window's own game, off while playing online. */
    private final List<JMenu> localMenus;
    private final JPanel side = new JPanel(new CardLayout());
    private final transient OnlinePlay online;
    /** Whether the window shows the online room (so leaving it brings the own game back). */
    private boolean showingOnline;

    private transient Gomoku game;
    private transient SwingWorker<?, ?> thinker;
    private transient Gomoku thinking;
    /** Counts changes to the game, so a stale AI answer is dropped. */
    private int generation;
    private transient Hint hint;
    /** The replayed position's move count, or -1 when not replaying. */
    private int replayAt = -1;
    /** Whether this game's end is already in the history (a game is kept once, as it first ended). */
    private boolean recorded;
    /** A message that replaces the status line until the game changes. */
    private String notice;
    private Rule rule = Rule.FREESTYLE;
    private int size = 15;
    private int level = Math.min(4, Gomoku.maxLevel());

    /** The demo in the default locale's language, remembering its settings in the user's preferences. */
    public GomokuDemo() {
        this(Preferences.userNodeForPackage(GomokuDemo.class));
    }

    /** The demo remembering its board colour in {@code preferences} (tests pass a node of their own). */
    GomokuDemo(Preferences preferences) {
        this.texts = new Texts(Locale.getDefault());
        this.preferences = preferences;
        this.historyFile = historyFile();
        this.online = new OnlinePlay(texts, board, status, this::onlineChanged);
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);

        JMenu gameMenu = menu("menu.game");
        gameMenu.add(item("menu.game.new", KeyEvent.VK_N, this::newGame));
        saveItem = item("menu.game.save", KeyEvent.VK_S, this::save);
        gameMenu.add(saveItem);
        gameMenu.add(item("menu.game.load", KeyEvent.VK_O, this::load));
        gameMenu.add(item("menu.game.history", KeyEvent.VK_H, this::showHistory));
        gameMenu.addSeparator();
        gameMenu.add(item("menu.game.quit", KeyEvent.VK_Q, this::dispose));

        JMenu modeMenu = menu("menu.mode");
        ButtonGroup modes = new ButtonGroup();
        vsComputer = radio(modes, "menu.mode.computer", texts.get("menu.mode.computer"), true, this::settingsChanged);
        modeMenu.add(vsComputer);
        modeMenu.add(radio(modes, "menu.mode.people", texts.get("menu.mode.people"), false, this::settingsChanged));
        modeMenu.addSeparator();
        ButtonGroup colours = new ButtonGroup();
        humanBlack = radio(colours, "menu.mode.black", texts.get("menu.mode.black"), true, this::settingsChanged);
        modeMenu.add(humanBlack);
        modeMenu.add(radio(colours, "menu.mode.white", texts.get("menu.mode.white"), false, this::settingsChanged));
        modeMenu.addSeparator();
        JMenu levelMenu = menu("menu.mode.level");
        ButtonGroup levels = new ButtonGroup();
        for (int l = 1; l <= Gomoku.maxLevel(); l++) {
            int chosen = l;
            levelMenu.add(radio(levels, "level." + l, texts.format("level", l), l == level, () -> level = chosen));
        }
        modeMenu.add(levelMenu);

        JMenu boardMenu = menu("menu.board");
        JMenu ruleMenu = menu("menu.board.rule");
        ButtonGroup rules = new ButtonGroup();
        for (Rule r : Rule.values()) {
            JRadioButtonMenuItem item = radio(rules, "rule." + r.name(), r.displayName(texts.language()), r == rule, () -> {
                rule = r;
                newGame();
            });
            ruleItems.put(r, item);
            ruleMenu.add(item);
        }
        boardMenu.add(ruleMenu);
        JMenu sizeMenu = menu("menu.board.size");
        ButtonGroup sizes = new ButtonGroup();
        for (int n : SIZES) {
            JRadioButtonMenuItem item = radio(sizes, "size." + n, texts.format("size", n), n == size, () -> {
                size = n;
                newGame();
            });
            sizeItems.put(n, item);
            sizeMenu.add(item);
        }
        boardMenu.add(sizeMenu);

        JMenu moveMenu = menu("menu.move");
        undoItem = item("menu.move.undo", KeyEvent.VK_Z, this::undo);
        hintItem = item("menu.move.hint", KeyEvent.VK_T, this::hint);
        resignItem = item("menu.move.resign", KeyEvent.VK_R, this::resign);
        stopItem = item("menu.move.stop", KeyEvent.VK_PERIOD, this::stopThinking);
        moveMenu.add(undoItem);
        moveMenu.add(hintItem);
        moveMenu.add(resignItem);
        moveMenu.addSeparator();
        moveMenu.add(stopItem);

        JMenu viewMenu = menu("menu.view");
        heat = new JCheckBoxMenuItem(texts.get("menu.view.heat"));
        heat.setName("menu.view.heat");
        heat.addActionListener(e -> refresh());
        replay = new JCheckBoxMenuItem(texts.get("menu.view.replay"));
        replay.setName("menu.view.replay");
        replay.addActionListener(e -> toggleReplay());
        previousItem = item("menu.view.previous", 0, () -> stepReplay(-1));
        previousItem.setAccelerator(KeyStroke.getKeyStroke(KeyEvent.VK_LEFT, 0));
        nextItem = item("menu.view.next", 0, () -> stepReplay(1));
        nextItem.setAccelerator(KeyStroke.getKeyStroke(KeyEvent.VK_RIGHT, 0));
        viewMenu.add(heat);
        viewMenu.add(replay);
        viewMenu.add(previousItem);
        viewMenu.add(nextItem);
        viewMenu.addSeparator();
        JMenu colourMenu = menu("menu.view.colour");
        ButtonGroup boardColours = new ButtonGroup();
        for (Map.Entry<String, Color> preset : PRESET_COLOURS.entrySet()) {
            JRadioButtonMenuItem item = radio(boardColours, preset.getKey(), texts.get(preset.getKey()), false, () -> setBoardColour(preset.getValue()));
            colourItems.put(preset.getKey(), item);
            colourMenu.add(item);
        }
        JRadioButtonMenuItem custom = radio(boardColours, "colour.custom", texts.get("colour.custom"), false, this::chooseBoardColour);
        colourItems.put("colour.custom", custom);
        colourMenu.add(custom);
        viewMenu.add(colourMenu);

        JMenu onlineMenu = menu("menu.online");
        onlineMenu.add(item("menu.online.play", KeyEvent.VK_L, this::playOnline));
        onlineMenu.addSeparator();
        for (Action action : List.of(online.undo, online.draw, online.resign, online.rematch)) {
            onlineMenu.add(item(action));
        }
        onlineMenu.addSeparator();
        onlineMenu.add(item(online.reconnect));
        onlineMenu.add(item(online.copyLink));
        leaveItem = item("menu.online.leave", 0, online::leave);
        onlineMenu.add(leaveItem);

        JMenu helpMenu = menu("menu.help");
        helpMenu.add(item("menu.help.about", 0, this::about));

        localMenus = List.of(modeMenu, boardMenu, moveMenu);
        for (JMenu m : List.of(gameMenu, modeMenu, boardMenu, moveMenu, onlineMenu, viewMenu, helpMenu)) {
            menus.add(m);
        }
        setJMenuBar(menus);

        hintText.setEditable(false);
        hintText.getCaret().setVisible(false);
        hintText.setLineWrap(true);
        hintText.setWrapStyleWord(true);
        hintText.setFont(status.getFont().deriveFont(14f));
        hintText.setBorder(BorderFactory.createEmptyBorder(6, 8, 6, 8));
        JScrollPane hintPane = new JScrollPane(hintText);
        hintPane.setBorder(BorderFactory.createTitledBorder(texts.get("hint.title")));
        hintPane.setPreferredSize(new Dimension(280, 640));
        status.setBorder(BorderFactory.createEmptyBorder(4, 8, 4, 8));
        status.setFont(status.getFont().deriveFont(14f));
        side.add(hintPane, "hint");
        side.add(online.panel(), "online");
        getContentPane().add(board, BorderLayout.CENTER);
        getContentPane().add(side, BorderLayout.EAST);
        getContentPane().add(status, BorderLayout.SOUTH);
        board.setOnClick(this::clicked);
        setBoardColour(savedBoardColour());
        newGame();
        pack();
        setLocationByPlatform(true);
    }

    /** The history file: the {@value #HISTORY_PROPERTY} system property, or {@code ~/.gomoku/history.txt}. */
    static Path historyFile() {
        String configured = System.getProperty(HISTORY_PROPERTY);
        return configured != null ? Path.of(configured) : Path.of(System.getProperty("user.home"), ".gomoku", "history.txt");
    }

    private JMenu menu(String key) {
        JMenu menu = new JMenu(texts.get(key));
        menu.setName(key);
        return menu;
    }

    /** A menu item named {@code key} (tests find it by name), with Ctrl+{@code keyCode} unless 0. */
    private JMenuItem item(String key, int keyCode, Runnable action) {
        JMenuItem item = new JMenuItem(texts.get(key));
        item.setName(key);
        if (keyCode != 0) {
            item.setAccelerator(KeyStroke.getKeyStroke(keyCode, InputEvent.CTRL_DOWN_MASK));
        }
        item.addActionListener(e -> action.run());
        return item;
    }

    /** A menu item for one of the online mode's actions, named by its key. */
    private static JMenuItem item(Action action) {
        JMenuItem item = new JMenuItem(action);
        item.setName((String) action.getValue(Action.ACTION_COMMAND_KEY));
        return item;
    }

    private static JRadioButtonMenuItem radio(ButtonGroup group, String name, String text, boolean selected, Runnable onSelect) {
        JRadioButtonMenuItem item = new JRadioButtonMenuItem(text, selected);
        item.setName(name);
        item.addActionListener(e -> onSelect.run());
        group.add(item);
        return item;
    }

    private boolean vsComputer() {
        return vsComputer.isSelected();
    }

    private Stone human() {
        return humanBlack.isSelected() ? Stone.BLACK : Stone.WHITE;
    }

    /** Starts a new game with the chosen size and rule (leaving an online room). */
    void newGame() {
        online.leave();
        stopThinking();
        if (game != null) {
            game.close();
        }
        game = new Gomoku(size, rule);
        recorded = false;
        changed();
    }

    /** Mode or colour changed: the game goes on, and the computer moves if it is now its turn. */
    private void settingsChanged() {
        stopThinking();
        changed();
    }

    /** Everything after the game changed: drop hints, record a finished game, maybe let the computer move, redraw. */
    private void changed() {
        generation++;
        hint = null;
        notice = null;
        replayAt = -1;
        replay.setSelected(false);
        recordIfFinished();
        maybeComputerMoves();
        refresh();
    }

    private boolean computersTurn() {
        return vsComputer() && !game.isOver() && game.sideToMove() != human();
    }

    private void maybeComputerMoves() {
        if (computersTurn() && thinker == null && !online.isActive()) {
            int asked = level;
            think(copy -> copy.aiMove(AiOptions.of(asked, COMPUTER_TIME_MS)), p -> {
                game.play(p);
                changed();
            });
        }
    }

    /**
     * Runs {@code search} on a copy of the game on a worker thread, then
     * {@code answer} on the event thread unless the game changed meanwhile.
     */
    private <T> void think(Function<Gomoku, T> search, Consumer<T> answer) {
        int asked = generation;
        Gomoku copy = game.copy();
        thinking = copy;
        SwingWorker<T, Void> worker = new SwingWorker<>() {
            @Override
            protected T doInBackground() {
                return search.apply(copy);
            }

            @Override
            protected void done() {
                thinker = null;
                thinking = null;
                try {
                    T result = get();
                    if (asked == generation) {
                        answer.accept(result);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | GomokuException e) {
                    Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                    notice = texts.format("status.computerFailed", cause.getMessage());
                } finally {
                    copy.close();
                }
                maybeComputerMoves();
                refresh();
            }
        };
        thinker = worker;
        worker.execute();
        refresh();
    }

    /**
     * Runs {@code work} (file reading or writing) on a worker thread, then
     * {@code done} with its answer on the event thread; a failure is shown in a
     * dialog titled by {@code errorKey}.
     */
    private <T> void inBackground(Callable<T> work, Consumer<T> done, String errorKey) {
        new SwingWorker<T, Void>() {
            @Override
            protected T doInBackground() throws Exception {
                return work.call();
            }

            @Override
            protected void done() {
                try {
                    done.accept(get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | GomokuException e) {
                    Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                    JOptionPane.showMessageDialog(GomokuDemo.this, cause.getMessage(), texts.get(errorKey), JOptionPane.ERROR_MESSAGE);
                }
            }
        }.execute();
    }

    private void stopThinking() {
        if (thinking != null) {
            thinking.stopAi();
        }
    }

    void clicked(Point p) {
        if (online.isActive()) {
            online.clicked(p);
            return;
        }
        if (replayAt >= 0 || thinker != null || game.isOver() || computersTurn()) {
            return;
        }
        try {
            game.play(p);
            changed();
        } catch (GomokuException e) {
            notice = e.getMessage();
            refresh();
        }
    }

    private void undo() {
        if (thinker != null) {
            stopThinking();
            generation++;
        }
        try {
            game.undo();
            // Against the computer, back to the player's turn.
            while (vsComputer() && game.sideToMove() != human() && !game.moves().isEmpty()) {
                game.undo();
            }
        } catch (GomokuException e) {
            notice = e.getMessage();
            refresh();
            return;
        }
        changed();
    }

    private void resign() {
        if (!game.isOver()) {
            stopThinking();
            game.resign(vsComputer() ? human() : game.sideToMove());
            changed();
        }
    }

    private void hint() {
        if (thinker == null && !game.isOver() && !computersTurn()) {
            think(copy -> copy.hint(HINT_OPTIONS, texts.language()), h -> hint = h);
        }
    }

    private void toggleReplay() {
        replayAt = replay.isSelected() ? 0 : -1;
        refresh();
    }

    private void stepReplay(int delta) {
        if (replayAt >= 0) {
            replayAt = Math.max(0, Math.min(game.moves().size(), replayAt + delta));
            refresh();
        }
    }

    /** The names kept with a finished game: the player and the computer, or the two colours. */
    private String playerName(Stone colour) {
        if (!vsComputer()) {
            return texts.get(colour == Stone.BLACK ? "player.black" : "player.white");
        }
        return colour == human() ? texts.get("player.you") : texts.format("player.computer", level);
    }

    /** Appends the game to the history the first time it ends, with players and date. */
    private void recordIfFinished() {
        if (recorded || !game.isOver()) {
            return;
        }
        recorded = true;
        game.setPlayer(Stone.BLACK, playerName(Stone.BLACK));
        game.setPlayer(Stone.WHITE, playerName(Stone.WHITE));
        game.setDate(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")));
        Gomoku finished = game.copy();
        Path file = historyFile;
        inBackground(() -> {
            try (finished) {
                Path folder = file.toAbsolutePath().getParent();
                if (folder != null) {
                    Files.createDirectories(folder);
                }
                finished.appendToHistory(file);
            }
            return file;
        }, written -> {}, "error.history");
    }

    private void save() {
        String text = online.isActive() ? online.saveText() : game.save();
        JFileChooser chooser = new JFileChooser();
        if (text != null && chooser.showSaveDialog(this) == JFileChooser.APPROVE_OPTION) {
            Path file = chooser.getSelectedFile().toPath();
            inBackground(() -> Files.writeString(file, text, StandardCharsets.UTF_8), written -> {
                notice = texts.format("status.saved", written);
                refresh();
            }, "error.save");
        }
    }

    private void load() {
        JFileChooser chooser = new JFileChooser();
        if (chooser.showOpenDialog(this) == JFileChooser.APPROVE_OPTION) {
            Path file = chooser.getSelectedFile().toPath();
            inBackground(() -> Files.readString(file, StandardCharsets.UTF_8), text -> {
                try {
                    loadText(text);
                } catch (GomokuException e) {
                    JOptionPane.showMessageDialog(this, e.getMessage(), texts.get("error.load"), JOptionPane.ERROR_MESSAGE);
                }
            }, "error.load");
        }
    }

    /** Replaces the game with one read from save text (a file, or a game of the history). */
    void loadText(String text) {
        Gomoku loaded = Gomoku.load(text);
        online.leave();
        stopThinking();
        game.close();
        game = loaded;
        rule = game.rule();
        size = game.size();
        ruleItems.get(rule).setSelected(true);
        JRadioButtonMenuItem sizeItem = sizeItems.get(size);
        if (sizeItem != null) {
            sizeItem.setSelected(true);
        }
        recorded = game.isOver();
        changed();
    }

    private void showHistory() {
        new HistoryDialog(this, texts, historyFile, board.getBackground(), this::loadText).setVisible(true);
    }

    private void about() {
        JOptionPane.showMessageDialog(this, texts.format("about.text", Gomoku.version(), historyFile), texts.get("menu.help.about"), JOptionPane.INFORMATION_MESSAGE);
    }

    private Color savedBoardColour() {
        Color fallback = PRESET_COLOURS.values().iterator().next();
        return new Color(preferences.getInt(COLOUR_KEY, fallback.getRGB()));
    }

    /** Paints the board in {@code colour} and remembers it for the next run. */
    private void setBoardColour(Color colour) {
        board.setBackground(colour);
        preferences.putInt(COLOUR_KEY, colour.getRGB());
        String chosen = "colour.custom";
        for (Map.Entry<String, Color> preset : PRESET_COLOURS.entrySet()) {
            if (preset.getValue().getRGB() == colour.getRGB()) {
                chosen = preset.getKey();
            }
        }
        colourItems.get(chosen).setSelected(true);
    }

    private void chooseBoardColour() {
        Color chosen = JColorChooser.showDialog(this, texts.get("menu.view.colour"), board.getBackground());
        setBoardColour(chosen != null ? chosen : board.getBackground());
    }

    /** Asks where and how to play online, then connects; the window's own game waits meanwhile. */
    private void playOnline() {
        OnlineDialog dialog = new OnlineDialog(this, texts, preferences, SIZES);
        dialog.setVisible(true);
        OnlineDialog.Request request = dialog.request();
        if (request != null) {
            stopThinking();
            generation++;
            online.start(request);
        }
    }

    /** The online mode changed: show its panel or the hint, switch the own game's menus, title the window. */
    private void onlineChanged() {
        if (online == null) {
            return; // still being built
        }
        boolean active = online.isActive();
        ((CardLayout) side.getLayout()).show(side, active ? "online" : "hint");
        for (JMenu m : localMenus) {
            m.setEnabled(!active);
        }
        for (JMenuItem item : List.of(heat, replay, previousItem, nextItem)) {
            item.setEnabled(!active);
        }
        leaveItem.setEnabled(active);
        boolean wasActive = showingOnline;
        showingOnline = active;
        if (active) {
            saveItem.setEnabled(online.saveText() != null);
            setTitle(texts.get("app.title") + " — " + online.title());
        } else if (wasActive) {
            refresh();
        }
    }

    /** Closes the window, leaving its online room first. */
    @Override
    public void dispose() {
        online.leave();
        super.dispose();
    }

    /** Redraws the board, the hint and the status line from the game, and enables what can be done now. */
    private void refresh() {
        if (online.isActive()) {
            return; // the board and the status line show the online room
        }
        saveItem.setEnabled(true);
        boolean replaying = replayAt >= 0;
        Gomoku shown = replaying ? rewound(game, replayAt) : game;
        try {
            int n = shown.size();
            boolean showForbidden = shown.rule() == Rule.RENJU && shown.sideToMove() == Stone.BLACK && !shown.isOver();
            List<Point> forbidden = showForbidden ? shown.forbiddenPoints() : List.of();
            List<Point> candidates = new ArrayList<>();
            if (hint != null && !replaying) {
                hint.candidates().forEach(c -> candidates.add(c.point()));
            }
            int[][] scores = heat.isSelected() && !shown.isOver() ? shown.scores(0) : null;
            board.show(new BoardPanel.View(n, BoardPanel.stones(shown.rows()), shown.lastMove(), shown.winningLine(), forbidden, candidates, scores));
            status.setText(notice != null ? notice : describe(shown, replaying));
            setTitle(texts.get("app.title") + " — " + rule.displayName(texts.language()) + ", " + texts.format("size", n));
        } finally {
            if (replaying) {
                shown.close();
            }
        }
        hintText.setText(describeHint());
        hintText.setCaretPosition(0);
        boolean busy = thinker != null;
        stopItem.setEnabled(busy);
        previousItem.setEnabled(replaying);
        nextItem.setEnabled(replaying);
        undoItem.setEnabled(!replaying && !game.moves().isEmpty());
        hintItem.setEnabled(!replaying && !busy && !game.isOver() && !computersTurn());
        resignItem.setEnabled(!replaying && !game.isOver());
    }

    /** A copy of {@code game} taken back to its first {@code moves} moves. */
    static Gomoku rewound(Gomoku game, int moves) {
        Gomoku copy = game.copy();
        while (copy.moves().size() > moves) {
            copy.undo();
        }
        return copy;
    }

    private String describe(Gomoku shown, boolean replaying) {
        if (replaying) {
            return texts.format("status.replay", replayAt, game.moves().size());
        }
        if (shown.isOver()) {
            return shown.resultText(texts.language());
        }
        String mover = texts.stone(shown.sideToMove());
        if (thinker != null && computersTurn()) {
            return texts.format("status.thinking", mover);
        }
        if (thinker != null) {
            return texts.get("status.hintThinking");
        }
        return texts.format(vsComputer() ? "status.you" : "status.toMove", mover);
    }

    /** The hint's sentence and its numbered candidates, as the board numbers them. */
    private String describeHint() {
        if (hint == null) {
            return texts.get("hint.empty");
        }
        StringBuilder text = new StringBuilder(hint.text()).append("\n");
        List<HintPoint> candidates = hint.candidates();
        for (int i = 0; i < candidates.size(); i++) {
            text.append("\n").append(i + 1).append("  ").append(candidates.get(i).text());
        }
        return text.toString();
    }

    // For tests that drive the real UI.

    OnlinePlay online() {
        return online;
    }

    BoardPanel boardPanel() {
        return board;
    }

    Gomoku game() {
        return game;
    }

    boolean isThinking() {
        return thinker != null;
    }

    String statusText() {
        return status.getText();
    }

    String hintText() {
        return hintText.getText();
    }

    /** The menu item (or menu) named {@code name}, wherever it is in the menu bar. */
    AbstractButton menuItem(String name) {
        AbstractButton found = find(menus, name);
        if (found == null) {
            throw new IllegalArgumentException("no menu item " + name);
        }
        return found;
    }

    private static AbstractButton find(MenuElement root, String name) {
        for (MenuElement child : root.getSubElements()) {
            if (child instanceof AbstractButton b && name.equals(b.getName())) {
                return b;
            }
            AbstractButton inner = find(child, name);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    /**
     * Starts the demo; {@code --smoke} plays a move against the computer, prints the moves and exits.
     * Without libgomoku it says where it looked (and, unless {@code --smoke}, in a dialog) and exits 1.
     */
    public static void main(String[] args) throws InterruptedException, InvocationTargetException {
        boolean smoke = List.of(args).contains("--smoke");
        try {
            Gomoku.version();
        } catch (UnsatisfiedLinkError missing) {
            System.err.println(missing.getMessage());
            if (!smoke && !GraphicsEnvironment.isHeadless()) {
                SwingUtilities.invokeAndWait(() ->
                        JOptionPane.showMessageDialog(null, missing.getMessage(), "gomoku", JOptionPane.ERROR_MESSAGE));
            }
            System.exit(1);
        }
        SwingUtilities.invokeLater(() -> {
            GomokuDemo demo = new GomokuDemo();
            demo.setVisible(true);
            if (smoke) {
                smokeTest(demo);
            }
        });
    }

    /** Plays the centre through the UI, waits for the computer's answer, and exits 0 (1 after 30 s without one). */
    private static void smokeTest(GomokuDemo demo) {
        int centre = demo.game.size() / 2;
        demo.clicked(new Point(centre, centre));
        long deadline = System.currentTimeMillis() + 30_000;
        Timer poll = new Timer(50, null);
        poll.addActionListener(e -> {
            if (!demo.isThinking() && demo.game.moves().size() >= 2) {
                System.out.println("smoke test passed: " + demo.game.moves() + " with libgomoku " + Gomoku.version());
                System.exit(0);
            } else if (System.currentTimeMillis() > deadline) {
                System.out.println("smoke test failed: the computer did not answer");
                System.exit(1);
            }
        });
        poll.start();
    }
}
