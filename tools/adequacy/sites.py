"""Generated mutants: every site where an operator class applies, found on the syntax tree
(tree-sitter, with the Swift, C, Kotlin and TypeScript grammars from PyPI), never by a hand-written
text pattern. A mutant is (file, site, operator); its id hashes the enclosing function's name, the
operator and the site's own text (plus its rank among equal texts in that function), so an edit
elsewhere in the file, or lines moving, leaves every id as it was.

Operator classes (CLASSES): relational and equality flips, boundary shifts (< <-> <=, +-1 on an integer
constant), negation of a condition, a guard or branch removed, a call's result replaced by its
type's default, statement deletion, a swap of two adjacent arguments of like kind, and the data-shape
edits this contract is sensitive to: a text transform (trim, lower case, NFD) on a call's text result,
first-wins instead of last-wins (last -> first lookups; a lookup loop run backwards), and the order of a
list result reversed. Sites whose type the syntax cannot tell (is this call's result a String? a
list?) are decided when the schemata build runs: the helper records whether the value at the site was
of the type the operator needs, and a mutant whose site never held one is "not applicable", not a
survivor (see schemata.py)."""

import hashlib
import os
import re

CLASSES = ("relational", "boundary", "negate", "branch", "default", "delete", "swap", "text", "firstwins", "reverse")

READERS = {
    # reader: (language, the files it consists of, relative to the repository)
    "swift": ("swift", "Sources/WidgetSnapshot", (".swift",)),
    "c": ("c", "Sources/ReferenceDecoder", (".c",)),
    "kotlin": ("kotlin", "ends/kotlin/WidgetData.kt", (".kt",)),
    "writer": ("typescript", "ends/writer/src", (".ts",)),
}

NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
BOUNDARY = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
TS_NEGATED = dict(NEGATED, **{"===": "!==", "!==": "==="})
FIRST_OF_LAST = {"last": "first", "lastIndex": "firstIndex", "lastOrNull": "firstOrNull", "findLast": "find",
                 "lastIndexOf": "indexOf", "findLastIndex": "findIndex"}
# Calls never replaced: they end the process or only check (their result is not data).
NO_DEFAULT = {"fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "require",
              "check", "error", "TODO", "abort", "exit", "free", "memset", "memcpy", "memmove", "va_start",
              "va_end", "sizeof", "offsetof", "Array", "Set", "Dictionary"}


class GenMutant:
    """One generated mutant: where it is, what it does, and how to build it into a schemata file."""

    def __init__(self, reader, lang, file, node, op_class, operator, variant, function, what):
        self.reader, self.lang, self.file = reader, lang, file
        self.start, self.end = node.start_byte, node.end_byte
        self.line = node.start_point[0] + 1
        self.last_line = node.end_point[0] + 1
        self.op_class, self.operator = op_class, operator
        self.variant = variant        # (render) -> text of the mutated node, children rendered by `render`
        self.kind = "expr"            # expr | stmt | cond-guard | loop (how schemata.py wraps it)
        self.function = function
        self.what = what
        self.text = node.text.decode("utf-8", "replace")
        self.number = 0               # the schemata switch value, set when a run numbers its mutants
        self.id = ""
        self.equivalent = ""
        self.runtime = False          # applicability decided by the helper at run time
        self.once = False             # Swift: in a static or global `let`'s initialiser, run once per process


def _language(lang):
    import tree_sitter as ts
    if lang == "swift":
        import tree_sitter_swift as g
        return ts.Language(g.language())
    if lang == "c":
        import tree_sitter_c as g
        return ts.Language(g.language())
    if lang == "kotlin":
        import tree_sitter_kotlin as g
        return ts.Language(g.language())
    import tree_sitter_typescript as g
    return ts.Language(g.language_typescript())


_PARSERS = {}


def parse(lang, source):
    import tree_sitter as ts
    if lang not in _PARSERS:
        _PARSERS[lang] = ts.Parser(_language(lang))
    return _PARSERS[lang].parse(source)


def reader_files(repo, reader):
    lang, where, exts = READERS[reader]
    full = os.path.join(repo, where)
    if os.path.isfile(full):
        return [where]
    out = []
    for root, _dirs, files in os.walk(full):
        for name in sorted(files):
            if name.endswith(exts) and not name.endswith(".d.ts"):
                out.append(os.path.relpath(os.path.join(root, name), repo))
    return sorted(out)


def txt(node):
    return node.text.decode("utf-8", "replace")


def short(text, n=60):
    one = " ".join(text.split())
    return one if len(one) <= n else one[: n - 1] + "…"


# ---- per-language syntax facts ---------------------------------------------------------------

class Syntax:
    """What the finder needs to know of one grammar."""
    lang = ""
    comparison = ()             # node types of a binary comparison
    function_types = ()
    integer = ()

    def op_of(self, node):
        op = node.child_by_field_name("op") or node.child_by_field_name("operator")
        if op is None:
            for c in node.children:
                if not c.is_named:
                    return c
        return op

    def lhs_rhs(self, node):
        a = node.child_by_field_name("lhs") or node.child_by_field_name("left")
        b = node.child_by_field_name("rhs") or node.child_by_field_name("right")
        return a, b

    def function_name(self, node):
        name = node.child_by_field_name("name")
        return txt(name) if name is not None else node.type


class SwiftSyntax(Syntax):
    lang = "swift"
    comparison = ("comparison_expression", "equality_expression", "infix_expression")
    function_types = ("function_declaration", "init_declaration", "computed_property", "property_declaration",
                      "subscript_declaration", "deinit_declaration")
    integer = ("integer_literal",)

    def function_name(self, node):
        if node.type == "init_declaration":
            return "init"
        name = node.child_by_field_name("name")
        if name is not None:
            return " ".join(txt(name).split())
        return node.type


class CSyntax(Syntax):
    lang = "c"
    comparison = ("binary_expression",)
    function_types = ("function_definition",)
    integer = ("number_literal",)

    def function_name(self, node):
        d = node.child_by_field_name("declarator")
        while d is not None and d.type != "identifier":
            d = d.child_by_field_name("declarator")
        return txt(d) if d is not None else "?"


class KotlinSyntax(Syntax):
    lang = "kotlin"
    comparison = ("binary_expression",)
    function_types = ("function_declaration", "property_declaration", "getter", "anonymous_initializer")
    integer = ("number_literal",)

    def function_name(self, node):
        for c in node.children:
            if c.type in ("identifier", "simple_identifier"):
                return txt(c)
            if c.type == "variable_declaration":
                return txt(c)
        return node.type


class TypeScriptSyntax(Syntax):
    lang = "typescript"
    comparison = ("binary_expression",)
    function_types = ("function_declaration", "method_definition", "arrow_function", "function_expression")
    integer = ("number",)


SYNTAX = {"swift": SwiftSyntax(), "c": CSyntax(), "kotlin": KotlinSyntax(), "typescript": TypeScriptSyntax()}


# ---- the finder -------------------------------------------------------------------------------

class Finder:
    def __init__(self, reader, file, source):
        self.reader = reader
        self.lang = READERS[reader][0]
        self.syntax = SYNTAX[self.lang]
        self.file = file
        self.source = source
        self.tree = parse(self.lang, source)
        self.found = []
        self.kept_out = 0             # sites a switch cannot carry (counted, reported)

    def add(self, node, op_class, operator, variant, what, kind="expr", runtime=False):
        m = GenMutant(self.reader, self.lang, self.file, node, op_class, operator, variant,
                      self.enclosing(node), what)
        m.kind, m.runtime = kind, runtime
        m.once = self.initialised_once(node)
        self.found.append(m)
        return m

    def initialised_once(self, node):
        """Swift: the site is in the initialiser of a `static`/`class` stored property or a global one,
        which Swift evaluates once per process, the first time it is read (swift_once). The schemata
        worker reads such a value before it forks (JSONParser.defaultMaximumDepth, parsing golden lines),
        so its children keep the unmutated value whatever switch they set: generated.py runs these
        mutants one process each, where the switch is set before the first read."""
        if self.lang != "swift":
            return False
        n = node.parent
        while n is not None:
            if n.type in ("computed_property", "function_declaration", "init_declaration", "subscript_declaration",
                          "deinit_declaration", "lambda_literal"):
                return False        # code that runs each time it is called
            if n.type == "property_declaration":
                modifiers = [txt(c) for c in n.children if c.type == "modifiers"]
                words = " ".join(modifiers).split()
                global_scope = n.parent is not None and n.parent.type == "source_file"
                return "static" in words or "class" in words or global_scope
            n = n.parent
        return False

    def enclosing(self, node):
        names = []
        n = node.parent
        while n is not None:
            if n.type in self.syntax.function_types:
                names.append(self.syntax.function_name(n))
            elif n.type in ("class_declaration", "protocol_declaration", "object_declaration", "struct_specifier"):
                name = n.child_by_field_name("name")
                if name is not None:
                    names.append(txt(name))
            n = n.parent
        return ".".join(reversed(names)) or "<file>"

    def walk(self):
        stack = [self.tree.root_node]
        while stack:
            node = stack.pop()
            if node.type in ("comment", "line_comment", "multiline_comment", "string_literal", "line_string_literal",
                             "multi_line_string_literal", "string", "char_literal", "preproc_include",
                             "preproc_def", "preproc_function_def", "import_declaration", "import_header",
                             "import_statement", "attribute", "annotation", "type_annotation", "user_type",
                             "type_identifier"):
                continue
            yield node
            stack.extend(reversed(node.children))

    # -- helpers --
    def in_type_position(self, node):
        n = node.parent
        while n is not None:
            if self.lang == "typescript" and n.type in ("literal_type", "type_alias_declaration", "type_annotation",
                                                         "interface_declaration", "type_arguments"):
                return True     # a type, not a value: `type Revision = 1 | 2` has no behaviour to change
            if n.type in ("switch_pattern", "switch_entry_pattern", "case_label", "enum_entry", "enumerator",
                          "array_declarator", "bitfield_clause", "preproc_if", "preproc_ifdef", "field_declaration",
                          "when_condition", "parameter", "enum_declaration", "static_assert_declaration",
                          "type_arguments", "attribute", "annotation", "init_declarator_static"):
                return True
            if n.type in ("switch_entry",) and node.start_byte < self._switch_body_start(n):
                return True
            if n.type in self.syntax.function_types and n.type not in ("property_declaration",):
                return False
            n = n.parent
        return False

    def _switch_body_start(self, entry):
        for c in entry.children:
            if c.type == ":":
                return c.start_byte
        return entry.end_byte

    def at_file_scope_initializer(self, node):
        """C: a constant in a file-scope initializer (a table) cannot take a run-time switch."""
        if self.lang != "c":
            return False
        n = node.parent
        while n is not None:
            if n.type == "initializer_list":
                return True         # a table's entries must be constants
            if n.type == "declaration" and any(c.type == "storage_class_specifier" and txt(c) == "static"
                                                for c in n.children):
                return True         # so must a static local's initializer
            if n.type in self.syntax.function_types:
                return False
            n = n.parent
        return True

    def find(self):
        for node in self.walk():
            t = node.type
            if t in self.syntax.comparison:
                self.comparison(node)
            elif t in self.syntax.integer:
                self.integer(node)
            if self.lang == "swift":
                self.swift_node(node)
            elif self.lang == "c":
                self.c_node(node)
            elif self.lang == "kotlin":
                self.kotlin_node(node)
            else:
                self.ts_node(node)
        return self.found

    # -- relational, equality, boundary --
    def comparison(self, node):
        op = self.syntax.op_of(node)
        if op is None:
            return
        o = txt(op)
        table = TS_NEGATED if self.lang == "typescript" else NEGATED
        if o not in table or self.in_type_position(node):
            return
        a, b = self.syntax.lhs_rhs(node)
        if a is None or b is None or self.at_file_scope_initializer(node):
            return
        if self.lang == "kotlin" and re.match(r"[A-Z]\w*$", txt(a)) and re.match(r"[A-Z]", txt(b)):
            return                  # `ArrayList<T>(n)`: the grammar reads a type's <…> as comparisons
        if self.lang == "kotlin" and "null" in (txt(a), txt(b)):
            self.kept_out += 1      # a switch around a null check breaks Kotlin's smart cast
            return

        def flip(to):
            return lambda r: f"{r(a)} {to} {r(b)}"
        self.add(node, "relational", f"{o}->{table[o]}", flip(table[o]), f"`{short(txt(node))}`: {o} -> {table[o]}")
        if o in BOUNDARY:
            self.add(node, "boundary", f"{o}->{BOUNDARY[o]}", flip(BOUNDARY[o]),
                     f"`{short(txt(node))}`: {o} -> {BOUNDARY[o]}")

    def integer(self, node):
        text = txt(node)
        clean = text.replace("_", "")
        m = re.fullmatch(r"(0x[0-9a-fA-F]+|[0-9]+)([uUlL]*)", clean)
        if not m or self.in_type_position(node) or self.at_file_scope_initializer(node):
            return
        if self.lang == "swift" and node.parent is not None and node.parent.type in ("tuple_expression",) and \
                node.parent.parent is not None and node.parent.parent.type == "navigation_suffix":
            return
        if self.lang == "kotlin" and self.in_const(node):
            return
        value = int(m.group(1), 0)
        suffix = m.group(2)
        for delta in (1, -1):
            v = value + delta
            if v < 0:
                continue
            self.add(node, "boundary", f"const{'+' if delta > 0 else '-'}1", (lambda v=v: lambda r: f"{v}{suffix}")(),
                     f"`{short(txt(node.parent or node))}`: {text} -> {v}")

    def in_const(self, node):
        n = node.parent
        while n is not None:
            if n.type == "property_declaration" and "const" in txt(n).split("val")[0]:
                return True
            n = n.parent
        return False

    # -- conditions --
    def condition(self, cond, guard, boolean_context=True):
        if cond is None or self.in_type_position(cond) or txt(cond) in ("true", "false", "1", "0"):
            return      # (`while true`: a switch there makes the compiler see a way out of the loop)
        if self.lang == "kotlin" and re.search(r"\bnull\b|\bis\b", txt(cond)):
            self.kept_out += 1      # negating a null or type check breaks the smart cast in its branch
            return
        self.add(cond, "negate", "not", lambda r: f"!({r(cond)})", f"`{short(txt(cond))}` negated")
        if guard is None:
            return
        if guard:
            self.add(cond, "branch", "guard-removed", lambda r: "true" if self.lang != "c" else "1",
                     f"guard `{short(txt(cond))}` removed (always passes)")
        else:
            self.add(cond, "branch", "branch-removed", lambda r: "false" if self.lang != "c" else "0",
                     f"branch `if {short(txt(cond))}` removed (never taken)")

    # -- data shape: what a call or a loop gives back --
    def call_result(self, node, defaults):
        """A used call's result replaced by its type's default (`defaults` says which they are) and, when
        it is text, transformed; both decided at run time."""
        self.add(node, "default", "default", lambda r: f"__mdef({{n}}, {r(node)})",
                 f"`{short(txt(node))}` returns its type's default ({defaults})", runtime=True)
        for op, what in (("trim", "trimmed of white space"), ("lower", "in lower case"),
                         ("nfd", "decomposed (NFD)")):
            self.add(node, "text", op, (lambda op: lambda r: f"__mtext({{n}}, \"{op}\", {r(node)})")(op),
                     f"the text `{short(txt(node))}` returns, {what}", runtime=True)

    def reversed_list(self, node, shown):
        """The list `node` gives (a call's result, what a return returns; `shown` names it), reversed."""
        self.add(node, "reverse", "reversed", lambda r: f"__mrev({{n}}, {r(node)})",
                 f"the list `{shown}` returns, reversed", runtime=True)

    def loop_reversed(self, coll, lookup):
        """The loop over `coll` run backwards: first-wins when its body is a lookup (it stores), else a reversal."""
        self.add(coll, "firstwins" if lookup else "reverse", "loop-reversed", lambda r: f"__mloop({{n}}, {r(coll)})",
                 f"the loop over `{short(txt(coll))}` run backwards" + (" (first wins)" if lookup else ""))

    # -- Swift --
    def swift_node(self, node):
        t = node.type
        if t in ("if_statement", "guard_statement", "while_statement", "repeat_while_statement"):
            for cond in self.swift_conditions(node):
                guard = True if t == "guard_statement" else (False if t == "if_statement" else None)
                self.condition(cond, guard)
        elif t == "ternary_expression":
            self.condition(node.child_by_field_name("condition"), None)
        elif t == "call_expression":
            self.swift_call(node)
        elif t == "control_transfer_statement":
            word = txt(node.children[0]) if node.children else ""
            if word == "return" and node.child_by_field_name("result") is not None:
                res = node.child_by_field_name("result")
                self.reversed_list(res, f"return {short(txt(res))}")
            elif word in ("continue", "break") and node.parent is not None and node.parent.type == "statements" \
                    and not (word == "break" and self.breaks_a_switch(node)):
                self.add(node, "delete", f"no-{word}", lambda r: "", f"`{word}` deleted", kind="stmt")
        elif t == "assignment" and node.parent is not None and node.parent.type == "statements" \
                and not self.inside(node, ("init_declaration",)) and not self.assigns_uninitialised(node):
            # (an assignment in an initializer cannot go: Swift refuses a property left uninitialised)
            self.add(node, "delete", "no-assign", lambda r: "", f"`{short(txt(node))}` deleted", kind="stmt")
        elif t == "for_statement":
            self.swift_for(node)

    def assigns_uninitialised(self, node):
        """`x = …` where x was declared without a value (`let x: T`): Swift refuses a use of x when the
        assignment may not run, so deleting it cannot be built."""
        target = node.child_by_field_name("target")
        name = txt(target).strip() if target is not None else ""
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            return False
        fn = node.parent
        while fn is not None and fn.type not in self.syntax.function_types:
            fn = fn.parent
        body = txt(fn) if fn is not None else ""
        return re.search(r"\b(?:let|var)\s+" + re.escape(name) + r"\s*:[^=\n]*\n", body) is not None

    def inside(self, node, types):
        n = node.parent
        while n is not None:
            if n.type in types:
                return True
            n = n.parent
        return False

    def breaks_a_switch(self, node):
        """Swift: a `break` that ends a switch case does what the case's end does (no fall-through)."""
        n = node.parent
        while n is not None:
            if n.type in ("switch_statement", "switch_entry"):
                return True
            if n.type in ("for_statement", "while_statement", "repeat_while_statement", "lambda_literal") or \
                    n.type in self.syntax.function_types:
                return False
            n = n.parent
        return False

    def swift_conditions(self, node):
        out, skip = [], False
        for c in node.children:
            if c.type in ("value_binding_pattern", "case", "let", "var", "pattern", "binding_pattern"):
                skip = True
                continue
            if c.type == ",":
                skip = False
                continue
            if c.type in ("{", "statements", "else", "}"):
                break
            if c.type in ("if", "guard", "while", "=", "#available", "availability_condition"):
                continue
            if not c.is_named or skip:
                continue
            out.append(c)
        return out

    def swift_call(self, node):
        suffix = next((c for c in node.children if c.type == "call_suffix"), None)
        callee = node.children[0] if node.children else None
        if suffix is None or callee is None:
            return
        args = next((c for c in suffix.children if c.type == "value_arguments"), None)
        is_subscript = args is not None and args.children and txt(args.children[0]) == "["
        name = txt(callee).split(".")[-1].split("(")[0].strip()
        parent = node.parent
        if callee.type == "navigation_expression" and name in FIRST_OF_LAST:
            to = FIRST_OF_LAST[name]
            nav_suffix = callee.child_by_field_name("suffix")
            target = callee.child_by_field_name("target")
            if target is not None and nav_suffix is not None:
                self.add(node, "firstwins", f"{name}->{to}",
                         lambda r, target=target, suffix=suffix, to=to: f"{r(target)}.{to}{r(suffix)}",
                         f"`{short(txt(node))}`: {name} -> {to} (first wins)")
        if is_subscript:
            return
        implicit = txt(callee).startswith(".") or callee.type in ("prefix_expression",)
        used = parent is not None and parent.type not in ("statements",) and parent.type != "call_expression"
        in_throw = False
        p = parent
        while p is not None and p.type not in ("statements",):
            if p.type in ("throw_keyword",) or (p.type == "control_transfer_statement" and txt(p).startswith("throw")):
                in_throw = True
            if p.type in ("directly_assignable_expression", "value_binding_pattern"):
                in_throw = True
            p = p.parent
        if used and not implicit and not in_throw and name not in NO_DEFAULT and not self.in_type_position(node):
            self.call_result(node, "nil, \"\", 0, false, []")
            self.reversed_list(node, short(txt(node)))
        if args is not None:
            self.swaps(node, callee, [c for c in args.children if c.type == "value_argument"], "(", ")",
                       lambda a: (txt(a.child_by_field_name("name")) if a.child_by_field_name("name") else "",
                                  a.child_by_field_name("value")), suffix_rest=suffix, args_node=args)

    def swift_for(self, node):
        coll = node.child_by_field_name("collection")
        body = next((c for c in node.children if c.type == "statements"), None)
        if coll is None or body is None:
            return
        text = txt(body)
        lookup = re.search(r"\]\s*=[^=]", text) is not None or (re.search(r"\bif\b", text) and re.search(
            r"(?<![=!<>])=(?!=)", text) and "break" not in text and "return" not in text)
        self.loop_reversed(coll, lookup)

    def swaps(self, call, callee, args, open_, close, label_value, suffix_rest=None, args_node=None):
        for i in range(len(args) - 1):
            la, va = label_value(args[i])
            lb, vb = label_value(args[i + 1])
            if va is None or vb is None or la != lb or txt(va) == txt(vb):
                continue
            if not self.like_kind(va, vb, call):
                continue
            ai, bi = args[i], args[i + 1]

            def variant(r, ai=ai, bi=bi):
                return swap_render(call, ai, bi, r)
            self.add(call, "swap", f"args{i}<->{i + 1}", variant,
                     f"`{short(txt(call))}`: arguments `{short(txt(va), 20)}` and `{short(txt(vb), 20)}` swapped")

    def like_kind(self, a, b, call):
        lit = ("integer_literal", "number_literal", "number", "string_literal", "line_string_literal", "string")
        if a.type in lit or b.type in lit:
            return a.type == b.type
        ids = ("simple_identifier", "identifier")
        if a.type in ids and b.type in ids:
            ta, tb = self.declared_type(call, txt(a)), self.declared_type(call, txt(b))
            return ta is not None and ta == tb
        return False

    def declared_type(self, node, name):
        """The type a name is declared with in the enclosing function (parameters and locals), by syntax."""
        fn = node.parent
        while fn is not None and fn.type not in self.syntax.function_types:
            fn = fn.parent
        if fn is None:
            return None
        body = txt(fn)
        if self.lang == "c":
            m = re.search(r"([A-Za-z_][\w \t]*?[\s\*]+)\b" + re.escape(name) + r"\s*[,;=)\[]", body)
            if m:
                return " ".join(m.group(1).replace("const", "").split())
            return None
        m = re.search(r"\b" + re.escape(name) + r"\s*:\s*([\w\.\?<>\[\]]+)", body)
        return m.group(1) if m else None

    # -- C --
    def c_node(self, node):
        t = node.type
        if t in ("if_statement", "while_statement", "do_statement"):
            cond = unparenthesized(node.child_by_field_name("condition"))
            self.condition(cond, False if t == "if_statement" else None)
        elif t == "for_statement":
            self.condition(node.child_by_field_name("condition"), None)
        elif t == "conditional_expression":
            self.condition(node.child_by_field_name("condition"), None)
        elif t == "expression_statement" and node.named_child_count == 1 and \
                node.named_children[0].type in ("assignment_expression", "call_expression", "update_expression") and \
                node.parent is not None and node.parent.type in ("compound_statement", "case_statement", "if_statement",
                                                                 "else_clause", "while_statement", "for_statement"):
            self.add(node, "delete", "no-stmt", lambda r: "", f"`{short(txt(node))}` deleted", kind="stmt")
        elif t in ("continue_statement", "break_statement") and node.parent is not None and \
                node.parent.type == "compound_statement":
            self.add(node, "delete", f"no-{txt(node).rstrip(';')}", lambda r: "", f"`{txt(node)}` deleted", kind="stmt")
        elif t == "call_expression":
            self.c_call(node)

    def c_call(self, node):
        fn = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if fn is None or args is None:
            return
        name = txt(fn)
        parent = node.parent
        used = parent is not None and parent.type not in ("expression_statement",)
        returns = c_return_types().get(name)
        if used and returns is not None and returns != "void" and "struct" not in returns \
                and name not in NO_DEFAULT and not self.at_file_scope_initializer(node):
            zero = "NULL" if "*" in returns else "0"
            self.add(node, "default", "default", lambda r, zero=zero: zero,
                     f"`{short(txt(node))}` returns {zero}")
        self.swaps(node, fn, [c for c in args.named_children], "(", ")", lambda a: ("", a))

    # -- Kotlin --
    def kotlin_node(self, node):
        t = node.type
        if t in ("if_expression", "while_statement", "do_while_statement"):
            cond = node.child_by_field_name("condition")
            if cond is None:
                kids = [c for c in node.named_children]
                cond = kids[0] if kids else None
            self.condition(cond, False if t == "if_expression" else None)
        elif t == "call_expression":
            self.kotlin_call(node)
        elif t == "assignment" and node.parent is not None and node.parent.type in ("block", "statements",
                                                                                     "control_structure_body") \
                and not self.inside(node, ("anonymous_initializer", "secondary_constructor")):
            self.add(node, "delete", "no-assign", lambda r: "", f"`{short(txt(node))}` deleted", kind="stmt")
        elif t == "for_statement":
            kids = [c for c in node.named_children]
            coll = next((c for c in kids[1:] if c.type not in ("variable_declaration", "block", "multi_variable_declaration",
                                                                "annotation")), None)
            body = next((c for c in kids if c.type == "block"), None)
            if coll is not None:
                text = txt(body) if body is not None else ""
                self.loop_reversed(coll, re.search(r"\]\s*=[^=]", text) is not None or ".put(" in text)
        elif t == "return_expression" and node.named_child_count == 1:
            res = node.named_children[0]
            if txt(res) != "null":
                self.reversed_list(res, f"return {short(txt(res))}")

    def kotlin_call(self, node):
        kids = node.children
        callee = kids[0] if kids else None
        args = next((c for c in kids if c.type == "value_arguments"), None)
        if callee is None:
            return
        name = txt(callee).split(".")[-1].strip()
        if callee.type == "navigation_expression" and name in FIRST_OF_LAST:
            to = FIRST_OF_LAST[name]
            target = callee.named_children[0] if callee.named_children else None
            rest = kids[1:]
            if target is not None:
                self.add(node, "firstwins", f"{name}->{to}",
                         lambda r, target=target, rest=rest, to=to: f"{r(target)}.{to}" + "".join(r(x) for x in rest),
                         f"`{short(txt(node))}`: {name} -> {to} (first wins)")
        parent = node.parent
        used = parent is not None and parent.type not in ("block", "statements", "control_structure_body",
                                                         "source_file") and parent.type != "call_expression"
        if parent is not None and parent.type == "navigation_expression" and parent.parent is not None and \
                parent.parent.type == "call_expression" and parent.children[0] == node:
            used = True
        if used and name not in NO_DEFAULT and name[:1].islower():
            self.call_result(node, "\"\", 0, false, empty")
        if args is not None:
            self.swaps(node, callee, [c for c in args.named_children if c.type == "value_argument"], "(", ")",
                       lambda a: ("", a.named_children[-1] if a.named_children else None))

    def ts_written_text(self, node):
        """`task.title`, `project.primary`, …: a text the writer copies into the blob, read as a value."""
        prop = node.child_by_field_name("property")
        return prop is not None and txt(prop) in TS_WRITTEN_TEXTS and _ts_value_position(node) and \
            not self.in_type_position(node)

    def ts_chained(self, node):
        """A list call whose result another list call takes (`a.map(f).filter(g)`): the outer one is the site."""
        parent = node.parent
        return parent is not None and parent.type == "member_expression" and parent.child_by_field_name("object") == node

    # -- TypeScript (the writer end; run by writer_run.py) --
    def ts_node(self, node):
        t = node.type
        if t == "member_expression" and self.ts_written_text(node):
            for op, what in (("trim", "trimmed of white space"), ("lower", "in lower case"),
                             ("nfd", "decomposed (NFD)")):
                self.add(node, "text", op, (lambda op: lambda r: f"__mtext({{n}}, \"{op}\", {r(node)})")(op),
                         f"the text `{short(txt(node))}` written {what}", runtime=True)
        if t == "call_expression":
            fn = node.child_by_field_name("function")
            prop = fn.child_by_field_name("property") if fn is not None and fn.type == "member_expression" else None
            if prop is not None and txt(prop) in ("map", "filter") and not self.ts_chained(node):
                self.add(node, "reverse", "reversed", lambda r: f"__mrev({{n}}, {r(node)})",
                         f"the list `{short(txt(node))}` gives, reversed", runtime=True)
        if t in ("if_statement", "while_statement"):
            cond = unparenthesized(node.child_by_field_name("condition"))
            self.condition(cond, False if t == "if_statement" else None)
        elif t == "ternary_expression":
            self.condition(node.child_by_field_name("condition"), None)
        elif t == "expression_statement" and node.parent is not None and node.parent.type == "statement_block":
            self.add(node, "delete", "no-stmt", lambda r: "", f"`{short(txt(node))}` deleted", kind="stmt")
        elif t == "call_expression":
            fn = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            if fn is not None and fn.type == "member_expression":
                prop = fn.child_by_field_name("property")
                if prop is not None and txt(prop) in FIRST_OF_LAST:
                    to = FIRST_OF_LAST[txt(prop)]
                    self.add(node, "firstwins", f"{txt(prop)}->{to}", lambda r: "", f"`{short(txt(node))}`: first wins")
            if args is not None:
                self.swaps(node, fn, list(args.named_children), "(", ")", lambda a: ("", a))


TS_WRITTEN_TEXTS = ("id", "title", "projectId", "todayStr", "primary")


def _ts_value_position(node):
    """A member expression read as a value: not assigned to, not called, not the object of a further
    member access (`task.id.length`), not a typeof/`in` operand, not in a type."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("assignment_expression", "augmented_assignment_expression") and \
            parent.child_by_field_name("left") == node:
        return False
    if parent.type == "call_expression" and parent.child_by_field_name("function") == node:
        return False
    if parent.type in ("member_expression", "subscript_expression") and parent.child_by_field_name("object") == node:
        return False
    if parent.type == "unary_expression" or (parent.type == "binary_expression" and "in" in
                                              [c.type for c in parent.children if not c.is_named]):
        return False
    if parent.type in ("binary_expression",) and any(c.type in ("===", "!==", "==", "!=") for c in parent.children):
        return False        # a comparison: relational/negate mutants cover it; a text edit there is a lookup bug
    return True


def unparenthesized(cond):
    """C's and TypeScript's `if (x)`: the condition x inside its parentheses."""
    if cond is not None and cond.type == "parenthesized_expression" and cond.named_child_count == 1:
        return cond.named_children[0]
    return cond


def swap_render(call, a, b, r):
    """The call's text, children rendered, with arguments a and b exchanged."""
    ra, rb, whole = r(a), r(b), r(call)
    ia = whole.find(ra)
    ib = whole.find(rb, ia + len(ra)) if ia >= 0 else -1
    if ia < 0 or ib < 0:
        return whole
    return whole[:ia] + rb + whole[ia + len(ra):ib] + ra + whole[ib + len(rb):]


_C_RETURNS = {}


def c_return_types(repo=None):
    """Function name -> declared return type, from the C reference's own headers and files (syntax)."""
    if _C_RETURNS or repo is None:
        return _C_RETURNS
    base = os.path.join(repo, "Sources", "ReferenceDecoder")
    for root, _d, files in os.walk(base):
        for name in files:
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(root, name), "rb") as handle:
                tree = parse("c", handle.read())
            stack = [tree.root_node]
            while stack:
                n = stack.pop()
                if n.type in ("function_definition", "declaration"):
                    d = n.child_by_field_name("declarator")
                    ty = n.child_by_field_name("type")
                    stars = ""
                    while d is not None and d.type in ("pointer_declarator",):
                        stars += "*"
                        d = d.child_by_field_name("declarator")
                    if d is not None and d.type == "function_declarator" and ty is not None:
                        ident = d.child_by_field_name("declarator")
                        if ident is not None and ident.type == "identifier":
                            _C_RETURNS[txt(ident)] = txt(ty) + stars
                if n.type in ("translation_unit", "preproc_ifdef", "preproc_if", "linkage_specification",
                              "declaration_list", "preproc_else"):
                    stack.extend(n.children)
    return _C_RETURNS


# ---- ids ----------------------------------------------------------------------------------------

PREFIX = {"swift": "s", "c": "c", "kotlin": "k", "writer": "w"}


def assign_ids(mutants):
    """file, enclosing function, operator and the site's text (+ rank among equal ones) -> a stable id."""
    seen = {}
    for m in sorted(mutants, key=lambda m: (m.file, m.start, m.op_class, m.operator)):
        key = (m.file, m.function, m.op_class, m.operator, " ".join(m.text.split()))
        rank = seen.get(key, 0)
        seen[key] = rank + 1
        digest = hashlib.sha1("\0".join(key + (str(rank),)).encode()).hexdigest()[:8]
        stem = os.path.splitext(os.path.basename(m.file))[0].replace("+", "_")
        fn = re.sub(r"[^A-Za-z0-9_]+", "_", m.function.split(".")[-1].split("(")[0])[:24]
        m.id = f"{PREFIX[m.reader]}.{stem}.{fn}.{m.op_class}.{digest}"


KEPT_OUT = {"n": 0}


def find_all(repo, readers, files=None):
    """Every generated mutant of these readers (optionally only of these files), with ids."""
    c_return_types(repo)
    out = []
    KEPT_OUT["n"] = 0
    for reader in readers:
        for rel in reader_files(repo, reader):
            if files is not None and rel not in files:
                continue
            with open(os.path.join(repo, rel), "rb") as handle:
                source = handle.read()
            finder = Finder(reader, rel, source)
            out += finder.find()
            KEPT_OUT["n"] += finder.kept_out
    assign_ids(out)
    return out
