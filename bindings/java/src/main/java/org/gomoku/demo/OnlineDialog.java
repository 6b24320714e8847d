package org.gomoku.demo;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.FlowLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;
import javax.swing.BorderFactory;
import javax.swing.ButtonGroup;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JRadioButton;
import javax.swing.JTextField;
import org.gomoku.Gomoku;
import org.gomoku.Rule;
import org.gomoku.Stone;

/**
 * Asks where to play online and how: the server ({@code HOST:PORT}, or its
 * {@code ws://} URL), one's name, and either a new room (rule, size, colour,
 * a friend or the server's computer at a level, an optional clock per move)
 * or a room to join by its code or shared link. Modal; {@link #request()} is
 * the answer, null if cancelled. The server and the name are remembered.
 */
final class OnlineDialog extends JDialog {
    private static final long serialVersionUID = 1L;
    private static final String SERVER_KEY = "online.server";
    private static final String NAME_KEY = "online.name";
    private static final String DEFAULT_SERVER = "127.0.0.1:7715";
    private static final int[] CLOCK_SECONDS = {15, 30, 60, 300};

    /**
     * What the player asked for. {@code code} is set to join a room; otherwise
     * a room is created with {@code rule}, {@code size}, {@code colour}
     * ({@code black}, {@code white} or {@code random}), the server's computer
     * at {@code computerLevel} unless null, and {@code turnMs} per move unless null.
     */
    record Request(String server, String name, String code, Rule rule, int size, String colour, Integer computerLevel, Long turnMs) {
        /** Whether this joins a room rather than creating one. */
        boolean joins() {
            return code != null;
        }
    }

    /** A choice in a list: its value and the words shown for it. */
    private record Choice<T>(T value, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final transient Texts texts;
    private final transient Preferences preferences;
    private final JTextField server = new JTextField(22);
    private final JTextField name = new JTextField(22);
    private final JRadioButton create;
    private final JRadioButton join;
    private final JComboBox<Choice<Rule>> rule = new JComboBox<>();
    private final JComboBox<Choice<Integer>> size = new JComboBox<>();
    private final JComboBox<Choice<String>> colour = new JComboBox<>();
    private final JComboBox<Choice<Boolean>> opponent = new JComboBox<>();
    private final JComboBox<Choice<Integer>> level = new JComboBox<>();
    private final JComboBox<Choice<Long>> clock = new JComboBox<>();
    private final JTextField code = new JTextField(22);
    private final JLabel problem = new JLabel(" ");
    private final List<JComponent> createFields = new ArrayList<>();
    private transient Request request;

    /** The dialog over {@code owner}, offering boards of {@code sizes}; {@code preferences} keep the server and name. */
    OnlineDialog(JFrame owner, Texts texts, Preferences preferences, int[] sizes) {
        super(owner, texts.get("online.title"), true);
        this.texts = texts;
        this.preferences = preferences;
        setName("online.dialog");
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);

        server.setText(preferences.get(SERVER_KEY, DEFAULT_SERVER));
        server.setToolTipText(texts.get("online.server.tip"));
        name.setText(preferences.get(NAME_KEY, ""));
        for (Rule r : Rule.values()) {
            rule.addItem(new Choice<>(r, r.displayName(texts.language())));
        }
        for (int n : sizes) {
            size.addItem(new Choice<>(n, texts.format("size", n)));
            if (n == 15) {
                size.setSelectedIndex(size.getItemCount() - 1);
            }
        }
        colour.addItem(new Choice<>(Protocol.wire(Stone.BLACK), texts.get("online.colour.black")));
        colour.addItem(new Choice<>(Protocol.wire(Stone.WHITE), texts.get("online.colour.white")));
        colour.addItem(new Choice<>("random", texts.get("online.colour.random")));
        opponent.addItem(new Choice<>(false, texts.get("online.opponent.friend")));
        opponent.addItem(new Choice<>(true, texts.get("online.opponent.computer")));
        for (int l = 1; l <= Gomoku.maxLevel(); l++) {
            level.addItem(new Choice<>(l, texts.format("level", l)));
        }
        level.setSelectedIndex(Math.min(2, level.getItemCount() - 1));
        clock.addItem(new Choice<>(null, texts.get("online.clock.none")));
        for (int seconds : CLOCK_SECONDS) {
            clock.addItem(new Choice<>(seconds * 1000L, texts.format("online.clock.seconds", seconds)));
        }
        opponent.addActionListener(e -> enableFields());

        ButtonGroup modes = new ButtonGroup();
        create = new JRadioButton(texts.get("online.create"), true);
        join = new JRadioButton(texts.get("online.join"));
        create.setName("online.create");
        join.setName("online.join");
        modes.add(create);
        modes.add(join);
        create.addActionListener(e -> enableFields());
        join.addActionListener(e -> enableFields());

        JPanel form = new JPanel(new GridBagLayout());
        form.setBorder(BorderFactory.createEmptyBorder(10, 12, 4, 12));
        row(form, "online.server", server);
        row(form, "online.name", name);
        row(form, null, create);
        createFields.add(row(form, "online.rule", rule));
        createFields.add(row(form, "online.size", size));
        createFields.add(row(form, "online.colour", colour));
        createFields.add(row(form, "online.opponent", opponent));
        createFields.add(row(form, "online.level", level));
        createFields.add(row(form, "online.clock", clock));
        row(form, null, join);
        row(form, "online.code", code);
        problem.setName("online.problem");
        problem.setForeground(new Color(190, 20, 20));
        row(form, null, problem);

        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT));
        JButton connect = new JButton(texts.get("online.connect"));
        connect.setName("online.connect");
        connect.addActionListener(e -> connect());
        JButton cancel = new JButton(texts.get("online.cancel"));
        cancel.setName("online.cancel");
        cancel.addActionListener(e -> dispose());
        buttons.add(connect);
        buttons.add(cancel);
        getRootPane().setDefaultButton(connect);
        getContentPane().add(form, BorderLayout.CENTER);
        getContentPane().add(buttons, BorderLayout.SOUTH);
        enableFields();
        pack();
        setLocationRelativeTo(owner);
    }

    /** Adds a labelled row (no label when {@code key} is null) and returns its field. */
    private JComponent row(JPanel form, String key, JComponent field) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = form.getComponentCount();
        c.insets = new Insets(3, 4, 3, 4);
        c.anchor = GridBagConstraints.WEST;
        if (key != null) {
            JLabel label = new JLabel(texts.get(key));
            label.setLabelFor(field);
            c.gridx = 0;
            form.add(label, c);
            field.setName(key);
        }
        c.gridx = 1;
        c.gridwidth = key == null ? 1 : GridBagConstraints.REMAINDER;
        c.fill = GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        form.add(field, c);
        return field;
    }

    private void enableFields() {
        for (JComponent field : createFields) {
            field.setEnabled(create.isSelected());
        }
        level.setEnabled(create.isSelected() && Boolean.TRUE.equals(selected(opponent)));
        code.setEnabled(join.isSelected());
    }

    private static <T> T selected(JComboBox<Choice<T>> box) {
        @SuppressWarnings("unchecked")
        Choice<T> choice = (Choice<T>) box.getSelectedItem();
        return choice == null ? null : choice.value();
    }

    /** Checks the answer, remembers the server and the name, and closes. */
    private void connect() {
        String address = server.getText().trim();
        String room = null;
        if (join.isSelected()) {
            String typed = code.getText().trim();
            if (typed.contains("://")) {
                address = typed; // a shared link names its server too
            }
            room = OnlineConnection.roomCode(typed);
            if (room.isEmpty()) {
                problem.setText(texts.get("online.noCode"));
                return;
            }
        }
        try {
            OnlineConnection.socketUri(address);
        } catch (IllegalArgumentException e) {
            problem.setText(texts.format("online.badServer", address));
            return;
        }
        if (!server.getText().isBlank()) {
            preferences.put(SERVER_KEY, server.getText().trim());
        }
        preferences.put(NAME_KEY, name.getText().trim());
        boolean computer = Boolean.TRUE.equals(selected(opponent));
        request = new Request(address, name.getText().trim(), room, selected(rule), selected(size), selected(colour),
                computer ? selected(level) : null, selected(clock));
        dispose();
    }

    /** The player's answer, or null if the dialog was cancelled. */
    Request request() {
        return request;
    }
}
