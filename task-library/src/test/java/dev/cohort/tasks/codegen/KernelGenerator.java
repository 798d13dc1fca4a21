package dev.cohort.tasks.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Expands the per-dtype kernel templates of the task library into Java sources.
 *
 * <p>Every template {@code task-library/src/main/templates/NAME.java.tmpl} becomes
 * {@code task-library/src/main/java/dev/cohort/tasks/NAME.java}. The generated files are checked in;
 * {@code GeneratedKernelsTest} fails when regenerating would change one, so a template and its output
 * never drift apart. Run from the repository root (JDK 17, no dependencies):
 *
 * <pre>{@code task-library/generate-kernels}</pre>
 * (which is {@code java task-library/src/test/java/dev/cohort/tasks/codegen/KernelGenerator.java}).
 *
 * <p><b>Template language.</b> A template is Java with two additions.
 * <ul>
 *   <li>Directive lines, whose trimmed text starts with {@code //#}:
 *     <ul>
 *       <li>{@code //# for V in A B C} ... {@code //# end}: the block once per value, in order. When
 *           every value is a dtype letter ({@code D F L I Z}) {@code V} is a <em>type variable</em>.
 *           Blocks nest; an inner loop may use an outer variable's value ({@code //# for U in $T.widen$}).</li>
 *       <li>{@code //# let NAME = TEXT}: binds the plain variable {@code NAME} to {@code TEXT} (placeholders
 *           in it substituted now; the text after {@code = } is kept to the line's end, trailing spaces included) for the rest of the innermost enclosing {@code for}
 *           iteration (or of the file); {@code if} branches do not end it. One loop body can so spell
 *           an expression once and use it in several index forms ({@code $A$} for {@code a[k]} or
 *           {@code a[ao + j]}).</li>
 *       <li>{@code //# if COND} ... [{@code //# elif COND}] ... [{@code //# else}] ... {@code //# end}, where
 *           {@code COND} is {@code V in X Y}, {@code V not in X Y}, {@code V == X} or {@code V != X},
 *           optionally joined by {@code &&} (all must hold) or {@code ||} (any, not mixed with
 *           {@code &&}). {@code V} may be a variable or a property ({@code T.kind}); placeholders in a
 *           condition are substituted first ({@code //# if T == $U.S$}).</li>
 *     </ul></li>
 *   <li>Placeholders {@code $NAME$}: a plain variable's value; for a type variable {@code V},
 *       {@code $V$} is its Java primitive and {@code $V.PROP$} one of {@link DType}'s properties. For the
 *       type variable {@code T} the properties are also reachable without the prefix
 *       ({@code $S$}, {@code $FT$}, …). An unknown placeholder is an error, never left in the output.</li>
 * </ul>
 *
 * <p>The output starts with a comment naming the template; nothing else is added.
 */
public final class KernelGenerator {
    private KernelGenerator() {
    }

    /** Templates, relative to the repository root. */
    public static final Path TEMPLATES = Path.of("task-library", "src", "main", "templates");
    /** Generated sources, relative to the repository root. */
    public static final Path OUTPUT = Path.of("task-library", "src", "main", "java", "dev", "cohort", "tasks");
    static final String SUFFIX = ".java.tmpl";

    /**
     * The five dtypes of Cohort and what a template may ask of each.
     *
     * @param letter  the suffix of per-type method names ({@code D}, {@code F}, {@code L}, {@code I}, {@code Z})
     * @param prim    the Java element type of an instance ({@code double}, {@code float}, {@code long}, {@code int}, {@code byte})
     * @param fieldType the {@code FieldType} constant
     * @param box     the boxed element type
     * @param compute the type arithmetic is done in (NumPy's result type of the op for the dtype):
     *                {@code double} for floats, {@code long} for integers and bool
     * @param kind    {@code float}, {@code int} or {@code bool}
     * @param vector  the {@code jdk.incubator.vector} class of the element type
     * @param bits    the element width in bits
     */
    public record DType(String letter, String prim, String fieldType, String box, String compute, String kind,
                        String vector, int bits) {
        Map<String, String> properties() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("S", letter);
            p.put("prim", prim);
            p.put("FT", fieldType);
            p.put("Box", box);
            p.put("C", compute);
            p.put("CS", compute.equals("double") ? "D" : "L");
            p.put("kind", kind);
            p.put("Vec", vector);
            p.put("bits", Integer.toString(bits));
            return p;
        }
    }

    /** Every dtype, by letter. */
    public static final Map<String, DType> DTYPES = Map.of(
            "D", new DType("D", "double", "FLOAT64", "Double", "double", "float", "DoubleVector", 64),
            "F", new DType("F", "float", "FLOAT32", "Float", "double", "float", "FloatVector", 32),
            "L", new DType("L", "long", "INT64", "Long", "long", "int", "LongVector", 64),
            "I", new DType("I", "int", "INT32", "Integer", "long", "int", "IntVector", 32),
            "Z", new DType("Z", "byte", "BOOL", "Byte", "long", "bool", "ByteVector", 8));

    /** A template error, naming the template and line. */
    public static final class TemplateException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TemplateException(String template, int line, String message) {
            super(template + ":" + line + ": " + message);
        }
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z][A-Za-z0-9_]*)?)\\$");

    /** Regenerates every template under {@code root}; prints the files that changed. */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        int changed = 0;
        for (Map.Entry<Path, String> e : generateAll(root).entrySet()) {
            Path out = root.resolve(e.getKey());
            String old = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : null;
            if (!e.getValue().equals(old)) {
                Files.writeString(out, e.getValue(), StandardCharsets.UTF_8);
                System.out.println("wrote " + e.getKey());
                changed++;
            }
        }
        System.out.println(changed + " file(s) changed");
    }

    /** Output path (relative to {@code root}) to generated text, for every template under {@code root}. */
    public static Map<Path, String> generateAll(Path root) throws IOException {
        Map<Path, String> out = new LinkedHashMap<>();
        Path dir = root.resolve(TEMPLATES);
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<Path> templates;
        try (Stream<Path> s = Files.list(dir)) {
            templates = s.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        }
        for (Path t : templates) {
            String file = t.getFileName().toString();
            String name = file.substring(0, file.length() - SUFFIX.length());
            String text = Files.readString(t, StandardCharsets.UTF_8);
            out.put(OUTPUT.resolve(name + ".java"), generate(TEMPLATES.resolve(file).toString().replace('\\', '/'), text));
        }
        return out;
    }

    /** The Java source expanded from {@code text}; {@code template} names it in the header and in errors. */
    public static String generate(String template, String text) {
        List<String> lines = Arrays.asList(text.split("\n", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        Node root = parse(template, lines);
        StringBuilder sb = new StringBuilder();
        sb.append("// GENERATED from ").append(template)
                .append(" by task-library/generate-kernels: edit the template, not this file.\n");
        root.emit(template, new LinkedHashMap<>(), sb);
        return sb.toString();
    }

    // ------------------------------------------------------------------ parsing

    private abstract static class Node {
        final int line;

        Node(int line) {
            this.line = line;
        }

        abstract void emit(String template, Map<String, String> env, StringBuilder out);
    }

    private static final class Block extends Node {
        final List<Node> children = new ArrayList<>();

        Block(int line) {
            super(line);
        }

        @Override
        void emit(String template, Map<String, String> env, StringBuilder out) {
            for (Node n : children) {
                n.emit(template, env, out);
            }
        }
    }

    private static final class Text extends Node {
        final String text;

        Text(int line, String text) {
            super(line);
            this.text = text;
        }

        @Override
        void emit(String template, Map<String, String> env, StringBuilder out) {
            out.append(substitute(template, line, text, env)).append('\n');
        }
    }

    private static final class For extends Node {
        final String var;
        final String values;
        final Block body;

        For(int line, String var, String values, Block body) {
            super(line);
            this.var = var;
            this.values = values;
            this.body = body;
        }

        @Override
        void emit(String template, Map<String, String> env, StringBuilder out) {
            String[] vals = substitute(template, line, values, env).trim().split("\\s+");
            boolean types = Arrays.stream(vals).allMatch(DTYPES::containsKey);
            for (String v : vals) {
                Map<String, String> inner = new LinkedHashMap<>(env);
                if (types) {
                    DType d = DTYPES.get(v);
                    inner.put(var, d.prim());
                    inner.put(var + ".letter", v);
                    for (Map.Entry<String, String> p : d.properties().entrySet()) {
                        inner.put(var + "." + p.getKey(), p.getValue());
                        if (var.equals("T")) {
                            inner.put(p.getKey(), p.getValue());
                        }
                    }
                } else {
                    inner.put(var, v);
                }
                body.emit(template, inner, out);
            }
        }
    }

    private static final class Let extends Node {
        final String var;
        final String value;

        Let(int line, String var, String value) {
            super(line);
            this.var = var;
            this.value = value;
        }

        @Override
        void emit(String template, Map<String, String> env, StringBuilder out) {
            // the map is the enclosing for iteration's own (or the file's): the binding ends with it
            env.put(var, substitute(template, line, value, env));
        }
    }

    private static final class If extends Node {
        final List<String> conditions = new ArrayList<>();
        final List<Block> branches = new ArrayList<>();
        Block otherwise;

        If(int line) {
            super(line);
        }

        @Override
        void emit(String template, Map<String, String> env, StringBuilder out) {
            for (int i = 0; i < conditions.size(); i++) {
                if (holds(template, line, conditions.get(i), env)) {
                    branches.get(i).emit(template, env, out);
                    return;
                }
            }
            if (otherwise != null) {
                otherwise.emit(template, env, out);
            }
        }
    }

    private static Node parse(String template, List<String> lines) {
        Block root = new Block(0);
        Deque<Node> open = new ArrayDeque<>();   // For or If, innermost first
        Deque<Block> target = new ArrayDeque<>();
        target.push(root);
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String line = lines.get(i);
            String t = line.trim();
            if (!t.startsWith("//#")) {
                target.peek().children.add(new Text(no, line));
                continue;
            }
            String d = t.substring(3).trim();
            String word = d.split("\\s+", 2)[0];
            String rest = d.length() > word.length() ? d.substring(word.length()).trim() : "";
            switch (word) {
                case "for" -> {
                    Matcher m = Pattern.compile("([A-Za-z][A-Za-z0-9_]*)\\s+in\\s+(.+)").matcher(rest);
                    if (!m.matches()) {
                        throw new TemplateException(template, no, "expected '//# for VAR in VALUES', got '" + t + "'");
                    }
                    Block body = new Block(no);
                    For f = new For(no, m.group(1), m.group(2), body);
                    target.peek().children.add(f);
                    open.push(f);
                    target.push(body);
                }
                case "let" -> {
                    // the text keeps its trailing spaces ("(float) " prefixes an expression)
                    String raw = line.stripLeading().substring(3).stripLeading().substring(3);
                    Matcher m = Pattern.compile("\\s+([A-Za-z][A-Za-z0-9_]*)\\s*=\\s?(.*)").matcher(raw);
                    if (!m.matches()) {
                        throw new TemplateException(template, no, "expected '//# let NAME = TEXT', got '" + t + "'");
                    }
                    target.peek().children.add(new Let(no, m.group(1), m.group(2)));
                }
                case "if" -> {
                    If f = new If(no);
                    Block body = new Block(no);
                    f.conditions.add(requireCondition(template, no, rest));
                    f.branches.add(body);
                    target.peek().children.add(f);
                    open.push(f);
                    target.push(body);
                }
                case "elif", "else" -> {
                    if (!(open.peek() instanceof If f) || f.otherwise != null) {
                        throw new TemplateException(template, no, "'" + word + "' without an open 'if'");
                    }
                    target.pop();
                    Block body = new Block(no);
                    if (word.equals("elif")) {
                        f.conditions.add(requireCondition(template, no, rest));
                        f.branches.add(body);
                    } else {
                        if (!rest.isEmpty()) {
                            throw new TemplateException(template, no, "'else' takes no condition, got '" + rest + "'");
                        }
                        f.otherwise = body;
                    }
                    target.push(body);
                }
                case "end" -> {
                    if (open.isEmpty()) {
                        throw new TemplateException(template, no, "'end' without an open 'for' or 'if'");
                    }
                    open.pop();
                    target.pop();
                }
                default -> throw new TemplateException(template, no, "unknown directive '" + t + "'");
            }
        }
        if (!open.isEmpty()) {
            Node n = open.peek();
            throw new TemplateException(template, n.line, "'" + (n instanceof For ? "for" : "if") + "' never ended");
        }
        return root;
    }

    private static String requireCondition(String template, int line, String cond) {
        if (cond.isEmpty()) {
            throw new TemplateException(template, line, "'if' needs a condition");
        }
        return cond;
    }

    // ------------------------------------------------------------------ evaluation

    private static String substitute(String template, int line, String text, Map<String, String> env) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = env.get(m.group(1));
            if (v == null) {
                throw new TemplateException(template, line, "unknown placeholder $" + m.group(1) + "$ (bound: " + env.keySet() + ")");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static boolean holds(String template, int line, String condition, Map<String, String> env) {
        // placeholders in a condition are substituted first: '//# if T == $U.S$' compares two type variables
        String cond = substitute(template, line, condition, env);
        boolean and = cond.contains("&&");
        boolean or = cond.contains("||");
        if (and && or) {
            throw new TemplateException(template, line, "do not mix && and || in '" + cond + "'");
        }
        if (and || or) {
            String[] parts = cond.split(and ? "&&" : "\\|\\|");
            for (String p : parts) {
                boolean h = atom(template, line, p.trim(), env);
                if (and && !h) {
                    return false;
                }
                if (or && h) {
                    return true;
                }
            }
            return and;
        }
        return atom(template, line, cond, env);
    }

    private static boolean atom(String template, int line, String cond, Map<String, String> env) {
        String[] w = cond.trim().split("\\s+");
        if (w.length < 3) {
            throw new TemplateException(template, line, "cannot read condition '" + cond + "'");
        }
        String value = env.get(w[0]);
        if (value == null) {
            throw new TemplateException(template, line, "unknown variable '" + w[0] + "' in '" + cond + "'");
        }
        // a type variable compares by its letter
        String letter = env.get(w[0] + ".letter");
        String v = letter != null ? letter : value;
        if (w[1].equals("in")) {
            return Arrays.asList(w).subList(2, w.length).contains(v);
        }
        if (w[1].equals("not") && w.length >= 4 && w[2].equals("in")) {
            return !Arrays.asList(w).subList(3, w.length).contains(v);
        }
        if (w.length == 3 && w[1].equals("==")) {
            return v.equals(w[2]);
        }
        if (w.length == 3 && w[1].equals("!=")) {
            return !v.equals(w[2]);
        }
        throw new TemplateException(template, line, "cannot read condition '" + cond + "'");
    }
}
