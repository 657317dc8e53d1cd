"""ktsource: the little Kotlin source model that tools/kotlin-testee/downlevel and
tools/kotlin-testee/reader-api share. Not a parser: it knows where code is (as opposed to
comments and string literals), how braces nest, and which declaration a brace opens —
enough to rewrite a few modifiers safely and to find the reader's API.
"""
import re

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def mask(text):
    """`text` with every comment and the inside of every string or char literal turned
    into spaces (newlines kept), so that patterns only ever match code. Template
    expressions (`${...}`) inside strings stay code. Same length as `text`."""
    out = list(text)
    i, n = 0, len(text)
    # A stack of string contexts we are inside of: '"' or '"""', each entered from code;
    # a template `${` pushes '{' so that its `}` returns to the string.
    stack = []

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = stack[-1] if stack else None
        if top in ('"', '"""'):
            if top == '"""' and text.startswith('"""', i):
                # a raw string ends at the last of a run of quotes
                j = i
                while j < n and text[j] == '"':
                    j += 1
                blank(i, j - 3)
                i = j
                stack.pop()
                continue
            if top == '"' and text[i] == "\\":
                blank(i, min(i + 2, n))
                i += 2
                continue
            if top == '"' and text[i] == '"':
                stack.pop()
                i += 1
                continue
            if text.startswith("${", i):
                stack.append("{")
                i += 2
                continue
            if text[i] == "$" and i + 1 < n and (text[i + 1].isalpha() or text[i + 1] == "_"):
                m = IDENT.match(text, i + 1)
                i = m.end()  # `$name`: code, left as is
                continue
            blank(i, i + 1)
            i += 1
            continue
        # code (top is None or a template's / block's '{')
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text.startswith('"""', i):
            stack.append('"""')
            i += 3
        elif c == '"':
            stack.append('"')
            i += 1
        elif c == "'":
            j = i + 1
            while j < n and text[j] != "'" and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, j)
            i = j + 1
        elif c == "{":
            if top == "{" or top == "b":
                stack.append("b")
            i += 1
        elif c == "}":
            if top == "b":
                stack.pop()
            elif top == "{":
                stack.pop()  # end of a template expression: back in the string
            i += 1
        else:
            i += 1
    return "".join(out)


def line_col(text, offset):
    """1-based line and column of `offset`."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


class Frame:
    """One `{ ... }` block: `kind` is class/interface/object/fun/loop/when/block; `name`
    the declared name when the block is a declaration's body."""

    def __init__(self, kind, name, start, keyword_at=None, label=None):
        self.kind, self.name, self.start = kind, name, start
        self.keyword_at, self.label = keyword_at, label
        self.end = None
        self.children = []


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|@|[{}()\[\]]|\S")
DECL = {"class", "interface", "object"}
# Tokens that start something else: a pending declaration header without `{` ends there.
STOP = {"val", "var", "fun", "class", "interface", "object", "init", "}", "typealias", "import", "enum", "data", "sealed", "private", "internal", "public", "override", "const"}


def tokens(code):
    return [(m.group(0), m.start()) for m in TOKEN.finditer(code)]


def skip_parens(toks, k):
    """Index after the balanced `( ... )` starting at toks[k] (which must be '(')."""
    depth = 0
    while k < len(toks):
        t = toks[k][0]
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return k


def frames(code):
    """The block tree of masked code. Returns (root frame, jumps, decls): jumps are the
    unlabelled `break`/`continue` with the frames around them, decls every named
    class/interface/object as (simple name, qualified name, keyword, offset)."""
    toks = tokens(code)
    root = Frame("file", None, 0)
    stack = [root]
    pending = None  # (kind, name, keyword offset, label) waiting for its '{'
    jumps = []
    decls = []  # (simple name, qualified name, kind, token offset)
    k = 0
    while k < len(toks):
        t, at = toks[k]
        prev = toks[k - 1][0] if k else ""
        if t in ("for", "while") and prev != ".":
            label = None
            if k >= 2 and toks[k - 1][0] == "@" and IDENT.fullmatch(toks[k - 2][0]) and toks[k - 1][1] == toks[k - 2][1] + len(toks[k - 2][0]):
                label = toks[k - 2][0]
            if k + 1 < len(toks) and toks[k + 1][0] == "(":
                j = skip_parens(toks, k + 1)
                if t == "while" and stack[-1].kind == "do-tail":
                    stack.pop()
                    k = j
                    continue
                if j < len(toks) and toks[j][0] == "{":
                    pending = ("loop", t, at, label)
                    k = j
                    continue
            k += 1
            continue
        if t == "do" and prev != "." and k + 1 < len(toks) and toks[k + 1][0] == "{":
            label = None
            if k >= 2 and toks[k - 1][0] == "@":
                label = toks[k - 2][0]
            pending = ("loop", "do", at, label)
            k += 1
            continue
        if t == "when" and prev != ".":
            j = k + 1
            if j < len(toks) and toks[j][0] == "(":
                j = skip_parens(toks, j)
            if j < len(toks) and toks[j][0] == "{":
                pending = ("when", None, at, None)
                k = j
                continue
        if pending and pending[0] in DECL and t in STOP:
            pending = None  # a declaration without a body
        if t in DECL and prev != "." and k + 1 < len(toks) and IDENT.fullmatch(toks[k + 1][0]):
            outer = [f.name for f in stack if f.kind in DECL and f.name]
            decls.append((toks[k + 1][0], ".".join(outer + [toks[k + 1][0]]), t, at))
            pending = (t, toks[k + 1][0], at, None)
            k += 2
            if k < len(toks) and toks[k][0] == "(":
                k = skip_parens(toks, k)
            continue
        if t == "object" and prev != "." and k + 1 < len(toks) and toks[k + 1][0] in ("{", ":"):
            pending = ("object", None, at, None)  # object expression / companion
        if t == "fun" and prev != ".":
            pending = ("fun", None, at, None)
        if t in ("break", "continue"):
            labelled = k + 1 < len(toks) and toks[k + 1][0] == "@" and toks[k + 1][1] == at + len(t)
            if not labelled:
                jumps.append((t, at, list(stack)))
        if t == "{":
            if pending:
                kind, name, kw, label = pending
                f = Frame(kind, name, at, kw, label)
                pending = None
            else:
                f = Frame("block", None, at)
            stack[-1].children.append(f)
            stack.append(f)
        elif t == "}":
            if len(stack) > 1:
                f = stack.pop()
                f.end = at
                if f.kind == "loop" and f.name == "do":
                    # `do { } while (...)`: the while that follows closes it, not a new loop
                    stack.append(Frame("do-tail", None, at))
        elif t == "=" and pending and pending[0] in DECL:
            pending = None
        k += 1
    return root, jumps, decls


def close_paren(code, open_at):
    """Offset of the `)` that closes the `(` at `open_at` in masked code, or -1."""
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "(":
            depth += 1
        elif code[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


def split_top(text):
    """`text` split at the commas outside (), [], {} and <> (a `->` arrow is no bracket)."""
    parts, depth, start = [], 0, 0
    for k, c in enumerate(text):
        if c in "([{" or (c == "<"):
            depth += 1
        elif c in ")]}" or (c == ">" and (k == 0 or text[k - 1] != "-")):
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


PARAM = re.compile(r"^(?:(?:vararg|noinline|crossinline|val|var)\s+|@[\w.]+\s+)*([A-Za-z_]\w*)\s*:\s*(.*)$", re.S)


def parameter(text):
    """(name, type without spaces, has a default) of one parameter's text, or None."""
    depth, eq = 0, -1
    for k, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}" or (c == ">" and (k == 0 or text[k - 1] != "-")):
            depth -= 1
        elif c == "=" and depth == 0 and text[k + 1:k + 2] != "=" and text[k - 1:k] not in ("!", "<", ">", "="):
            eq = k
            break
    head = text if eq < 0 else text[:eq]
    m = PARAM.match(head.strip())
    if not m:
        return None
    return m.group(1), re.sub(r"\s+", "", m.group(2)), eq >= 0


class Function:
    """One `fun NAME(...)` declaration: its parameters and its declared return type (None when
    inferred from an expression body)."""

    def __init__(self, name, params, returns, at):
        self.name, self.params, self.returns, self.at = name, params, returns, at

    def types(self):
        return [t for _, t, _ in self.params]


FUN = re.compile(r"\bfun\s+(?:<[^>{}()]*>\s*)?([A-Za-z_]\w*)\s*\(")


def functions(code, start, end):
    """Every `fun` declared in code[start:end] (masked code), nested ones included."""
    found = []
    for m in FUN.finditer(code, start, end):
        open_at = m.end() - 1
        close = close_paren(code, open_at)
        if close < 0:
            continue
        params = [parameter(p) for p in split_top(code[open_at + 1:close])]
        if any(p is None for p in params):
            continue
        returns = None
        rest = re.match(r"\s*:\s*", code[close + 1:close + 200])
        if rest:
            k = close + 1 + rest.end()
            depth, j = 0, k
            while j < len(code):
                c = code[j]
                if c in "(<":
                    depth += 1
                elif c in ")>" and not (c == ">" and code[j - 1] == "-"):
                    depth -= 1
                elif depth == 0 and (c in "{=\n" or code.startswith("where", j)):
                    break
                j += 1
            returns = re.sub(r"\s+", "", code[k:j]) or None
        found.append(Function(m.group(1), params, returns, m.start()))
    return found


def members(code, keyword_at):
    """name -> type (no spaces) of the properties a class declares: `val`/`var` parameters of
    its primary constructor and `val`/`var NAME: T` at the top of its body. `keyword_at` is the
    offset of its `class` keyword in masked code."""
    found = {}
    m = re.compile(r"class\s+[A-Za-z_]\w*\s*(?:<[^>]*>\s*)?(?:(?:private|internal|public|protected)?\s*(?:@\w+\s*)*constructor\s*)?").match(code, keyword_at)
    k = m.end() if m else keyword_at
    if k < len(code) and code[k] == "(":
        close = close_paren(code, k)
        for text in split_top(code[k + 1:close]):
            if re.match(r"^(?:@[\w.]+\s+|(?:private|internal|public|protected|override|open)\s+)*(?:val|var)\s", text):
                p = parameter(re.sub(r"^(?:@[\w.]+\s+|(?:private|internal|public|protected|override|open)\s+)*(?:val|var)\s+", "", text))
                if p:
                    found[p[0]] = p[1]
        k = close + 1
    body = re.compile(r"[ \t]*(?::[^{}\n]*)?\{").match(code, k)
    if body:
        depth, j = 0, body.end() - 1
        prop = re.compile(r"(?:val|var)\s+([A-Za-z_]\w*)\s*:\s*([^=\n{]+)")
        while j < len(code):
            c = code[j]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            elif depth == 1 and (code[j - 1].isspace() or code[j - 1] in "{;"):
                p = prop.match(code, j)
                if p:
                    found.setdefault(p.group(1), re.sub(r"\s+", "", p.group(2)))
            j += 1
    return found
